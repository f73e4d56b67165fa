"""The dashboard most screen tests start from (a module with its own `_setup` overrides
`app` with the dashboard on that setup)."""

from __future__ import annotations

import pytest

from hookdash.tui.app import HookdashApp
from tests.conftest import Sandbox
from tests.tui.helpers import make_app, rich_setup


@pytest.fixture
def app(sandbox: Sandbox) -> HookdashApp:
    """The dashboard, not yet started, on rich_setup's configuration."""
    rich_setup(sandbox)
    return make_app(sandbox)
