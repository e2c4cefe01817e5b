"""The PDF issue, item 4, and issue 37, defect 1: the GM appendix (--with gm-notes) gives
the game master each issue with the rule behind it, quoted from the rulebook, in the
reader's words like every page: no JSON paths, issue codes or rulebook line numbers."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from sheetapp.cli import main

REPO = Path(__file__).resolve().parents[2]
SWAT = REPO / "resources" / "examples" / "gladiators" / "swat-federal-agent.json"


def _text(path: Path) -> str:
    return "".join(page.extract_text() for page in PdfReader(io.BytesIO(path.read_bytes())).pages)


def test_the_gm_appendix_is_off_unless_asked_for(tmp_path: Path) -> None:
    plain, gm = tmp_path / "sheet.pdf", tmp_path / "gm.pdf"
    assert main(["export-pdf", str(SWAT), "-o", str(plain)]) == 0
    assert main(["export-pdf", str(SWAT), "--with", "gm-notes", "-o", str(gm)]) == 0
    player = " ".join(_text(plain).split())
    assert "GM notes" not in player
    appendix = " ".join(_text(gm).split())
    assert "GM notes" in appendix
    # the rule, quoted from the rulebook, and the rulebook named
    assert "Negative modifiers cannot exceed half" in appendix
    assert "Glorious Gladiators v6" in appendix
    # and nothing of the file or of our sources
    for internal in ("gladiators.negative_cap", "abilities[6]", "line 155", "character."):
        assert internal not in appendix.replace(" ", "") and internal not in appendix


def test_no_gm_notes_is_the_same_as_without(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "a.pdf"
    assert main(["export-pdf", str(SWAT), "--no-gm-notes", "-o", str(out)]) == 0
    assert "GM notes" not in _text(out)
