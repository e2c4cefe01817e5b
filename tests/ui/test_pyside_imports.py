"""PySide6 asks of each module imported after it whether its source mentions PySide6;
sheetapp's window answers from the file's bytes, the same answer without reading every
module into ``linecache`` through ``inspect`` (30 ms of a start-up)."""

from __future__ import annotations

import importlib
import linecache
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import ui  # noqa: F401  (puts the quicker check in place)
from ui.pyside_imports import CHECK, FEATURE_MODULE, quicken_source_check


@pytest.fixture
def probes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    (tmp_path / "probe_says_pyside.py").write_text('"""Made with PySide6."""\nVALUE = 1\n')
    (tmp_path / "probe_says_nothing.py").write_text('"""Plain Python."""\nVALUE = 2\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    yield tmp_path
    for name in ("probe_says_pyside", "probe_says_nothing"):
        sys.modules.pop(name, None)


def test_the_quicker_check_is_in_place() -> None:
    feature = sys.modules[FEATURE_MODULE]
    assert getattr(getattr(feature, CHECK), "quick", False)
    assert quicken_source_check()  # a second call keeps it


def test_modules_get_pysides_own_answer_without_linecache(probes: Path) -> None:
    feature = sys.modules[FEATURE_MODULE]
    from probe_says_nothing import VALUE as second  # type: ignore[import-not-found]
    from probe_says_pyside import VALUE as first  # type: ignore[import-not-found]

    assert (first, second) == (1, 2)
    # PySide's meaning: 0 = uses PySide (no feature chosen), -1 = ignore the module
    assert feature.pyside_feature_dict["probe_says_pyside"] == 0
    assert feature.pyside_feature_dict["probe_says_nothing"] == -1
    assert str(probes / "probe_says_pyside.py") not in linecache.cache
    assert str(probes / "probe_says_nothing.py") not in linecache.cache
