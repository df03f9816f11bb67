# SPDX-License-Identifier: MIT
# Issue 14: a real run's provenance, checked against what findmnt, statvfs
# and /sys say about the same directory under /tmp, its disks and the
# machine; its start time and command line.
. tests/cli/lib.sh
plan 21
mkdir "$T/d"

if ! command -v python3 >/dev/null 2>&1; then
	skips "$PLAN" provenance "no python3 to read the JSON"
	exit 0
fi
before=$(date -u +%s)
$CLYDE -d "$T/d" $U -s 0 -n 1 -q -m "prov box" --json "$T/p.json" \
	>"$T/out" 2>"$T/err"
check "provenance run: exit 0" [ $? -eq 0 ]
after=$(date -u +%s)
findmnt -no FSTYPE,OPTIONS,SOURCE,TARGET --target "$T/d" >"$T/findmnt" 2>/dev/null ||
	: >"$T/findmnt"

# Each check prints its own ok, FAIL or skip line.
python3 - "$T/p.json" "$T/d" "$T/findmnt" "$before" "$after" "$CLYDE" $U <<'PY'
import calendar, json, os, shlex, sys, time

text = open(sys.argv[1]).read()
j = json.loads(text)
d, fm_path, before, after = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
argv = sys.argv[6:]
p = j["provenance"]

def check(name, cond, why=""):
    print(("ok %s" % name) if cond else ("FAIL %s: %s" % (name, why)))

def skipped(name, why, n=1):
    print(("skip %s: %s" % (name, why)) if n == 1 else ("skips %d %s: %s" % (n, name, why)))

def sysfs(path):
    try:
        with open(path) as f:
            return f.readline().strip()
    except OSError:
        return None

# When and how.
t = calendar.timegm(time.strptime(j["started"], "%Y-%m-%dT%H:%M:%SZ"))
check("started: ISO 8601 UTC within the run", before <= t <= after,
      "%s not in [%d, %d]" % (j["started"], before, after))
want = [argv[0], "-d", d] + argv[1:] + ["-s", "0", "-n", "1", "-q", "-m",
        "prov box", "--json", sys.argv[1]]
check("command_line: sh reads back the argv", shlex.split(j["command_line"]) == want,
      "%r" % j["command_line"])
check("seed and version", j["seed"] and j["version"] == j["clyde_version"])

# The filesystem, as findmnt sees it.
fm = open(fm_path).read().split()
fs = p["filesystem"]
if len(fm) != 4:
    skipped("filesystem as findmnt", "no findmnt", 4)
else:
    fstype, options, source, target = fm
    check("filesystem type as findmnt", fs["type"] == fstype, "%s vs %s" % (fs["type"], fstype))
    check("filesystem source as findmnt", fs["source"] == source, "%s vs %s" % (fs["source"], source))
    check("mount point as findmnt", fs["mount_point"] == target, "%s vs %s" % (fs["mount_point"], target))
    mine = (fs["mount_options"] or "").split(",") + (fs["super_options"] or "").split(",")
    check("mount and superblock options are findmnt's",
          set(options.split(",")) == set(o for o in mine if o),
          "%s vs %s + %s" % (options, fs["mount_options"], fs["super_options"]))
sv = os.statvfs(d)
check("block size and size as statvfs",
      fs["block_bytes"] == sv.f_bsize and fs["size_bytes"] == sv.f_blocks * sv.f_frsize)
check("used and available are plausible",
      0 < fs["used_bytes"] < fs["size_bytes"] and 0 <= fs["available_bytes"] <= fs["size_bytes"])

# The stack: its top is the device of the directory.
st = os.stat(d)
dev = "%d:%d" % (os.major(st.st_dev), os.minor(st.st_dev))
link = "/sys/dev/block/" + dev
if not os.path.exists(link) or not p["stack"]:
    check("no block device, no stack", not p["stack"] and not os.path.exists(link))
    skipped("disks as /sys", "%s has no block device of its own" % d, 3)
