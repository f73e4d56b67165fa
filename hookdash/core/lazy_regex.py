"""A regular expression compiled on its first use, not when its module is imported.

The risk readers hold about a hundred patterns (one per kind of script, per network tool,
per way to hide a command…); a `scan` of a repository uses a quarter of them, and compiling
the rest cost every start-up some 15 ms. `lazy_compile(pattern, flags)` takes what
`re.compile` takes and answers what a compiled pattern answers.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

_END = sys.maxsize  # what re.Pattern takes for "to the end"


# The methods a compiled pattern answers directly once it exists (see `compiled`).
_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "split", "sub", "subn")


class LazyRegex:
    """`re.compile(pattern, flags)`, done the first time it is asked anything."""

    __slots__ = ("__dict__", "_args", "_compiled")

    def __init__(self, pattern: str, flags: int | re.RegexFlag = 0) -> None:
        self._args = (pattern, flags)
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            compiled = self._compiled = re.compile(*self._args)
            # From now on `x.match(…)` is the compiled pattern's own method (an instance
            # attribute comes before the class's function): a load of 2,000 hooks makes
            # some 20,000 matches, each of which went through two Python calls here.
            for name in _METHODS:
                self.__dict__[name] = getattr(compiled, name)
        return self._compiled

    @property
    def pattern(self) -> str:
        return self._args[0]

    @property
    def flags(self) -> int:
        return self.compiled.flags

    @property
    def groups(self) -> int:
        return self.compiled.groups

    @property
    def groupindex(self) -> Any:
        return self.compiled.groupindex

    def search(self, string: str, pos: int = 0, endpos: int = _END) -> re.Match[str] | None:
        return self.compiled.search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = _END) -> re.Match[str] | None:
        return self.compiled.match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = _END) -> re.Match[str] | None:
        return self.compiled.fullmatch(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = _END) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = _END) -> list[Any]:
        return self.compiled.findall(string, pos, endpos)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled.split(string, maxsplit)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled.sub(repl, string, count)

    def subn(
        self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
    ) -> tuple[str, int]:
        return self.compiled.subn(repl, string, count)

    def __repr__(self) -> str:
        return f"lazy_compile({self._args[0]!r}, {self._args[1]!r})"


def lazy_compile(pattern: str, flags: int | re.RegexFlag = 0) -> LazyRegex:
    """A pattern that compiles itself on first use (see the module's docstring)."""
    return LazyRegex(pattern, flags)
