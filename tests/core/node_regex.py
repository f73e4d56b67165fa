"""JavaScript itself as the oracle for `js_regex`: `new RegExp(pattern).test(subject)` in
Node (the engine Gemini CLI runs on), many cases per process.

Used by the property test (test_js_regex_node.py) and by the fuzz that counts how many
patterns of a large set Python and Node disagree on:

    .venv/bin/python -m tests.core.node_regex [COUNT] [SEED]
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from collections.abc import Sequence

from hookdash.core.js_regex import compile_js

NODE = shutil.which("node")

# Reads [[pattern, [subject, ...]], ...] on stdin; writes, per case, null when the
# RegExp constructor throws, else the list of test() results. No flags: Gemini's
# planner builds `new RegExp(matcher)`.
_SCRIPT = r"""
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const out = cases.map(([p, subjects]) => {
  let re;
  try { re = new RegExp(p); } catch (e) { return null; }
  return subjects.map((s) => re.test(s));
});
process.stdout.write(JSON.stringify(out));
"""

Case = tuple[str, Sequence[str]]
Verdict = list[bool] | None


def node_verdicts(cases: Sequence[Case]) -> list[Verdict]:
    """What Node says for each case (one process for all of them)."""
    assert NODE is not None, "node is not installed"
    # ensure_ascii: astral characters travel as surrogate pairs, as JavaScript holds them.
    data = json.dumps([[p, list(s)] for p, s in cases])
    done = subprocess.run(
        [NODE, "-e", _SCRIPT], input=data, capture_output=True, text=True, check=True, timeout=120
    )
    verdicts: list[Verdict] = json.loads(done.stdout)
    return verdicts


def python_verdict(pattern: str, subjects: Sequence[str]) -> Verdict:
    """What hookdash says for one case: None when it finds the pattern invalid."""
    compiled = compile_js(pattern)
    if compiled is None:
        return None
    return [compiled.search(s) is not None for s in subjects]


def disagreements(cases: Sequence[Case]) -> list[tuple[str, Verdict, Verdict]]:
    """The cases where hookdash and Node differ: (pattern, node, python)."""
    out = []
    for (pattern, subjects), node in zip(cases, node_verdicts(cases), strict=True):
        mine = python_verdict(pattern, subjects)
        if mine != node:
            out.append((pattern, node, mine))
    return out


# --- the fuzz: character classes --------------------------------------------------------

# What goes inside a class: plain characters (those that mean something to Python's or
# JavaScript's class syntax among them), every kind of escape, and astral characters.
CLASS_ATOMS: tuple[str, ...] = (
    "a", "z", "A", "Z", "0", "9", "_", "-", ".", "^", "[", "]", "$", "|", "&", "~", " ",
    "é", "\u2028", "😀",
    "\\w", "\\W", "\\d", "\\D", "\\s", "\\S", "\\b", "\\B", "\\-", "\\]", "\\[", "\\\\",
    "\\^", "\\.", "\\/", "\\k", "\\p", "\\q", "\\y", "\\_", "\\c", "\\cA", "\\cz",
    "\\c1", "\\c_", "\\c-", "\\c[", "\\x41", "\\x4", "\\xg", "\\u0041", "\\u00e9",
    "\\u004", "\\u{41}", "\\0", "\\00", "\\1", "\\7", "\\8", "\\9", "\\01", "\\18",
    "\\377", "\\400", "\\477", "\\t", "\\n", "\\v", "\\f", "\\r", "\\ud83d", "\\ude00",
)  # fmt: skip
# What the class is tested on: every single character the atoms can name, their
# neighbours, and tool names.
SUBJECTS: tuple[str, ...] = (
    *"azAZ09_-.^[]$|&~ \\/bBkpqyc",
    "é", "\u2028", "😀", "\ud83d", "\x01", "\x08", "\x1a", "\x1f", "\x11", "\x00",
    "\x07", "'", "\t", "\n", "\x0b", "\x0c", "\r", "\xa0", "\ufeff", "\u3000", "٣",
    "{", "}", "4", "8", "u", "x", "g", "B", "-a", "read_file", "run_shell_command",
    "mcp_x-y.z", "",
)  # fmt: skip


def class_pattern(rng: random.Random) -> str:
    """A random pattern around one or two character classes."""
    atoms = [rng.choice(CLASS_ATOMS) for _ in range(rng.randint(0, 4))]
    if len(atoms) >= 2 and rng.random() < 0.6:
        atoms.insert(rng.randint(1, len(atoms) - 1), "-")  # a range (or a literal -)
    body = "".join(atoms)
    cls = f"[{'^' if rng.random() < 0.3 else ''}{body}]"
    shape = rng.random()
    if shape < 0.6:
        return cls
    if shape < 0.8:
        return rng.choice(("^", "", "a")) + cls + rng.choice(("$", "+", "*", "{2}", "x"))
    return cls + class_pattern(rng)


def fuzz(count: int, seed: int = 17) -> tuple[int, list[tuple[str, Verdict, Verdict]]]:
    """`count` distinct class patterns (from `seed`), each tested on SUBJECTS: how many
    there were and those hookdash and Node disagree on."""
    rng = random.Random(seed)
    patterns: dict[str, None] = {}
    while len(patterns) < count:
        patterns[class_pattern(rng)] = None
    found: list[tuple[str, Verdict, Verdict]] = []
    cases = [(p, SUBJECTS) for p in patterns]
    for start in range(0, len(cases), 5000):
        found.extend(disagreements(cases[start : start + 5000]))
    return len(cases), found


def main(argv: Sequence[str]) -> None:
    count = int(argv[0]) if argv else 40000
    seed = int(argv[1]) if len(argv) > 1 else 17
    total, found = fuzz(count, seed)
    print(f"{len(found)} of {total} character-class patterns disagree with Node")
    for pattern, node, mine in found[:40]:
        said = "invalid" if node is None else "valid"
        ours = "invalid" if mine is None else "valid"
        print(f"  {pattern!r}: node {said}, hookdash {ours}")


if __name__ == "__main__":
    main(sys.argv[1:])
