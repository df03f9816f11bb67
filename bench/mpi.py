#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""clyde-mpi against fio on a shared filesystem on one machine (make bench-mpi).

Mounts a network filesystem over loopback, then runs, in alternating pairs,
clyde-mpi with N ranks (mpirun) and fio doing the same I/O: N jobs with
--group_reporting, and N fio servers driven by one fio --client. Block write
and block read, direct I/O, the same file size per rank and job and the same
block size. Then the same with one shared file (clyde-mpi --shared-file
against fio jobs sharing one file with offset_increment) and with block
input reading the next rank's file (--reorder against fio jobs each reading
another job's file), and a four-rank shared-file run with a rank slowed
under strace, to show the straggler line. Writes bench/mpi-results.md,
which bench.py copies into results.md. Needs root (it starts a server and
mounts), mpirun, fio, strace and sshfs.

The filesystem: an NFS export over loopback when the kernel has NFS (nfsd and
the nfs client); otherwise sshfs (FUSE, SFTP over TCP to an sshd of our own on
127.0.0.1), which is what this project's machine allows. Everything started
is stopped and removed at the end, on errors too.
"""
import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MPI_ENV = {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1"}


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def kernel_has_nfs():
    with open("/proc/filesystems") as f:
        text = f.read()
    return "nfsd" in text and "\tnfs\n" in text


class Loopback:
    """A shared filesystem served and mounted on this machine."""

    def __init__(self, base):
        self.base = base
        self.export = os.path.join(base, "export")
        self.mnt = os.path.join(base, "mnt")
        self.procs = []
        self.mounted = False
        self.exported = False
        self.made_run_sshd = False
        self.kind = ""

    def __enter__(self):
        os.makedirs(self.export)
        os.makedirs(self.mnt)
        try:
            if kernel_has_nfs():
                self.start_nfs()
            else:
                self.start_sshfs()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def start_nfs(self):
        self.kind = "NFS v4.2 over loopback (nfs-kernel-server, exportfs to 127.0.0.1)"
        run(["rpc.nfsd", "8"])
        run(["exportfs", "-o", "rw,no_root_squash,sync,fsid=77",
             "127.0.0.1:" + self.export])
        self.exported = True
        run(["mount", "-t", "nfs", "-o", "vers=4.2", "127.0.0.1:" + self.export,
             self.mnt])
        self.mounted = True

    def start_sshfs(self):
        self.kind = ("sshfs over loopback (FUSE, SFTP over TCP to an sshd on "
                     "127.0.0.1; this kernel has neither nfsd nor an NFS client)")
        key, host = os.path.join(self.base, "user_key"), os.path.join(self.base, "host_key")
        for k in (key, host):
            run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", k])
        shutil.copy(key + ".pub", os.path.join(self.base, "authorized_keys"))
        conf = os.path.join(self.base, "sshd_config")
        with open(conf, "w") as f:
            f.write("Port 2222\nListenAddress 127.0.0.1\nHostKey %s\n"
                    "AuthorizedKeysFile %s/authorized_keys\n"
                    "PermitRootLogin prohibit-password\nPasswordAuthentication no\n"
                    "StrictModes no\nUsePAM no\nPidFile %s/sshd.pid\n"
                    "Subsystem sftp internal-sftp\n" % (host, self.base, self.base))
        if not os.path.isdir("/run/sshd"):
            os.makedirs("/run/sshd")
            self.made_run_sshd = True
        # -D: our child, so that we stop it and reap it ourselves.
        self.procs.append(subprocess.Popen(
            ["/usr/sbin/sshd", "-D", "-f", conf, "-E",
             os.path.join(self.base, "sshd.log")]))
        pidfile = os.path.join(self.base, "sshd.pid")
        for _ in range(100):
            if os.path.exists(pidfile):
                break
            time.sleep(0.05)
        run(["sshfs", "-p", "2222", "-o",
             "IdentityFile=%s,StrictHostKeyChecking=no,UserKnownHostsFile=/dev/null"
             % key, "root@127.0.0.1:" + self.export, self.mnt])
        self.mounted = True

    def __exit__(self, *exc):
        if self.mounted:
            subprocess.run(["umount", self.mnt])
        if self.exported:
            subprocess.run(["exportfs", "-u", "127.0.0.1:" + self.export])
            subprocess.run(["rpc.nfsd", "0"])
        stop(self.procs)
        if self.made_run_sshd:
            shutil.rmtree("/run/sshd", ignore_errors=True)
        shutil.rmtree(self.base, ignore_errors=True)


def stop(procs):
    """SIGTERM, then SIGKILL what is still there after 5 s; reap them all."""
    for p in procs:
        p.send_signal(signal.SIGTERM)
    for p in procs:
        try:
            p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


class FioServers:
    """N fio servers on 127.0.0.1, ports 8765.., stopped on exit."""

    def __init__(self, n, base):
        self.n, self.base, self.procs = n, base, []

    def __enter__(self):
        for i in range(self.n):
            self.procs.append(subprocess.Popen(
                ["fio", "--server=ip:127.0.0.1,%d" % (8765 + i)],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        time.sleep(1)  # fio gives no readiness signal; the client retries anyway
        return self

    def __exit__(self, *exc):
        stop(self.procs)


def mib(bw_bytes):
    return bw_bytes / 1048576.0


# How the ranks share, as clyde-mpi's options: each a file of its own, one
# shared file in segments, or block input reading the next rank's file.
MODES = {"own": [], "shared": ["--shared-file"], "reorder": ["--reorder"]}


# A rank slowed on purpose: strace delays each of its reads and writes.
SLOW_DELAY_US = 200000
SLOWED = ["strace", "-f", "-o", "/dev/null", "-e", "trace=pread64,pwrite64", "-e",
          "inject=pread64,pwrite64:delay_enter=%d" % SLOW_DELAY_US]


def clyde_cmd(a, mnt, n, json_path, mode="own", table=False, slow_last=False,
              size_mib=None):
    args = [a.clyde_mpi, "-d", mnt, "-u", "root", "-s",
            "%dm:%s:64" % (size_mib or a.size_mib, a.bs),
            "-r", "0", "-n", "0", "-f", "-D", "--json", json_path] + MODES[mode]
    if not table:
        args.append("-q")
    if not slow_last:
        return ["mpirun", "--oversubscribe", "-np", str(n)] + args
    return (["mpirun", "--oversubscribe", "-np", str(n - 1)] + args +
            [":", "-np", "1"] + SLOWED + args)


def clyde_run(a, mnt, n, json_path, mode="own", table=False, slow_last=False,
              size_mib=None):
    cmd = clyde_cmd(a, mnt, n, json_path, mode, table, slow_last, size_mib)
    out = run(cmd, env=dict(os.environ, **MPI_ENV))
    with open(json_path) as f:
        doc = json.load(f)
    rate = {p["key"]: p["rate"] for p in doc["phases"]}
    return cmd, {"write": rate["put_block"] / 1024, "read": rate["get_block"] / 1024}, out.stdout


# fio lays a file out (writes it) before a write job unless told to create
# it when the job opens it; clyde's block output writes a new file.
def fio_cmd(a, mnt, n, rw):
    return ["fio", "--name=job", "--directory=" + mnt, "--rw=" + rw, "--bs=" + a.bs,
            "--size=%dm" % a.size_mib, "--numjobs=%d" % n, "--group_reporting",
            "--direct=1", "--ioengine=psync", "--end_fsync=1",
            "--create_on_open=%d" % (rw == "write"), "--output-format=json"]


def fio_jobs(a, mnt, n):
    figs, cmds = {}, []
    for rw, key in (("write", "write"), ("read", "read")):
        cmd = fio_cmd(a, mnt, n, rw)
        cmds.append(cmd)
        doc = json.loads(run(cmd).stdout)
        figs[key] = mib(doc["jobs"][0][key]["bw_bytes"])
    for name in os.listdir(mnt):
        os.unlink(os.path.join(mnt, name))
    return cmds, figs


def fio_shared(a, mnt, n):
    """N fio jobs on one file, job j's segment at j x size (offset_increment)."""
    figs, cmds = {}, []
    for rw in ("write", "read"):
        cmd = ["fio", "--name=job", "--filename=" + os.path.join(mnt, "shared"),
               "--rw=" + rw, "--bs=" + a.bs, "--size=%dm" % a.size_mib,
               "--offset_increment=%dm" % a.size_mib, "--numjobs=%d" % n,
               "--group_reporting", "--direct=1", "--ioengine=psync",
               "--end_fsync=1", "--fallocate=none", "--output-format=json"]
        cmds.append(cmd)
        doc = json.loads(run(cmd).stdout)
        figs[rw] = mib(doc["jobs"][0][rw]["bw_bytes"])
    os.unlink(os.path.join(mnt, "shared"))
    return cmds, figs


