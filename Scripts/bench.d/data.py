"""Rows over saved data: 10,000 bookmarks shown, listed, exported and
imported against sqlite3 doing the same with the same rows, and memory at the
prompt.

A row's figure is what the command adds to a launch: the run with the
command less the run that only quits, against sqlite3's statement less
sqlite3 running `SELECT 1` (so neither side's start counts). Each side
handles the rows once: opening the tab in a piped session draws them, and
the one-shot `wayfarer bookmarks list`, `export` and `import` are what a
script runs (a piped `bookmarks` before `list` or `export` drew the rows a
second time, which sqlite3 never did)."""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

from common import Result
from process import EMPTY, compiled, logged_in_home, release

BOOKMARKS = 10_000


def cpu(command, script, env, cwd=None):
    """User + system seconds of one run of `command`."""
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             env=env, cwd=cwd)
    child.stdin.write(script.encode())
    child.stdin.close()
    _, status, usage = os.wait4(child.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"bench: {command[0]} failed")
    return usage.ru_utime + usage.ru_stime


# Linux counts a child's peak memory from the process it was forked from
# (exec keeps the larger of the old image's peak and the new one's), so a
# bench process grown by earlier rows would be every child's floor: peaks are
# measured from a fresh, small Python instead.
PEAK_PROBE = """
import json, os, subprocess, sys
command, script = json.loads(sys.argv[1]), sys.argv[2]
child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
child.stdin.write(script.encode())
child.stdin.close()
_, status, usage = os.wait4(child.pid, 0)
print(os.waitstatus_to_exitcode(status), usage.ru_maxrss)
"""


def peak(command, script, env):
    """Peak resident KiB of one run of `command`, measured from a small process."""
    probe = subprocess.run([sys.executable, "-c", PEAK_PROBE, json.dumps(command), script], env=env,
                           capture_output=True, text=True, check=True)
    status, kib = probe.stdout.split()
    if status != "0":
        raise SystemExit(f"bench: {command[0]} failed")
    return int(kib)


def export_file(folder, count):
    """A bookmarks file of `count` places, as export writes them."""
    places = [{"version": 3, "id": f"bench-{n}", "name": f"Place {n}", "category": "catering.cafe",
               "address": f"Street {n}", "city": "Munich", "latitude": 48.1 + n / 1e6, "longitude": 11.5,
               "savedAt": "2026-11-29T20:41:07.250Z"} for n in range(count)]
    path = os.path.join(folder, "bench.json")
    with open(path, "w", encoding="utf-8") as out:
        json.dump({"format": "wayfarer-bookmarks", "version": 1, "places": places, "repositories": []}, out)
    return path


def increments(rounds, runs, ours, base_ours, theirs, base_theirs):
    """Per round, the median of (ours − base_ours) over (theirs − base_theirs), run in turn."""
    ratios, figures = [], ""
    for _ in range(rounds):
        a, b = [], []
        for _ in range(runs):
            a.append(ours() - base_ours())
            b.append(theirs() - base_theirs())
        a_mid, b_mid = statistics.median(a), statistics.median(b)
        ratios.append(a_mid / max(b_mid, 1e-4))
        figures = f"{a_mid * 1000:.1f} ms vs {b_mid * 1000:.1f} ms"
    return ratios, figures


