"""The chapter's own example characters, built and read back the way a player reads them:
``validate``, ``export-json`` (``derived``) and the printed sheet show the seed's numbers
(seed 004_a6acbf8ec65b19a8.txt)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sheetapp.cli import main
from sheetapp.sheet import KeyValueSection, TableSection
from sheetapp.systems.powersets.model import (
    Familiar,
    MagicSpellChoice,
    PowerSetChoice,
    PowersetsDocument,
    PsychicChoice,
    SorceryChoice,
    Staff,
    SuperpowerChoice,
)
from sheetapp.systems.powersets.system import SYSTEM

from .test_rules import character


def _force_field() -> PowersetsDocument:
    """ "a character of SIZ 14 must pay 14 points for Force Field 1, 28 points for Force
    Field 2, etc." (line 3007)."""
    document = character("superhuman", siz=14, str=12, con=12, int=12, pow=12, dex=12, cha=12)
    document.character.superpowers = [
        SuperpowerChoice(power="force_field", levels=2, choice="Kinetic")
    ]
    return document


def _epic_magician() -> PowersetsDocument:
    """ "Epic: A magician knows eight spells at INT×1. If desired, the magician begins with
    a familiar" (line 474); "a magician with INT 15 is limited to spells of levels 1
    through 8" (line 440); "a magician with INT 15 can memorize eight spells" (line 458);
    "a magician with POW 16 is limited to creatures of SIZ 4 or lower" (line 483)."""
    document = character("epic", ("magic", "epic"), int=15, pow=16, dex=15)
    spells = ["blast", "fire", "heal", "light", "countermagic", "protection", "dark", "wall"]
    document.character.magic_spells = [
        MagicSpellChoice(spell=s, skill=15, level=2 if s == "fire" else 1) for s in spells
    ]
    document.character.familiars = [
        Familiar(name="Tib", creature="cat", siz=4, pow=8, at_creation=True)
    ]
    return document


def _superhuman_magician() -> PowersetsDocument:
    """ "Superhuman: A magician begins with 10 spells at INT×1, a wizard’s staff already
    constructed (its power points are based on their current POW score—the sacrifice of
    POW is assumed, no need to adjust), and a familiar of their choosing" (line 475)."""
    document = character("superhuman", ("magic", "superhuman"), int=16, pow=17, dex=13)
    spells = ["blast", "fire", "heal", "light", "countermagic", "protection", "dark", "wall"]
    spells += ["ward", "lift"]
    document.character.magic_spells = [
        MagicSpellChoice(spell=s, skill=16, memorised=i < 8) for i, s in enumerate(spells)
    ]
    document.character.staves = [Staff(name="Rowan", at_creation=True, stored=17)]
    document.character.familiars = [Familiar(name="Raven", siz=3, pow=9, at_creation=True)]
    return document


def _exported(tmp_path: Path, document: PowersetsDocument) -> tuple[int, dict[str, object]]:
    source = tmp_path / "character.json"
    source.write_text(document.model_dump_json(), encoding="utf-8")
    target = tmp_path / "export.json"
    code = main(["validate", str(source)])
    assert main(["export-json", str(source), "-o", str(target)]) == 0
    data = json.loads(target.read_text(encoding="utf-8"))
    derived = {value["key"]: value["value"] for value in data["evaluation"]["derived"]}
    return code, derived


def _sheet_values(document: PowersetsDocument) -> dict[str, str]:
    """Every labelled value and table cell of the printed sheet."""
    sheet = SYSTEM.sheet(document, SYSTEM.evaluate(document))
    found: dict[str, str] = {}
    for section in sheet.sections:
        if isinstance(section, KeyValueSection):
            found.update({entry.label: entry.value for entry in section.entries})
        elif isinstance(section, TableSection):
            for number, row in enumerate(section.rows):
                for key, cell in row.cells.items():
                    found[f"{section.key}.{number}.{key}"] = cell
    return found


def test_the_siz_14_force_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document = _force_field()
    code, derived = _exported(tmp_path, document)
    assert code == 0
    assert derived["power.0"] == "28 pts"
    sheet = _sheet_values(document)
    assert sheet["superpowers.0.cost"] == "28"
    assert "SIZ 14" in sheet["superpowers.0.how"]
    assert sheet["superpowers.0.table"].startswith("20 armor; PP: 1 per combat round")
    assert "Force Field 2 (Kinetic): 28 pts" in capsys.readouterr().out