def fio_reorder(a, mnt, n, work):
    """N fio jobs write a file each, then job j reads job j+1's."""
    cmds = [fio_cmd(a, mnt, n, "write")]
    run(cmds[0])
    job = os.path.join(work, "reorder.fio")
    with open(job, "w") as f:
        f.write("[global]\ndirectory=%s\nrw=read\nbs=%s\nsize=%dm\ndirect=1\n"
                "ioengine=psync\ngroup_reporting\n" % (mnt, a.bs, a.size_mib))
        for j in range(n):
            f.write("[r%d]\nfilename=job.%d.0\n" % (j, (j + 1) % n))
    cmds.append(["fio", "--output-format=json", job])
    doc = json.loads(run(cmds[1]).stdout)
    for name in os.listdir(mnt):
        os.unlink(os.path.join(mnt, name))
    return cmds, {"read": mib(doc["jobs"][0]["read"]["bw_bytes"])}


def fio_clients(a, mnt, n, work):
    figs, cmds = {}, []
    for rw in ("write", "read"):
        args = ["fio", "--output-format=json"]
        for i in range(n):
            job = os.path.join(work, "client%d.%s.fio" % (i, rw))
            with open(job, "w") as f:
                f.write("[job]\ndirectory=%s\nfilename_format=srv%d.$jobnum\n"
                        "rw=%s\nbs=%s\nsize=%dm\ndirect=1\nioengine=psync\n"
                        "end_fsync=1\ncreate_on_open=%d\n" % (
                            mnt, i, rw, a.bs, a.size_mib, rw == "write"))
            args += ["--client=ip:127.0.0.1,%d" % (8765 + i), job]
        cmds.append(args)
        out = run(args).stdout
        # The servers' progress lines come first, each tagged "<host>".
        doc = json.loads(out[out.index("\n{") + 1:])
        total = [c for c in doc["client_stats"] if c["jobname"] == "All clients"]
        figs[rw] = mib(total[0][rw]["bw_bytes"])
    for name in os.listdir(mnt):
        os.unlink(os.path.join(mnt, name))
    return cmds, figs


