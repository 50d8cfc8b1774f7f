"""How much of a clean debug build an edit rebuilds.

A copy of the working tree is built clean (`swift build --product wayfarer`,
the baseline); then, one module at a time, an internal function is added to
one of its files and the build timed, and the edit taken back out (built
again, untimed). The ratio is the edit's build against the clean one of the
same round.
"""
import os
import shutil
import subprocess
import tempfile

import time

from common import ROOT, Result, swift_env, timed

# The module whose edit is measured, the file edited, and the goal (the
# redesign issue's: a platform module 25 %, DesignSystem 15 %, a leaf 10 %).
# Each row names its file and keeps it, so rows compare across runs.
PROBES = [
    # TextSafety's parts (split 2026-12-03) have a row each; ErrorSentence.swift,
    # which the TextSafety row edited until then, is the ErrorSentences row's.
    ("TextSafety", "Modules/Platform/TextSafety/TextSanitizer.swift", 0.25),
    ("ErrorSentences", "Modules/Platform/ErrorSentences/ErrorSentence.swift", 0.25),
    ("TextWidth", "Modules/Platform/TextWidth/DisplayWidth.swift", 0.25),
    ("Secrets", "Modules/Platform/Secrets/SecretText.swift", 0.25),
    ("FuzzyMatching", "Modules/Platform/FuzzyMatching/FuzzyText.swift", 0.25),
    ("TerminalText", "Modules/Platform/TerminalKit/Text/Hyperlink.swift", 0.25),
    ("Diagnostics", "Modules/Platform/TerminalKit/Diagnostics/MemoryReport.swift", 0.25),
    ("TerminalConsole", "Modules/Platform/TerminalKit/Console/NullConsole.swift", 0.25),
    ("TerminalIO", "Modules/Platform/TerminalKit/IO/Pager.swift", 0.25),
    ("TerminalNavigation", "Modules/Platform/TerminalKit/Navigation/StackHandle.swift", 0.25),
    ("TerminalREPL", "Modules/Platform/TerminalKit/REPL/REPL.swift", 0.25),
    ("Commands", "Modules/Platform/Commands/Checked.swift", 0.25),
    ("FeatureEnvironment", "Modules/Platform/FeatureEnvironment/Environment.swift", 0.25),
    ("Storage", "Modules/Platform/Storage/Files/FileLock.swift", 0.25),
    ("Networking", "Modules/Platform/Networking/RetryPolicy.swift", 0.25),
    ("JSON", "Modules/Platform/JSON/JSONError.swift", 0.25),
    ("DesignSystem", "Modules/DesignSystem/Palette.swift", 0.15),
    ("Bookmarks", "Modules/Bookmarks/List/BookmarksWording.swift", 0.10),
    ("Profile", "Modules/Profile/About/AboutViewModel.swift", 0.10),
]
SMOKE_PROBES = ["TerminalREPL", "Bookmarks"]
FLOOR = (
    "A function added to a module changes its interface (a debug build is testable), and the driver's cross-module "
    "incremental build keeps a module's interface as one node: every file that names anything of the module is "
    "compiled again, and the row's file count is those files. Measured for TextSafety with "
    "`-driver-show-incremental`: each of the 63 files outside it that its edit compiled was traced to `interface of "
    "source file from TextSafety`, through the type or name it uses (`TextSanitizer` for most). The floor is the "
    "files that use the module; a body-only edit compiles 1 file.")
EDIT = "\nfunc benchEditProbe() -> Int { 42 }\n"


def check_probes():
    """Every probe's file, checked before any build (by the smoke run too,
    which edits only two): a renamed file must stop the row, not break it
    half-way through a long run."""
    missing = [path for _, path, _ in PROBES if not os.path.isfile(os.path.join(ROOT, path))]
    if missing:
        raise SystemExit("bench: build probes name files that are gone: " + ", ".join(missing))


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
    """Wall seconds of a build, and how many Swift files it compiled: the
    files its compile jobs took as primary files, read from `swift build
    -v`. (SwiftPM's "Compiling" lines do not tell: under load the same
    TextSafety edit printed 209 of them and 215, where its jobs compiled
    265 files. Object files do not either: the compiler leaves one it made
    again with the same bytes untouched.)"""
    start = time.perf_counter()
    completed = subprocess.run(command + ["-v"], cwd=folder, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if completed.returncode != 0:
        raise SystemExit(f"bench: {' '.join(command)} failed:\n{completed.stdout[-2000:]}{completed.stderr[-2000:]}")
    return elapsed, len(primary_files(completed.stdout + completed.stderr, folder))


def primary_files(log, folder):
    """The package's Swift files that the compile jobs in a verbose build's
    log took as primary files (a batch job's command names each of its
    files; the manifest's own compile is left out)."""
    files = set()
    for line in log.splitlines():
        if "swift-frontend -frontend -c " not in line:
            continue
        words = line.split()
        for flag, path in zip(words, words[1:]):
            if flag == "-primary-file" and path.startswith(folder + os.sep) and path.endswith(".swift") \
                    and path != os.path.join(folder, "Package.swift"):
                files.add(path)
    return files


def run(rounds, smoke):
    check_probes()
    probes = [probe for probe in PROBES if not smoke or probe[0] in SMOKE_PROBES]
    results = {module: Result("build", f"edit in {module}", "clean debug build", f"<= {goal:.2f}", floor=FLOOR)
               for module, _, goal in probes}
    env = swift_env()
    folder = copy_of_tree()
    build = ["swift", "build", "--product", "wayfarer"]
    cleans = []
    try:
        for _ in range(rounds):
            shutil.rmtree(os.path.join(folder, ".build"), ignore_errors=True)
            clean, all_files = compiled(build, folder, env)
            cleans.append(clean)
            for module, path, _ in probes:
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
