"""The rows `Scripts/bench` runs, in order: each a name, what it compares,
its default rounds and the function that measures it."""
from dataclasses import dataclass
from typing import Callable

import build
import process


@dataclass
class Row:
    name: str
    summary: str
    rounds: int
    run: Callable


ALL = [
    Row("launch", "launch to the first prompt against an empty program with the same libraries", 3, process.launch),
    Row("piped", "piped commands across the tabs against a readLine() loop printing as much", 3, process.piped),
    Row("build", "an internal edit in one module against a clean debug build", 2, build.run),
]
