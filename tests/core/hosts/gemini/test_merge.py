"""The union of `hooksConfig.disabled` across layers: `[...new Set(old.concat(new))]`."""

from __future__ import annotations

from typing import Any

from hookdash.core.hosts.gemini.merge import js_set_union, merge_settings


def _disabled(*layers: Any) -> list[Any]:
    merged = merge_settings(
        (f"layer{i}", {"hooksConfig": {"disabled": d}}) for i, d in enumerate(layers)
    )
    result: list[Any] = merged["hooksConfig"]["disabled"]
    return result


def test_first_seen_order_across_layers() -> None:
    assert _disabled(["b", "a", "b"], ["c", "a"], "d") == ["b", "a", "c", "d"]


def test_numbers_compare_as_doubles_and_booleans_are_not_numbers() -> None:
    # JSON.parse gives one number for 1 and 1.0 (and for 2^53 and 2^53 + 1); true !== 1.
    assert _disabled([1, True, "1"], [1.0, True, 0, False, -0.0]) == [1, True, "1", 0, False]
    assert _disabled([2**53], [2**53 + 1]) == [2**53]
    assert _disabled([10**400], [float("inf")]) == [10**400]  # both Infinity in JS


def test_objects_and_arrays_are_never_equal_to_another() -> None:
    a: dict[str, Any] = {"x": 1}
    assert js_set_union([a, a, {"x": 1}, [], []]) == [a, {"x": 1}, [], []]
    assert len(js_set_union([a, a])) == 1  # the same object twice is one Set member


def test_nan_is_held_once_as_a_set_holds_it() -> None:
    # A JS Set compares by SameValueZero (settings never hold NaN: JSON.parse rejects it).
    assert len(js_set_union([float("nan"), float("nan")])) == 1


def test_duplicates_already_in_the_merged_list_go_too() -> None:
    # A layer that replaces hooksConfig (null) makes the next layer's list the merged one
    # as it is, duplicates and all; the union after it dedupes the whole concatenation.
    merged = merge_settings(
        [
            ("a", {"hooksConfig": None}),
            ("b", {"hooksConfig": {"disabled": ["x", "x"]}}),
            ("c", {"hooksConfig": {"disabled": ["y", "x"]}}),
        ]
    )
    assert merged["hooksConfig"]["disabled"] == ["x", "y"]


class _Counted(str):
    """A string that counts the comparisons made with it."""

    compared = 0

    def __eq__(self, other: object) -> bool:
        _Counted.compared += 1
        return str.__eq__(self, other)

    __hash__ = str.__hash__


def test_the_union_compares_each_entry_a_bounded_number_of_times() -> None:
    """20,000 entries took 68 s when each was compared with every entry kept before it."""
    n = 2000
    _Counted.compared = 0
    merged = _disabled(
        [_Counted(f"d-{i}") for i in range(n)], [_Counted(f"d-{i}") for i in range(0, 2 * n, 2)]
    )
    assert len(merged) == n + n // 2
    assert _Counted.compared < 4 * n, _Counted.compared
