"""The rows `Scripts/bench` runs, in order: each a name, what it compares,
its default rounds and the function that measures it."""
from dataclasses import dataclass
from typing import Callable

import build
import data
import executables
import network
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
    Row("home", "Home's pages, 10,000 places filtered and drawn, a line with 10,000 loaded", 3, executables.home),
    Row("bookmarks", "10,000 bookmarks listed, exported and imported against sqlite3", 3, data.bookmarks),
    Row("memory", "peak memory at the prompt against the empty program; what 10,000 bookmarks add", 5, data.memory),
    Row("search", "GitHub searches from a loopback server against Python's requests", 3, network.search),
    Row("markdown", "a 1 MB README against the cmark-gfm command", 3, executables.markdown),
    Row("burst", "a 2,000-token reply against the server's sending time", 3, executables.burst),
    Row("turns", "a late assistant turn against one half-way", 1, executables.turns),
    Row("cycles", "login → tabs → logout cycles: growth and what is left alive", 1, executables.cycles),
    Row("login", "a wrong password, unknown e-mail against known", 3, executables.login),
    Row("build", "an internal edit in one module against a clean debug build", 2, build.run),
]
