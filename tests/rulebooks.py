"""Where the tests find the rulebooks, and what they say when they are not there.

The rulebooks (the seed files) are not in the repository: they live in ``../shared/seeds/``
beside the checkout (the README's table of systems names each file). The tests that read
them skip without them, with :data:`NOT_HERE` saying how to get them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SEEDS = REPO.parent / "shared" / "seeds"

NOT_HERE = (
    f"the rulebooks are not here: put the seed files named in the README's table of "
    f"systems (000_...txt to 004_...txt) in {SEEDS} (../shared/seeds/ beside the checkout)"
)

#: for a test that reads the rulebooks
needs_rulebooks = pytest.mark.skipif(not SEEDS.is_dir(), reason=NOT_HERE)


def skip_without(seed_file: Path) -> None:
    """Skip the running test, saying how to get the rulebooks, when ``seed_file`` is missing."""
    if not seed_file.is_file():
        pytest.skip(NOT_HERE)
