"""The reliability suite counts what it tried and prints the counts at the end.

Tests take the ``tally`` fixture and add to it (``tally["fuzz: loaded"] += 1``); the
totals appear in the terminal summary ("reliability: cases run", summed by
tests/conftest.py) and as ``record_property`` entries in a JUnit report, so CI logs
show how many cases actually ran.
``SHEETAPP_FUZZ_SCALE=10`` multiplies the number of generated examples (a deeper
run than CI's).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator

import pytest

from tests.conftest import TALLY_PREFIX


def scale() -> int:
    """How many times CI's example counts to run (``SHEETAPP_FUZZ_SCALE``, default 1)."""
    return max(1, int(os.environ.get("SHEETAPP_FUZZ_SCALE", "1")))


@pytest.fixture
def tally(request: pytest.FixtureRequest) -> Iterator[Counter[str]]:
    """This test's case counters, recorded as its properties; tests/conftest.py sums every
    test's into the summary (in pytest-xdist's controller too, where the reports arrive)."""
    mine: Counter[str] = Counter()
    yield mine
    for key, count in sorted(mine.items()):
        request.node.user_properties.append((f"{TALLY_PREFIX}{key}", count))
