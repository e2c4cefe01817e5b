"""The Power Sets catalogs hold every entry the seed prints, each citing the right lines.

The seed (``../shared/seeds/004_a6acbf8ec65b19a8.txt``) is read when present: every
entry's ``text`` and name stand at its ``seed_lines``.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from sheetapp.core import resources
from sheetapp.core.catalog import CatalogError
from sheetapp.core.citation import Citation, holds, locate, quoted_citations
from sheetapp.systems.powersets import catalog
from sheetapp.systems.powersets.catalog import SEED, SeedEntry
from tests.rulebooks import NOT_HERE, SEEDS, skip_without

REPO = Path(__file__).resolve().parents[2]
SEED_FILE = SEEDS / SEED
RESOURCES = REPO / "resources" / "powersets"

needs_seed = pytest.mark.skipif(not SEED_FILE.is_file(), reason=NOT_HERE)


def seed_lines() -> list[str]:
    return SEED_FILE.read_text(encoding="utf-8", errors="replace").split("\n")


def all_entries() -> Iterator[tuple[str, SeedEntry, tuple[str, ...]]]:
    """Every entry with the quotations it makes: its text and either its name (an entry
    with a heading) or its reward (a table row, named by us)."""
    levels = catalog.power_levels()
    for table in ("levels", "magic", "mutations", "psychic", "sorcery", "superpowers"):
        for row in getattr(levels, table):
            yield f"power_levels.{table}.{row.id}", row, (row.text, row.name)
    for rule in levels.rules:
        yield f"power_levels.rules.{rule.id}", rule, (rule.text,)
    for power_set in catalog.POWER_SETS:
        for entry in catalog.entries_of(power_set).values():
            yield catalog.key(power_set, entry.id), entry, (entry.text, entry.name)
    for modifier in catalog.power_modifiers().values():
        yield f"modifiers.{modifier.id}", modifier, (modifier.text, modifier.reward_text)
    for failing in catalog.failings().values():
        yield f"failings.{failing.id}", failing, (failing.text, failing.reward_text)
    for energy in catalog.energy_types().values():
        yield f"energy_types.{energy.id}", energy, (energy.text, energy.name)


def test_every_catalog_loads() -> None:
    catalog.load_all()


# "Following are the most known magic spells." (line 580): 30 bullets, lines 582-611.
# The Random Mutations Table (lines 1041-1070) names 30 mutations; the psychic
# abilities run from Astral Projection (line 1364) to Telepathy (line 1694); the
# Sorcery Spell List from "Bird’s Vision (1)" (line 2048) to "Witch Sight (3)"
# (line 2397); the Superpower Summary from Absorption (line 2574) to Weather Control
# (line 2640).
@pytest.mark.parametrize(
    ("power_set", "count"),
    [("magic", 30), ("mutations", 30), ("psychic", 21), ("sorcery", 45), ("superpowers", 34)],
)
def test_counts_equal_the_seed(power_set: catalog.PowerSetId, count: int) -> None:
    assert len(catalog.entries_of(power_set)) == count


@pytest.mark.parametrize("name", sorted(catalog.FILES.values()))
def test_ids_are_unique_in_every_list(name: str) -> None:
    data = json.loads((REPO / "resources" / name).read_text(encoding="utf-8"))
    for key, rows in data.items():
        if key == "_meta":
            continue
        ids = [row["id"] for row in rows if isinstance(row, dict) and "id" in row]
        assert len(ids) == len(set(ids)), f"{name} {key}: {sorted(ids)}"


def test_keys_tell_sets_apart() -> None:
    """Heal is a Magic spell ("Heal (3)", line 594) and a Sorcery spell ("Heal (2)",
    line 2140); each is found by its key."""
    assert catalog.by_key("magic.heal").name == "Heal"
    assert catalog.by_key("sorcery.heal").name == "Heal"
    assert catalog.by_key("magic.heal") is not catalog.by_key("sorcery.heal")
    with pytest.raises(KeyError, match="known: magic, mutations"):
        catalog.by_key("spells.heal")
    with pytest.raises(KeyError, match="blast"):
        catalog.by_key("magic.fireball")


@needs_seed
def test_every_entry_cites_the_lines_that_hold_it() -> None:
    """Each entry's text (the seed's words) and name stand at its seed lines."""
    lines = seed_lines()
    assert len(lines) >= catalog.SEED_LINE_COUNT
    wrong = []
    checked = 0
    for where, entry, quotes in all_entries():
        first, last = entry.seed_lines
        for quote in quotes:
            checked += 1
            if not holds(Citation(SEED, first, last, quote), lines):
                found = locate(quote, lines, first, 8)
                wrong.append(f"{where} {quote!r}: lines {first}-{last} (found at {found})")
    assert checked > 2 * (30 + 30 + 21 + 45 + 34)
    assert wrong == []


def summaries() -> Iterator[tuple[str, int, int, str, str]]:
    """(key, first, last, name, summary) of every entry's summary line or table row."""
    for spell in catalog.magic_spells().values():
        yield f"magic.{spell.id}", spell.summary_line, spell.summary_line, spell.name, spell.summary
    for mutation in catalog.mutations_by_id().values():
        line = mutation.table_line
        yield f"mutations.{mutation.id}", line, line, mutation.name, mutation.summary
    for ability in catalog.psychic_abilities().values():
        first, last = ability.summary_lines
        yield f"psychic.{ability.id}", first, last, ability.name, ability.summary
    for sorcery in catalog.sorcery_spells().values():
        line = sorcery.summary_line
        yield f"sorcery.{sorcery.id}", line, line, sorcery.name, sorcery.summary
    for power in catalog.superpowers().values():
        line = power.summary_line
        yield f"superpowers.{power.id}", line, line, power.name, power.summary


