"""`defer(name)`: a standard module that is imported on first use, not when imported.

`dataclasses` imports `inspect` (and through it `ast`, `dis`, `tokenize`: a ninth of a
`scan`'s start) to write the signature of a class without a docstring as its doc; no
record of a `scan` lacks one. Deferred, `inspect` runs its code the first time something
asks it for a name (`inspect.signature`, `from inspect import …`), and never otherwise.

Why not `importlib.util.LazyLoader`: its module loads on any attribute read, and the
import statement itself reads `__spec__` of a module already in `sys.modules`, so the
next `import inspect` (dataclasses' own) loaded it. This module answers the attributes
an import reads (`__spec__`, `__name__`, …) without loading; any other name loads it.
"""

from __future__ import annotations

import sys
from _thread import RLock
from importlib.machinery import PathFinder
from types import ModuleType
from typing import Any


def defer(name: str) -> None:
    """Put a deferred `name` in sys.modules, unless it is there already (or not found:
    then the first import raises as it would have)."""
    if name in sys.modules:
        return
    spec = PathFinder.find_spec(name)
    loader = None if spec is None else spec.loader
    if spec is None or loader is None or spec.submodule_search_locations is not None:
        return  # not a plain module on the path (a package, say): imported as usual
    module = ModuleType(name)
    for key, value in (
        ("__spec__", spec),
        ("__loader__", loader),
        ("__package__", spec.parent),
        ("__file__", spec.origin),
        ("__cached__", spec.cached),
    ):
        setattr(module, key, value)
    lock = RLock()

    def load(attribute: str) -> Any:
        # Module-level __getattr__ (PEP 562): called only for a name the module lacks, so
        # before its code has run, for every name but the ones set above.
        with lock:  # a second thread waits for the first one's load, then reads
            namespace = vars(module)
            if namespace.get("__getattr__") is load:
                del namespace["__getattr__"]
                try:
                    loader.exec_module(module)
                except BaseException:
                    namespace["__getattr__"] = load  # as a failed import: tried again
                    raise
        if attribute in namespace:
            return namespace[attribute]
        raise AttributeError(f"module {name!r} has no attribute {attribute!r}")

    vars(module)["__getattr__"] = load
    sys.modules[name] = module
