"""The scanned repository fixture (tests.core.scan.conftest)."""

from tests.core.scan.conftest import repo as repo
