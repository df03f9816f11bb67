#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Open every golden HTML page and SVG image in headless Chromium, at each
page width clyde's pictures must fit (600 and 1200 CSS pixels), and fail
on what a reader would see go wrong: text outside its drawing (an SVG
label past its image's edge, or page text past the page's right edge
outside a scrolling box), labels that overlap, a console error or an
uncaught exception, an SVG that does not parse. A full-page screenshot of
each page at each width is kept in the output directory for a person to
look at.

Chromium is driven over the DevTools protocol on a pipe
(--remote-debugging-pipe: JSON messages ending in NUL, commands on the
child's fd 3, answers and events on its fd 4), with the standard library
only. Prints "ok NAME", "FAIL NAME: why" or "skip NAME: why" lines as
tests/run.sh counts them; exits 0 unless the checker itself broke.

usage: pictures.py OUT_DIR FILE_OR_DIR...
"""
import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

WIDTHS = (600, 1200)
LOAD_TIMEOUT_S = 30
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
    "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--hide-scrollbars",
    "--remote-debugging-pipe",
]

# Run in the page: the problems a reader would see, as a list of strings.
# SVG text is measured by its glyph boxes (getBoundingClientRect); two
# labels overlap when their boxes share more than a pixel each way. Page
# text may run past the right edge only inside a box that scrolls (a wide
# table in an overflow:auto box is fine; text cut off is not).
CHECK_JS = r"""
(() => {
  const TOL = 1, MAX = 12;
  const problems = [];
  const say = (s) => { if (problems.length < MAX) problems.push(s); };
  const short = (t) => JSON.stringify(t.replace(/\s+/g, ' ').trim().slice(0, 48));
  const shown = (el) => {
    const st = getComputedStyle(el);
    return st.visibility !== 'hidden' && st.display !== 'none' && +st.opacity !== 0;
  };
  const scrolls = (el) => {
    for (; el && el !== document.body; el = el.parentElement) {
      const o = getComputedStyle(el).overflowX;
      if (o === 'auto' || o === 'scroll') return true;
    }
    return false;
  };
  if (document.querySelector('parsererror'))
    say('the document does not parse: ' + short(document.querySelector('parsererror').textContent));
  for (const svg of document.querySelectorAll('svg')) {
    if (svg.ownerSVGElement) continue;
    const box = svg.getBoundingClientRect();
    const texts = [...svg.querySelectorAll('text')]
      .filter(t => t.textContent.trim() !== '' && shown(t));
    const rects = texts.map(t => t.getBoundingClientRect());
    rects.forEach((r, i) => {
      if (r.left < box.left - TOL || r.right > box.right + TOL ||
          r.top < box.top - TOL || r.bottom > box.bottom + TOL)
        say(`text ${short(texts[i].textContent)} outside its drawing ` +
            `(text ${Math.round(r.left - box.left)}..${Math.round(r.right - box.left)} x ` +
            `${Math.round(r.top - box.top)}..${Math.round(r.bottom - box.top)}, ` +
            `drawing ${Math.round(box.width)} x ${Math.round(box.height)})`);
    });
    const order = rects.map((r, i) => i).sort((a, b) => rects[a].top - rects[b].top);
    for (let a = 0; a < order.length; a++) {
      const r = rects[order[a]];
      for (let b = a + 1; b < order.length; b++) {
        const s = rects[order[b]];
        if (s.top >= r.bottom - TOL) break;
        const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
        const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
        if (w > TOL && h > TOL)
          say(`labels ${short(texts[order[a]].textContent)} and ` +
              `${short(texts[order[b]].textContent)} overlap`);
      }
    }
  }
  if (document.body) {
    const edge = innerWidth;
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement;
      if (!n.textContent.trim() || !el || el.closest('svg') || !shown(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects())
        if (r.right > edge + TOL && !scrolls(el)) {
          say(`text ${short(n.textContent)} past the page's right edge ` +
              `(${Math.round(r.right)} > ${edge})`);
          break;
        }
    }
  }
  // A drawing wider than the window (an SVG image opened by itself, or
  // one in a page) must scale down, or sit in a box that scrolls.
  document.querySelectorAll('svg').forEach((svg) => {
    if (svg.ownerSVGElement) return;
    const r = svg.getBoundingClientRect();
    if (r.right > innerWidth + TOL && !(document.body && scrolls(svg.parentElement)))
      say(`a drawing past the window's right edge (${Math.round(r.right)} > ${innerWidth})`);
  });
  return problems;
})()
"""


class Browser:
    """One Chromium, one tab, over the DevTools pipe."""

    def __init__(self, exe):
        self.profile = tempfile.mkdtemp(prefix="clyde-chromium.")
        cmd_r, self.cmd_w = os.pipe()
        self.out_r, out_w = os.pipe()

        def child_fds():
            # Moved out of the way first: either may be 3 or 4 already.
            a = fcntl.fcntl(cmd_r, fcntl.F_DUPFD, 10)
            b = fcntl.fcntl(out_w, fcntl.F_DUPFD, 10)
            os.dup2(a, 3)
            os.dup2(b, 4)

        # The child keeps 3 and 4 (made in child_fds) and nothing else.
        self.proc = subprocess.Popen(
            [exe] + CHROMIUM_FLAGS + ["--user-data-dir=" + self.profile,
                                      "about:blank"],
            pass_fds=(3, 4), preexec_fn=child_fds,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(cmd_r)
        os.close(out_w)
        self.buf = b""
        self.next_id = 0
        self.events = []
        self.session = None
        target = self.call("Target.createTarget", {"url": "about:blank"})
        self.session = self.call("Target.attachToTarget", {
            "targetId": target["targetId"], "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(domain + ".enable")

    def _read(self, timeout):
        """One message, or None after TIMEOUT seconds."""
        end = time.monotonic() + timeout
        while b"\0" not in self.buf:
            left = end - time.monotonic()
            if left <= 0 or not select.select([self.out_r], [], [], left)[0]:
                return None
            chunk = os.read(self.out_r, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, timeout=LOAD_TIMEOUT_S):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session and not method.startswith(("Target.", "Browser.")):
            msg["sessionId"] = self.session
        os.write(self.cmd_w, json.dumps(msg).encode() + b"\0")
        while True:
            got = self._read(timeout)
            if got is None:
                raise RuntimeError(method + ": no answer")
            if got.get("id") == self.next_id:
                if "error" in got:
                    raise RuntimeError(method + ": " + got["error"]["message"])
                return got["result"]
            self.events.append(got)

    def wait_event(self, method, timeout=LOAD_TIMEOUT_S):
        end = time.monotonic() + timeout
        while True:
            for i, e in enumerate(self.events):
                if e.get("method") == method:
                    del self.events[i]  # the others stay for errors()
                    return True
            got = self._read(max(0.0, end - time.monotonic()))
            if got is None:
                return False
            self.events.append(got)

    def errors(self):
        """The console errors and exceptions among the events so far."""
        said = []
        for e in self.events:
            m, p = e.get("method"), e.get("params", {})
            if m == "Runtime.exceptionThrown":
                d = p["exceptionDetails"]
                said.append("exception: " + d.get("exception", {}).get(
                    "description", d.get("text", "")))
            elif m == "Runtime.consoleAPICalled" and p["type"] in ("error", "assert"):
                said.append("console.%s: %s" % (p["type"], " ".join(
                    str(a.get("value", a.get("description", ""))) for a in p["args"])))
            elif m == "Log.entryAdded" and p["entry"]["level"] == "error":
                said.append("console: " + p["entry"]["text"])
        self.events = []
        return said

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except (RuntimeError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.cmd_w)
        os.close(self.out_r)
        shutil.rmtree(self.profile, ignore_errors=True)


def look(browser, path, width, shot):
    """The problems of PATH shown WIDTH pixels wide; its screenshot to SHOT."""
    browser.call("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    browser.events = []
    browser.call("Page.navigate", {"url": "file://" + os.path.abspath(path)})
    if not browser.wait_event("Page.loadEventFired"):
        return ["did not load in %d s" % LOAD_TIMEOUT_S]
    problems = browser.call("Runtime.evaluate", {
        "expression": CHECK_JS, "returnByValue": True})
    if "exceptionDetails" in problems:
        raise RuntimeError("the check itself failed: " +
                           json.dumps(problems["exceptionDetails"])[:300])
    found = list(problems["result"]["value"])
    size = browser.call("Page.getLayoutMetrics")["cssContentSize"]
    png = browser.call("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "scale": 1,
                 "width": max(width, size["width"]), "height": size["height"]}})
    with open(shot, "wb") as f:
        f.write(base64.b64decode(png["data"]))
    return browser.errors() + found


def pictures(args):
    files = []
    for a in args:
        if os.path.isdir(a):
            for root, _, names in sorted(os.walk(a)):
                files += [os.path.join(root, n) for n in sorted(names)
                          if n.endswith((".html", ".svg"))]
        else:
            files.append(a)
    return files


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out = sys.argv[1]
    files = pictures(sys.argv[2:])
    exe = os.environ.get("CHROMIUM") or shutil.which("chromium") or \
        shutil.which("chromium-browser")
    if not exe:
        print("skip pictures: no chromium (.ci/run installs it)")
        return 0
    os.makedirs(out, exist_ok=True)
    try:
        browser = Browser(exe)
    except (RuntimeError, OSError) as e:
        print("skip pictures: chromium does not start here: %s" % e)
        return 0
    try:
        for path in files:
            rel = os.path.relpath(path).replace(os.sep, "_")
            for width in WIDTHS:
                name = "picture %s at %d px" % (os.path.relpath(path), width)
                shot = os.path.join(out, "%s.%d.png" % (rel, width))
                problems = look(browser, path, width, shot)
                if problems:
                    why = " ".join("; ".join(problems).split())
                    print("FAIL %s: %s (screenshot %s)" % (name, why, shot))
                else:
                    print("ok " + name)
    finally:
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
