"""Two programs advancing one character at the same time both keep every entry: each
read-modify-write holds the file's lock (sheetapp.storage.locking), and the lock belongs
to the file, whatever name or cache folder reaches it (issue 32: two hard links lost 16
and 21 of 60 entries, two cache folders 8 of 50, every command exiting 0)."""

from __future__ import annotations

import json
import os
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


def start_writer(
    path: Path, rounds: int, name: str, cache: Path | None = None
) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    if cache is not None:
        env["XDG_CACHE_HOME"] = str(cache)  # another user's, or another environment's
    return subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(rounds), name], env=env)


def kept_labels(path: Path) -> list[str]:
    history = json.loads(path.read_text(encoding="utf-8"))["history"]
    return [entry["label"] for entry in history[1:]]


def assert_every_entry_kept(path: Path, rounds: int) -> None:
    labels = kept_labels(path)
    assert len(labels) == 2 * rounds, f"{2 * rounds - len(labels)} of {2 * rounds} entries lost"
    assert {f"first {n}" for n in range(rounds)} <= set(labels)
    assert {f"second {n}" for n in range(rounds)} <= set(labels)


@pytest.mark.slow
def test_two_processes_advancing_one_file_keep_every_entry(tmp_path: Path) -> None:
    path = tmp_path / "owl.json"
    shutil.copy(OWL, path)
    writers = [start_writer(path, ROUNDS, name) for name in ("first", "second")]
    assert [writer.wait(timeout=600) for writer in writers] == [0, 0]
    assert_every_entry_kept(path, ROUNDS)


#: the attack run's size (60 rounds each over hard links, 50 with two cache folders)
ATTACK_ROUNDS = 60


@pytest.mark.slow
@pytest.mark.parametrize("routes", ["hard links", "two cache folders", "both"])
def test_two_names_or_cache_folders_for_one_file_keep_every_entry(
    tmp_path: Path, routes: str
) -> None:
    """Each process reaches the file by its own name (a hard link), or with its own cache
    folder (two users sharing a campaign folder), or both: one lock all the same."""
    path = tmp_path / "owl.json"
    shutil.copy(OWL, path)
    other = path
    if routes in ("hard links", "both"):
        other = tmp_path / "party" / "owl-link.json"
        other.parent.mkdir()
        os.link(path, other)
    caches: list[Path | None] = [None, None]
    if routes in ("two cache folders", "both"):
        caches = [tmp_path / "cache-first", tmp_path / "cache-second"]
    writers = [
        start_writer(path, ATTACK_ROUNDS, "first", caches[0]),
        start_writer(other, ATTACK_ROUNDS, "second", caches[1]),
    ]
    assert [writer.wait(timeout=600) for writer in writers] == [0, 0]
    assert_every_entry_kept(path, ATTACK_ROUNDS)
    assert path.read_bytes() == other.read_bytes()
