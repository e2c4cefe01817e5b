"""Hero Designer (``.hdc``) import, mapping report, export and round trips (issue 39).
Seed: ../shared/seeds/001_83bd08b00b463b10.txt.

The expected costs are HERO System 5th Edition's own figures for what the fixtures
record (Energy Blast 5 points per d6, Ego Attack 10 per d6, Telepathy 5 per d6, Flight
2 per inch, a Killing Attack 15 per d6, a Multipower's fixed slot a tenth and a flexible
one a fifth of its Real Points, an Elemental Control's power its Active Points less the
pool over its limitations, a characteristic-based Skill 3 points and 2 per +1, the
characteristic prices of the 5e rulebook) and the BASECOST figures Hero Designer wrote
into the fixtures' Disadvantage adders; never this project's own computation."""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from sheetapp.cli import main
from sheetapp.core.system import installed_systems
from sheetapp.storage.examples import load_example
from sheetapp.systems.hero_xmen.build import build
from sheetapp.systems.hero_xmen.core_prices import catalogs_for
from sheetapp.systems.hero_xmen.hdc.exporter import export_hdc
from sheetapp.systems.hero_xmen.hdc.importer import import_hdc
from sheetapp.systems.hero_xmen.hdc.report import MappingReport
from sheetapp.systems.hero_xmen.hdc.safe_xml import HdcError, parse_xml
from sheetapp.systems.hero_xmen.model import HeroDocument
from sheetapp.systems.hero_xmen.system import SYSTEM

FIXTURES = Path(__file__).parent / "hdc"
EXAMPLES = ("lodestar", "sable-storm", "father-brown")


def imported(name: str) -> tuple[HeroDocument, MappingReport]:
    return import_hdc((FIXTURES / name).read_bytes(), name)


def entries(report: MappingReport, action: str) -> dict[str, str]:
    return {entry.element: entry.detail for entry in report.entries if entry.action == action}


def without_ids(data: Any) -> Any:
    """A dump without what only ties an entry to its Hero Designer element."""
    if isinstance(data, dict):
        return {k: without_ids(v) for k, v in data.items() if k not in ("hdc_id", "hero_designer")}
    if isinstance(data, list):
        return [without_ids(item) for item in data]
    return data


# --- the 5e hero: characteristics, skills with levels, a Multipower, mental powers ---------


def test_characteristics_are_the_levels_bought_above_base() -> None:
    document, _report = imported("storm_front.hdc")
    bought = {c.characteristic: c.bought for c in document.character.characteristics}
    assert bought["str"] == 5 and bought["dex"] == 8 and bought["ego"] == 10
    assert bought["int"] == 3 and bought["pd"] == 4 and bought["md"] == 0
    built = build(document.character, document.campaign, catalogs_for(document.campaign))
    # HERO 5e: STR 1, DEX 3, CON 2, BODY 2, EGO 2, PRE 1, PD 1, ED 1 point per +1
    hero5e = {"str": 5, "dex": 24, "con": 16, "body": 4, "ego": 20, "pre": 5, "pd": 4, "ed": 4}
    assert {k: built.chars[k].cost for k in hero5e} == hero5e


def test_int_priced_by_the_house_rule_and_the_report_names_it() -> None:
    """ "Intelligence costs 2 Character Points per point, not 1 per point." (line 116)"""
    document, report = imported("storm_front.hdc")
    built = build(document.character, document.campaign, catalogs_for(document.campaign))
    assert built.chars["int"].cost == 6
    assert "3 points in Hero Designer, 6 by the campaign" in entries(report, "cost")["INT +3"]