WHAT_DIFFERS = (
    "What differs between the two sides: clyde-mpi's window also holds each "
    "rank's file creation and its closing fsync, and starts at the first rank's "
    "start, so a rank that starts late counts against it; fio's group figure "
    "divides by its longest job and leaves the jobs' start skew out, and fio is "
    "told to create its files when the job opens them, as clyde does (by "
    "default fio writes every file once before a write job). Everything here "
    "goes through one SSH connection and the machine's two cores, shared with "
    "other work (see the load average), so single pairs swing widely: read the "
    "medians and the ranges together.")


def sharing_pairs(a, mnt, n, work, commands, raw):
    """The shared file and the reordered read, against fio's equivalents, in
    pairs alternating who goes first: the table's rows."""
    rows = []
    sides = {"shared": lambda: fio_shared(a, mnt, n),
             "reorder": lambda: fio_reorder(a, mnt, n, work)}
    for mode, fio_side in sides.items():
        got = {"clyde": [], "fio": []}
        for i in range(a.pairs):
            for who in (("clyde", "fio") if i % 2 == 0 else ("fio", "clyde")):
                if who == "clyde":
                    cmd, figs, _ = clyde_run(a, mnt, n, os.path.join(work, "c.json"), mode)
                    commands["clyde-mpi --%s, %d ranks" % (
                        "shared-file" if mode == "shared" else mode, n)] = [cmd]
                else:
                    cmd, figs = fio_side()
                    commands["fio, %s, %d jobs" % (mode, n)] = cmd
                got[who].append(figs)
                raw.append("- %d ranks, %s, pair %d, %s: %s" % (
                    n, mode, i + 1, who, ", ".join(
                        "%s %.1f MiB/s" % kv for kv in sorted(figs.items()))))
        ops = ("write", "read") if mode == "shared" else ("read",)
        for op in ops:
            label = ("%d ranks, one shared file, block %s: fio --numjobs=%d "
                     "--offset_increment" % (n, op, n) if mode == "shared" else
                     "%d ranks, block input of the next rank's file: fio job j "
                     "reading job j+1's" % n)
            rows.append(pairs_row(label, [f[op] for f in got["clyde"]],
                                  [f[op] for f in got["fio"]]))
    return rows


