"""Issue 31: an "Unexpected error" dialog fails a window test (the wizard showed stacks
of them while its tests passed). The tests/ui conftest's autouse fixture is run here on
two small tests in a child pytest: one that makes the dialog fails, one marked
``crash_dialog_expected`` passes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.ui.conftest import REPO

CHILD = """
import pytest
from ui.error_dialog import report_exception


def _report() -> None:
    try:
        raise RuntimeError("a slot failed")
    except RuntimeError as error:
        report_exception(type(error), error, error.__traceback__)


def test_unexpected(qtbot) -> None:
    _report()


@pytest.mark.crash_dialog_expected
def test_expected(qtbot) -> None:
    _report()
"""


@pytest.mark.slow
def test_an_unexpected_error_dialog_fails_the_test(tmp_path: Path) -> None:
    child = tmp_path / "test_child.py"
    child.write_text(CHILD, encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:randomly",
            "-p",
            "tests.conftest",
            "-p",
            "tests.ui.conftest",
            f"--rootdir={REPO}",
            "-c",
            str(REPO / "pyproject.toml"),
            str(child),
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    out = done.stdout
    # the test body passes, its teardown reports the dialog as an error
    assert done.returncode != 0 and "2 passed, 1 error" in out, out[-3000:]
    assert 'ERROR ::test_unexpected - Failed: an "Unexpected error"' in out, out[-3000:]
    assert "a slot failed" in out and "test_expected" not in out, out[-3000:]