@needs_seed
def test_summary_lines_hold_the_summaries() -> None:
    """Each entry's summary (the summary list or the random table) stands with its name
    at the cited line."""
    lines = seed_lines()
    wrong = []
    found = list(summaries())
    for key, first, last, name, summary in found:
        for quote in (name, summary):
            if not holds(Citation(SEED, first, last, quote), lines):
                wrong.append(f"{key}: {quote!r} not at {first}-{last}")
    assert len(found) == 30 + 30 + 21 + 45 + 34
    assert wrong == []


@needs_seed
def test_table_rows_cite_their_lines() -> None:
    """Every row of the random mutations, characteristic change, change amount and time
    step tables stands at its line."""
    lines = seed_lines()
    data = catalog.mutations()
    names = catalog.mutations_by_id()
    wrong = []
    for row in data.random_table:
        name = names[row.mutation].name if row.mutation else "Gamemaster or Player Choice"
        low = f"{row.low:02d}"
        if not holds(Citation(SEED, row.line, row.line, f"{low} {name}"), lines):
            wrong.append(f"random {row.low}-{row.high}")
    for change in data.characteristic_change:
        if not holds(Citation(SEED, change.line, change.line, change.text), lines):
            wrong.append(f"change {change.roll}")
    for amount in data.change_amount:
        if not holds(Citation(SEED, amount.line, amount.line, f"{amount.dice}D6"), lines):
            wrong.append(f"amount {amount.low}")
    for step in catalog.psychic_file().time_steps:
        if not holds(
            Citation(SEED, step.line, step.line, f"{step.power_points} {step.step}"), lines
        ):
            wrong.append(f"time step {step.power_points}")
    assert wrong == []


def test_a_citation_at_the_wrong_line_is_caught() -> None:
    """The check above can fail: Blast's words are not at Heal's lines."""
    skip_without(SEED_FILE)
    blast = catalog.magic_spells()["blast"]
    heal = catalog.magic_spells()["heal"]
    assert not holds(
        Citation(SEED, heal.seed_lines[0], heal.seed_lines[1], blast.text), seed_lines()
    )


# --- power levels ---------------------------------------------------------------------


def test_power_level_combinations() -> None:
    """ "One power set at the Epic power level and one power set at the Normal power
    level" (line 393); "Four power sets at the Normal power level" (line 396)."""
    levels = {level.id: level for level in catalog.power_levels().levels}
    superhuman = [combination.sets for combination in levels["superhuman"].combinations]
    assert superhuman == [
        ("superhuman",),
        ("epic", "normal"),
        ("heroic", "normal", "normal"),
        ("heroic", "heroic"),
        ("normal", "normal", "normal", "normal"),
    ]
    assert [c.sets for c in levels["normal"].combinations] == [("normal",)]
    assert [c.sets for c in levels["heroic"].combinations] == [("heroic",), ("normal", "normal")]
    assert len(levels["epic"].combinations) == 3


