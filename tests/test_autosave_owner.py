"""An autosave is offered for recovery once the sheetapp that wrote it is gone, even when
the system has given its process id to another program since (issue 21)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sheetapp.core.system import installed_systems
from sheetapp.editing.autosave import (
    SUFFIX,
    orphaned_autosaves,
    process_identity,
    write_autosave,
)
from sheetapp.storage.examples import load_example

needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


def _autosave(folder: Path, pid: int, process: str | None) -> Path:
    document = load_example("gladiators", "night-owl", installed_systems()).document
    file = folder / f"a{SUFFIX}"
    write_autosave(file, document, None, "Night Owl")
    payload = json.loads(file.read_text(encoding="utf-8"))
    payload["pid"] = pid
    if process is None:
        payload.pop("process", None)
    else:
        payload["process"] = process
    file.write_text(json.dumps(payload), encoding="utf-8")
    return file


@needs_proc
def test_a_reused_process_id_does_not_hide_the_autosave(tmp_path: Path) -> None:
    """The writer's pid now belongs to a live process that started at another time."""
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"]) as other:
        try:
            real = process_identity(other.pid)
            assert real
            _autosave(tmp_path, other.pid, real)
            assert orphaned_autosaves(tmp_path) == []  # its writer still runs: not offered
            _autosave(tmp_path, other.pid, real.rsplit(":", 1)[0] + ":1")
            assert [r.pid for r in orphaned_autosaves(tmp_path)] == [other.pid]
        finally:
            other.kill()


def test_an_older_autosave_without_an_identity_keeps_the_pid_check(tmp_path: Path) -> None:
    _autosave(tmp_path, os.getppid(), None)  # a live process: taken as its writer
    assert orphaned_autosaves(tmp_path) == []