def test_skills_with_their_levels_familiarity_and_everyperson() -> None:
    document, _report = imported("storm_front.hdc")
    skills = {s.skill: s for s in document.character.skills}
    assert skills["acrobatics"].level == 0
    assert skills["analyse"].level == 1  # Hero Designer's ANALYZE
    assert skills["persuasion"].level == 2
    assert skills["stealth"].everyperson and skills["stealth"].level == -3
    built = build(document.character, document.campaign, catalogs_for(document.campaign))
    costs = {row.name: row.cost for row in built.skills}
    # HERO 5e: 3 points for the roll, +2 per +1; an Everyman Skill is free
    assert costs == {"Acrobatics": 3, "Analyse": 5, "Persuasion": 7, "Stealth": 0}
    rolls = {row.name: row.characteristic for row in built.skills}
    assert rolls == {"Acrobatics": "dex", "Analyse": "int", "Persuasion": "pre", "Stealth": "dex"}


def test_multipower_slots_cost_what_hero_5e_prices_them() -> None:
    document, _report = imported("storm_front.hdc")
    (framework,) = document.character.frameworks
    assert (framework.name, framework.kind, framework.points) == ("Storm Powers", "multipower", 60)
    built = build(document.character, document.campaign, catalogs_for(document.campaign))
    powers = {row.name: row for row in built.powers}
    bolt, wind = powers["Lightning Bolt"], powers["Wind Riding"]
    assert bolt.points.active == 60  # Energy Blast 12d6, 5 per d6
    assert built.power_cost(bolt) == 6  # fixed slot: 60 / 10
    assert wind.points.active == 37  # Flight 15" (30) with 1/2 END (+1/4): 37.5, half down
    assert built.power_cost(wind) == 7  # flexible slot: 37 / 5 = 7.4
    assert [row.cost for row in built.frameworks] == [60]
    assert document.character.powers[1].slot == "flexible"


def test_mental_powers_map_to_the_catalog() -> None:
    document, _report = imported("storm_front.hdc")
    by_power = {p.power: p for p in document.character.powers if p.power}
    assert by_power["ego_blast"].levels == 4 and by_power["ego_blast"].name == "Mind Spike"
    assert by_power["telepathy"].levels == 8
    built = build(document.character, document.campaign, catalogs_for(document.campaign))
    active = {row.catalog.id: row.points.active for row in built.powers if row.catalog}
    assert active == {"ego_blast": 40, "telepathy": 40}  # 10 and 5 per d6 (HERO 5e)
    assert all(row.mental for row in built.powers if row.catalog)


def test_disadvantages_take_frequency_intensity_importance_and_name_each_difference() -> None:
    """ "All Disadvantages are constructed using the same three measures: Frequency,
    Intensity and Importance." (line 469)"""
    document, report = imported("storm_front.hdc")
    psych, physical, social = document.character.disadvantages
    assert (psych.kind, psych.frequency, psych.intensity) == (
        "psychological",
        "constantly",
        "total",
    )
    assert (physical.kind, physical.frequency, physical.importance) == (
        "physical",
        "constantly",
        "greatly",
    )
    assert (social.kind, social.frequency, social.intensity) == ("social", "frequently", "strong")
    filled = [e for e in report.entries if e.action == "default"]
    assert len(filled) == 3  # Importance of two, Intensity of the Physical Limitation
    costs = entries(report, "cost")
    # Hero Designer's own adder figures: 15 + 10, 15 + 5, 10 + 10
    assert (
        "Worth 25 points in Hero Designer"
        in costs["Psychological Limitation: Protective of her students"]
    )
    assert "Worth 20 points" in costs["Physical Limitation: Claustrophobic weather-sense"]
    assert "Worth 20 points" in costs["Social Limitation: Mutant"]


def test_notes_name_and_player() -> None:
    document, _report = imported("storm_front.hdc")
    assert document.meta.name == "Storm Front" and document.meta.player == "Dana"
    assert document.meta.notes == (
        "Background:\nRaised on a Kenyan plain.\n\nLeader of the field team."
    )
    assert document.character.concept == "Weather-witch"


def test_the_imported_character_validates_without_unknown_keys() -> None:
    document, _report = imported("storm_front.hdc")
    codes = {issue.code for issue in SYSTEM.evaluate(document).issues}
    assert "file.unknown_key" not in codes
    assert not any(code.startswith("hero-xmen.framework") for code in codes)


# --- forbidden and unknown elements ---------------------------------------------------------