def test_starting_allowances() -> None:
    """ "Heroic: A magician knows six spells at INT×1" (line 473); "Epic: Six psychic
    abilities at skill ratings equal to their POW×1" (line 1283); "Normal: Up to ½ INT
    (round up) in levels of spells known" (line 1735); "Epic: Highest characteristic ×2"
    (line 2433); "Choose mutations equal to ¼ your character’s CON (round up), with a
    minimum of 2" (line 1018)."""
    levels = catalog.power_levels()
    assert [row.spells for row in levels.magic] == [4, 6, 8, 10]
    assert [row.familiar for row in levels.magic] == [False, False, True, True]
    assert [row.staff for row in levels.magic] == [False, False, False, True]
    assert levels.magic[0].skill.value(13) == 13
    assert [row.abilities for row in levels.psychic] == [2, 4, 6, 10]
    assert [row.levels.value(15) for row in levels.sorcery] == [8, 15, 30, 60]
    assert [row.budget.value(15) for row in levels.superpowers[:3]] == [8, 15, 30]
    assert levels.superpowers[3].budget.of == "total"
    assert [row.flat_budget for row in levels.superpowers] == [10, 20, 35, 75]
    heroic = levels.mutations[1]
    assert heroic.picks is not None and heroic.adverse_limit is not None
    assert [heroic.picks.value(con) for con in (3, 8, 9, 13)] == [2, 2, 3, 4]
    assert heroic.adverse_limit.value(9) == 3
    assert heroic.adverse_approval_above == 4
    assert levels.mutations[0].picks is None and levels.mutations[0].rolls == 2
    superhuman = levels.mutations[3]
    assert superhuman.picks is not None and superhuman.picks.value(15) == 15
    assert superhuman.adverse_limit is not None and superhuman.adverse_limit.value(15) == 8


def test_rule_numbers() -> None:
    """ "a sorcerer must have POW 16+" (line 1729); "can memorize a number of spells equal
    to half their INT (round up)" (line 458); "A non-magician can know up to ¼ their INT
    (rounded down) in spell levels" (line 546); "Base Chance: DEX×2" (line 2564)."""
    levels = catalog.power_levels()
    assert levels.rule("sorcery_min_pow").value == 16
    memory = levels.rule("magic_memory").scaled
    assert memory is not None and memory.value(15) == 8
    non_magician = levels.rule("non_magician_spell_levels").scaled
    assert non_magician is not None and non_magician.value(15) == 3
    projection = levels.rule("projection_base").scaled
    assert projection is not None and projection.value(12) == 24
    involuntary = levels.rule("psychic_involuntary").scaled
    assert involuntary is not None and involuntary.value(14) == 70
    with pytest.raises(KeyError, match="known: magic_memory"):
        levels.rule("spell_memory")


def test_scaled_describes_itself() -> None:
    normal = catalog.power_levels().superpowers[0].budget
    assert normal.describe() == "highest characteristic ×1/2 (round up)"
    assert catalog.power_levels().sorcery[2].levels.describe() == "INT ×2"


# --- Magic ----------------------------------------------------------------------------


def test_magic_samples() -> None:
    """ "Blast (3): Ranged, does 1D6 points of magical damage per level." (line 582);
    Blast: "Range: 100 meters" (line 615), "Duration: Instantaneous" (line 617).
    Conjure Elemental: "Power Point Cost per Level: 1 per point of elemental POW"
    (line 647). Vision: "Range: 100/10 meters" (line 951)."""
    spells = catalog.magic_spells()
    blast = spells["blast"]
    assert (blast.cost_per_level, blast.range, blast.duration) == (3, "100 meters", "Instantaneous")
    assert blast.seed_lines == (613, 623)
    assert spells["conjure_elemental"].cost_text == "1 per point of elemental POW"
    assert spells["conjure_elemental"].cost_per_level == 1
    assert spells["vision"].range == "100/10 meters"
    assert spells["control"].resist == "pow"
    assert spells["dispel"].resist == "spell_level"
    dear = sorted(spell.id for spell in spells.values() if spell.cost_per_level == 3)
    assert dear == ["blast", "control", "fire", "frost", "heal", "lightning", "ward", "wounding"]


