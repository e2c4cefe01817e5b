"""`sheetapp export-pdf` end to end, in a separate process like a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.pdf.helpers import SAMPLE, flat, page_texts, reader


def sheetapp(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sheetapp", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.slow
def test_export_pdf_writes_the_sample_sheet(tmp_path: Path) -> None:
    out = tmp_path / "night-owl.pdf"
    result = sheetapp(
        "export-pdf",
        str(SAMPLE),
        "-o",
        str(out),
        "--paper",
        "letter",
        "--no-notes",
        "--with",
        "costs",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert f"Wrote {out}" in result.stdout
    data = out.read_bytes()
    assert float(reader(data).pages[0].mediabox.width) == 612
    text = flat(" ".join(page_texts(data)))
    assert "Night Owl" in text and "Cost breakdown" in text and "street-level flyer" not in text
    assert list(tmp_path.iterdir()) == [out]  # atomic write leaves no temporary file


def test_unknown_section_is_refused_with_the_list(tmp_path: Path) -> None:
    from sheetapp.cli import main

    out = tmp_path / "x.pdf"
    code = main(["export-pdf", str(SAMPLE), "-o", str(out), "--without", "abilities"])
    assert code == 2 and not out.exists()


def test_unreadable_input_gives_a_message_and_no_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sheetapp.cli import main

    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "sheetapp.character", ', encoding="utf-8")
    out = tmp_path / "x.pdf"
    code = main(["export-pdf", str(broken), "-o", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and not out.exists()
    assert "broken.json" in err and "not valid JSON" in err and "Traceback" not in err


def test_unwritable_output_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from sheetapp.cli import main

    code = main(["export-pdf", str(SAMPLE), "-o", str(tmp_path / "missing" / "x.pdf")])
    assert code == 2 and "cannot write" in capsys.readouterr().err


def test_rule_errors_are_mentioned_on_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sheetapp.cli import main

    hero = tmp_path / "hero.json"
    assert main(["new", "gladiators", "-o", str(hero)]) == 0
    data = json.loads(hero.read_text(encoding="utf-8"))
    data["campaign"]["gp_budget"] = 0
    data["character"]["abilities"][0]["level"] = 6  # Walk L6 costs GP: over a budget of 0
    hero.write_text(json.dumps(data), encoding="utf-8")
    code = main(["export-pdf", str(hero), "-o", str(tmp_path / "hero.pdf"), "--no-history"])
    assert code == 0
    assert "printed in a box on page 1" in capsys.readouterr().err
