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


PLAY_ROUNDS = 25
ROLLER = """
import contextlib, io, sys
from sheetapp.cli import main
hit = ["--dice", "5 5", "--dice", "location=3 3 3", "--vs", "10", "--option", "attacker_av=0",
       "--option", "ev=3", "--apply"]
for n in range(int(sys.argv[2])):
    with contextlib.redirect_stdout(io.StringIO()):
        if sys.argv[3] == "advance":
            code = main(["advance", sys.argv[1], "--earn", "1", "--label", f"session {n}"])
        else:
            code = main(["roll", sys.argv[1], "hit", *hit])
    if code != 0:
        sys.exit(code)
"""


@pytest.mark.slow
def test_roll_apply_and_advance_at_once_keep_every_entry(tmp_path: Path) -> None:
    """`roll --apply` holds the file's lock as `advance` does: every wound and every ledger
    entry written by two processes at the same time is kept."""
    from sheetapp.cli import main

    path = tmp_path / "kit.json"
    assert main(["new", "twod10", "-o", str(path), "--name", "Kit"]) == 0
    writers = [
        subprocess.Popen([sys.executable, "-c", ROLLER, str(path), str(PLAY_ROUNDS), kind])
        for kind in ("advance", "roll")
    ]
    assert [writer.wait(timeout=600) for writer in writers] == [0, 0]
    data = json.loads(path.read_text(encoding="utf-8"))
    labels = [entry["label"] for entry in data["history"]]
    assert {f"session {n}" for n in range(PLAY_ROUNDS)} <= set(labels)
    assert len(data["character"]["wounds"]) == PLAY_ROUNDS