def test_ward_cost_reads_the_entry() -> None:
    """The summary says "Ward (1)" (line 610) and the entry "Power Point Cost per Level:
    3" (line 989): the entry is read and the reading recorded."""
    ward = catalog.magic_spells()["ward"]
    assert ward.summary_cost == 1
    assert ward.cost_per_level == 3
    assert "line 989" in ward.reading
    others = [s.id for s in catalog.magic_spells().values() if s.summary_cost != s.cost_per_level]
    assert others == ["ward"]


# --- Mutations ------------------------------------------------------------------------


def test_mutation_samples() -> None:
    """ "|06–09|Biped (Quadruped)*|If two-legged, forced to walk four-legged.|" (line
    1043); "(Minor) The mutant’s skin is an unnatural color" (line 1097); Natural Armor:
    "The minor mutation offers 3-point armor, and the major version is 6-point armor"
    (line 1185)."""
    mutations = catalog.mutations_by_id()
    assert mutations["biped_quadruped"].kind == "adverse"
    assert mutations["coloration"].minor_only
    assert [m.id for m in mutations.values() if m.minor_only] == ["coloration"]
    armor = mutations["natural_armor"]
    assert "3-point armor" in armor.minor and "6-point armor" in armor.major
    adverse = sorted(m.id for m in mutations.values() if m.kind == "adverse")
    assert adverse == [
        "allergy",
        "biped_quadruped",
        "congenital_disease",
        "decreased_characteristic",
        "disease_carrier",
        "metabolic_weakness",
        "pain_sensitivity",
        "reduced_sense",
        "structural_weakness",
    ]
    assert "line 1042" in mutations["allergy"].reading


def test_mutations_that_change_characteristics() -> None:
    """Congenital Disease: "As a major mutation, two characteristics (usually CON and
    another of your choice) are reduced by 1D6 points" (line 1101); Structural Weakness:
    "subtract 4D6 points from STR, DEX, CON, SIZ, or CHA, dividing points as desired"
    (line 1227); Increased Characteristic: "for a major mutation, the characteristic
    increases are doubled" (line 1158)."""
    mutations = catalog.mutations_by_id()
    changing = sorted(m.id for m in mutations.values() if m.minor_change or m.major_change)
    assert changing == [
        "congenital_disease",
        "decreased_characteristic",
        "increased_characteristic",
        "structural_improvement",
        "structural_weakness",
    ]
    disease = mutations["congenital_disease"].major_change
    assert disease is not None
    assert (disease.sign, disease.dice, disease.targets, disease.usually) == (-1, 1, 2, ("CON",))
    weakness = mutations["structural_weakness"].major_change
    assert weakness is not None and weakness.distribute and "POW" not in weakness.allowed
    increased = mutations["increased_characteristic"]
    assert increased.minor_change is not None and increased.minor_change.from_table
    assert increased.major_change is not None and increased.major_change.doubled
    assert increased.major_change.sign == 1


@needs_seed
def test_characteristic_effects_quote_their_entry() -> None:
    lines = seed_lines()
    wrong = []
    for mutation in catalog.mutations_by_id().values():
        first, last = mutation.seed_lines
        for effect in (mutation.minor_change, mutation.major_change):
            if effect and not holds(Citation(SEED, first, last, effect.text), lines):
                wrong.append(mutation.id)
    assert wrong == []


def test_random_mutations_table() -> None:
    """ "|30|Hands|" (line 1050), "|38–44|Increased Characteristic|" (line 1054),
    "|91–00|Gamemaster or Player Choice|Pick or roll again.|" (line 1071)."""
    table = catalog.mutations().random_table
    by_roll = {roll: row.mutation for row in table for roll in range(row.low, row.high + 1)}
    assert len(by_roll) == 100
    assert by_roll[30] == "hands"
    assert {by_roll[r] for r in range(38, 45)} == {"increased_characteristic"}
    assert by_roll[91] is None and by_roll[100] is None
    assert by_roll[1] == "adaptability" and by_roll[90] == "wings"
    named = {row.mutation for row in table if row.mutation}
    assert named == set(catalog.mutations_by_id())


def test_characteristic_change_tables() -> None:
    """ "|8|Both STR and SIZ.|" (line 1118); "|0|Roll three times, using a D8 instead of a
    D10.|" (line 1120); "|6|–3D6|" (line 1128)."""
    data = catalog.mutations()
    rows = {row.roll: row for row in data.characteristic_change}
    assert rows[1].characteristics == ("STR",)
    assert rows[7].characteristics == ("CHA",)
    assert rows[8].characteristics == ("STR", "SIZ")
    assert rows[9].reroll == 2 and rows[10].reroll == 3
    dice = {roll: row.dice for row in data.change_amount for roll in range(row.low, row.high + 1)}
    assert dice == {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3}