def test_killing_attacks_are_rebuilt_with_the_advantage() -> None:
    """ "Killing Attack is not a separate power. Instead, take the Attack versus Resistant
    Defence advantage on a normal damage attack power." (line 369)"""
    document, report = imported("forbidden_unknown.hdc")
    claws, storm = document.character.powers[0], document.character.powers[1]
    assert claws.power == "hand_to_hand_attack" and claws.levels == 4
    assert storm.power is None and storm.base_cost == 30  # 6d6 of a normal attack
    for power in (claws, storm):
        assert "attack_vs_resistant_defence" in {m.modifier for m in power.modifiers}
    built = build(document.character, document.campaign, catalogs_for(document.campaign))
    assert built.powers[0].points.active == 30  # HKA 2d6: 30 Active Points in HERO 5e
    converted = entries(report, "converted")
    assert "the same 30 Active Points" in converted["Crystal Claws (Killing Attack - Hand-To-Hand)"]
    # RKA 3d6 with Armor Piercing: 45 × 1.5 = 67.5 → 67 in HERO 5e; the campaign's 60
    assert "67 Active Points in Hero Designer" in entries(report, "cost")["Shard Storm"]


def test_luck_is_kept_aside_and_mental_defence_becomes_md() -> None:
    """ "Characters cannot purchase Luck." (line 381) "Mental Defence is no longer a Power,
    but is now a Figured Characteristic." (line 385)"""
    document, report = imported("forbidden_unknown.hdc")
    assert "luck" not in {p.power for p in document.character.powers}
    assert "the campaign forbids Luck" in entries(report, "kept")["Luck"]
    md = next(c for c in document.character.characteristics if c.characteristic == "md")
    assert md.bought == 10
    assert "+10 MD" in entries(report, "converted")["Mental Defense"]


def test_unknown_elements_are_reported_and_kept_for_the_export() -> None:
    """ "Comeliness is not a Primary Characteristic." (line 126) "Speed is not a Figured
    Characteristic." (line 146)"""
    document, report = imported("forbidden_unknown.hdc")
    kept = entries(report, "kept")
    assert "20 points in Hero Designer" in kept["SPD"]
    assert "Comeliness" in kept["COM"]
    for name in (
        "Widgetcraft",
        "Contact: Police captain",
        "Danger Sense",
        "Reputation: Thief",
        "Kevlar vest (Armor)",
        "House (RULES)",
        "Widget Ray: Odd Thing",
        "Experience 12",
    ):
        assert name in kept, name
    assert "enter its base cost" in entries(report, "custom")["Widget Ray"]
    keeper = document.character.hero_designer
    assert keeper is not None
    sections = [section for section, _xml in keeper.elements]
    assert sections.count("CHARACTERISTICS") == 2 and "CHARACTER" in sections
    text = report.text()
    assert "Kept for the export" in text and "Converted" in text


def test_elemental_control_and_an_unknown_adder() -> None:
    document, _report = imported("forbidden_unknown.hdc")
    (framework,) = document.character.frameworks
    assert (framework.kind, framework.points) == ("elemental_control", 20)
    wings, blast = document.character.powers[3], document.character.powers[4]
    assert wings.framework == blast.framework == "Crystal Powers"
    assert [(a.name, a.points) for a in blast.adders] == [("Glitter", 5)]
    built = build(document.character, document.campaign, catalogs_for(document.campaign))
    # HERO 5e Elemental Control: (Active - pool) / (1 + limitations)
    assert built.power_cost(built.powers[3]) == 13  # Flight 20" (40) No Range: 20 / 1.5
    assert built.power_cost(built.powers[4]) == 25  # Energy Blast 8d6 + 5: 45 - 20


