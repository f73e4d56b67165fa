"""`record`: a dataclass that costs one generated method to define.

`@dataclass(frozen=True)` compiles six methods when its module is imported (`__init__`,
`__repr__`, `__eq__`, `__hash__`, and the `__setattr__` and `__delattr__` that refuse a
change), about half a millisecond a class, and reads every field's annotation: the forty
on `scan`'s path were a fifth of its start. So, for a class of records:
- built, read and dropped inside hookdash: a plain class, its fields declared `Final` (mypy
  refuses an assignment), `__slots__`, and its own `__init__` (nothing to generate);
- one that must stay a dataclass (changed with `dataclasses.replace`, printed with
  `asdict`, or a schema pydantic reads) but is never compared, hashed or printed: a
  `record`, which generates only `__init__`. It is frozen as far as mypy checks, not at
  run time, and two records are equal only when they are one object;
- one that is compared, hashed by value, printed, or held in a pydantic model (what
  crosses a boundary): a `value_record` on `ByValue`, which gives the `__eq__`, `__hash__`,
  `__repr__`, `__setattr__` and `__delattr__` a frozen dataclass would compile, and
  compiles its `__init__` when the first one is made.

`dataclasses` imports `inspect` and `copy` for what no record here needs
(core.deferred_module): the modules on `scan`'s path take `dataclass`, `field` and
`replace` from here, which defers both first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform, overload

from hookdash.core.deferred_module import defer

defer("inspect")
defer("copy")  # dataclasses deep-copies only in asdict/astuple, which a scan does not call

from dataclasses import (  # noqa: E402 (after the deferral)
    MISSING,
    FrozenInstanceError,
    dataclass as dataclass,
    field as field,
    fields,
    replace as replace,
)

_T = TypeVar("_T")


@overload
def record(cls: type[_T], /) -> type[_T]: ...


@overload
def record(*, slots: bool = False, kw_only: bool = False) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(frozen_default=True, eq_default=False, field_specifiers=(field,))
def record(
    cls: type[_T] | None = None,
    /,
    *,
    slots: bool = False,
    kw_only: bool = False,
) -> type[_T] | Callable[[type[_T]], type[_T]]:
    def make(cls: type[_T]) -> type[_T]:
        # A class without a docstring gets its signature as one, through inspect: a name
        # is enough for records nobody reads the help of.
        cls.__doc__ = cls.__doc__ or cls.__name__
        return dataclass(cls, eq=False, repr=False, slots=slots, kw_only=kw_only)

    return make if cls is None else make(cls)


_V = TypeVar("_V", bound="ByValue")


@dataclass_transform(frozen_default=True, eq_default=False, kw_only_default=True)
def value_record(cls: type[_V]) -> type[_V]:
    """`@dataclass(frozen=True, slots=True, kw_only=True, eq=False, repr=False)` on a
    ByValue, for a fifth of the cost: such a dataclass compiles its `__init__`,
    `__setattr__` and `__delattr__` when its module is imported (0.35 ms a class, the
    three exec'd); here ByValue refuses a change for every class (the same
    FrozenInstanceError), and each class's `__init__` (the one a frozen dataclass has) is
    compiled when its first instance is made. Fields take no `default_factory`."""
    made = dataclass(cls, init=False, eq=False, repr=False, slots=True, kw_only=True)
    if any(f.default_factory is not MISSING for f in fields(made)):  # type: ignore[arg-type]
        raise TypeError(f"{made.__qualname__}: a value_record field takes no default_factory")
    return made


def _compiled_init(cls: type) -> Callable[..., None]:
    """The `__init__` `@dataclass(frozen=True, kw_only=True)` writes for `cls`, put on it."""
    names: dict[str, Any] = {"_hd_set": object.__setattr__}
    params, body = [], []
    for f in fields(cls):
        if f.default is MISSING:
            params.append(f.name)
        else:
            names[f"_hd_default_{f.name}"] = f.default
            params.append(f"{f.name}=_hd_default_{f.name}")
        body.append(f"    _hd_set(self, {f.name!r}, {f.name})")
    source = f"def __init__(self, *, {', '.join(params)}):\n" + ("\n".join(body) or "    pass")
    exec(source, names)  # what dataclasses does, for one class, once
    init: Callable[..., None] = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[misc]
    return init


class ByValue:
    """Equality, hash and repr by the fields' values, as `@dataclass(frozen=True)` makes
    them, written once: a frozen dataclass that compares by value inherits them
    (`@dataclass(frozen=True, eq=False, repr=False)`) instead of compiling its own, half
    of what defining it costs. A `value_record` also inherits the refusal of any change,
    the pickling state of a frozen dataclass with slots, and its first `__init__`."""

    __slots__ = ()

    def __init__(self, **values: Any) -> None:
        _compiled_init(type(self))(self, **values)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __getstate__(self) -> list[object]:
        return list(self._values())

    def __setstate__(self, state: list[object]) -> None:
        for name, value in zip(_field_names(type(self)), state, strict=False):
            object.__setattr__(self, name, value)

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in _field_names(type(self)))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, ByValue)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _field_names(type(self)))
        return f"{type(self).__qualname__}({shown})"


_names: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _names.get(cls)
    if names is None:
        names = _names[cls] = tuple(f.name for f in fields(cls))
    return names
