"""The stylesheets: one per screen, every rule under that screen's type; all of them load."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.css.stylesheet import Stylesheet

from hookdash.tui.styles import SCREEN_STYLESHEETS, STYLESHEETS, styles_dir


def _parsed(path: Path) -> Stylesheet:
    stylesheet = Stylesheet(variables=App().get_css_variables())
    stylesheet.read(path)
    stylesheet.parse()
    return stylesheet


def test_every_stylesheet_is_listed_and_parses() -> None:
    directory = styles_dir()
    assert sorted(p.name for p in directory.glob("*.tcss")) == sorted(STYLESHEETS)
    for name in STYLESHEETS:
        assert _parsed(directory / name).rules, name


@pytest.mark.parametrize(("name", "screen"), sorted(SCREEN_STYLESHEETS.items()))
def test_a_screens_rules_apply_to_that_screen_only(name: str, screen: str) -> None:
    rules = _parsed(styles_dir() / name).rules
    for rule in rules:
        for selectors in rule.selector_set:
            assert selectors.selectors[0].name == screen, (name, rule.selectors)
