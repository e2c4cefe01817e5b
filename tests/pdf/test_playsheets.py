"""The play card (one page) and GM statblocks (several to a page, and as text) — the PDF
issue, items 2 and 3."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from sheetapp.cli import main
from sheetapp.core.system import installed_systems
from sheetapp.pdf.playsheet_renderer import render_card, render_statblocks
from sheetapp.playsheets import statblock
from sheetapp.storage.files import load_document

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "resources" / "examples").rglob("*.json"))
NPCS = [
    REPO / "resources/examples/gladiators" / f"{name}.json"
    for name in ("city-police", "minor-criminal", "professional-criminal", "swat-federal-agent")
]


def _loaded(path: Path) -> tuple[object, object, object]:
    systems = installed_systems()
    loaded = load_document(path, systems)
    system = systems.get(loaded.document.system)
    return system, loaded.document, system.evaluate(loaded.document)


def _pages(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_every_examples_play_card_is_one_page(example: Path, paper: str) -> None:
    from sheetapp.pdf.options import PdfOptions

    system, document, evaluation = _loaded(example)
    data, dropped = render_card(system, document, evaluation, PdfOptions(paper=paper))  # type: ignore[arg-type]
    pages = _pages(data)
    assert len(pages) == 1
    if dropped:
        text = " ".join(pages[0].split())
        assert "Not on this card (see the full sheet)" in text or "Only the first rows" in text
        for title in dropped:
            assert title.split(":")[0] in text


def test_the_card_keeps_the_attacks() -> None:
    system, document, evaluation = _loaded(
        REPO / "resources/examples/gladiators/swat-federal-agent.json"
    )
    data, dropped = render_card(system, document, evaluation)  # type: ignore[arg-type]
    assert "Abilities" not in dropped
    text = _pages(data)[0]
    assert "SMG (Damaging Attack)" in text and "Hits" in text


def test_four_npc_statblocks_fit_one_page() -> None:
    blocks = [statblock(*_loaded(path)) for path in NPCS]  # type: ignore[arg-type]
    pages = _pages(render_statblocks(blocks))
    assert len(pages) == 1
    for block in blocks:
        assert block.name in pages[0]


def test_gladiators_statblocks_use_the_rulebooks_notation() -> None:
    """Line 677: "Pistol: Damaging Attack L2, Lethal, Solid, Ranged, Focus, Shots, Bullet,
    Conv." — the sample characters' own notation."""
    block = statblock(*_loaded(NPCS[0]))  # type: ignore[arg-type]
    abilities = dict(block.lines)["Abilities"]
    assert "Pistol: Damaging Attack L2" in abilities and "Conv." in abilities
    assert block.text().startswith("City Police (Glorious Gladiators v6)")


@pytest.mark.parametrize(
    ("npc", "standard"),
    [
        # line 675 (City Police) and line 709 (Minor Criminal), as printed
        (0, "Walk L2 (6 squares), Vision L2, Punch L1, Grapple L1;"),
        (1, "Walk L2 (6 squares), Vision L1, Punch L1, Grapple L1;"),
    ],
)
def test_the_free_abilities_are_written_short(npc: int, standard: str) -> None:
    """Line 270: "This is normally recorded as Walk L1, Vision L1, Punch L1, Grapple
    L1"; the sample characters add Walk's squares: "Walk L2 (6 squares), Vision L2,
    Punch L1, Grapple L1." (line 675)."""
    abilities = dict(statblock(*_loaded(NPCS[npc])).lines)["Abilities"]  # type: ignore[arg-type]
    assert abilities.startswith(standard)
    assert "Walk/Run" not in abilities and "Normal Senses" not in abilities


def test_an_upgraded_free_ability_is_written_in_full() -> None:
    """ "These standard abilities may be upgraded" (line 270): a Walk/Run with Flight's
    Air class is no longer the plain Walk."""
    system, document, _evaluation = _loaded(NPCS[0])
    walk = document.character.abilities[0]  # type: ignore[attr-defined]
    assert walk.starting == "walk"
    walk.modifiers = [*walk.modifiers]
    walk.note = "with a running start"
    abilities = dict(
        statblock(system, document, system.evaluate(document)).lines  # type: ignore[attr-defined]
    )["Abilities"]
    assert abilities.startswith("Vision L2, Punch L1, Grapple L1;")
    assert "Walk/Run: Movement L2, Solid, Conv." in abilities


