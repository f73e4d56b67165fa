"""core.deferred_module: a standard module whose code runs when it is first asked a name.

Each check runs in a fresh process (the test process imported the modules long ago)."""

from __future__ import annotations

import subprocess
import sys


def _run(code: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr[-800:]
    return result.stdout


_DEFER_INSPECT = (
    "import sys\n"
    "from hookdash.core.deferred_module import defer\n"
    "defer('inspect')\n"
    "import dataclasses, inspect\n"
)


def test_importing_runs_none_of_its_code() -> None:
    """`import inspect` (dataclasses' and a second one) reads the module's spec only."""
    out = _run(
        _DEFER_INSPECT + "print(sorted(m for m in ('ast', 'dis', 'tokenize') if m in sys.modules))"
    )
    assert out == "[]\n"


def test_the_first_name_asked_loads_it_whole() -> None:
    code = _DEFER_INSPECT + (
        "def f(a, *, b=2): pass\n"
        "print(inspect.signature(f))\n"
        "from inspect import Parameter, isfunction\n"
        "print(Parameter.KEYWORD_ONLY, isfunction(f), 'ast' in sys.modules)\n"
        "loaded = vars(inspect)\n"
        "print(sys.modules['inspect'] is inspect, inspect.__name__, '__getattr__' in loaded)\n"
    )
    assert _run(code) == "(a, *, b=2)\nKEYWORD_ONLY True True\nTrue inspect False\n"


def test_a_dataclass_without_a_docstring_gets_its_signature_as_before() -> None:
    code = _DEFER_INSPECT + (
        "@dataclasses.dataclass\nclass Point:\n    x: int\n    y: int = 0\nprint(Point.__doc__)\n"
    )
    assert _run(code) == "Point(x: int, y: int = 0)\n"


def test_a_missing_name_is_an_attribute_error() -> None:
    code = _DEFER_INSPECT + (
        "try:\n"
        "    inspect.no_such_name\n"
        "except AttributeError as error:\n"
        "    print(error)\n"
        "print(inspect.ismodule(inspect))\n"
    )
    assert _run(code) == "module 'inspect' has no attribute 'no_such_name'\nTrue\n"


def test_a_module_already_imported_or_not_found_is_left_alone() -> None:
    code = (
        "import sys, inspect\n"
        "from hookdash.core.deferred_module import defer\n"
        "before = sys.modules['inspect']\n"
        "defer('inspect'); defer('no_such_module_here')\n"
        "print(sys.modules['inspect'] is before, 'no_such_module_here' in sys.modules)\n"
        "try:\n"
        "    import no_such_module_here\n"
        "except ModuleNotFoundError:\n"
        "    print('not found')\n"
    )
    assert _run(code) == "True False\nnot found\n"


def test_a_deferred_copy_loads_on_its_first_deep_copy() -> None:
    """copy (deferred by record_class, with the weakref it imports) runs when first used."""
    code = (
        "import sys\n"
        "from hookdash.core.deferred_module import defer\n"
        "defer('copy')\n"
        "import copy\n"
        "print('weakref' in sys.modules)\n"
        "value = {'a': [1, 2]}\n"
        "print(copy.deepcopy(value) == value, copy.deepcopy(value)['a'] is not value['a'])\n"
    )
    assert _run(code) == "False\nTrue True\n"