SHARING = (
    "The shared file: every rank's block output, rewrite and block input on its "
    "own segment of one file (`--shared-file`, segment k at k x size), against "
    "fio jobs on one `--filename` with `--offset_increment` of the size, "
    "writing then reading. The reordered read: clyde-mpi's block input of the "
    "file the next rank wrote (`--reorder`; on one host the page cache is "
    "shared anyway, and `-D` bypasses it), against fio jobs writing a file each "
    "and then job j reading job j+1's; only the read is compared, the writes "
    "being the rows above.")


def pairs_row(label, ours, theirs):
    ratios = [o / t for o, t in zip(ours, theirs)]
    return "| %s | %.1f | %.1f | %.3f | %.2f–%.2f |" % (
        label, statistics.median(ours), statistics.median(theirs),
        statistics.median(ratios), min(ratios), max(ratios))


def per_rank_table(doc):
    """The combined figures and each rank's, for block write and read."""
    L = ["| figure | combined | " + " | ".join(
        "rank %d" % k["rank"] for k in doc["ranks"]) + " |",
        "|---|---:|" + "---:|" * len(doc["ranks"])]
    for i, p in enumerate(doc["phases"]):
        if p["key"] not in ("put_block", "rewrite", "get_block"):
            continue
        parts = [k["phases"][i] for k in doc["ranks"]]
        rows = [
            ("MiB/s", lambda q: "%.1f" % (q["rate"] / 1024)),
            ("start s", lambda q: "%.4f" % (q.get("start_s") or 0)),
            ("elapsed s", lambda q: "%.3f" % q["elapsed_s"]),
            ("MiB", lambda q: "%d" % (q["bytes"] // 1048576)),
            ("CPU s", lambda q: "%.3f" % q["cpu_s"]),
            ("%CP", lambda q: "%.1f" % q["cpu_percent"]),
            ("latency p99 µs", lambda q: "%.0f" % q["latency_us"]["p99"]),
            ("latency max µs", lambda q: "%.0f" % q["latency_us"]["max"]),
        ]
        for name, show in rows:
            L.append("| %s %s | %s | %s |" % (p["name"], name, show(p),
                                             " | ".join(show(q) for q in parts)))
    return L


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--clyde-mpi", default=os.path.join(ROOT, "clyde-mpi"))
    p.add_argument("--ranks", default="2,4")
    p.add_argument("--size-mib", type=int, default=256, help="per rank and job")
    p.add_argument("--bs", default="1m")
    p.add_argument("--pairs", type=int, default=3)
    p.add_argument("--output", default=os.path.join(HERE, "mpi-results.md"))
    a = p.parse_args()
    if os.geteuid() != 0:
        raise SystemExit("bench/mpi.py: run as root (it starts a server and mounts)")
    need = {"mpirun": "openmpi-bin", "fio": "fio", "strace": "strace"}
    if kernel_has_nfs():
        need.update({"exportfs": "nfs-kernel-server", "rpc.nfsd": "nfs-kernel-server"})
    else:
        need.update({"sshfs": "sshfs", "ssh-keygen": "openssh-client"})
    missing = sorted({pkg for tool, pkg in need.items() if not shutil.which(tool)})
    if not os.path.exists("/usr/sbin/sshd") and not kernel_has_nfs():
        missing.append("openssh-server")
    if missing:
        raise SystemExit("bench/mpi.py: install " + " ".join(missing))
    started = time.time()
    load_start = " ".join("%.2f" % x for x in os.getloadavg())
    base = tempfile.mkdtemp(prefix="clyde-mpi-bench.", dir="/var/tmp")
    work = tempfile.mkdtemp(prefix="clyde-mpi-bench-jobs.", dir="/var/tmp")
    rows, commands, raw = [], {}, []
    try:
        with Loopback(base) as fs:
            for n in [int(x) for x in a.ranks.split(",")]:
                got = {k: [] for k in ("clyde", "jobs", "clients")}
                with FioServers(n, work):
                    for i in range(a.pairs):
                        order = ["clyde", "jobs", "clients"]
                        if i % 2:
                            order.reverse()
                        for who in order:
                            if who == "clyde":
                                cmd, figs, _ = clyde_run(
                                    a, fs.mnt, n, os.path.join(work, "c.json"))
                                commands["clyde-mpi, %d ranks" % n] = [cmd]
                            elif who == "jobs":
                                cmd, figs = fio_jobs(a, fs.mnt, n)
                                commands["fio --numjobs=%d" % n] = cmd
                            else:
                                cmd, figs = fio_clients(a, fs.mnt, n, work)
                                commands["fio, %d servers and one client" % n] = cmd
                            got[who].append(figs)
                            raw.append("- %d ranks, pair %d, %s: write %.1f MiB/s, "
                                       "read %.1f MiB/s" % (n, i + 1, who,
                                                            figs["write"], figs["read"]))
                for op in ("write", "read"):
                    ours = [f[op] for f in got["clyde"]]
                    rows.append(pairs_row("%d ranks, block %s: fio --numjobs=%d "
                                          "--group_reporting" % (n, op, n), ours,
                                          [f[op] for f in got["jobs"]]))
                    rows.append(pairs_row("%d ranks, block %s: fio %d servers, "
                                          "one --client" % (n, op, n), ours,
                                          [f[op] for f in got["clients"]]))
                rows += sharing_pairs(a, fs.mnt, n, work, commands, raw)
            jpath = os.path.join(work, "four.json")
            four_cmd, _, table = clyde_run(a, fs.mnt, 4, jpath, "shared", table=True,
                                           slow_last=True, size_mib=64)
            with open(jpath) as f:
                four = json.load(f)
            kind = fs.kind
    finally:
        shutil.rmtree(work, ignore_errors=True)
    L = ["## Many clients: clyde-mpi against fio", "",
         "Written by `make bench-mpi` (bench/mpi.py), not part of `make bench`. "
         "Filesystem: %s. Each rank and each fio job writes, then reads, a file of "
         "its own of %d MiB in %s blocks with direct I/O (clyde-mpi `-D`, fio "
         "`--direct=1 --end_fsync=1`); clyde-mpi's block output and block input "
         "against fio's write and read. clyde-mpi's rate is the aggregate "
         "bandwidth over the job's window (all bytes over the first rank's start "
         "to the last rank's end), fio's group figure is all bytes over its "
         "longest job. %d alternating pairs per rank count, in turn clyde-mpi, fio "
         "jobs, fio clients and back (for the shared file and the reordered read, "
         "clyde-mpi and fio, then fio first); *ratio* is the median of the "
         "per-pair ratios (clyde-mpi ÷ fio), *pairs* their range. Took %.1f min; "
         "load average at the start: %s, at the end: %s." % (
             kind, a.size_mib, a.bs, a.pairs, (time.time() - started) / 60,
             load_start, " ".join("%.2f" % x for x in os.getloadavg())), "",
         WHAT_DIFFERS, "", SHARING, "",
         "| measurement (MiB/s) | clyde-mpi | fio | ratio | pairs |",
         "|---|---:|---:|---:|---|"] + rows + [
         "", "A four-rank run on one shared file of 4 x 64 MiB: rank 0 prints the "
         "table for all four and, under it, each test's slowest and fastest rank; "
         "rank 3 runs under strace, which delays each of its reads and writes by "
         "%d ms, so that it straggles on purpose and the straggler line shows "
         "(`%s`):" % (SLOW_DELAY_US // 1000, " ".join(four_cmd).replace(work, "$JOBS")),
         "", "```",
         table.rstrip(), "```", "",
         "Its JSON: the combined figures beside each rank's own (`start s`: how "
         "long after the first rank's start that rank began):", ""]
    L += per_rank_table(four)
    L += ["", "### Commands", ""]
    for label, cmds in commands.items():
        for cmd in cmds:
            L.append("- %s: `%s`" % (label, " ".join(cmd).replace(work, "$JOBS")))
    L += ["", "`$JOBS` is a scratch directory of job files; the mount point is "
          "inside a fresh directory under /var/tmp, all removed afterwards.", "",
          "### Every run", ""] + raw + [""]
    with open(a.output, "w") as f:
        f.write("\n".join(L))
    print("\n".join(L))


if __name__ == "__main__":
    main()