# --- Psychic abilities ----------------------------------------------------------------


def test_psychic_samples() -> None:
    """Astral Projection: "Range: POW×10 kilometers" (line 1366); Divination: "Power
    Point Cost: 10 power points (+1 per hour of preparation reduced)" (line 1458);
    Telepathy: "defeating them in a POW vs. POW resistance roll" (line 1702)."""
    abilities = catalog.psychic_abilities()
    assert abilities["astral_projection"].range == "POW×10 kilometers"
    assert abilities["divination"].min_cost == 10
    assert abilities["telepathy"].resist == "POW vs. POW"
    assert abilities["aura_detection"].resist == ""
    assert min(a.min_cost for a in abilities.values()) == 1
    steps = catalog.psychic_file().time_steps
    assert [s.power_points for s in steps] == list(range(1, 12))
    assert steps[4].step == "One day" and steps[-1].and_more


def test_sensitivity_is_two_entries() -> None:
    """Sensitivity is a mutation ("### Sensitivity", line 1209) and a psychic ability
    ("### Sensitivity", line 1664)."""
    assert catalog.by_key("mutations.sensitivity").seed_lines[0] == 1209
    assert catalog.by_key("psychic.sensitivity").seed_lines[0] == 1664


# --- Sorcery --------------------------------------------------------------------------


def test_sorcery_samples() -> None:
    """ "Hammer of the Gods (1–4)" (line 2134); "Breath of Life (l)" (line 2080) is
    "Breath of Life (1)" in the summary (line 1976); "Summoning a demon costs 9 power
    points (in total)" (line 2276)."""
    spells = catalog.sorcery_spells()
    hammer = spells["hammer_of_the_gods"]
    assert (hammer.level_min, hammer.level_max, hammer.variable) == (1, 4, True)
    assert hammer.categories == ("combat",)
    breath = spells["breath_of_life"]
    assert (breath.level_min, breath.level_max) == (1, 1)
    assert "line 2080" in breath.reading
    assert "9 power points" in spells["summon_demon"].cost_text
    assert spells["heal"].level_min == 2
    assert spells["make_whole"].duration == "1D6 hours"
    assert spells["curse_of_sorcery"].resist == "POW vs. POW"
    per_category: dict[str, int] = {}
    for spell in spells.values():
        for category in spell.categories:
            per_category[category] = per_category.get(category, 0) + 1
    assert per_category == {
        "augmentation": 3,
        "characteristic": 8,
        "combat": 6,
        "enhancement": 4,
        "elemental": 4,
        "manipulative": 6,
        "occult": 4,
        "summoning": 2,
        "utility": 8,
    }


# --- Superpowers ----------------------------------------------------------------------


def test_superpower_samples() -> None:
    """Absorption: "Character Point Cost: 3 per level" (line 2706); Alternate Form: "20
    per form" (line 2750); Drain: "10 per level for hit points, 5 per level for others"
    (line 2860); Super Characteristic: "1 per point of STR, CON, SIZ, or CHA; 3 points
    for each point of DEX, INT, POW, and EDU" (line 3203)."""
    powers = catalog.superpowers()
    assert powers["absorption"].cost_per_level == 3
    assert powers["absorption"].choices[0].energy_types
    assert (powers["alternate_form"].cost_per_level, powers["alternate_form"].cost_unit) == (
        20,
        "form",
    )
    drain = powers["drain"]
    assert drain.cost_per_level is None
    assert dict(zip(drain.choices[0].options, drain.choices[0].option_costs, strict=True)) == {
        "Hit Points": 10,
        "Power Points": 5,
        "Fatigue Points": 5,
        "Sanity Points": 5,
    }
    characteristic = powers["super_characteristic"].choices[0]
    costs = dict(zip(characteristic.options, characteristic.option_costs, strict=True))
    assert costs == {"STR": 1, "CON": 1, "SIZ": 1, "INT": 3, "POW": 3, "DEX": 3, "CHA": 1, "EDU": 3}
    assert powers["unarmed_combat"].cost_per_level == 20
    assert powers["weather_control"].cost_per_level == 3
    assert powers["sidekick"].cost_per_level is None
    adaptation = powers["adaptation"].choices[0]
    assert adaptation.per_level and len(adaptation.options) == 9


