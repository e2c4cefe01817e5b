"""`sheetapp actions` and `sheetapp roll` end to end: a typed roll resolved, recorded with
--apply, the file still valid; bad dice, unknown actions and options refused with exit 2."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from sheetapp.cli import main

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "resources" / "examples"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def example(tmp_path: Path, system: str, name: str) -> Path:
    path = tmp_path / f"{name}.json"
    shutil.copy(EXAMPLES / system / f"{name}.json", path)
    return path


def test_actions_lists_the_declarations(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = example(tmp_path, "twod10", "dax-morrow-soldier")
    code, out, _ = run(capsys, "actions", str(path))
    assert code == 0 and "hit\tHit by an attack" in out and "--option cover=" in out
    code, out, _ = run(capsys, "actions", str(path), "--json")
    ids = [action["id"] for action in json.loads(out)["actions"]]
    assert {"check", "attack", "hit", "psionic", "ping", "detect", "phase"} <= set(ids)


def test_twod10_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """002 line 35: "Roll 2d6+1 if the target has low cover": the wound recorded, one save."""
    path = example(tmp_path, "twod10", "dax-morrow-soldier")
    before = json.loads(path.read_text(encoding="utf-8"))
    args = ["roll", str(path), "hit", "--dice", "7 9", "--dice", "location=2 3", "--vs", "14"]
    args += ["--option", "attacker_av=8", "--option", "ev=12", "--option", "cover=low_cover"]
    code, out, _ = run(capsys, *args, "--json")
    result = json.loads(out)
    assert code == 0 and result["applied"] is False
    assert result["values"]["location_roll"] == 6 and result["values"]["location"] == "hand"
    assert json.loads(path.read_text(encoding="utf-8")) == before  # nothing written
    code, out, _ = run(capsys, *args, "--apply")
    assert code == 0 and "Recorded the wound" in out
    after = json.loads(path.read_text(encoding="utf-8"))
    assert len(after["character"]["wounds"]) == len(before["character"]["wounds"]) + 1
    assert after["history"] == before["history"]  # the ledger is untouched
    code, out, _ = run(capsys, "validate", str(path))
    assert code in (0, 1) and "Hand" in out


def test_influence_condition_shown_by_validate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """002 line 78: "5-8 Stunned: target loses next Action.": recorded as a condition."""
    path = example(tmp_path, "twod10", "dax-morrow-soldier")
    code, out, _ = run(
        capsys, "roll", str(path), "influenced", "--dice", "10 9", "--vs", "10",
        "--option", "attacker_av=0", "--option", "ev=2", "--apply",
    )  # fmt: skip
    assert code == 0 and "Stunned" in out
    code, out, _ = run(capsys, "validate", str(path), "--json")
    assert [c["name"] for c in json.loads(out)["play"]["conditions"]] == ["Stunned"]
    assert "Condition: Stunned" in run(capsys, "validate", str(path))[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "--dice", "0 4"], "a D10 shows 1 to 10, not 0"),
        (["check", "--dice", "3 4 5"], "takes 2 dice or their total"),
        (["check", "--dice", "21"], "totals 2 to 20"),
        (["nosuch"], "there is no action 'nosuch'"),
        (["check", "--option", "range=3"], "has no option 'range'"),
        (["check", "--option", "surprise=maybe"], "allowed: yes or no"),
        (["check", "--option", "surprise"], "write NAME=VALUE"),
        (["check", "--dice", "pets=3"], "rolls no 'pets' dice"),
        (["psionic", "--dice", "5 5", "--vs", "10", "--option", "points=11"], "outside the"),
    ],
)
def test_bad_rolls_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    path = example(tmp_path, "twod10", "ilse-varga-psion")
    before = path.read_bytes()
    code, _, err = run(capsys, "roll", str(path), *args, "--apply")
    assert code == 2 and message in err and "Traceback" not in err
    assert path.read_bytes() == before


def test_roll_for_me_prints_its_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = example(tmp_path, "twod10", "dax-morrow-soldier")
    code, out, _ = run(capsys, "roll", str(path), "check", "--seed", "7", "--json")
    first = json.loads(out)
    assert code == 0 and first["dice"]["ar"]["seed"] == 7 and first["dice"]["ar"]["how"] == "rolled"
    assert json.loads(run(capsys, "roll", str(path), "check", "--seed", "7", "--json")[1]) == first


ROUND_TRIPS = [
    (
        "hero-xmen",
        "lodestar",
        ["knockback", "--dice", "6 6 6", "--option", "body=10"],
        ("play", "conditions", 0, "name", 'Knocked back 6"'),
    ),
    (
        "capital",
        "mara-quell",
        ["check", "--dice", "1 2", "--dice", "opponent=4 4", "--vs", "5"],
        ("character", "vitals", "grit", 1),
    ),
    ("powersets", "volt", ["spell", "--dice", "96"], ("play", "uses", 0, "spent", 1)),
    (
        "gladiators",
        "night-owl",
        ["reactivate", "--dice", "2"],
        ("play", "conditions", 0, "name", "Out of action"),
    ),
]


@pytest.mark.parametrize("case", ROUND_TRIPS, ids=[case[0] for case in ROUND_TRIPS])
def test_round_trip_in_every_system(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: tuple[Any, ...]
) -> None:
    """A typed roll resolved (`--json`), recorded (`--apply`), and the file still reads and
    validates as before, the ledger untouched."""
    system, name, args, recorded = case
    path = example(tmp_path, system, name)
    before = json.loads(path.read_text(encoding="utf-8"))
    valid_before = run(capsys, "validate", str(path))[0]
    code, out, err = run(capsys, "roll", str(path), *args, "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["system"] == system and result["applied"] is False and result["effect"]
    code, out, err = run(capsys, "roll", str(path), *args, "--apply")
    assert code == 0 and "Recorded" in out, err
    data = json.loads(path.read_text(encoding="utf-8"))
    *where, expected = recorded
    for key in where:
        data = data[key]
    assert data == expected
    assert json.loads(path.read_text(encoding="utf-8"))["history"] == before["history"]
    assert run(capsys, "validate", str(path))[0] == valid_before
