"""What the printed sheet says: every ability, trait, total and derived value of the
sample character, with the numbers of the evaluation the window shows."""

from __future__ import annotations

from sheetapp.core.costs import CostLine
from sheetapp.core.document import HistoryEntry
from sheetapp.core.system import installed_systems
from sheetapp.pdf.export import render_sheet
from sheetapp.sheet import build_sheet, describe_change
from sheetapp.systems.gladiators.catalog import catalogs
from tests.fakesystem import FAKE_SYSTEM, FakeSkill
from tests.pdf.helpers import flat, line_starting, load_sample, page_texts, render


def _line_at(root: CostLine, path: tuple[str | int, ...]) -> CostLine:
    matches = [line for line in root.walk() if line.path == path]
    assert matches, path
    return matches[0]


def test_every_ability_prints_with_its_level_and_cost() -> None:
    """Each ability row: name, level and the GP of the evaluation's cost line; the
    rulebook notation ("Pistol: Damaging Attack L2, Lethal, ... Conv.", seed line 677)
    is printed under it."""
    document = load_sample().document
    data, evaluation = render(document)
    text = flat(" ".join(page_texts(data)))
    cats = catalogs()
    for index, choice in enumerate(document.character.abilities):
        cost = _line_at(evaluation.costs[0], ("character", "abilities", index))
        name = cats.abilities[choice.ability].name
        shown = f"{choice.label} ({name})" if choice.label else name
        row = line_starting(data, shown)
        assert row.cells[-1] == str(cost.amount), row.text
        assert str(choice.level) in row.cells[1:3], row.text
        assert flat(cost.label) in text  # the notation, e.g. "Sonic Blaster: Damaging ..."


def test_every_trait_prints_with_frequency_severity_and_points() -> None:
    """Advantages and disadvantages with frequency + severity (seed lines 272-290)
    and the points the evaluation counts (negative for disadvantages)."""
    document = load_sample().document
    data, evaluation = render(document)
    traits = evaluation.costs[1]
    for key in ("advantages", "disadvantages"):
        for index, choice in enumerate(getattr(document.character, key)):
            cost = _line_at(traits, ("character", key, index))
            row = line_starting(data, choice.name or getattr(catalogs(), key)[choice.trait].name)
            assert row.cells[-1] == str(cost.amount), row.text
            assert any(cell.startswith(choice.frequency.capitalize()) for cell in row.cells)
            assert any(cell.startswith(choice.severity.capitalize()) for cell in row.cells)


def test_totals_and_derived_values_are_on_page_one() -> None:
    document = load_sample().document
    data, evaluation = render(document)
    first = flat(page_texts(data)[0])
    total = evaluation.total("gp")
    assert f"{total.spent} / {total.budget}" in first
    assert f"{total.remaining} GP left" in first
    assert evaluation.derived, "the sample has derived values"
    for value in evaluation.derived:
        assert flat(f"{value.label} {value.value} {value.explanation}") in first


def test_notes_and_header_facts() -> None:
    document = load_sample().document
    data, _ = render(document)
    first = flat(page_texts(data)[0])
    assert document.meta.name in first
    assert f"Player: {document.meta.player}" in first
    assert "Glorious Gladiators v6" in first
    assert flat(document.meta.notes) in flat(" ".join(page_texts(data)))


def test_advancement_history_prints_each_entry() -> None:
    document = load_sample().document
    document.history = [
        HistoryEntry(
            date="2024-05-01",
            label="Session 3 & the <Owl>",
            note="Won the bout.",
            earned={"gp": 5},
            changes=[
                {
                    "op": "set",
                    "path": ["character", "abilities", 5, "level"],
                    "before": 5,
                    "after": 6,
                },
                {
                    "op": "insert",
                    "path": ["character", "advantages", 2],
                    "after": {"x": 1},
                    "label": "New advantage: Wealth",
                },
            ],
        )
    ]
    data, _ = render(document)
    text = flat(" ".join(page_texts(data)))
    assert "Advancement history" in text
    for part in (
        "2024-05-01",
        "Session 3 & the <Owl>",
        "#0 Session 3 & the <Owl>",
        "+5 GP",
        "Won the bout.",
        "character.abilities[5].level 5 → 6",
        "New advantage: Wealth",
        "! the ledger has no starting build (entry zero), so it cannot be replayed",
    ):
        assert part in text, part


def test_change_descriptions() -> None:
    assert describe_change({"op": "remove", "path": ["meta", "notes"], "before": "x"}) == (
        "meta.notes: removed x"
    )
    assert describe_change({"op": "bogus"}) == '{"op": "bogus"}'


def test_a_system_without_a_sheet_gets_the_generic_one() -> None:
    """The generic sheet: totals, derived values and every cost line."""
    document = FAKE_SYSTEM.new_document("Plain")
    document.character.skills = [FakeSkill(skill="climb", rank=3)]
    evaluation = FAKE_SYSTEM.evaluate(document)
    assert not hasattr(FAKE_SYSTEM, "sheet")
    sheet = build_sheet(FAKE_SYSTEM, document, evaluation)
    assert sheet.section_keys()[:2] == ["derived", "costs"]
    text = flat(" ".join(page_texts(render_sheet(sheet))))
    assert "Skill climb" in text and "Carry 50" in text and "6 / 20" in text


def test_the_sample_sheet_uses_the_gladiators_layout() -> None:
    loaded = load_sample()
    sheet = build_sheet(loaded.system, loaded.document, loaded.evaluate())
    assert sheet.section_keys()[:4] == ["derived", "abilities", "advantages", "disadvantages"]
    assert installed_systems().get("gladiators") is loaded.system


def test_modifier_costs_print_with_their_unit() -> None:
    """ "Ranged +3, Focus -2" read like to-hit bonuses; the sheet says GP."""
    system = installed_systems().get("gladiators")
    document = load_sample().document
    sheet = build_sheet(system, document, system.evaluate(document))
    section = sheet.section("abilities")
    texts = [row.cells.get("modifiers", "") for row in getattr(section, "rows", ())]
    with_modifiers = [t for t in texts if t and t != "—"]
    assert with_modifiers
    assert all(
        part.strip().endswith(" GP") or "GP (" in part
        for t in with_modifiers
        for part in t.split(", ")
    ), with_modifiers