def test_detection_prints_its_kind() -> None:
    """Line 264: "Normal Senses Level 1 = Detection, Vision, Always On, Conventional";
    the SWAT agent's "Detection L1, Enhanced Vision, Persistent, Focus, Conv." (line
    690)."""
    abilities = dict(statblock(*_loaded(NPCS[3])).lines)["Abilities"]  # type: ignore[arg-type]
    assert "Detection L1, Enhanced Vision, Persistent" in abilities


def test_export_text_and_the_cli_layouts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export-text", *map(str, NPCS[:2])]) == 0
    out = capsys.readouterr().out
    assert out.count("(Glorious Gladiators v6)") == 2
    card = tmp_path / "card.pdf"
    assert main(["export-pdf", str(NPCS[3]), "--layout", "card", "-o", str(card)]) == 0
    assert len(_pages(card.read_bytes())) == 1
    assert main(["export-pdf", str(NPCS[3]), "--layout", "card", "-o", str(card)]) == 2  # exists
    several = ["export-pdf", *map(str, NPCS), "-o", str(tmp_path / "x.pdf")]
    assert main(several) == 2  # several characters only as statblocks
    assert main([*several, "--layout", "statblock"]) == 0
    text = tmp_path / "npcs.txt"
    assert main(["export-text", str(NPCS[0]), "-o", str(text)]) == 0
    assert "City Police" in text.read_text(encoding="utf-8")
    assert main(["export-text", str(NPCS[0]), "-o", str(NPCS[0])]) == 2  # never the input


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_2d10_card_keeps_the_skills_a_fight_rolls(paper: str) -> None:
    """ "AV = attribute + skill" (2d10 seed): the skills table carries each skill's AV,
    so the layout ranks it above the attribute boxes; a psion's card keeps skills,
    weapons, armour and psionics and gives up the attribute boxes first."""
    from sheetapp.pdf.options import PdfOptions

    path = REPO / "resources/examples/twod10/ilse-varga-psion.json"
    system, document, evaluation = _loaded(path)
    data, dropped = render_card(system, document, evaluation, PdfOptions(paper=paper))  # type: ignore[arg-type]
    assert len(_pages(data)) == 1
    assert dropped[:1] in ([], ["Attributes"])
    assert not any(
        title.startswith(("Skills", "Weapons", "Armour", "Psionics")) for title in dropped
    )
    assert "Perception" in _pages(data)[0]


def test_the_card_gives_boxes_to_tick() -> None:
    """The PDF issue's play card: "for Gladiators the hits boxes to tick, the
    reactivation track ...; for Capital current HP/Energy/Bones boxes to fill, attacks
    before Systems". Night Owl: 5 hits (3 + Toughness 2), reactivation 4+ / 7+ / 10+ /
    13+ / +3; Mara Quell: 20 HP, 10 Energy, 6 Bones."""
    from sheetapp.pdf.layout import layout_for
    from sheetapp.pdf.playsheet_renderer import card_tracks

    system, document, evaluation = _loaded(REPO / "resources/examples/gladiators/night-owl.json")
    tracks = card_tracks(layout_for("gladiators"), evaluation)  # type: ignore[arg-type]
    assert [(t.label, t.boxes, t.marks) for t in tracks.tracks] == [
        ("Hits", 5, ()),
        ("Reactivation", 5, ("4+", "7+", "10+", "13+", "+3")),
    ]
    data, _dropped = render_card(system, document, evaluation)  # type: ignore[arg-type]
    page = _pages(data)[0]
    assert page.index("Keep track") < page.index("Combat and movement")
    capital = _loaded(REPO / "resources/examples/capital/mara-quell.json")
    tracks = card_tracks(layout_for("capital"), capital[2])  # type: ignore[arg-type]
    assert [(t.label, t.boxes) for t in tracks.tracks][:3] == [
        ("HP", 20),
        ("Energy", 10),
        ("Bones", 6),
    ]
    page = _pages(render_card(*capital)[0])[0]  # type: ignore[arg-type]
    assert page.index("\nAttacks") < page.index("\nSystems\n")


def test_the_full_sheet_has_no_boxes_to_tick() -> None:
    from sheetapp.pdf.export import render_pdf

    system, document, evaluation = _loaded(REPO / "resources/examples/gladiators/night-owl.json")
    assert "Keep track" not in "".join(_pages(render_pdf(system, document, evaluation)))  # type: ignore[arg-type]
