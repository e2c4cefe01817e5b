"""Power Frameworks: Multipower and Elemental Control (../shared/seeds/001_83bd08b00b463b10.txt,
lines 438-454; the supplement prices neither, so HERO 5e's figures are campaign settings)."""

from __future__ import annotations

from sheetapp.core.issues import Severity
from sheetapp.core.system import collections_of
from sheetapp.systems.hero_xmen import codes
from sheetapp.systems.hero_xmen.model import FrameworkChoice, HeroDocument
from sheetapp.systems.hero_xmen.system import SYSTEM

from .helpers import PowerChoice, PowerModifier, blank, evaluate, issues, spent


def _with_frameworks() -> HeroDocument:
    document = blank()
    document.character.frameworks = [
        FrameworkChoice(name="Magnetism", kind="multipower", points=60),
        FrameworkChoice(name="Fire", kind="elemental_control", points=30),
    ]
    document.character.powers = [
        PowerChoice(name="Energy Blast", base_cost=60, framework="Magnetism"),
        PowerChoice(
            name="Force Field",
            base_cost=40,
            framework="Magnetism",
            slot="flexible",
            modifiers=[PowerModifier(modifier="zero_end", value=0.5)],
        ),
        PowerChoice(
            name="Fire Blast",
            base_cost=60,
            framework="Fire",
            modifiers=[PowerModifier(name="Gestures", value=-1)],
        ),
        PowerChoice(name="Flight", base_cost=40, framework="Fire"),
    ]
    return document


def _amounts(document: HeroDocument) -> dict[str, int]:
    return {line.label: line.amount for line in evaluate(document).costs[3].children}


def test_a_multipower_reserve_and_its_slots() -> None:
    """ "60pt MP with 6U slot (60pts)" (line 444): a 60-point reserve costs 60, a fixed
    slot of 60 Real Points costs 60 / 10 = 6; a flexible slot costs Real / 5 (60 / 5 =
    12). An Elemental Control's pool costs its 30 points; "30pt EC with 30pt (60pt total)"
    (line 450): a 60 Active Point power pays 60 - 30 = 30, then its limitations
    (30 / (1 + 1) = 15); a 40-point power 40 - 30 = 10."""
    document = _with_frameworks()
    amounts = _amounts(document)
    assert amounts["Energy Blast"] == 6
    assert amounts["Force Field"] == 12
    assert amounts["Multipower: Magnetism"] == 60
    assert amounts["Elemental Control: Fire"] == 30
    assert amounts["Fire Blast"] == 15
    assert amounts["Flight"] == 10
    assert evaluate(document).costs[3].amount == 6 + 12 + 60 + 30 + 15 + 10
    assert spent(document) == 133


def test_the_settings_change_the_figures() -> None:
    document = _with_frameworks()
    document.campaign.fixed_slot_divisor = 5
    document.campaign.multipower_reserve_cost = 0.5
    amounts = _amounts(document)
    assert amounts["Energy Blast"] == 12 and amounts["Multipower: Magnetism"] == 30


def test_a_slot_uses_at_most_the_reserve() -> None:
    """ "The character cannot use more than 72pts with the slot." (line 444)."""
    document = _with_frameworks()
    document.character.powers[0].base_cost = 75
    found = issues(document, codes.SLOT_OVER_RESERVE)
    assert [(i.severity, i.path) for i in found] == [
        (Severity.ERROR, ("character", "powers", 0, "framework"))
    ]


def test_an_elemental_control_power_has_twice_the_pool() -> None:
    document = _with_frameworks()
    document.character.powers[3].base_cost = 50
    found = issues(document, codes.ELEMENTAL_SLOT_SMALL)
    assert [i.severity for i in found] == [Severity.ERROR]
    assert "at least 60" in found[0].message


def test_framework_names() -> None:
    document = _with_frameworks()
    document.character.powers[0].framework = "Gravity"
    assert [i.severity for i in issues(document, codes.FRAMEWORK_UNKNOWN)] == [Severity.ERROR]
    assert _amounts(document)["Energy Blast"] == 60  # priced in full, and said so
    document.character.frameworks.append(FrameworkChoice(name="Ice", kind="multipower"))
    assert [i.severity for i in issues(document, codes.FRAMEWORK_EMPTY)] == [Severity.WARNING]
    document.character.frameworks.append(FrameworkChoice(name="fire", kind="multipower"))
    assert [i.severity for i in issues(document, codes.FRAMEWORK_TWICE)] == [Severity.ERROR]
    document.character.frameworks.append(FrameworkChoice(kind="elemental_control"))
    assert [i.severity for i in issues(document, codes.FRAMEWORK_UNNAMED)] == [Severity.WARNING]


def test_end_per_slot() -> None:
    """END per use from each slot's Active Points (HERO 5e: 1 per 10); 0 END (+0.5,
    line 325) costs none."""
    document = _with_frameworks()
    derived = {value.key: value for value in evaluate(document).derived}
    assert derived["power.0.end"].value == 6
    assert derived["power.1.end"].value == 0


def test_the_editor_lists_frameworks_and_slots() -> None:
    document = _with_frameworks()
    frameworks = next(c for c in collections_of(SYSTEM) if c.key == "frameworks")
    powers = next(c for c in collections_of(SYSTEM) if c.key == "powers")
    titles = [column.title for column in frameworks.columns]
    cost = frameworks.columns[titles.index("Cost")].cell
    assert cost is not None and cost(document, 0, document.character.frameworks[0]).text == "60"
    real = [column.title for column in powers.columns].index("Real")
    cell = powers.columns[real].cell
    assert cell is not None and cell(document, 0, document.character.powers[0]).text == "6"
    changes = frameworks.add(document, "elemental_control")
    assert changes and changes[0].after["kind"] == "elemental_control"
