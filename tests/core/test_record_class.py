"""core.record_class.value_record: a frozen, keyword-only dataclass with slots, compared
by value, that compiles its `__init__` on its first instance."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pydantic
import pytest

from hookdash.core.record_class import ByValue, value_record


@value_record
class _Point(ByValue):
    """A point."""

    x: int
    y: int = 0
    label: str | None = None


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _Frozen:
    """What a frozen dataclass does, to compare with."""

    x: int
    y: int = 0
    label: str | None = None


def test_it_is_built_compared_and_shown_as_a_frozen_dataclass() -> None:
    point, frozen = _Point(x=1, label="a"), _Frozen(x=1, label="a")
    assert repr(point) == repr(frozen).replace("_Frozen", "_Point")
    assert point == _Point(x=1, label="a") and point != _Point(x=2, label="a")
    assert hash(point) == hash(_Point(x=1, label="a"))
    assert dataclasses.asdict(point) == dataclasses.asdict(frozen)
    assert dataclasses.replace(point, y=5) == _Point(x=1, y=5, label="a")
    assert "__init__" in vars(_Point)  # compiled by the first instance, then the class's own


def test_it_refuses_a_change_as_a_frozen_dataclass_does() -> None:
    point, frozen = _Point(x=1), _Frozen(x=1)
    for target in (point, frozen):
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'x'"):
            target.x = 2  # type: ignore[misc]
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'y'"):
            del target.y  # type: ignore[misc]
    assert point.x == 1 and point.y == 0


def test_its_arguments_are_checked_as_a_frozen_dataclass_checks_them() -> None:
    for cls in (_Point, _Frozen):
        with pytest.raises(TypeError, match=r"__init__\(\) missing 1 required keyword-only"):
            cls()  # type: ignore[call-arg]
        with pytest.raises(TypeError, match="positional argument"):
            cls(1)  # type: ignore[misc]
        with pytest.raises(TypeError, match="unexpected keyword argument 'z'"):
            cls(x=1, z=2)  # type: ignore[call-arg]


def test_it_is_copied_pickled_and_validated_by_pydantic() -> None:
    point = _Point(x=3, y=4, label="p")
    assert copy.deepcopy(point) == point and copy.copy(point) == point
    assert pickle.loads(pickle.dumps(point)) == point
    adapter = pydantic.TypeAdapter(_Point)
    assert adapter.validate_python({"x": 3, "y": 4, "label": "p"}) == point
    assert adapter.dump_python(point) == {"x": 3, "y": 4, "label": "p"}


def test_a_default_factory_is_refused() -> None:
    with pytest.raises(TypeError, match="default_factory"):

        @value_record
        class _Listed(ByValue):
            items: list[int] = dataclasses.field(default_factory=list)
