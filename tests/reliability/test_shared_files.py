"""Files shared between users stay their owners' (issue 32): in a campaign folder the
group may write, a player's ``advance`` or ``export-json --force`` replaced the game
master's 0644 file and the new file was the player's. Now a file the user may not write
is refused (exit 2, "... belongs to sheetapp-gm and you may not write it"), and one they
may write but do not own is written in place: same file, same owner. Two users with their
own cache folders advancing one file keep every entry."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.reliability.users import Party, campaign, give, party

__all__ = ["campaign", "party"]  # fixtures

REPO = Path(__file__).resolve().parents[2]
OWL = REPO / "resources" / "examples" / "gladiators" / "night-owl.json"


def gm_file(party: Party, campaign: Path, name: str, mode: int) -> Path:
    path = campaign / name
    shutil.copy(OWL, path)
    return give(path, party.gm, party.gid, mode)


def labels(path: Path) -> list[str]:
    return [entry["label"] for entry in json.loads(path.read_text(encoding="utf-8"))["history"]]


def test_a_file_the_player_may_not_write_is_refused(party: Party, campaign: Path) -> None:
    owl = gm_file(party, campaign, "owl.json", 0o644)
    sheet = gm_file(party, campaign, "sheet.json", 0o644)
    before = {path: (path.read_bytes(), path.stat()) for path in (owl, sheet)}
    home = party.home(campaign.parent)
    runs = {
        "advance": party.sheetapp("advance", str(owl), "--earn", "1", home=home),
        "export-json": party.sheetapp(
            "export-json", str(owl), "-o", str(sheet), "--force", home=home
        ),
        "new": party.sheetapp("new", "gladiators", "-o", str(sheet), "--force", home=home),
    }
    for command, run in runs.items():
        assert run.returncode == 2, f"{command}: {run.returncode} {run.stderr}"
        assert "belongs to sheetapp-gm and you may not write it" in run.stderr, command
        assert "Traceback" not in run.stderr
    for path, (data, info) in before.items():
        now = path.stat()
        assert path.read_bytes() == data, path.name
        assert (now.st_ino, now.st_uid, now.st_mode) == (info.st_ino, info.st_uid, info.st_mode)
    assert not (campaign / "owl.json.bak").exists()


def test_a_group_writable_file_keeps_its_owner(party: Party, campaign: Path) -> None:
    """The player may write it but could not give a new file back to the game master: it
    is written in place (after the backup), so it stays the game master's."""
    owl = gm_file(party, campaign, "owl.json", 0o664)
    sheet = gm_file(party, campaign, "sheet.json", 0o664)
    inodes = {path: path.stat().st_ino for path in (owl, sheet)}
    home = party.home(campaign.parent)
    run = party.sheetapp("advance", str(owl), "--earn", "1", "--label", "Mine", home=home)
    assert run.returncode == 0, run.stderr
    run = party.sheetapp("export-json", str(owl), "-o", str(sheet), "--force", home=home)
    assert run.returncode == 0, run.stderr
    assert labels(owl)[-1] == "Mine"
    assert json.loads(sheet.read_text(encoding="utf-8"))["format"] == "sheetapp.export"
    for path in (owl, sheet):
        info = path.stat()
        assert (info.st_uid, info.st_gid) == (party.gm.uid, party.gid), path.name
        assert stat.S_IMODE(info.st_mode) == 0o664, path.name
        assert info.st_ino == inodes[path], f"{path.name} was replaced, not written"
    assert (campaign / "owl.json.bak").exists()


ROUNDS = 30
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
@pytest.mark.parametrize("routes", ["one name", "hard links"])
def test_two_users_advancing_one_file_keep_every_entry(
    party: Party, campaign: Path, routes: str
) -> None:
    """Root (its own cache folder) and the player (theirs) advance the game master's
    group-writable file at once, by one name or by two hard links."""
    owl = gm_file(party, campaign, "owl.json", 0o664)
    other = owl
    if routes == "hard links":
        other = campaign / "owl-link.json"
        os.link(owl, other)
    home = party.home(campaign.parent)
    env = {**os.environ, "XDG_CACHE_HOME": str(campaign.parent / "root-cache")}
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(owl), str(ROUNDS), "root"], env=env),
        party.popen(["-c", WRITER, str(other), str(ROUNDS), "player"], home, cwd=str(home)),
    ]
    assert [writer.wait(timeout=600) for writer in writers] == [0, 0]
    kept = labels(owl)[1:]
    assert len(kept) == 2 * ROUNDS, f"{2 * ROUNDS - len(kept)} of {2 * ROUNDS} entries lost"
    assert {f"root {n}" for n in range(ROUNDS)} | {f"player {n}" for n in range(ROUNDS)} == set(
        kept
    )
    info = owl.stat()
    assert (info.st_uid, info.st_gid) == (party.gm.uid, party.gid)
