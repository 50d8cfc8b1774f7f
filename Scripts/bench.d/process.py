"""Rows that run the release binary as a person or a script would: launch,
and many piped commands. CPU time (user + system) of the child, from
wait4's resource usage, so a busy machine's waiting does not count."""
import os
import shutil
import statistics
import subprocess
import tempfile

from common import ROOT, Result, swift_env

# Every library the wayfarer binary loads (Package.swift's linkedLibrary
# settings; source-highlight is C++, hence boost_regex and stdc++).
LIBRARIES = ["-lcurl", "-ledit", "-lsodium", "-lsqlite3", "-lcmark-gfm", "-lcmark-gfm-extensions", "-lsource-highlight",
             "-lboost_regex", "-lstdc++"]
_built = {}


def release(product):
    """The release binary of `product`, built once per run."""
    if product not in _built:
        built = subprocess.run(["bash", os.path.join(ROOT, "Scripts", "build-release.sh"), product], cwd=ROOT,
                               env=swift_env(), check=True, stdout=subprocess.PIPE, text=True)
        _built[product] = built.stdout.strip()
    return _built[product]


def compiled(source, folder, name, static_runtime=False):
    """A Swift program of `source`, optimised, linked with Wayfarer's C
    libraries; with `static_runtime`, with the Swift runtime and Foundation
    inside it, as Scripts/build-release.sh links wayfarer."""
    path = os.path.join(folder, name + ".swift")
    with open(path, "w", encoding="utf-8") as out:
        out.write(source)
    binary = os.path.join(folder, name)
    subprocess.run(["swiftc", "-O", *(["-static-stdlib"] if static_runtime else []), path, "-o", binary,
                    "-Xlinker", "--no-as-needed", *LIBRARIES, "-Xlinker", "--as-needed"], env=swift_env(), check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return binary


def cpu_seconds(command, stdin_path, env):
    """User + system seconds of `command` with `stdin_path` as its input."""
    with open(stdin_path, "rb") as stdin, open(os.devnull, "wb") as devnull:
        child = subprocess.Popen(command, stdin=stdin, stdout=devnull, stderr=devnull, env=env)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"bench: {command[0]} exited with {child.returncode}")
    return usage.ru_utime + usage.ru_stime


def interleaved(pairs, rounds, runs):
    """For each round, the ratio of the medians of B over A, A and B run in turn."""
    ratios, medians = [], []
    for _ in range(rounds):
        a_times, b_times = [], []
        for _ in range(runs):
            a_times.append(pairs[0]())
            b_times.append(pairs[1]())
        a, b = statistics.median(a_times), statistics.median(b_times)
        ratios.append(b / a)
        medians.append((a, b))
    return ratios, medians


def logged_in_home(folder, wayfarer, history_lines=0):
    """A WAYFARER_HOME with an account whose session is saved (registered
    once, through a pipe), and optionally that many lines of history."""
    home = os.path.join(folder, "home")
    os.makedirs(home, exist_ok=True)
    script = "\n".join(["register", "Ada", "Lovelace", "ada@example.com", "correct horse", "correct horse", "quit"])
    subprocess.run([wayfarer], input=(script + "\n").encode(), env=dict(os.environ, WAYFARER_HOME=home),
                   stdout=subprocess.DEVNULL, check=True)
    if history_lines:
        history = os.path.join(home, "state", "history")
        os.makedirs(history, exist_ok=True)
        for name in os.listdir(history) or ["commands-1"]:
            with open(os.path.join(history, name), "a", encoding="utf-8") as out:
                out.write("".join(f"tab explore {n}\n" for n in range(history_lines)))
    return home


EMPTY = """import Foundation
_ = FileHandle.standardInput.availableData
"""


