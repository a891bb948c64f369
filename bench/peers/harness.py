#!/usr/bin/env python3
"""Timing harness of bench/compare.sh: runs commands, keeps the best of N rounds,
prints the comparison table. Standard library only.

  harness.py run OUT --group G --tool T --what TEXT [--ref] [--rounds N] [--warmup W]
                 [--prepare SHELL] [--bytes B] [--items N] -- COMMAND...
      Runs COMMAND W times untimed (default 1: the first run after a build or after
      another tool's large run is slower for reasons that are not the tool's), then
      N times (after SHELL, untimed, before each run) and appends one
      JSON line to OUT: wall seconds of each run (start to exit, via perf_counter,
      GNU time's own start included), peak RSS (/usr/bin/time's %M) and, when the command prints `seconds=S` (the
      peers and the in-process figures), its own timed section; `items=`, `ok=`,
      `failed=`, `crashed=` and `bytes=` printed by the command override the flags.
  harness.py alternate OUT --group G --tools "T1;;T2" --what "W1;;W2" [--rounds N]
                 [--best] [--prepare SHELL] [--bytes B] [--items N] -- COMMAND1... ;; COMMAND2...
      The commands in turn, N rounds (default 7; each round runs them in the other
      order), SHELL before each run (remove the outputs and `sync`, untimed); one
      row a command, as `run` writes it, marked to be read by its MEDIANS: what a
      disk's floor is compared by (issue #34), where single runs spread widely.
      With --best the rows are read by their best runs, as `run`'s: each command's
      runs are spread over the same minutes as the others', so a spell of the host
      running slow falls on all of them, not on one command's back-to-back runs.
      --bytes and --items go to the first command's row and to every row whose
      tool starts with "kifu" (they read the same input).
  harness.py startup OUT --runs N --rounds R -- COMMAND... ;; COMMAND...
      Mean wall time of N back-to-back runs of each command (posix_spawn + waitpid,
      output to /dev/null), interleaved, best round of R; appended to OUT.
  harness.py table OUT
      Prints the markdown table and the goals of issue #10.
  harness.py spread OUT...
      The goals' ratios in each of several results files (runs of compare.sh).
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time

FIELDS = ("seconds", "items", "ok", "failed", "crashed", "bytes")

# Goals of issue #10: (group, peer tool, minimum of peer time / kifu time); issue #22
# raised KIF's from 10× to 15×.
GOALS = [
    ("SGF", "sgf-parse", 10),
    ("SGF", "sgfmill", 100),
    ("SGF", "@sabaki/sgf", 100),
    ("KIF", "python-shogi", 15),
    ("KI2", "json-kifu-format", 10),
    ("reencode", "iconv loop", 20),
    # Issue #34's conversions.
    ("SGF convert", "sgfmill", 100),
    ("SGF convert", "@sabaki/sgf", 100),
    ("KIF→CSA", "tsshogi", 30),
    # Issue #36's training positions.
    ("positions", "cshogi csa_to_hcpe script", 10),
]

# Issue #22's collection jobs: each at least 50× the sgfmill script doing the same
# job (group, peer, ratio, the kifu row it is held against) ...
JOB_GOALS = [
    ("SGF", "sgfmill filter script", 50, "kifu filter --list"),
    ("SGF", "sgfmill stats script", 50, "kifu stats"),
    ("SGF", "sgfmill dedup script", 50, "kifu dedup"),
    ("SGF", "sgfmill list script", 50, "kifu list --csv"),
]

# Issue #36's Python package: the peer's own timing over kifu.read's, both in one
# Python process (group, peer, ratio, the kifu row).
PY_GOALS = [
    ("Python SGF", "sgfmill", 30, "kifu.read"),
    ("Python KIF", "cshogi", 10, "kifu.read"),
    ("Python CSA", "cshogi", 2, "kifu.read"),
    # The same folders read by kifu.read_dir (all cores, the files' reading timed
    # too): what a program reading a folder uses.
    ("Python KIF", "cshogi", 10, "kifu.read_dir"),
    ("Python CSA", "cshogi", 2, "kifu.read_dir"),
]

# ... and at most this many times `kifu validate`'s wall time (group, kifu row, most).
WITHIN_VALIDATE = [
    ("SGF", "kifu filter --list", 2),
    ("SGF", "kifu stats", 2),
    ("SGF", "kifu dedup", 3),
    ("SGF", "kifu list --csv", 3),
]


# Issue #34: a kifu row at most this many times another row of its group, wall times
# (group, kifu row, the row it is held against, most). The floors' goals hold on a
# disk (PARTS=disk, below); the tmpfs rows of the floor say what kifu adds to the
# bare writes where the writes cost least.
WITHIN_ROW = [
    ("SGF convert", "kifu convert -t sgf", "kifu validate", 2),
    ("KIF→CSA", "kifu convert", "kifu validate", 3),
    ("split", "kifu split", "kifu validate", 5),
    ("merge", "kifu merge", "kifu validate", 3),
]

# Issue #34: on a disk, kifu at most this many times the file system's floor for the
# same files, by the medians of alternating runs (`harness.py alternate`): (group,
# kifu row, floor row, most).
ON_DISK = [
    ("KIF→CSA, disk", "kifu convert", "file system floor", 1.2),
    ("split, disk", "kifu split", "file system floor", 1.2),
]


def opts(argv):
    """--key value pairs (and bare --flags) up to `--`; returns (dict, rest)."""
    out, i = {}, 0
    while i < len(argv) and argv[i] != "--":
        key = argv[i].lstrip("-")
        if i + 1 < len(argv) and not argv[i + 1].startswith("--"):
            out[key] = argv[i + 1]
            i += 2
        else:
            out[key] = True
            i += 1
    return out, argv[i + 1 :]


def once(cmd, prepare):
    if prepare:
        subprocess.run(prepare, shell=True, check=True)
    # GNU time measures the peak RSS: the child's own ru_maxrss would start at this
    # Python process's size (Linux counts the memory of the process that forked).
    with tempfile.NamedTemporaryFile("r") as rss:
        start = time.perf_counter()
        proc = subprocess.run(
            ["/usr/bin/time", "-f", "%M", "-o", rss.name, *cmd],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            check=False,
        )
        wall = time.perf_counter() - start
        kib = int(rss.read().split()[-1])
    text = proc.stdout.decode("utf-8", "replace")
    found = {}
    for key in FIELDS:
        m = re.search(rf"\b{key}=([0-9.]+)", text)
        if m:
            found[key] = float(m.group(1))
    return wall, kib, proc.returncode, found


def run(path, argv):
    o, cmd = opts(argv)
    rounds = int(o.get("rounds", 3))
    for _ in range(int(o.get("warmup", 1))):
        once(cmd, o.get("prepare"))
    row = {
        "kind": "run",
        "group": o["group"],
        "tool": o["tool"],
        "what": o["what"],
        "ref": bool(o.get("ref")),
        "walls": [],
        "inner": [],
        "rss_kib": 0,
        "exit": [],
    }
    for key in ("bytes", "items"):
        if key in o:
            row[key] = float(o[key])
    for _ in range(rounds):
        wall, rss, code, found = once(cmd, o.get("prepare"))
        row["walls"].append(wall)
        row["rss_kib"] = max(row["rss_kib"], rss)
        row["exit"].append(code)
        if "seconds" in found:
            row["inner"].append(found.pop("seconds"))
        row.update(found)
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(row) + "\n")
    inner = f", own timing best {min(row['inner']):.3f} s" if row["inner"] else ""
    print(f"  {row['group']:9} {row['tool']:28} best {min(row['walls']):.3f} s{inner}", file=sys.stderr)


def split_commands(rest):
    """COMMAND... ;; COMMAND... as lists."""
    cmds, cur = [], []
    for a in rest:
        if a == ";;":
            cmds.append(cur)
            cur = []
        else:
            cur.append(a)
    cmds.append(cur)
    return cmds


def alternate(path, argv):
    o, rest = opts(argv)
    rounds = int(o.get("rounds", 7))
    cmds = split_commands(rest)
    tools, whats = o["tools"].split(";;"), o["what"].split(";;")
    if not len(cmds) == len(tools) == len(whats):
        sys.exit("alternate: as many --tools and --what as commands")
    rows = [
        {"kind": "run", "group": o["group"], "tool": t, "what": w, "ref": i == 0,
         "median": not o.get("best"), "walls": [], "inner": [], "rss_kib": 0, "exit": []}
        for i, (t, w) in enumerate(zip(tools, whats))
    ]
    for i, row in enumerate(rows):
        for key in ("bytes", "items"):
            if key in o and (i == 0 or row["tool"].startswith("kifu")):
                row[key] = float(o[key])
    for _ in range(int(o.get("warmup", 1))):
        for cmd in cmds:
            once(cmd, o.get("prepare"))
    for k in range(rounds):
        order = range(len(cmds)) if k % 2 == 0 else reversed(range(len(cmds)))
        for i in order:
            wall, rss, code, found = once(cmds[i], o.get("prepare"))
            row = rows[i]
            row["walls"].append(wall)
            row["rss_kib"] = max(row["rss_kib"], rss)
            row["exit"].append(code)
            if "seconds" in found:
                row["inner"].append(found.pop("seconds"))
            row.update({k2: v for k2, v in found.items() if not (i == 0 and k2 == "bytes")})
    with open(path, "a", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row) + "\n")
            pick, word = (median, "median") if row["median"] else (min, "best")
            inner = f", own timing {word} {pick(row['inner']):.3f} s" if row["inner"] else ""
            print(f"  {row['group']:9} {row['tool']:28} {word} {pick(row['walls']):.3f} s{inner}", file=sys.stderr)


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def startup(path, argv):
    o, rest = opts(argv)
    runs, rounds = int(o.get("runs", 1000)), int(o.get("rounds", 3))
    cmds = split_commands(rest)
    null = os.open(os.devnull, os.O_WRONLY)
    actions = [(os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)]
    best = [float("inf")] * len(cmds)
    for _ in range(rounds):
        for i, cmd in enumerate(cmds):
            start = time.perf_counter()
            for _ in range(runs):
                pid = os.posix_spawn(cmd[0], cmd, os.environ, file_actions=actions)
                os.waitpid(pid, 0)
            best[i] = min(best[i], (time.perf_counter() - start) / runs)
    with open(path, "a", encoding="utf-8") as f:
        for cmd, secs in zip(cmds, best):
            f.write(json.dumps({"kind": "startup", "cmd": " ".join(cmd), "mean": secs, "runs": runs, "rounds": rounds}) + "\n")
            print(f"  start-up  {' '.join(cmd):28} mean {secs * 1e6:.0f} us", file=sys.stderr)


def fmt_s(x):
    return f"{x:.3f}" if x >= 0.1 else f"{x:.4f}"


def ratio(x):
    return f"{x:.1f}×" if x < 100 else f"{x:.0f}×"


def load(path):
    rows, starts = [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            (rows if r["kind"] == "run" else starts).append(r)
    return rows, starts, {r["group"]: r for r in rows if r["ref"]}


def own_time(r):
    return min(r["inner"]) if r["inner"] else min(r["walls"])


def goal(out, name, rows, measure, met, details):
    """Appends one goal to `out`: "not measured" unless every one of `rows` was
    measured, else the ratio `measure` gives of them, whether it is `met`, and its
    `details`."""
    if not all(rows):
        out.append((name, None, False, "not measured"))
        return
    got = measure(*rows)
    out.append((name, got, met(got), details(got)))


def goals(rows, starts, refs):
    """Each goal of issue #10 as (name, measured ratio or None, met, details)."""
    out = []
    find = {(r["group"], r["tool"]): r for r in rows}
    for group, tool, need in GOALS:
        peer, ref = find.get((group, tool)), refs.get(group)
        name = f"{group} ≥ {need}× {tool}"
        if not peer or not ref:
            out.append((name, None, False, "not measured"))
            continue
        got = own_time(peer) / min(ref["walls"])
        # Every in-process kifu row of the group (all cores, one thread): a goal
        # holds on one thread as well as on all cores.
        inprocs = sorted((r for r in rows if r["group"] == group
                          and r["tool"].startswith("kifu in-process") and r["inner"]),
                         key=lambda r: r["tool"])
        extra = ""
        if inprocs:
            figures = ", ".join(
                f"{r['tool'][len('kifu in-process'):].lstrip(', ') or 'all cores'} "
                f"{ratio(own_time(peer) / min(r['inner']))}"
                for r in inprocs)
            noun = "figure" if len(inprocs) == 1 else "figures"
            extra = f" (against kifu's in-process {noun}: {figures})"
        out.append((name, got, got >= need, f"{ratio(got)}{extra}"))
    for group, tool, need, against in JOB_GOALS:
        goal(out, f"{group} ≥ {need}× {tool} (against {against})",
             (find.get((group, tool)), find.get((group, against))),
             lambda peer, job: own_time(peer) / min(job["walls"]),
             lambda got: got >= need, ratio)
    for group, tool, need, against in PY_GOALS:
        goal(out, f"{group} ≥ {need}× {tool} (against {against})",
             (find.get((group, tool)), find.get((group, against))),
             lambda peer, job: own_time(peer) / own_time(job),
             lambda got: got >= need,
             lambda got: f"{ratio(got)} (each in its own Python process, own timings)")
    for group, tool, most in WITHIN_VALIDATE:
        goal(out, f"{group}: {tool} ≤ {most}× kifu validate",
             (find.get((group, tool)), refs.get(group)),
             lambda job, ref: min(job["walls"]) / min(ref["walls"]),
             lambda got: got <= most, lambda got: f"{got:.2f}× (wall times)")
    for group, tool, against, most in WITHIN_ROW:
        # merge is held against the check of the collection it rebuilds; the
        # floor's own timing leaves out the interpreter's start-up.
        goal(out, f"{group}: {tool} ≤ {most}× {against}",
             (find.get((group, tool)), find.get((group, against)) or find.get(("split", against))),
             lambda job, base: min(job["walls"]) / own_time(base),
             lambda got: got <= most,
             lambda got: f"{got:.2f}× (kifu's wall time over the other's own timing, else wall time)")
    for group, tool, against, most in ON_DISK:
        goal(out, f"{group}: {tool} ≤ {most}× {against} (medians of alternating runs)",
             (find.get((group, tool)), find.get((group, against))),
             lambda job, base: median(job["walls"]) / median(base["inner"] or base["walls"]),
             lambda got: got <= most,
             lambda got: f"{got:.2f}× (kifu's median wall time over the floor's median own timing)")
    kifu = next((s for s in starts if s["cmd"].endswith("--version")), None)
    true = next((s for s in starts if s["cmd"].endswith("true")), None)
    if kifu and true:
        got = kifu["mean"] / true["mean"]
        out.append((
            "start-up ≤ 2× /bin/true", got, got <= 2,
            f"`kifu --version` {kifu['mean'] * 1e6:.0f} µs, `/bin/true` {true['mean'] * 1e6:.0f} µs "
            f"(mean of {kifu['runs']} runs, best of {kifu['rounds']} rounds): {got:.2f}×",
        ))
    sgf = refs.get("SGF")
    if sgf and sgf.get("bytes"):
        got = sgf["rss_kib"] * 1024 / sgf["bytes"]
        out.append((
            "memory ≤ 3× the SGF file", got, got <= 3,
            f"peak RSS of `kifu validate` {sgf['rss_kib'] / 1024:.0f} MB for "
            f"{sgf['bytes'] / 1e6:.1f} MB: {got:.1f}×",
        ))
    return out