# --- bad input: exit 2, nothing written ------------------------------------------------------


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<CHARACTER TEMPLATE="builtIn.Superheroic.hdt">
<CHARACTER_INFO CHARACTER_NAME="&lol3;"/></CHARACTER>"""
EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE c [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<CHARACTER TEMPLATE="builtIn.Superheroic.hdt">
<CHARACTER_INFO CHARACTER_NAME="&secret;"/></CHARACTER>"""


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (BILLION_LAUGHS, "document type"),
        (EXTERNAL_ENTITY, "document type"),
        (b"<CHARACTER><CHARACTERISTICS></CHARACTER>", "not well-formed"),
        (b'<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>', "not a Hero Designer"),
        (b"", "not well-formed"),
        ((FIXTURES / "sixth_edition.hdc").read_bytes(), "6th Edition"),
        (b'<?xml version="1.0" encoding="no-such"?><CHARACTER/>', "cannot be read"),
        (
            b'<CHARACTER TEMPLATE="builtIn.Superheroic.hdt"><CHARACTERISTICS>'
            b'<STR XMLID="STR" LEVELS="99999"/></CHARACTERISTICS></CHARACTER>',
            "cannot hold",
        ),
    ],
    ids=[
        "billion-laughs",
        "external-entity",
        "malformed",
        "not-hero",
        "empty",
        "6e",
        "unknown-encoding",
        "absurd-levels",
    ],
)
def test_bad_files_exit_2_and_write_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, words: str
) -> None:
    source = tmp_path / "in.hdc"
    source.write_bytes(content)
    code = main(["import-hdc", str(source), "-o", str(tmp_path / "out.json"), "--report",
                 str(tmp_path / "out.txt")])  # fmt: skip
    _out, err = capsys.readouterr()
    assert code == 2
    assert words in err and "nothing was written" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.hdc"]


def test_a_50_mb_file_is_refused_before_it_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "big.hdc"
    with open(source, "wb") as handle:
        handle.truncate(50 * 1024 * 1024)
    code = main(["import-hdc", str(source), "-o", str(tmp_path / "out.json")])
    assert code == 2
    assert "50 MB" in capsys.readouterr().err
    assert not (tmp_path / "out.json").exists()
    with pytest.raises(HdcError, match="50 MB"):
        parse_xml(b" " * (50 * 1024 * 1024))


def test_entities_are_refused_by_the_parser_itself() -> None:
    with pytest.raises(HdcError, match="document type"):
        parse_xml(b"<!DOCTYPE a><a/>")
    with pytest.raises(HdcError, match="not well-formed"):
        parse_xml(b"<a>&undeclared;</a>")
    assert parse_xml(b"<a>&amp;&#233;</a>").text == "&\u00e9"


# --- the command line -------------------------------------------------------------------------


def test_import_hdc_writes_the_character_and_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, report = tmp_path / "storm.json", tmp_path / "storm.txt"
    code = main(["import-hdc", str(FIXTURES / "storm_front.hdc"), "-o", str(out),
                 "--report", str(report)])  # fmt: skip
    printed = capsys.readouterr().out
    assert code == 0
    assert "INT +3: Costs differ" in report.read_text(encoding="utf-8")
    assert "INT +3: Costs differ" in printed
    assert main(["validate", str(out)]) == 1  # the house rules make it overspend: an error
    assert "too many" in capsys.readouterr().out
    assert main(["import-hdc", str(FIXTURES / "storm_front.hdc"), "-o", str(out)]) == 2
    assert "already exists" in capsys.readouterr().err


