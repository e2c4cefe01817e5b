"""Two programs advancing one character at the same time both keep every entry: each
read-modify-write holds the file's lock (sheetapp.storage.locking)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
OWL = REPO / "resources" / "examples" / "gladiators" / "night-owl.json"
ROUNDS = 100
WRITER = """
import contextlib, io, sys
from sheetapp.cli import main
for n in range(int(sys.argv[2])):
    with contextlib.redirect_stdout(io.StringIO()):
        code = main(["advance", sys.argv[1], "--earn", "1", "--label", f"{sys.argv[3]} {n}"])
    if code != 0:
        sys.exit(code)
"""


@pytest.mark.slow
def test_two_processes_advancing_one_file_keep_every_entry(tmp_path: Path) -> None:
    path = tmp_path / "owl.json"
    shutil.copy(OWL, path)
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(ROUNDS), name])
        for name in ("first", "second")
    ]
    assert [writer.wait(timeout=600) for writer in writers] == [0, 0]
    history = json.loads(path.read_text(encoding="utf-8"))["history"]
    labels = [entry["label"] for entry in history[1:]]
    assert len(labels) == 2 * ROUNDS
    assert {f"first {n}" for n in range(ROUNDS)} <= set(labels)
    assert {f"second {n}" for n in range(ROUNDS)} <= set(labels)