def table(path):
    rows, starts, refs = load(path)
    print("| input | tool | what it does | wall s (start-up included), best (range) | own timing s (parse only: no start-up, no I/O), best | MB/s | ok / failed / crashed | peak RSS MB | peer / kifu: own timing (wall) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        pick = median if r.get("median") else min
        wall = pick(r["walls"])
        inner = pick(r["inner"]) if r["inner"] else None
        size = r.get("bytes")
        mbs = f"{size / 1e6 / own_time(r):.1f}" if size else "–"
        counts = "–"
        if "ok" in r:
            counts = f"{int(r['ok'])} / {int(r.get('failed', 0))} / {int(r.get('crashed', 0))}"
        elif "items" in r:
            counts = f"{int(r['items'])} / – / –"
        ref = refs.get(r["group"])
        if ref is None or r["tool"].startswith("kifu"):
            rel = "(kifu)" if r is ref else "–"
        else:
            kwall = min(ref["walls"])
            rel = f"{ratio(own_time(r) / kwall)} ({ratio(wall / kwall)})"
        marked = " median" if r.get("median") else ""
        spread = f"{fmt_s(wall)}{marked} ({fmt_s(min(r['walls']))}–{fmt_s(max(r['walls']))})"
        what = r["what"].replace("|", "\\|")
        print(
            f"| {r['group']} | {r['tool']} | {what} | {spread} | "
            f"{fmt_s(inner) if inner is not None else '–'} | {mbs} | {counts} | "
            f"{r['rss_kib'] / 1024:.0f} | {rel} |"
        )
    print()
    print("Goals of issue #10 (peer time / kifu time: the peer's own timing, or its wall time when it")
    print("has none, over the wall time of the kifu command; best of each):")
    print()
    for name, _, met, details in goals(rows, starts, refs):
        print(f"- {name}: {details}: **{'met' if met else 'not met'}**")


def spread(paths):
    """The goals' ratios over several runs of compare.sh (their results files)."""
    runs = [goals(*load(p)) for p in paths]
    print(f"| goal | {' | '.join(f'run {i + 1}' for i in range(len(runs)))} | met in |")
    print(f"|---|{'---|' * len(runs)}---|")
    for i, (name, *_) in enumerate(runs[0]):
        cells = [f"{r[i][1]:.2f}×" if r[i][1] is not None else "–" for r in runs]
        met = sum(r[i][2] for r in runs)
        print(f"| {name} | {' | '.join(cells)} | {met} of {len(runs)} |")


def main():
    verb, path, argv = sys.argv[1], sys.argv[2], sys.argv[3:]
    if verb == "spread":
        spread([path, *argv])
    else:
        {"run": run, "alternate": alternate, "startup": startup,
         "table": lambda p, _: table(p)}[verb](path, argv)


if __name__ == "__main__":
    main()