def test_level_caps() -> None:
    """Defense: "The levels are limited to the character’s DEX+POW" (line 2816);
    Regeneration: "cannot purchase more levels of Regeneration than ½ their CON (round up)"
    (line 3083); Flight: "must purchase enough levels of Flight to accommodate their SIZ"
    (line 2989)."""
    powers = catalog.superpowers()
    scores = {"DEX": 12, "POW": 14, "CON": 13, "SIZ": 14}
    defense, regeneration = powers["defense"].level_cap, powers["regeneration"].level_cap
    flight, hit_points = powers["flight"].level_cap, powers["extra_hit_points"].level_cap
    assert defense is not None and defense.value(scores) == 26 and defense.kind == "max"
    assert regeneration is not None and regeneration.value(scores) == 7
    assert flight is not None and flight.kind == "min" and flight.value(scores) == 5
    assert hit_points is not None and hit_points.value(scores) == 13
    capped = sorted(p.id for p in powers.values() if p.level_cap is not None)
    assert capped == ["defense", "extra_hit_points", "flight", "regeneration"]


def test_own_modifiers() -> None:
    """Armor "that serves as a force field needing power points to activate costs ½ the
    normal price (round up)" (line 2786)."""
    force_field = catalog.superpowers()["armor"].modifiers[0]
    assert [force_field.per_level(cost) for cost in (1, 3, 5)] == [1, 2, 3]
    whole_set = catalog.superpowers()["resistance"].modifiers[0]
    assert whole_set.per_level(3) == 10


def test_energy_types() -> None:
    """ "Heat and cold are opposites" (line 2656); "Light and darkness are opposites"
    (line 2658)."""
    energy = catalog.energy_types()
    assert list(energy) == [
        "cold",
        "darkness",
        "electric",
        "gravity",
        "heat",
        "kinetic",
        "light",
        "magnetic",
        "radiation",
        "sound",
        "wind",
    ]
    assert energy["heat"].opposite == "cold" and energy["darkness"].opposite == "light"
    options = catalog.choice_options(catalog.superpowers()["resistance"].choices[0])
    assert options[-2:] == ("Disease", "Poison") and options[0] == "Cold"


def test_power_modifiers() -> None:
    """ "Power effective only under certain conditions (underwater, night, timed, etc.)
    +5 points" (line 2497); "Power has a limited number of uses per day (minimum 1) + (10
    minus number of uses)" (line 2502); "Power point cost is halved Doubles base cost of
    power" (line 2508)."""
    modifiers = catalog.power_modifiers()
    assert len(modifiers) == 16
    assert (
        modifiers["certain_conditions"].reward_kind,
        modifiers["certain_conditions"].reward,
    ) == (
        "flat",
        5,
    )
    assert modifiers["limited_uses"].reward_kind == "ten_minus_uses"
    assert modifiers["cost_halved"].reward_kind == "doubles_cost"
    assert modifiers["dissipates_common"].reward == 2
    assert modifiers["touch_only"].group == "Power has different attributes than described"


def test_failings() -> None:
    """ "Super identity is always on, making normal life difficult or impossible. +5
    points" (line 2462); "+1 point for partial problem, +3 points for constant problem"
    (line 2463); "Item is very rare (meteoric rocks, rare metals, special radiation,
    etc.) –1 point to above modifier" (line 2478)."""
    failings = catalog.failings()
    assert len(failings) == 16
    assert failings["always_on_identity"].reward_min == 5
    frailty = failings["physical_frailty"]
    assert [(g.label, g.points) for g in frailty.grades] == [
        ("partial problem", 1),
        ("constant problem", 3),
    ]
    assert failings["psycho_social_frailty"].cap == 3
    assert failings["weakness_very_rare"].reward_min == -1
    assert failings["weakness_very_rare"].adjusts == "special_weakness"
    assert failings["added_damage"].per_die == 1
    assert "line 2479" in failings["added_damage"].reading


# --- readings -------------------------------------------------------------------------


