"""Test configuration: Qt runs offscreen, sheetapp's own folders (and HOME) point into a
temporary folder of this process, and the reliability suite's counts are summed up."""

from __future__ import annotations

import os
import tempfile
from collections import Counter
from pathlib import Path

# Set before anything imports Qt or platformdirs: no window appears and no test
# writes into the real home folder.
# An offscreen platform with options (the keyboard walkthrough's screen size) is kept.
if not os.environ.get("QT_QPA_PLATFORM", "").startswith("offscreen:"):
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
# Every pytest process (each pytest-xdist worker too) has folders of its own: settings,
# recent files, autosaves and caches of one worker never meet another's.
_HOME = Path(tempfile.mkdtemp(prefix="sheetapp-test-home-"))
for _name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
    os.environ[_name] = str(_HOME / _name.lower())
os.environ["HOME"] = str(_HOME / "home")
(_HOME / "home").mkdir()
# the runtime folder (the storage's lock fallback, Qt's) is the process's own too; Qt
# wants it private to the user
os.environ["XDG_RUNTIME_DIR"] = str(_HOME / "runtime")
(_HOME / "runtime").mkdir(mode=0o700)

import pytest  # noqa: E402

from sheetapp.core.system import SystemRegistry  # noqa: E402
from tests.fakesystem import FAKE_SYSTEM  # noqa: E402

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def fake_registry() -> SystemRegistry:
    """A registry holding only the small test system, to test storage in isolation."""
    return SystemRegistry([FAKE_SYSTEM])


#: the ``xdist_group`` of the tests that run commands as other users: the users are made
#: once per test process (tests/reliability/users.py's ``party``), so these tests share
#: one pytest-xdist worker instead of two workers making and removing the same users
OTHER_USERS = "other-users"


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "party" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group(OTHER_USERS))
    if hasattr(config, "workerinput"):
        # In pytest-xdist's workers (which collect the same list): the long tests first,
        # so that two workers share them and the short ones fill in after, instead of
        # one worker starting a minute-long build when the other has nothing left to do.
        items.sort(key=lambda item: item.get_closest_marker("slow") is None)


#: what the reliability suite's ``tally`` fixture records (tests/reliability/conftest.py)
TALLY_PREFIX = "reliability: "


class ReliabilityTally:
    """Sums the counts each test recorded and prints them at the end. It reads them from
    the test reports, so it works where the reports arrive: in the one pytest process, or
    in pytest-xdist's controller (the workers' own counters never reach it)."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when != "teardown":
            return
        for key, count in report.user_properties:
            if isinstance(key, str) and key.startswith(TALLY_PREFIX) and isinstance(count, int):
                self.counts[key.removeprefix(TALLY_PREFIX)] += count

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if not self.counts:
            return
        terminalreporter.section("reliability: cases run")
        for key, count in sorted(self.counts.items()):
            terminalreporter.write_line(f"{key}: {count:,}")


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(ReliabilityTally(), "sheetapp-reliability-tally")
