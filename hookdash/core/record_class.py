"""`record`: a class of plain records that costs one generated method to define.

`@dataclass(frozen=True)` compiles six methods when its module is imported (`__init__`,
`__repr__`, `__eq__`, `__hash__`, and the `__setattr__` and `__delattr__` that refuse a
change), about half a millisecond a class: the forty on `scan`'s path were a fifth of its
start. A record that is built, read and dropped inside hookdash needs only its `__init__`:
- it is frozen as far as mypy checks (an assignment to a field is a type error), not at
  run time; `@record(frozen=False)` for one that is filled in as it is built;
- it has no `__eq__`, `__hash__` or `__repr__` of its fields: two records are equal only
  when they are one object.
A record that is compared, hashed by value, printed, or held in a pydantic model (what
crosses a boundary) stays a `@dataclass(frozen=True)`. `dataclasses.fields`, `replace`
and `asdict` work on both.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar, dataclass_transform, overload

_T = TypeVar("_T")


@overload
def record(cls: type[_T], /) -> type[_T]: ...


@overload
def record(
    *, frozen: bool = True, slots: bool = False, kw_only: bool = False
) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(frozen_default=True, eq_default=False, field_specifiers=(field,))
def record(
    cls: type[_T] | None = None,
    /,
    *,
    frozen: bool = True,
    slots: bool = False,
    kw_only: bool = False,
) -> type[_T] | Callable[[type[_T]], type[_T]]:
    del frozen  # checked by mypy only (see the module's docstring)

    def make(cls: type[_T]) -> type[_T]:
        # A class without a docstring gets its signature as one, through inspect: a name
        # is enough for records nobody reads the help of.
        cls.__doc__ = cls.__doc__ or cls.__name__
        return dataclass(cls, eq=False, repr=False, slots=slots, kw_only=kw_only)

    return make if cls is None else make(cls)