def test_export_hdc_writes_a_file_and_refuses_other_systems(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    character = tmp_path / "sable.json"
    assert main(["new", "hero-xmen", "-o", str(character), "--example", "sable-storm"]) == 0
    target = tmp_path / "sable.hdc"
    assert main(["export-hdc", str(character), "-o", str(target)]) == 0
    assert parse_xml(target.read_bytes()).tag == "CHARACTER"
    other = tmp_path / "glad.json"
    assert main(["new", "gladiators", "-o", str(other)]) == 0
    capsys.readouterr()
    assert main(["export-hdc", str(other), "-o", str(tmp_path / "glad.hdc")]) == 2
    assert "only X-Men HERO characters" in capsys.readouterr().err
    assert not (tmp_path / "glad.hdc").exists()


# --- the export a Foundry VTT HERO upload takes ----------------------------------------------


ITEM_SECTIONS = ("SKILLS", "PERKS", "TALENTS", "MARTIALARTS", "POWERS", "DISADVANTAGES",
                 "EQUIPMENT")  # fmt: skip


def check_readable(data: bytes) -> None:
    """What the Foundry VTT HERO system's upload reads: a CHARACTER root with TEMPLATE
    and version, CHARACTER_INFO with CHARACTER_NAME, the characteristics by tag (each
    with its XMLID), every item with XMLID, ID and BASECOST, an OPTIONID beside every
    OPTION, frameworks as GENERIC_OBJECT whose slots name them by PARENTID; a 5e
    template (no 6E)."""
    root = parse_xml(data)
    assert root.tag == "CHARACTER" and root.get("version")
    assert root.get("TEMPLATE", "").startswith("builtIn.") and "6E" not in root.get("TEMPLATE", "")
    info = root.find("CHARACTER_INFO")
    assert info is not None and info.get("CHARACTER_NAME") is not None
    characteristics = root.find("CHARACTERISTICS")
    assert characteristics is not None and len(characteristics) >= 14
    assert all(c.get("XMLID") == c.tag for c in characteristics)
    ids: list[str] = []
    frameworks = set()
    for section in ITEM_SECTIONS:
        holder = root.find(section)
        assert holder is not None, section
        for item in holder:
            assert item.get("XMLID") and item.get("ID") and item.get("BASECOST"), ET.tostring(item)
            ids.append(item.get("ID", ""))
            if item.tag in ("MULTIPOWER", "ELEMENTAL_CONTROL"):
                assert item.get("XMLID") == "GENERIC_OBJECT"
                frameworks.add(item.get("ID"))
            if item.get("PARENTID"):
                assert item.get("PARENTID") in frameworks
            for child in item.iter():
                if child.get("OPTION") is not None:
                    assert child.get("OPTIONID"), ET.tostring(child)
                if child.tag in ("MODIFIER", "ADDER"):
                    assert child.get("XMLID") and child.get("BASECOST") and child.get("ID")
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("example", EXAMPLES)
def test_each_example_exports_readable_and_comes_back_the_same(example: str) -> None:
    document = load_example("hero-xmen", example, installed_systems()).document
    assert isinstance(document, HeroDocument)
    data = export_hdc(document)
    check_readable(data)
    again, _report = import_hdc(data)
    assert without_ids(again.model_dump()) == without_ids(document.model_dump())
    # every element carries the figures the campaign's costing computed
    built = build(document.character, document.campaign, catalogs_for(document.campaign))
    root = parse_xml(data)
    slots = [p for p in root.iter("POWER") if p.get("SHEETAPP_REAL_COST")]
    assert [int(p.get("SHEETAPP_REAL_COST", "")) for p in slots] == [
        built.power_cost(row) for row in built.powers
    ]
    notes5 = root.find("CHARACTER_INFO/NOTES5")
    assert notes5 is not None and "no Hero Designer equivalent" in (notes5.text or "")


@pytest.mark.parametrize("name", ["storm_front.hdc", "forbidden_unknown.hdc"])
def test_import_export_import_is_the_same_character(name: str) -> None:
    first, _report = imported(name)
    data = export_hdc(first)
    check_readable(data)
    second, report = import_hdc(data)
    one, two = first.model_dump(), second.model_dump()
    kept_one, kept_two = (
        one["character"].pop("hero_designer"),
        two["character"].pop("hero_designer"),
    )
    assert one == two
    assert kept_one["elements"] == kept_two["elements"]
    assert set(kept_one["entries"]) == set(kept_two["entries"])
    assert "Notes 5" in entries(report, "dropped")  # our own house-rule notes, not imported


def test_unknown_xml_comes_back_in_the_export() -> None:
    document, _report = imported("forbidden_unknown.hdc")
    root = parse_xml(export_hdc(document))
    assert root.find("PERKS/PERK[@XMLID='CONTACT']") is not None
    assert root.find("EQUIPMENT/POWER[@XMLID='ARMOR']") is not None
    assert root.find("RULES") is not None
    assert root.find("CHARACTERISTICS/SPD").get("LEVELS") == "2"  # type: ignore[union-attr]
    ray = root.find("POWERS/POWER[@XMLID='WIDGETRAY']")
    assert ray is not None and ray.find("MODIFIER[@XMLID='ODDTHING']") is not None
    assert root.find("BASIC_CONFIGURATION").get("EXPERIENCE") == "12"  # type: ignore[union-attr]


def test_the_portrait_comes_in_and_goes_out_as_hero_designers_image() -> None:
    png = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(40)).decode()
    source = (FIXTURES / "storm_front.hdc").read_text(encoding="utf-8")
    with_image = source.replace(
        "<EQUIPMENT />",
        f'<EQUIPMENT />\n  <IMAGE FileName="storm.png">{png[:30]}\n{png[30:]}</IMAGE>',
    )
    document, report = import_hdc(with_image.encode("utf-8"))
    assert document.meta.portrait == png and report.mapped["Portrait"] == 1
    image = parse_xml(export_hdc(document)).find("IMAGE")
    assert image is not None and image.get("FileName") == "portrait.png" and image.text == png
    not_an_image = with_image.replace(png[:30], "@@@")
    document, report = import_hdc(not_an_image.encode("utf-8"))
    assert document.meta.portrait is None and "IMAGE" in entries(report, "kept")