def test_every_reading_is_documented() -> None:
    """Each entry that records a reading of the seed is listed in the readings document."""
    document = (REPO / "docs" / "powersets-readings.md").read_text(encoding="utf-8")
    missing = [
        where for where, entry, _ in all_entries() if entry.reading and f"`{where}`" not in document
    ]
    with_reading = [where for where, entry, _ in all_entries() if entry.reading]
    assert len(with_reading) >= 20
    assert missing == []


@needs_seed
def test_the_readings_document_quotes_the_seed_faithfully() -> None:
    """Every "words" (line N) quotation in the readings document stands at its lines."""
    document = (REPO / "docs" / "powersets-readings.md").read_text(encoding="utf-8")
    lines = seed_lines()
    found = list(quoted_citations(document, SEED))
    wrong = [f"line {at}: {c.quote!r} ({c.where()})" for at, c in found if not holds(c, lines)]
    assert len(found) >= 25
    assert wrong == []


# --- broken data fails loudly -----------------------------------------------------------


@pytest.fixture
def editable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    copy = tmp_path / "resources"
    shutil.copytree(REPO / "resources", copy)
    monkeypatch.setattr(
        resources, "data_root", lambda kind: copy if kind == "resources" else REPO / kind
    )
    catalog.clear_caches()
    yield copy / "powersets"
    catalog.clear_caches()


def edit(path: Path, change: Callable[[dict], None]) -> None:  # type: ignore[type-arg]
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_unknown_mutation_in_the_random_table_names_the_known(editable: Path) -> None:
    def break_row(data: dict) -> None:  # type: ignore[type-arg]
        data["random_table"][0]["mutation"] = "adaptibility"

    edit(editable / "mutations.json", break_row)
    with pytest.raises(CatalogError, match=r"unknown id 'adaptibility' \(known: adaptability"):
        catalog.mutations()


def test_a_duplicate_id_names_the_entry(editable: Path) -> None:
    def duplicate(data: dict) -> None:  # type: ignore[type-arg]
        data["spells"][1]["id"] = data["spells"][0]["id"]

    edit(editable / "magic.json", duplicate)
    with pytest.raises(CatalogError) as caught:
        catalog.magic_spells()
    assert (caught.value.file, caught.value.entry_id) == ("powersets/magic.json", "blast")


def test_a_bad_value_names_file_and_entry(editable: Path) -> None:
    def break_cost(data: dict) -> None:  # type: ignore[type-arg]
        data["powers"][0]["cost_per_level"] = 0

    edit(editable / "superpowers.json", break_cost)
    with pytest.raises(CatalogError) as caught:
        catalog.superpowers()
    assert caught.value.entry_id == "absorption"
    assert "cost_per_level" in str(caught.value)


def test_a_gap_in_the_random_table_is_refused(editable: Path) -> None:
    def gap(data: dict) -> None:  # type: ignore[type-arg]
        data["random_table"][0]["high"] = 2

    edit(editable / "mutations.json", gap)
    with pytest.raises(CatalogError, match="cover 1-100"):
        catalog.mutations()


def test_a_combination_above_the_game_level_is_refused(editable: Path) -> None:
    def too_high(data: dict) -> None:  # type: ignore[type-arg]
        data["levels"][1]["combinations"].append({"sets": ["epic"]})

    edit(editable / "power_levels.json", too_high)
    with pytest.raises(CatalogError, match="above the game's power level"):
        catalog.power_levels()


def test_the_failings_picker_says_each_reward_in_words() -> None:
    """Issue 31: the Failings picker showed the table's slipped cells ("–1 point to above
    modifier", "1D6 points damage per combat round ... +1 point ..."). Lines 2470-2483's
    columns slip by a row; what each row gives is said in words, the quotation kept."""
    from sheetapp.systems.powersets.collections import FAILINGS

    assert FAILINGS.entries is not None
    entries = {entry.id: entry for entry in FAILINGS.entries()}
    assert len(entries) == len(catalog.failings())
    for entry in entries.values():
        assert "..." not in entry.cost and "above modifier" not in entry.cost, entry
        assert entry.cost[:1] in "+–-", entry
    assert "special weakness" in entries["weakness_very_rare"].cost
    assert entries["weakness_very_rare"].group == "Special weakness to some substance"
    assert entries["special_weakness"].cost.startswith("+1 point per D6 of damage")
    # the seed's own cell stays in the catalog, quoted
    assert catalog.failings()["weakness_very_rare"].reward_text == "–1 point to above modifier"
