"""Ordinary input never ends in exit 70 (internal error), and exit codes hold under a
broken standard error (issue 32): a label over 500 characters or with bytes that are not
UTF-8 exits 2 naming the limit or the bytes; file names that are not UTF-8 work as the
system allows; ``validate missing.json 2>/dev/full`` exits 2, not 1 ("rule errors"); a
mistyped command says so (exit 2) instead of opening the window."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sheetapp import cli
from sheetapp.cli import main
from sheetapp.core.document import MAX_NAME_LENGTH

REPO = Path(__file__).resolve().parents[2]
OWL = REPO / "resources" / "examples" / "gladiators" / "night-owl.json"


@pytest.fixture
def owl(tmp_path: Path) -> Path:
    path = tmp_path / "owl.json"
    shutil.copy(OWL, path)
    return path


def labels(path: Path) -> list[str]:
    return [entry["label"] for entry in json.loads(path.read_text(encoding="utf-8"))["history"]]


def test_a_label_over_the_limit_is_refused_naming_it(
    owl: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = owl.read_bytes()
    too_long = "x" * (MAX_NAME_LENGTH + 1)
    assert main(["advance", str(owl), "--earn", "1", "--label", too_long]) == 2
    err = capsys.readouterr().err
    assert f"--label is 501 characters long; a label may be at most {MAX_NAME_LENGTH}" in err
    assert owl.read_bytes() == before
    assert main(["new", "gladiators", "-o", str(owl.with_name("n.json")), "--name", too_long]) == 2
    assert "a name may be at most 500" in capsys.readouterr().err
    assert main(["advance", str(owl), "--earn", "1", "--label", "x" * MAX_NAME_LENGTH]) == 0
    assert labels(owl)[-1] == "x" * MAX_NAME_LENGTH


@pytest.mark.parametrize("option", ["--label", "--note"])
def test_bytes_that_are_not_utf8_in_a_label_are_refused_naming_them(
    owl: Path, capsys: pytest.CaptureFixture[str], option: str
) -> None:
    """The shell hands Python b"a\\xffb" as "a\\udcffb" (surrogateescape)."""
    before = owl.read_bytes()
    bad = os.fsdecode(b"a\xffb")
    assert main(["advance", str(owl), "--earn", "1", option, bad]) == 2
    err = capsys.readouterr().err
    assert f"{option} holds bytes that are not UTF-8 text (the byte \\xff at position 2)" in err
    assert owl.read_bytes() == before


@pytest.mark.slow  # six child processes
@pytest.mark.skipif(sys.platform != "linux", reason="Linux file names are any bytes")
def test_file_names_that_are_not_utf8_work(tmp_path: Path) -> None:
    """Was exit 70 for ``new -o``, and every later command of such a file."""
    hero, export, pdf, text = (b"h\xe9ro.json", b"e\xe9.json", b"e\xe9.pdf", b"e\xe9.txt")
    commands = [
        [b"new", b"gladiators", b"-o", hero],
        [b"advance", hero, b"--earn", b"1"],
        [b"validate", hero],
        [b"export-json", hero, b"-o", export],
        [b"export-pdf", hero, b"-o", pdf],
        [b"export-text", hero, b"-o", text],
    ]
    for command in commands:
        run = subprocess.run(
            [os.fsencode(sys.executable), b"-m", b"sheetapp", *command],
            cwd=tmp_path,
            capture_output=True,
            check=False,
        )
        # validate: 1 when the new character still breaks a rule (a step left to do)
        allowed = (0, 1) if command[0] == b"validate" else (0,)
        assert run.returncode in allowed, (command, run.stderr)
        assert b"internal error" not in run.stderr
    names = set(os.listdir(os.fsencode(tmp_path)))
    assert {hero, hero + b".bak", export, pdf, text} <= names
    assert labels(tmp_path / os.fsdecode(hero))[-1] == ""
    assert (tmp_path / os.fsdecode(pdf)).read_bytes().startswith(b"%PDF")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    ("args", "full_stream", "code"),
    [
        (["validate", "missing.json"], "stderr", 2),
        (["advance", "missing.json", "--earn", "1"], "stderr", 2),
        (["valdate", "x.json"], "stderr", 2),
        (["validate", str(OWL)], "stderr", 0),
        (["validate", str(OWL)], "stdout", 2),  # its report could not be written
    ],
)
def test_exit_codes_hold_when_an_output_stream_cannot_be_written(
    tmp_path: Path, args: list[str], full_stream: str, code: int
) -> None:
    """Was: exit 1 ("rule errors") or 120 (Python retrying the buffered bytes at exit)."""
    # buffered, as outside CI: the bytes left in the buffer must not be retried at exit
    env = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}
    with open("/dev/full", "w", encoding="utf-8") as full:
        streams = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, full_stream: full}
        run = subprocess.run(
            [sys.executable, "-m", "sheetapp", *args],
            cwd=tmp_path,
            env=env,
            check=False,
            timeout=120,
            **streams,  # type: ignore[arg-type]
        )
    assert run.returncode == code


@pytest.mark.parametrize(
    ("word", "guess"),
    [
        ("valdate", "(did you mean validate?)"),
        ("exprot-pdf", "(did you mean export-pdf?)"),
        ("histroy", "(did you mean history?)"),
        ("zzzzzz", ""),
    ],
)
def test_a_mistyped_command_never_opens_the_window(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    word: str,
    guess: str,
) -> None:
    def no_window(_argv: list[str]) -> int:
        raise AssertionError("the window was opened")

    monkeypatch.setattr(cli, "launch_gui", no_window)
    monkeypatch.chdir(tmp_path)
    assert main([word, "x.json"]) == 2
    err = capsys.readouterr().err
    assert f"unknown command '{word}'" in err and guess in err


def test_a_mistyped_command_returns_at_once_even_with_the_offscreen_platform(
    tmp_path: Path,
) -> None:
    """With ``QT_QPA_PLATFORM=offscreen`` (scripts, CI) the window it opened never
    returned."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    run = subprocess.run(
        [sys.executable, "-m", "sheetapp", "valdate", "x.json"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert run.returncode == 2
    assert "unknown command 'valdate' (did you mean validate?)" in run.stderr


def test_an_existing_file_still_opens_in_the_window(
    owl: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[list[str]] = []
    monkeypatch.setattr(cli, "launch_gui", lambda argv: opened.append(argv) or 0)
    assert main([str(owl)]) == 0
    assert opened == [[str(owl)]]