def test_martial_arts_and_talents_the_campaign_lists_as_skills() -> None:
    """The General Skills (line 182) include Martial Arts and Defence Manoeuvre; Combat
    Sense is one of the Intellect Skills."""
    document, report = imported("forbidden_unknown.hdc")
    arts = [
        (s.name, s.option, s.level) for s in document.character.skills if s.skill == "martial_arts"
    ]
    assert arts == [
        ("Martial Strike", "manoeuvre_4", 1),
        ("Sidestep", "manoeuvre_5", 1),
        ("+2 HTH Damage Class(es)", "damage_class", 2),
    ]
    built = build(document.character, document.campaign, catalogs_for(document.campaign))
    # HERO 5e: a manoeuvre costs what Hero Designer records (4, 5); an extra DC 4 points
    assert [row.cost for row in built.skills if row.name.startswith("Martial Arts")] == [4, 5, 8]
    assert "Odd Feint" in entries(report, "kept")
    assert "a Skill in the campaign" in entries(report, "converted")["Combat Sense"]
    assert "combat_sense" in {s.skill for s in document.character.skills}


def test_import_and_export_refuse_bad_targets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "storm.hdc"
    source.write_bytes((FIXTURES / "storm_front.hdc").read_bytes())
    out = tmp_path / "storm.json"
    assert main(["import-hdc", str(source), "-o", str(source), "--force"]) == 2
    assert main(["import-hdc", str(source), "-o", str(out), "--report", str(out)]) == 2
    assert main(["import-hdc", str(source), "-o", str(tmp_path)]) == 2  # a folder
    assert sorted(p.name for p in tmp_path.iterdir()) == ["storm.hdc"]
    assert source.read_bytes() == (FIXTURES / "storm_front.hdc").read_bytes()
    assert main(["import-hdc", str(source), "-o", str(out)]) == 0
    folder = tmp_path / "folder.hdc"
    folder.mkdir()
    capsys.readouterr()
    assert main(["export-hdc", str(out), "-o", str(folder), "--force"]) == 2
    assert "folder.hdc" in capsys.readouterr().err


