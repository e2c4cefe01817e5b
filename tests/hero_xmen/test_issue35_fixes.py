"""Wrong results of issue 35 against the supplement (../shared/seeds/001_83bd08b00b463b10.txt):
Images' extra radius, Enraged's recovery roll, the figured characteristics, the picker's
prices."""

from __future__ import annotations

from sheetapp.core.issues import Severity
from sheetapp.core.system import collections_of
from sheetapp.sheet import TableSection
from sheetapp.systems.hero_xmen import codes
from sheetapp.systems.hero_xmen.catalog import catalogs
from sheetapp.systems.hero_xmen.model import PowerAdder
from sheetapp.systems.hero_xmen.modifiers import split_adders
from sheetapp.systems.hero_xmen.system import SYSTEM

from .helpers import DisadvantageChoice, PowerChoice, PowerModifier, blank, evaluate, issues


def _cost(document: object, name: str) -> tuple[int, int]:
    line = next(c for c in evaluate(document).costs[3].children if c.label == name)  # type: ignore[arg-type]
    return dict(line.figures)["Active"], line.amount


def test_extra_radius_is_an_adder_not_an_advantage() -> None:
    """ "Extra radius is a +5/+10 adder, not a +0.25 advantage." (line 365): the
    advantage is an error offering the adder; the adder adds to the base cost."""
    document = blank()
    document.character.powers.append(
        PowerChoice(
            power="images",
            base_cost=10,
            modifiers=[PowerModifier(name="Increased radius", value=0.25)],
        )
    )
    found = issues(document, codes.RADIUS_ADVANTAGE)
    assert [i.severity for i in found] == [Severity.ERROR]
    assert "Extra radius (+5)" in found[0].hint and "Extra radius (+10)" in found[0].hint
    document.character.powers[0] = PowerChoice(
        power="images", base_cost=10, adders=[PowerAdder(adder="extra_radius", points=5)]
    )
    assert not issues(document, codes.RADIUS_ADVANTAGE)
    assert _cost(document, "Images") == (15, 15)
    document.character.powers[0].adders[0].points = 7
    assert [i.severity for i in issues(document, codes.ADDER_VALUE)] == [Severity.ERROR]


def test_the_adder_is_written_with_the_modifiers() -> None:
    """The editor reads "Extra radius (+10)" among the advantages as the adder (line 365)."""
    images = catalogs().powers["images"]
    rest, adders = split_adders("Extra radius (+10); Penetrating (+1/2)", images)
    assert adders == [PowerAdder(adder="extra_radius", points=10)]
    assert rest.strip() == "Penetrating (+1/2)"


def test_enraged_prints_each_roll_from_its_own_intensity() -> None:
    """ "A character can have a chance to recover of a different Intensity to the chance of
    being affected" (line 521); Strong is "+3 chance to affect, -3 chance to recover"
    (line 531), Mild "-3 chance to affect, +3 chance to recover" (line 529)."""
    document = blank()
    document.character.disadvantages.append(
        DisadvantageChoice(
            kind="enraged",
            name="when teammates are hurt",
            intensity="strong",
            second_intensity="mild",
        )
    )
    sheet = SYSTEM.sheet(document, evaluate(document))
    section = next(s for s in sheet.sections if s.key == "disadvantages")
    assert isinstance(section, TableSection)
    text = section.rows[0].cells["intensity"]
    assert "+3 chance to affect" in text
    assert "chance to recover: Mild +0: +3 chance to recover" in text
    assert "-3 chance to recover" not in text


def test_figured_characteristics_are_exactly_the_six() -> None:
    """ "Figured Char ... PD ... ED ... MD ... REC ... END ... STUN" (lines 132-138);
    movement (lines 152-154) and Knockback Resistance (line 373) have their own rows."""
    document = blank()
    sheet = SYSTEM.sheet(document, evaluate(document))
    by_key = {s.key: s for s in sheet.sections}
    figured = by_key["figured"]
    assert isinstance(figured, TableSection)
    assert [r.cells["char"] for r in figured.rows] == ["PD", "ED", "MD", "REC", "END", "STUN"]
    movement = by_key["movement"]
    assert isinstance(movement, TableSection)
    assert [r.cells["char"] for r in movement.rows] == ["Running", "Swimming"]
    knockback = by_key["knockback"]
    assert isinstance(knockback, TableSection)
    assert [r.cells["char"] for r in knockback.rows] == ["KB Res"]


def test_the_power_picker_shows_the_campaigns_price() -> None:
    """A campaign that sets Ego Blast at 8 points per die sees 8 in the picker."""
    document = blank()
    document.campaign.core_prices["ego_blast.dice"] = 8
    powers = next(c for c in collections_of(SYSTEM) if c.key == "powers")
    entries = {e.id: e for e in powers.entries_for(document)}
    assert entries["ego_blast"].cost == "8 per d6"
    assert {e.id: e for e in powers.entries_for(blank())}["ego_blast"].cost == "10 per d6"


def test_the_editor_takes_the_adder_from_the_modifiers_cell() -> None:
    """Typing "Extra radius (+10)" on Images sets the adder (line 365), not an advantage."""
    from sheetapp.core.changes import apply_to_document

    document = blank()
    document.character.powers.append(PowerChoice(power="images", base_cost=10))
    powers = next(c for c in collections_of(SYSTEM) if c.key == "powers")
    column = [c.title for c in powers.columns].index("Advantages / Limitations")
    changes = powers.set_cell(document, 0, column, "Extra radius (+10); Penetrating (+1/2)")
    document = apply_to_document(document, changes)
    power = document.character.powers[0]
    assert [(a.adder, a.points) for a in power.adders] == [("extra_radius", 10)]
    assert [m.modifier for m in power.modifiers] == ["penetrating"]
    assert _cost(document, "Images") == (30, 30)  # (10 + 10) × 1.5
