"""hookdash: a terminal dashboard and a headless CLI for coding agents' hooks."""

import sys as _sys
import types as _types

__version__ = "0.1.0"


def version_line() -> str:
    """What `hookdash --version` prints."""
    return f"hookdash {__version__}"


def _load_no_pydantic_plugin() -> None:
    """hookdash validates configurations and hook input and output with pydantic. A
    pydantic plugin installed in the same environment (an observability tool) would be
    handed all of it, secrets included, and looking for one imports importlib.metadata and
    reads every installed package's entry points: 15 ms of every start that builds a model.
    hookdash loads none: pydantic's plugin loader (imported by pydantic when it builds a
    model's validator) is one that finds none, in place before any model is built. Should
    pydantic move its loader, this is ignored and plugins load as pydantic decides
    (tests/cli/test_start_up.py says so)."""
    name = "pydantic.plugin._loader"
    if name not in _sys.modules:
        loader = _types.ModuleType(name, _load_no_pydantic_plugin.__doc__)
        loader.get_plugins = lambda: ()  # type: ignore[attr-defined]
        _sys.modules[name] = loader


_load_no_pydantic_plugin()