def test_adders_are_never_lost() -> None:
    """ "Extra radius is a +5/+10 adder, not a +0.25 advantage." (line 365)"""
    _document, report = imported("forbidden_unknown.hdc")
    assert "its 5 points are added" in entries(report, "custom")["Energy Blast: Glitter"]
    source = (FIXTURES / "storm_front.hdc").read_text(encoding="utf-8")
    images = source.replace(
        '<POWER XMLID="TELEPATHY"',
        '<POWER XMLID="IMAGES" ID="4100" BASECOST="10.0" LEVELS="0" ALIAS="Images" NAME="Mirage">'
        '<ADDER XMLID="RADIUS" ID="4101" BASECOST="5.0" LEVELS="0" ALIAS="Extra radius" />'
        '<ADDER XMLID="SPARKLE" ID="4102" BASECOST="2.0" LEVELS="2" ALIAS="Sparkle" />'
        "</POWER>\n    "
        '<POWER XMLID="TELEPATHY"',
    )
    document, report = import_hdc(images.encode("utf-8"))
    mirage = next(p for p in document.character.powers if p.power == "images")
    assert [(a.adder, a.name, a.points) for a in mirage.adders] == [
        ("extra_radius", "", 5),
        (None, "Sparkle", 4),
    ]
    assert "Mirage (Images): Sparkle" in entries(report, "custom")
    again, _report = import_hdc(export_hdc(document))
    assert [(a.adder, a.points) for a in again.character.powers[3].adders] == [
        ("extra_radius", 5),
        (None, 4),
    ]


def test_a_vulnerability_comes_in_extremely_important() -> None:
    """ "Vulnerabilities are always Extremely Important." (line 683)"""
    source = (FIXTURES / "storm_front.hdc").read_text(encoding="utf-8")
    with_one = source.replace(
        "</DISADVANTAGES>",
        '<DISAD XMLID="VULNERABILITY" ID="5100" BASECOST="0.0" LEVELS="0" '
        'ALIAS="Vulnerability" INPUT="2x STUN from sonics" NAME="" /></DISADVANTAGES>',
    )
    document, report = import_hdc(with_one.encode("utf-8"))
    vulnerability = document.character.disadvantages[-1]
    assert (vulnerability.kind, vulnerability.importance) == ("vulnerability", "extremely")
    filled = [e.detail for e in report.entries if e.element.startswith("Vulnerability")]
    assert not any("Importance" in detail for detail in filled if "does not give" in detail)
    codes = {issue.code for issue in SYSTEM.evaluate(document).issues}
    assert "hero-xmen.vulnerability_importance" not in codes


@pytest.mark.parametrize("name", ["storm_front", "forbidden_unknown"])
def test_each_fixture_gives_its_expected_report(name: str) -> None:
    """The whole report, read and checked by hand once (``<fixture>.report.txt``): a
    change to what an import says shows here."""
    _document, report = import_hdc((FIXTURES / f"{name}.hdc").read_bytes(), f"{name}.hdc")
    assert report.text() == (FIXTURES / f"{name}.report.txt").read_text(encoding="utf-8")


def test_a_sixth_edition_character_on_a_custom_template_is_refused() -> None:
    source = (FIXTURES / "storm_front.hdc").read_text(encoding="utf-8")
    custom = source.replace("builtIn.Superheroic.hdt", "OurGroup.hdt").replace(
        "</CHARACTERISTICS>", '<OMCV XMLID="OMCV" ID="1099" LEVELS="0" /></CHARACTERISTICS>'
    )
    with pytest.raises(HdcError, match="6th Edition"):
        import_hdc(custom.encode("utf-8"))
    document, _report = import_hdc(
        source.replace("builtIn.Superheroic.hdt", "OurGroup.hdt").encode()
    )
    assert document.character.hero_designer is not None
    assert document.character.hero_designer.template == "OurGroup.hdt"


def test_lightning_reflexes_costs_what_the_supplement_says_and_the_report_names_it() -> None:
    """ "Each +1 to Initiative costs 3 Character Points." (line 313)"""
    document, report = imported("storm_front.hdc")
    built = build(document.character, document.campaign, catalogs_for(document.campaign))
    assert [row.cost for row in built.talents] == [3]
    # HERO 5e: Lightning Reflexes with all actions, 1 point per +1
    assert (
        "1 point in Hero Designer (HERO 5e), 3 by the campaign"
        in entries(report, "cost")["Lightning Reflexes"]
    )
