"""``SHEETAPP_QUIT_AFTER_SHOW=1``: the window starts, shows the files, and exits 0 by
itself (the packaging smoke test and the start-up benchmark rely on it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sheetapp.core.system import installed_systems
from sheetapp.editing.autosave import new_autosave_file, orphaned_autosaves, write_autosave
from sheetapp.storage.files import load_document
from tests.ui.conftest import REPO, SAMPLE

TIMEOUT_S = 60


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SHEETAPP_QUIT_AFTER_SHOW="1")
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(home / name.lower())
    return env


def _start(args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sheetapp", *args],
        cwd=REPO,
        env=_env(home),
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=False,
    )


@pytest.mark.slow
def test_the_window_shows_the_file_and_exits_zero(tmp_path: Path) -> None:
    done = _start([str(SAMPLE)], tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "sheetapp: window shown with 1 character(s)" in done.stdout


@pytest.mark.slow
def test_without_files_it_shows_an_empty_window_and_exits_zero(tmp_path: Path) -> None:
    done = _start([], tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "window shown with 0 character(s)" in done.stdout


@pytest.mark.slow
def test_an_autosave_left_by_a_crash_does_not_stop_it(tmp_path: Path) -> None:
    """Recovery is a modal question; the unattended start must not wait for an answer,
    and must leave the autosave for the next real start."""
    probe = subprocess.run(
        [sys.executable, "-c", "from sheetapp.paths import autosave_dir; print(autosave_dir())"],
        cwd=REPO,
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=True,
    )
    folder = Path(probe.stdout.strip())
    assert str(folder).startswith(str(tmp_path))
    folder.mkdir(parents=True)
    loaded = load_document(SAMPLE, installed_systems())
    orphan = new_autosave_file(folder)
    write_autosave(orphan, loaded.document, None, "Night Owl")
    record = json.loads(orphan.read_text(encoding="utf-8"))
    record["pid"] = 2**22 + 12345  # above Linux's largest pid: no such process
    orphan.write_text(json.dumps(record), encoding="utf-8")
    assert [r.file for r in orphaned_autosaves(folder)] == [orphan]
    done = _start([str(SAMPLE)], tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "window shown with 1 character(s)" in done.stdout
    assert orphan.exists()
