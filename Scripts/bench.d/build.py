"""How much of a clean debug build an edit rebuilds.

A copy of the working tree is built clean (`swift build --product wayfarer`,
the baseline); then, one module at a time, an internal function is added to
one of its files and the build timed, and the edit taken back out (built
again, untimed). The ratio is the edit's build against the clean one of the
same round.
"""
import json
import os
import shutil
import subprocess
import tempfile

import time

from common import ROOT, Result, swift_env, timed

# The module whose edit is measured and the goal (the redesign issue's: a
# platform module 25 %, DesignSystem 15 %, a leaf 10 %). The file edited is
# the module's first source file, as the package describes it, so renaming a
# file cannot break the row.
PROBES = [
    ("TextSafety", 0.25),
    ("TerminalText", 0.25),
    ("Diagnostics", 0.25),
    ("TerminalConsole", 0.25),
    ("TerminalIO", 0.25),
    ("TerminalNavigation", 0.25),
    ("TerminalREPL", 0.25),
    ("Commands", 0.25),
    ("FeatureEnvironment", 0.25),
    ("Storage", 0.25),
    ("Networking", 0.25),
    ("JSON", 0.25),
    ("DesignSystem", 0.15),
    ("Bookmarks", 0.10),
    ("Profile", 0.10),
]
SMOKE_PROBES = ["TerminalREPL", "Bookmarks"]
EDIT = "\nfunc benchEditProbe() -> Int { 42 }\n"


def probe_files(modules, env):
    """Each module's first Swift source, from `swift package describe`; a
    module the package no longer has stops the run (the smoke run too)."""
    described = subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=ROOT, env=env,
                               capture_output=True, text=True, check=True).stdout
    targets = {target["name"]: target for target in json.loads(described)["targets"]}
    files = {}
    for module in modules:
        target = targets.get(module)
        sources = sorted(source for source in (target or {}).get("sources", []) if source.endswith(".swift"))
        if not sources:
            raise SystemExit(f"bench: the package has no Swift target {module} to edit")
        files[module] = os.path.join(target["path"], sources[0])
    return files


def copy_of_tree():
    """The working tree's files (tracked and new, ignored ones left out) in a folder of their own."""
    folder = tempfile.mkdtemp(prefix="wayfarer-bench-build-")
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.split(b"\0")
    for name in filter(None, listed):
        path = name.decode()
        source = os.path.join(ROOT, path)
        if not os.path.isfile(source):
            continue
        target = os.path.join(folder, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(source, target)
    return folder


def compiled(command, folder, env):
    """Wall seconds of a build, and how many Swift files it compiled."""
    start = time.perf_counter()
    completed = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if completed.returncode != 0:
        raise SystemExit(f"bench: {' '.join(command)} failed:\n{completed.stdout[-2000:]}{completed.stderr[-2000:]}")
    files = sum(1 for line in completed.stdout.splitlines() if "Compiling" in line and line.rstrip().endswith(".swift"))
    return elapsed, files


def run(rounds, smoke):
    env = swift_env()
    sources = probe_files([module for module, _ in PROBES], env)
    probes = [(module, sources[module]) for module, _ in PROBES if not smoke or module in SMOKE_PROBES]
    results = {module: Result("build", f"edit in {module}", "clean debug build", f"<= {goal:.2f}")
               for module, goal in PROBES if not smoke or module in SMOKE_PROBES}
    folder = copy_of_tree()
    build = ["swift", "build", "--product", "wayfarer"]
    cleans = []
    try:
        for _ in range(rounds):
            shutil.rmtree(os.path.join(folder, ".build"), ignore_errors=True)
            clean, all_files = compiled(build, folder, env)
            cleans.append(clean)
            for module, path in probes:
                file = os.path.join(folder, path)
                with open(file, encoding="utf-8") as source:
                    original = source.read()
                with open(file, "w", encoding="utf-8") as source:
                    source.write(original + EDIT)
                edited, files = compiled(build, folder, env)
                with open(file, "w", encoding="utf-8") as source:
                    source.write(original)
                timed(build, cwd=folder, env=env)
                results[module].ratios.append(edited / clean)
                results[module].figures = f"{edited:.1f} s of {clean:.1f} s; {files} of {all_files} Swift files"
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return list(results.values())
