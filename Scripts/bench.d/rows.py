"""The rows `Scripts/bench` runs, in order: each a name, what it compares,
its default rounds and the function that measures it."""
from dataclasses import dataclass
from typing import Callable

import build


@dataclass
class Row:
    name: str
    summary: str
    rounds: int
    run: Callable


ALL = [
    Row("build", "an internal edit in one module against a clean debug build", 2, build.run),
]
