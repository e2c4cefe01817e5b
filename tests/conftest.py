"""Test configuration: Qt runs offscreen and sheetapp's own folders point into a temp dir."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

# Set before anything imports Qt or platformdirs: no window appears and no test
# writes into the real home folder.
# An offscreen platform with options (the keyboard walkthrough's screen size) is kept.
if not os.environ.get("QT_QPA_PLATFORM", "").startswith("offscreen:"):
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
_HOME = Path(tempfile.mkdtemp(prefix="sheetapp-test-home-"))
for _name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
    os.environ[_name] = str(_HOME / _name.lower())

import pytest  # noqa: E402

from sheetapp.core.system import SystemRegistry  # noqa: E402
from tests.fakesystem import FAKE_SYSTEM  # noqa: E402

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def fake_registry() -> SystemRegistry:
    """A registry holding only the small test system, to test storage in isolation."""
    return SystemRegistry([FAKE_SYSTEM])