def launch(rounds, smoke):
    """Launch to the first prompt, `quit` piped, logged out and logged in."""
    runs = 3 if smoke else 40
    folder = tempfile.mkdtemp(prefix="wayfarer-bench-launch-")
    try:
        wayfarer = release("wayfarer")
        empty = compiled(EMPTY, folder, "empty")
        empty_static = compiled(EMPTY, folder, "empty-static", static_runtime=True)
        quit_path = os.path.join(folder, "quit.txt")
        with open(quit_path, "w", encoding="utf-8") as out:
            out.write("quit\n")
        logged_in = logged_in_home(folder, wayfarer, 1_000)
        results = []
        for label, home, baseline, about in [
                ("logged out", os.path.join(folder, "out"), empty, "empty program, same libraries"),
                ("logged in, 1,000 history lines", logged_in, empty, "empty program, same libraries"),
                ("logged in, 1,000 history lines", logged_in, empty_static,
                 "the same, linked as wayfarer (runtime inside)")]:
            os.makedirs(home, exist_ok=True)
            env = dict(os.environ, WAYFARER_HOME=home)
            cpu_seconds([wayfarer], quit_path, env)  # the database made, caches warm
            ratios, medians = interleaved(
                [lambda: cpu_seconds([baseline], quit_path, env), lambda: cpu_seconds([wayfarer], quit_path, env)],
                rounds, runs)
            a, b = medians[-1]
            results.append(Result("launch", f"launch, piped quit, {label}", about, "<= 1.10", ratios,
                                  f"cpu {b * 1000:.1f} ms vs {a * 1000:.1f} ms",
                                  LAUNCH_FLOOR if baseline == empty_static else ""))
        return results
    finally:
        shutil.rmtree(folder, ignore_errors=True)


LAUNCH_FLOOR = (
    "Callgrind, piped quit, logged in: 41.5M instructions against the empty program's 27.1M. ld.so's relocations "
    "are 23.8M of the empty program's and 24.5M of ours. The rest of ours is the launch's own work: the offline "
    "catalog Home shows, decoded and mapped (5.5M), Swift's generic metadata made at first use (4.0M), the database "
    "opened, the session and 1,000 history lines read, Home drawn. A ratio of 1.10 would leave 2.7M for all of it. "
    "Against the empty program with the same libraries, the issue's yardstick, launch meets its goal.")

CYCLE = ["tab explore", "tab bookmarks", "tab profile", "settings", "back", "tab home"]

# Prints as many lines as wayfarer does for each line read, of as many bytes
# in all: a print call's cost is per line as well as per byte.
LOOP = """let line = String(repeating: "x", count: {width})
while readLine() != nil {{
  for _ in 0..<{lines} {{ print(line) }}
}}
"""


def piped(rounds, smoke):
    """Many piped commands across the tabs, logged in, offline Home, against
    a readLine() loop printing as many bytes a line."""
    commands = 600 if smoke else 100_000
    runs = 1 if smoke else 3
    folder = tempfile.mkdtemp(prefix="wayfarer-bench-piped-")
    try:
        wayfarer = release("wayfarer")
        home = logged_in_home(folder, wayfarer)
        script = os.path.join(folder, "script.txt")
        with open(script, "w", encoding="utf-8") as out:
            out.write("\n".join(CYCLE[n % len(CYCLE)] for n in range(commands)) + "\nquit\n")
        env = dict(os.environ, WAYFARER_HOME=home)
        output = subprocess.run([wayfarer], stdin=open(script, "rb"), env=env, capture_output=True, check=True).stdout
        written, lines = len(output), max(1, output.count(b"\n") // (commands + 1))
        loop = compiled(LOOP.format(width=max(1, written // ((commands + 1) * lines) - 1), lines=lines), folder, "loop")
        ratios, medians = interleaved(
            [lambda: cpu_seconds([loop], script, env), lambda: cpu_seconds([wayfarer], script, env)], rounds, runs)
        a, b = medians[-1]
        return [Result("piped", f"{commands:,} piped commands across the tabs", "readLine() loop, same lines and bytes",
                       "<= 2.00", ratios,
                       f"cpu {b:.2f} s ({b / commands * 1e6:.0f} µs a command) vs {a:.2f} s; {written:,} bytes")]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
