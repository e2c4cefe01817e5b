"""The reliability suite counts what it tried and prints the counts at the end.

Tests take the ``tally`` fixture and add to it (``tally["fuzz: loaded"] += 1``); the
totals appear in the terminal summary ("reliability: ...") and as ``record_property``
entries in a JUnit report, so CI logs show how many cases actually ran.
``SHEETAPP_FUZZ_SCALE=10`` multiplies the number of generated examples (a deeper
run than CI's).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator

import pytest

TALLY = pytest.StashKey[Counter[str]]()


def scale() -> int:
    """How many times CI's example counts to run (``SHEETAPP_FUZZ_SCALE``, default 1)."""
    return max(1, int(os.environ.get("SHEETAPP_FUZZ_SCALE", "1")))


@pytest.fixture
def tally(request: pytest.FixtureRequest) -> Iterator[Counter[str]]:
    """The session's case counters; this test's own counts are recorded as properties."""
    total = request.config.stash.setdefault(TALLY, Counter())
    mine: Counter[str] = Counter()
    yield mine
    total.update(mine)
    for key, count in sorted(mine.items()):
        request.node.user_properties.append((key, count))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    counts = terminalreporter.config.stash.get(TALLY, None)
    if not counts:
        return
    terminalreporter.section("reliability: cases run")
    for key, count in sorted(counts.items()):
        terminalreporter.write_line(f"{key}: {count:,}")
