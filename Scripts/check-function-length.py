#!/usr/bin/env python3
"""No production function is over 60 lines.

Counts each `func`, `init` and computed property body in App/ and Modules/
from its declaration's first line to its closing brace (comments and
blank lines included, as a reader sees them). Prints each one over the
limit and exits 1 if there are any.
"""
import os, re, sys

LIMIT = 60
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
start = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|open|static|class|"
                   r"override|final|mutating|nonisolated|convenience|required|dynamic)\s+)*"
                   r"(?:func\s+[^\s(<]+|init[?!]?|var\s+\w+\s*:[^={]*)")


def bodies(lines):
    """(name, first line, length) of each declaration with a body."""
    for index, line in enumerate(lines):
        match = start.match(line)
        if not match:
            continue
        depth, opened = 0, False
        for end in range(index, len(lines)):
            code = re.sub(r'"(?:\\.|[^"\\])*"', '""', lines[end].split("//")[0])
            depth += code.count("{") - code.count("}")
            opened = opened or "{" in code
            if opened and depth <= 0:
                yield match.group(0).strip(), index + 1, end - index + 1
                break
            if not opened and end > index + 8:
                break  # a declaration without a body (a protocol requirement, a stored property)


long = []
for top in ("App", "Modules"):
    for folder, _, files in os.walk(os.path.join(root, top)):
        for name in files:
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                lines = open(path, encoding="utf-8").read().split("\n")
                for decl, first, length in bodies(lines):
                    if length > LIMIT:
                        long.append(f"{os.path.relpath(path, root)}:{first}: {decl} is {length} lines")
for entry in long:
    print(entry)
sys.exit(1 if long else 0)
