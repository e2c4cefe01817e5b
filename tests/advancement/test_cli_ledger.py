"""`sheetapp advance`, `history` and `revert` end to end."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sheetapp.advancement import Advancement, commit
from sheetapp.cli import main
from sheetapp.core.system import installed_systems
from sheetapp.storage.files import load_document, save_document
from sheetapp.systems.gladiators.system import SYSTEM
from tests.advancement.helpers import ARMOUR, NIGHT_OWL, forty_gp_hero, level

REPO = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def owl(tmp_path: Path) -> Path:
    path = tmp_path / "owl.json"
    path.write_bytes(NIGHT_OWL.read_bytes())
    return path


def test_advance_records_an_earning_and_keeps_a_backup(
    owl: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    original = owl.read_bytes()
    code, out, err = run(
        capsys, "advance", str(owl), "--earn", "5", "--label", "Session 1", "--note", "Won",
        "--date", "2024-05-01",
    )  # fmt: skip
    assert code == 0, err
    assert out.splitlines() == [
        'Recorded entry 1 (2024-05-01, "Session 1"): +5 GP',
        "  Glory Points: 28 / 45 GP (17 GP unspent)",
    ]
    assert owl.with_name("owl.json.bak").read_bytes() == original
    history = json.loads(owl.read_text(encoding="utf-8"))["history"]
    assert [(e["kind"], e["earned"], e["note"]) for e in history] == [
        ("creation", {}, ""),
        ("advance", {"gp": 5}, "Won"),
    ]


def test_history_prints_every_entry_with_costs_and_running_budget(
    owl: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "advance", str(owl), "--earn", "5", "--label", "Session 1", "--date", "2024-05-01")
    document = load_document(owl, installed_systems()).document
    spent = commit(
        SYSTEM,
        document,
        Advancement({"gp": 2}, [level(ARMOUR, 4, 7)], "Session 2", "", "2024-05-08"),
    )
    save_document(spent, owl)
    code, out, _ = run(capsys, "history", str(owl))
    assert code == 0
    assert out.splitlines() == [
        "Night Owl — Glorious Gladiators v6 — ledger of 3 entries",
        "#0  2024-05-01  Starting build",
        "    = Glory Points: 28 / 40 GP (12 GP unspent)",
        "#1  2024-05-01  Session 1  earned +5 GP",
        "    = Glory Points: 28 / 45 GP (17 GP unspent)",
        "#2  2024-05-08  Session 2  earned +2 GP",
        "    Kevlar Suit (Armour): level 4 → 7, +4 GP",
        "    = Glory Points: 32 / 47 GP (15 GP unspent)",
    ]
    code, out, _ = run(capsys, "history", str(owl), "--json")
    report = json.loads(out)
    assert code == 0 and report["name"] == "Night Owl"
    assert [e["index"] for e in report["entries"]] == [0, 1, 2]
    change = report["entries"][2]["changes"][0]
    assert (change["label"], change["before"], change["after"], change["cost"]) == (
        "Kevlar Suit (Armour): level",
        4,
        7,
        {"gp": 4},
    )
    assert report["entries"][2]["totals"][0]["remaining"] == 15


def test_revert_end_to_end_and_its_refusal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without session 1's 5 GP, session 2's Armour L7 (44 GP) breaks the 40 GP budget
    (seed line 13), so reverting session 1 is refused, naming session 2; session 2 itself
    can be reverted."""
    first = commit(
        SYSTEM, forty_gp_hero(), Advancement({"gp": 5}, (), "Session 1", "", "2024-05-01")
    )
    second = commit(
        SYSTEM, first, Advancement({}, [level(ARMOUR, 4, 7)], "Session 2", "", "2024-05-08")
    )
    path = tmp_path / "hero.json"
    save_document(second, path)
    before = path.read_bytes()
    code, out, err = run(capsys, "revert", str(path), "--entry", "1")
    assert code == 1 and out == ""
    assert err.startswith(
        'sheetapp: nothing changed: Entry 2 (2024-05-08, "Session 2") would break a rule: '
    )
    assert "44 GP spent of 40" in err
    assert path.read_bytes() == before
    code, out, err = run(capsys, "revert", str(path), "--entry", "2")
    assert code == 0, err
    assert out.splitlines() == [
        'Reverted entry 2 (2024-05-08, "Session 2")',
        "  Glory Points: 40 / 45 GP (5 GP unspent)",
    ]
    assert len(json.loads(path.read_text(encoding="utf-8"))["history"]) == 2
    code, _, err = run(capsys, "revert", str(path), "--entry", "0")
    assert code == 2 and "starting build" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--earn", "5", "--date", "yesterday"], "YYYY-MM-DD"),
        (["--earn", "5", "--currency", "xp"], "does not earn 'xp'"),
        (["--earn", "0"], "nothing was earned"),
    ],
)
def test_advance_refuses_bad_input_and_leaves_the_file(
    owl: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    before = owl.read_bytes()
    code, _, err = run(capsys, "advance", str(owl), *args)
    assert code == 2 and message in err
    assert owl.read_bytes() == before and not owl.with_name("owl.json.bak").exists()


def test_an_earning_is_recorded_on_a_character_that_already_breaks_a_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One advantage where "A character must have 2-5 advantages" (line 274) is an error;
    earning GP does not add it, so the earning is recorded."""
    path = tmp_path / "blank.json"
    run(capsys, "new", "gladiators", "-o", str(path))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["character"]["advantages"] = [{"trait": "skill", "name": "Spy"}]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert run(capsys, "validate", str(path))[0] == 1
    code, out, _ = run(capsys, "advance", str(path), "--earn", "5")
    assert code == 0 and "Recorded entry 1" in out


def test_history_of_a_character_without_a_ledger(
    owl: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "history", str(owl))
    assert code == 0 and "(no advancement recorded yet)" in out


def test_the_commands_run_as_a_process(owl: Path) -> None:
    """The real command line: routed to the CLI (not the window), no traceback."""
    for args in (["advance", str(owl), "--earn", "3"], ["history", str(owl)]):
        result = subprocess.run(
            [sys.executable, "-m", "sheetapp", *args], capture_output=True, text=True, check=False
        )
        assert result.returncode == 0, result.stderr
        assert "Traceback" not in result.stderr
    assert "earned +3 GP" in result.stdout


def test_capital_levels_up_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "When you Level Up: Your max HP increases. Check your Role to find out how much."
    (line 357): the dice are given (or rolled with --roll), then what the level offers."""
    path = tmp_path / "mara.json"
    shutil.copy(REPO / "resources/examples/capital/mara-quell.json", path)
    code, _, err = run(capsys, "level-up", str(path))
    assert code == 2 and "--dice hp=" in err and "--roll" in err
    code, _, err = run(capsys, "level-up", str(path), "--hp", "4", "--dice", "pets=2")
    assert code == 2 and "no 'pets' dice" in err
    code, _, err = run(
        capsys, "level-up", str(path), "--hp", "4,3", "--dice", "companion=2", "--take", "nope"
    )
    assert code == 2 and "'nope' is not something this level offers" in err
    code, out, _ = run(capsys, "level-up", str(path), "--roll", "--label", "Chapter 2")
    assert code == 0 and "Recorded entry 1" in out and "Chapter 2" in out
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["character"]["level"] == 2 and data["history"][1]["earned"] == {"level": 1}


def test_a_system_without_levels_has_no_level_up(
    owl: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "level-up", str(owl), "--roll")
    assert code == 3 and "no numbered levels" in err


def test_an_absurd_earning_is_refused_with_the_bound(
    owl: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """3,000,000,000 GP once made the window fail at start-up (its totals are 32-bit):
    one entry earns at most a million, and a file saying more is refused where it says so."""
    before = owl.read_bytes()
    code, _, err = run(capsys, "advance", str(owl), "--earn", "3000000000")
    assert code == 2 and "at most 1,000,000" in err
    assert owl.read_bytes() == before
    data = json.loads(before)
    data["history"] = [{"date": "2024-01-01", "kind": "advance", "earned": {"gp": 3_000_000_000}}]
    owl.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "validate", str(owl))
    assert code == 2 and "history" in err
