#!/usr/bin/env python3
"""Every target declares each package module it imports, directly.

SwiftPM's --explicit-target-dependency-import-check lets a target import a
module it only reaches through another dependency; this check does not:
an import of a package target must be in the importing target's own
dependencies. Prints each missing one and exits 1 if there are any.
"""
import json, os, re, subprocess, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, capture_output=True,
                                    text=True, check=True).stdout)
targets = {t["name"]: t for t in package["targets"]}
pattern = re.compile(r"^\s*(?:@testable\s+|internal\s+|public\s+|package\s+)*import\s+(\w+)", re.M)
missing = []
for name, target in targets.items():
    declared = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                declared.add(dependency[kind][0])
    path = os.path.join(root, target.get("path") or "")
    # Folders the target excludes belong to another target (MarkdownTests).
    excluded = [os.path.join(path, item) for item in target.get("exclude", [])]
    for folder, _, files in os.walk(path):
        if any(folder == item or folder.startswith(item + os.sep) for item in excluded):
            continue
        for file in files:
            if not file.endswith(".swift"):
                continue
            source = open(os.path.join(folder, file), encoding="utf-8").read()
            for module in pattern.findall(source):
                if module in targets and module != name and module not in declared:
                    missing.append(f"{name} imports {module} without declaring it "
                                   f"({os.path.relpath(os.path.join(folder, file), root)})")
for line in sorted(set(missing)):
    print(line)
sys.exit(1 if missing else 0)