else:
    top = p["stack"][0]
    check("stack: the directory's device first",
          top["name"] == os.path.basename(os.path.realpath(link)) and top["above"] is None,
          "%s vs %s" % (top["name"], os.path.realpath(link)))
    check("stack: every layer serves an earlier one",
          all(l["above"] is None or l["above"] < i for i, l in enumerate(p["stack"])))
    disks = [l for l in p["stack"] if l["kind"] == "disk"]
    check("stack: every disk layer names a disk",
          len(disks) == len(p["disks"]) and
          all(p["disks"][l["disk"]]["name"] == l["name"] for l in disks))
    print("plan %d" % (10 * len(p["disks"])))  # the checks of each disk
    for k in p["disks"]:
        q = "/sys/block/%s/queue/" % k["name"]
        sched = sysfs(q + "scheduler") or ""
        picked = sched[sched.find("[") + 1:sched.find("]")] if "[" in sched else sched
        pairs = [
            ("scheduler", k["scheduler"], picked or None),
            ("rotational", k["rotational"], {"1": True, "0": False}.get(sysfs(q + "rotational"))),
            ("logical block size", k["logical_block_bytes"], int(sysfs(q + "logical_block_size"))),
            ("physical block size", k["physical_block_bytes"], int(sysfs(q + "physical_block_size"))),
            ("nr_requests", k["nr_requests"], int(sysfs(q + "nr_requests")) or None),
            ("read-ahead", k["read_ahead_kib"], int(sysfs(q + "read_ahead_kb"))),
            ("write cache", k["write_cache"], sysfs(q + "write_cache")),
            ("discard_max_bytes", k["discard_max_bytes"], int(sysfs(q + "discard_max_bytes"))),
            ("discard", k["discard"], int(sysfs(q + "discard_max_bytes")) > 0),
        ]
        for what, got, want in pairs:
            check("disk %s: %s as /sys" % (k["name"], what), got == want,
                  "%r vs %r" % (got, want))
        serials = [s for s in (sysfs("/sys/block/%s/%s" % (k["name"], f))
                   for f in ("serial", "device/serial", "wwid", "device/wwid")) if s]
        if serials:
            check("disk %s: its serial number and WWN are nowhere" % k["name"],
                  not any(s in text for s in serials))
        else:
            check("disk %s: no serial key" % k["name"],
                  all("serial" not in key for key in k))
    env = j["environment"]
    if env["device"] in [k["name"] for k in p["disks"]]:
        k = [k for k in p["disks"] if k["name"] == env["device"]][0]
        check("environment: the device's scheduler and rotational",
              env["scheduler"] == k["scheduler"] and env["rotational"] == k["rotational"])
    else:
        skipped("environment: the device's scheduler", "the device is no whole disk")

# The machine.
m = p["machine"]
mem = [l for l in open("/proc/meminfo") if l.startswith("MemTotal:")][0]
check("machine: kernel as uname", m["kernel"] == "%s %s" % (os.uname().sysname, os.uname().release))
check("machine: RAM as /proc/meminfo", m["ram_bytes"] == int(mem.split()[1]) * 1024)
online = sysfs("/sys/devices/system/cpu/online")
n = sum(int(b) - int(a) + 1 for a, _, b in (r.partition("-") if "-" in r else (r, "", r)
        for r in online.split(",")))
check("machine: online CPUs as /sys", m["cpus"] == n, "%r vs %d" % (m["cpus"], n))
gov = sysfs("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")
check("machine: governor as /sys", m["governor"] == gov, "%r vs %r" % (m["governor"], gov))
check("environment agrees", j["environment"]["kernel"] == m["kernel"] and
      j["environment"]["filesystem"] == fs["type"] and j["environment"]["cpus"] == m["cpus"])
PY
st=$?
check "provenance checks ran to the end" [ $st -eq 0 ]
check "provenance run: directory left empty" empty_dir "$T/d"