def test_the_epic_magician_with_a_familiar(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = _epic_magician()
    code, derived = _exported(tmp_path, document)
    assert code == 0, capsys.readouterr().out
    assert derived["characteristic.pow"] == 16  # no POW paid for the familiar
    assert derived["magic.spells"] == "8 of 8"
    assert derived["magic.memory"] == "8 of 8"
    assert derived["magic.most_levels"] == 8
    assert derived["familiar.size_cap"] == "SIZ 4 or lower"
    assert derived["familiar.0"] == "8 PP within 16 m"
    # "a magician with DEX 15 casting a Fire spell at level 2 does so at DEX rank 13"
    # (line 436); Fire costs 3 per level (line 749)
    assert derived["spell.1"] == "6 PP, DEX rank 13, 2D6 fire damage"
    sheet = _sheet_values(document)
    assert sheet["Magic: starting spells"] == "8 of 8"
    assert sheet["Familiar: size"] == "SIZ 4 or lower"
    assert sheet["magic.1.table"].startswith("6 PP, DEX rank 13, 2D6 fire damage")


def test_the_superhuman_magician_with_a_staff(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = _superhuman_magician()
    code, derived = _exported(tmp_path, document)
    assert code == 0, capsys.readouterr().out
    assert derived["characteristic.pow"] == 17
    assert derived["power_points"] == 17
    assert derived["staff.0"] == "17 / 17 PP, 20 HP"
    assert derived["magic.spells"] == "10 of 10"
    assert derived["power_steps"] == "4 of 4"
    sheet = _sheet_values(document)
    assert sheet["familiars.1.numbers"] == "17 / 17 PP, 20 HP"
    assert sheet["Magic: spells memorised"] == "8 of 8"


def test_psychic_and_sorcery_numbers_at_the_table() -> None:
    """ "Range is usually a multiple of POW" (line 1335); "A spell’s duration equals the
    sorcerer’s POW in combat rounds" (line 1853); "it takes four combat rounds to read
    Hammer of the Gods (4) from the grimoire" (line 1825)."""
    document = character("epic", ("sorcery", "heroic"), pow=19, int=14)
    document.character.power_sets.append(PowerSetChoice(power_set="psychic", level="normal"))
    document.character.sorcery = [SorceryChoice(spell="hammer_of_the_gods", level=4)]
    document.character.psychic = [PsychicChoice(ability="cryokinesis", skill=19)]
    values = {v.key: v for v in SYSTEM.evaluate(document).derived}
    assert values["sorcery.0"].value == "4 PP, readied in 4 combat rounds"
    assert "(19 combat rounds)" in values["sorcery.0"].explanation
    assert values["ability.0"].value == "3+ PP"
    assert "POW in meters (19 meters)" in values["ability.0"].explanation
    assert values["sorcery.levels"].value == "4 of 14"
    assert values["sorcery.memory"].value == "4 of 14"
    assert values["psychic.abilities"].value == "1 of 2"


#: (set, level, scores, derived key, value): the allowance each set's level gives, "0 of N"
#: on a new character of the set (lines 472-475, 1018-1020, 1281-1284, 1735-1738, 2431-2434)
EVERY_SET_AT_EVERY_LEVEL = [
    ("magic", "normal", {"int": 13}, "magic.spells", "0 of 4"),
    ("magic", "heroic", {"int": 13}, "magic.spells", "0 of 6"),
    ("magic", "epic", {"int": 13}, "magic.spells", "0 of 8"),
    ("magic", "superhuman", {"int": 13}, "magic.spells", "0 of 10"),
    ("mutations", "normal", {"con": 13}, "mutations.rolled", "0 (2 rolls by default)"),
    ("mutations", "heroic", {"con": 13}, "mutations.picks", "0 of 4"),
    ("mutations", "epic", {"con": 13}, "mutations.picks", "0 of 7"),
    ("mutations", "superhuman", {"con": 13}, "mutations.picks", "0 of 13"),
    ("psychic", "normal", {"pow": 13}, "psychic.abilities", "0 of 2"),
    ("psychic", "heroic", {"pow": 13}, "psychic.abilities", "0 of 4"),
    ("psychic", "epic", {"pow": 13}, "psychic.abilities", "0 of 6"),
    ("psychic", "superhuman", {"pow": 13}, "psychic.abilities", "0 of 10"),
    ("sorcery", "normal", {"int": 13, "pow": 16}, "sorcery.levels", "0 of 7"),
    ("sorcery", "heroic", {"int": 13, "pow": 16}, "sorcery.levels", "0 of 13"),
    ("sorcery", "epic", {"int": 13, "pow": 16}, "sorcery.levels", "0 of 26"),
    ("sorcery", "superhuman", {"int": 13, "pow": 16}, "sorcery.levels", "0 of 52"),
    ("superpowers", "normal", {"str": 13}, "budget", 7),
    ("superpowers", "heroic", {"str": 13}, "budget", 13),
    ("superpowers", "epic", {"str": 13}, "budget", 26),
    ("superpowers", "superhuman", {"str": 13}, "budget", 73),
]


@pytest.mark.parametrize(("power_set", "level", "scores", "key", "value"), EVERY_SET_AT_EVERY_LEVEL)
def test_every_set_at_every_level_shows_its_allowance(
    power_set: str, level: str, scores: dict[str, int], key: str, value: object
) -> None:
    """ "Choose mutations equal to ¼ your character’s CON (round up), with a minimum of 2"
    (line 1018); "Up to ½ INT (round up) in levels of spells known." (line 1735); the rest
    as the table above. The value is a derived value (validate, export-json), on the sheet
    and in the window's totals."""
    document = character(level, (power_set, level), **scores)
    evaluation = SYSTEM.evaluate(document)
    derived = {v.key: v for v in evaluation.derived}
    assert derived[key].value == value
    assert not derived[key].per_row
    steps = ("normal", "heroic", "epic", "superhuman").index(level) + 1
    assert derived["power_steps"].value == f"{steps} of {steps}"
    sheet = _sheet_values(document)
    assert sheet[derived[key].label] == str(value)
