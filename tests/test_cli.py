"""The CLI contract the project was given (../shared/DESIGN.md, "Contracts"): commands,
exit codes, messages without tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sheetapp import __version__
from sheetapp.cli import COMMANDS, build_parser, main, wants_gui

SAMPLE = (
    Path(__file__).resolve().parents[1] / "resources" / "examples" / "gladiators" / "night-owl.json"
)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_systems_lists_gladiators(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "systems")
    assert code == 0
    rows = [line.split("\t")[:2] for line in out.splitlines()]
    assert ["gladiators", "Glorious Gladiators v6"] in rows


def test_version_matches_the_package(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"sheetapp {__version__}"


def test_new_then_validate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "hero.json"
    code, out, _ = run(capsys, "new", "gladiators", "-o", str(target), "--name", "Zoë")
    # writing succeeded: exit 0, and the steps still to do are named
    assert code == 0 and target.exists()
    assert "1 step left to do: Advantages and Disadvantages" in out
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["meta"]["name"] == "Zoë" and data["system"] == "gladiators"
    code, out, _ = run(capsys, "validate", str(target), "--json")
    report = json.loads(out)
    # A new character is not legal yet: "A character must have 2-5 advantages and 1-4
    # disadvantages." (line 274) are errors, marked as the step still to do.
    assert code == 1
    assert report["valid"] is False
    steps = {i["code"]: (i["severity"], i["step"]) for i in report["issues"]}
    todo = ("error", "Advantages and Disadvantages")
    assert steps["gladiators.advantages_count"] == todo
    assert steps["gladiators.disadvantages_count"] == todo
    assert report["totals"][0]["key"] == "gp" and report["totals"][0]["spent"] == 0
    code, out, _ = run(capsys, "validate", str(target))
    assert code == 1 and "(to do: Advantages and Disadvantages)" in out


def test_new_refuses_to_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "hero.json"
    target.write_text("precious")
    code, _, err = run(capsys, "new", "gladiators", "-o", str(target))
    assert code == 2 and "--force" in err
    assert target.read_text() == "precious"


def test_new_with_unknown_system(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "new", "dragons", "-o", str(tmp_path / "x.json"))
    assert code == 2 and "gladiators" in err


def test_validate_sample_has_no_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", str(SAMPLE))
    assert code == 0
    assert "Glory Points: 28 / 40 GP" in out
    assert "Night Owl" in out


def test_validate_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", str(SAMPLE), "--json")
    report = json.loads(out)
    assert code == 0
    assert set(report) == {
        "system", "name", "valid", "totals", "derived", "issues", "counts", "play"
    }  # fmt: skip
    assert report["play"] == {"conditions": [], "contacts": [], "uses": []}
    assert "play" not in json.loads(SAMPLE.read_text(encoding="utf-8"))  # none in the file yet
    assert {"severity", "code", "message", "path", "location", "hint"} <= set(report["issues"][0])
    assert report["derived"][0] == {
        "key": "hits",
        "label": "Hits",
        "value": 5,
        "explanation": "3 + Toughness 2",
        "path": [],
    }


def test_export_json_carries_totals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "out.json"
    code, _, _ = run(capsys, "export-json", str(SAMPLE), "-o", str(out_file))
    data = json.loads(out_file.read_text(encoding="utf-8"))
    assert code == 0
    assert data["evaluation"]["totals"][0]["spent"] == 28
    assert data["document"]["meta"]["name"] == "Night Owl"


def test_export_pdf_writes_the_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "x.pdf"
    code, out, _ = run(capsys, "export-pdf", str(SAMPLE), "-o", str(target), "--paper", "letter")
    assert code == 0 and "Wrote" in out
    assert target.read_bytes().startswith(b"%PDF-")


def test_schema_covers_the_envelope(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "schema")
    schema = json.loads(out)
    assert code == 0
    # With several systems the file is a union discriminated by "system": check each one.
    documents = [
        schema["$defs"][ref["$ref"].rsplit("/", 1)[1]] for ref in schema.get("oneOf", [])
    ] or [schema]
    for document in documents:
        assert {
            "format",
            "schema_version",
            "system",
            "meta",
            "campaign",
            "character",
            "history",
        } <= set(document["properties"])


def test_gui_is_chosen_for_no_arguments_or_a_file() -> None:
    assert wants_gui([]) and wants_gui(["hero.json"])
    assert not wants_gui(["validate", "hero.json"]) and not wants_gui(["--version"])


BAD_FILES: dict[str, bytes] = {
    "not-json": b"this is not json at all",
    "truncated": SAMPLE.read_bytes()[:300],
    "wrong-type": SAMPLE.read_bytes().replace(b'"gp_budget": 40', b'"gp_budget": "forty"'),
    "unknown-system": SAMPLE.read_bytes().replace(
        b'"system": "gladiators"', b'"system": "dragons"'
    ),
    "newer-schema": SAMPLE.read_bytes().replace(b'"schema_version": 2', b'"schema_version": 9'),
    "unknown-ability": SAMPLE.read_bytes().replace(
        b'"ability": "toughness"', b'"ability": "flight"'
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_unreadable_files_exit_2_without_traceback(tmp_path: Path, case: str) -> None:
    """Run as a real process: the user sees one paragraph naming the place, no traceback."""
    path = tmp_path / f"{case}.json"
    path.write_bytes(BAD_FILES[case])
    result = subprocess.run(
        [sys.executable, "-m", "sheetapp", "validate", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr + result.stdout
    message = result.stderr.strip()
    assert message.startswith(f"sheetapp: Cannot open '{case}.json'")
    assert "\n" not in message
    assert "where:" in message or "MB" in message


def test_fifty_megabyte_file_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as stream:
        stream.truncate(50 * 1024 * 1024)
    result = subprocess.run(
        [sys.executable, "-m", "sheetapp", "validate", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "50.0 MB" in result.stderr


def test_examples_are_listed_and_new_from_an_example_writes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "examples", "gladiators")
    assert code == 0
    assert "night-owl\tNight Owl\t" in out
    target = tmp_path / "owl.json"
    code, _, err = run(capsys, "new", "gladiators", "--example", "night-owl", "-o", str(target))
    assert code == 0, err
    assert json.loads(target.read_text("utf-8"))["meta"]["name"] == "Night Owl"


def test_new_from_an_unknown_example_names_the_known_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "x.json"
    code, _, err = run(capsys, "new", "gladiators", "--example", "nobody", "-o", str(target))
    assert code == 2
    assert "no example 'nobody'" in err
    assert "night-owl" in err
    assert not target.exists()


def test_every_subcommand_is_routed_to_the_cli_not_the_window() -> None:
    parser_commands = {
        name
        for action in build_parser()._subparsers._group_actions  # type: ignore[union-attr]
        for name in action.choices
    }
    assert parser_commands == set(COMMANDS)
    assert not any(wants_gui([name]) for name in parser_commands)


def test_a_closed_pipe_is_not_an_internal_error(tmp_path: Path) -> None:
    """``sheetapp schema | head -1``: the reader leaves early; no error message."""
    import subprocess
    import sys

    process = subprocess.Popen(
        [sys.executable, "-m", "sheetapp", "schema"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        bufsize=0,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # gone before the first line is written
    error = process.stderr.read().decode()
    assert process.wait(timeout=60) in (0, 1)
    assert "internal error" not in error


def test_without_a_display_the_window_is_unavailable_not_a_crash() -> None:
    """Qt aborts (exit 134) when it finds no display: say so and exit 3 instead."""
    import os

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    example = Path(__file__).resolve().parents[1] / "resources/examples/gladiators/night-owl.json"
    result = subprocess.run(
        [sys.executable, "-m", "sheetapp", str(example)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=60,
    )
    if sys.platform in ("win32", "darwin"):
        pytest.skip("a display is always there")
    assert result.returncode == 3 and "no display" in result.stderr
