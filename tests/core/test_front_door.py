"""The front door gives the names it exports, even where a submodule has the same name."""

from __future__ import annotations

import subprocess
import sys


def test_a_submodule_loaded_first_does_not_shadow_the_function_it_exports() -> None:
    code = (
        "import hookdash.core.visible\n"
        "from hookdash.core import visible\n"
        "import hookdash.core as core\n"
        "assert callable(visible), visible\n"
        "assert visible('a\\x1bb') == 'a\\u241bb', visible('a\\x1bb')\n"
        "assert core.visible is visible\n"
        "from hookdash.core.visible import shorten\n"  # the submodule itself still imports
        "print('ok')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "ok", result.stderr
