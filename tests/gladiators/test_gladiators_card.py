"""Issue 37, defects 5 and 9: what a Gladiators fight uses up gets boxes on the play card,
and a minor character's header says no budget it does not have."""

from __future__ import annotations

from pathlib import Path

from sheetapp.core.system import installed_systems
from sheetapp.pdf.playsheet_renderer import render_card
from sheetapp.sheet import build_sheet
from sheetapp.storage.files import load_document
from sheetapp.systems.gladiators.sheet_pdf import gladiators_card_tracks
from tests.pdf.helpers import page_texts

REPO = Path(__file__).resolve().parents[2]
SWAT = REPO / "resources" / "examples" / "gladiators" / "swat-federal-agent.json"


def _swat() -> tuple[object, object, object]:
    systems = installed_systems()
    document = load_document(SWAT, systems).document
    system = systems.get("gladiators")
    return system, document, system.evaluate(document)


def test_limited_ammo_and_shots_get_boxes_to_tick() -> None:
    """Limited Ammo: "The ability can be used 3 or 6 times and then cannot be used for
    the rest of the" scene (line 207), "-3 for 3 uses"; Shots: "After 3 uses the ability
    must be reloaded taking 2 actions." (line 243). The SWAT agent's SMG and Pistol have
    Shots, the Gas Grenades Limited Ammo for 3 uses."""
    system, document, evaluation = _swat()
    tracks = {t.label: t.boxes for t in gladiators_card_tracks(document, evaluation)}  # type: ignore[arg-type]
    assert tracks == {
        "SMG: shots, then 2 actions to reload": 3,
        "Pistol: shots, then 2 actions to reload": 3,
        "Gas Grenades: uses this scene": 3,
    }
    data, _left = render_card(system, document, evaluation)  # type: ignore[arg-type]
    text = " ".join(page_texts(data)[0].split())
    assert "Gas Grenades: uses this scene" in text


def test_a_minor_character_shows_no_major_budget() -> None:
    """ "40 is a suitable number for starting player-characters" (line 13) is a major
    character's budget: the minor SWAT agent's header does not print it beside "minor
    characters have no GP budget"."""
    system, document, evaluation = _swat()
    sheet = build_sheet(system, document, evaluation)  # type: ignore[arg-type]
    assert [entry.label for entry in sheet.header.campaign] == []
    assert "minor characters have no GP budget" in sheet.totals[0].explanation