def bookmarks(rounds, smoke):
    count = 200 if smoke else BOOKMARKS
    runs = 1 if smoke else 5
    folder = tempfile.mkdtemp(prefix="wayfarer-bench-bookmarks-")
    try:
        wayfarer = release("wayfarer")
        empty_home = logged_in_home(os.path.join(folder, "empty"), wayfarer)
        home = logged_in_home(folder, wayfarer)
        source = export_file(folder, count)
        env = dict(os.environ, WAYFARER_HOME=home)
        cpu([wayfarer], f"bookmarks\nimport {source}\nquit\n", env)
        database = os.path.join(home, "data", "wayfarer.sqlite")

        def ours(script, environment=env):
            return lambda: cpu([wayfarer], script, environment)

        def sqlite(statement, *options):
            return lambda: cpu(["sqlite3", *options, database, statement], "", env)

        select = sqlite("SELECT kind, item_id, title, subtitle, detail, created_at FROM bookmarks "
                        "ORDER BY created_at DESC")
        results = []
        ratios, figures = increments(rounds, runs, ours("bookmarks\nquit\n"), ours("quit\n"), select,
                                     sqlite("SELECT 1"))
        results.append(Result("bookmarks", f"open Bookmarks (piped), {count:,} bookmarks",
                              "sqlite3 selecting the rows", "<= 3.00", ratios, figures))
        ratios, figures = increments(rounds, runs, lambda: cpu([wayfarer, "bookmarks", "list"], "", env),
                                     ours("quit\n"), select, sqlite("SELECT 1"))
        results.append(Result("bookmarks", f"wayfarer bookmarks list, {count:,} bookmarks",
                              "sqlite3 selecting the rows", "<= 3.00", ratios, figures))
        out = os.path.join(folder, "out.json")
        ratios, figures = increments(
            rounds, runs, lambda: cpu([wayfarer, "bookmarks", "export", out, "--force"], "", env), ours("quit\n"),
            sqlite("SELECT fields FROM bookmarks", "-json"), sqlite("SELECT 1"))
        results.append(Result("bookmarks", f"wayfarer bookmarks export, {count:,} bookmarks",
                              "sqlite3 -json of the rows", "<= 2.00", ratios, figures))
        results.append(import_row(rounds, runs, count, wayfarer, empty_home, source, folder))
        return results
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def import_row(rounds, runs, count, wayfarer, empty_home, source, folder):
    """Importing into an account with none, each run on a fresh copy."""
    scratch = os.path.join(folder, "scratch")

    def fresh():
        shutil.rmtree(scratch, ignore_errors=True)
        shutil.copytree(empty_home, scratch)
        return dict(os.environ, WAYFARER_HOME=scratch)

    def ours():
        return cpu([wayfarer, "bookmarks", "import", source], "", fresh())

    def base_ours():
        return cpu([wayfarer], "quit\n", fresh())

    database = os.path.join(scratch, "data", "wayfarer.sqlite")
    # The same rows into the same table (its key and the account's foreign
    # key checked, one transaction), as the import writes them.
    statement = ("PRAGMA foreign_keys=ON; BEGIN IMMEDIATE; INSERT INTO bookmarks "
                 "(account_id, kind, item_id, title, subtitle, detail, fields, created_at) "
                 "SELECT (SELECT id FROM accounts LIMIT 1), 'place', json_extract(value, '$.id'), "
                 "json_extract(value, '$.name'), json_extract(value, '$.category'), json_extract(value, '$.city'), "
                 f"value, unixepoch('now') FROM json_each(readfile('{source}'), '$.places'); COMMIT;")

    def theirs():
        fresh()
        return cpu(["sqlite3", database, statement], "", os.environ)

    def base_theirs():
        fresh()
        return cpu(["sqlite3", database, "SELECT 1"], "", os.environ)

    ratios, figures = increments(rounds, runs, ours, base_ours, theirs, base_theirs)
    return Result("bookmarks", f"wayfarer bookmarks import, {count:,} bookmarks", "sqlite3 INSERT … FROM json_each", "<= 2.00", ratios,
                  figures)


MEMORY_FLOOR = (
    "Most of the difference is the binary's code, mapped as launch runs it: /proc/PID/pagemap shows 8.2 MiB of its "
    ".text resident against the empty program's 1.7 MiB, mapped 64 KiB at a time by the kernel's fault-around. "
    "Those pages are clean and shared with the page cache. Private memory (RssAnon) is 3.7 MiB against 2.7 MiB.")


def memory(rounds, smoke):
    """Peak memory at the prompt, logged in, against the empty program; and
    what 10,000 bookmarks, opened, add to it."""
    count = 200 if smoke else BOOKMARKS
    folder = tempfile.mkdtemp(prefix="wayfarer-bench-memory-")
    try:
        wayfarer = release("wayfarer")
        empty = compiled(EMPTY, folder, "empty")
        empty_static = compiled(EMPTY, folder, "empty-static", static_runtime=True)
        home = logged_in_home(folder, wayfarer)
        env = dict(os.environ, WAYFARER_HOME=home)
        peaks = {"empty": [], "empty-static": [], "prompt": [], "bookmarks": []}
        for _ in range(rounds):
            peaks["empty"].append(peak([empty], "quit\n", env))
            peaks["empty-static"].append(peak([empty_static], "quit\n", env))
            peaks["prompt"].append(peak([wayfarer], "quit\n", env))
        cpu([wayfarer], f"bookmarks\nimport {export_file(folder, count)}\nquit\n", env)
        for _ in range(rounds):
            peaks["bookmarks"].append(peak([wayfarer], "bookmarks\nquit\n", env))
        prompt, base = statistics.median(peaks["prompt"]), statistics.median(peaks["empty"])
        base_static = statistics.median(peaks["empty-static"])
        added = statistics.median(peaks["bookmarks"]) - prompt
        return [
            Result("memory", "peak memory at the prompt, logged in", "the empty program", "<= 1.30",
                   [p / e for p, e in zip(peaks["prompt"], peaks["empty"])],
                   f"{prompt / 1024:.1f} MiB vs {base / 1024:.1f} MiB"),
            Result("memory", "peak memory at the prompt, logged in", "the same, linked as wayfarer (runtime inside)",
                   "<= 1.30", [p / e for p, e in zip(peaks["prompt"], peaks["empty-static"])],
                   f"{prompt / 1024:.1f} MiB vs {base_static / 1024:.1f} MiB", MEMORY_FLOOR),
            Result("memory", f"what {count:,} bookmarks add, opened", "5 MiB", "<= 1.00",
                   [(b - prompt) / 5120 for b in peaks["bookmarks"]], f"{added / 1024:.1f} MiB"),
        ]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
