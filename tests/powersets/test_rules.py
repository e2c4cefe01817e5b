"""The Power Sets chapter's rules (seed 004_a6acbf8ec65b19a8.txt), one test per rule, each
quoting its line; budgets and caps are checked on characters built from the chapter."""

from __future__ import annotations

import pytest

from sheetapp.core.issues import Severity
from sheetapp.systems.powersets import codes
from sheetapp.systems.powersets.model import (
    Characteristics,
    FailingChoice,
    MagicSpellChoice,
    ModifierChoice,
    MutationChoice,
    PowerSetChoice,
    PowersetsDocument,
    PsychicChoice,
    SorceryChoice,
    SuperpowerChoice,
)
from sheetapp.systems.powersets.system import SYSTEM


def character(game: str = "heroic", *sets: tuple[str, str], **scores: int) -> PowersetsDocument:
    document = SYSTEM.new_document("Test")
    document.campaign.power_level = game  # type: ignore[assignment]
    document.character.power_sets = [
        PowerSetChoice(power_set=s, level=level)  # type: ignore[arg-type]
        for s, level in (sets or (("superpowers", game),))
    ]
    document.character.characteristics = Characteristics(**scores)
    return document


def found(document: PowersetsDocument, code: str) -> list[tuple[Severity, tuple[object, ...]]]:
    return [(i.severity, i.path) for i in SYSTEM.evaluate(document).issues if i.code == code]


def test_a_new_character_is_a_legal_start() -> None:
    evaluation = SYSTEM.evaluate(SYSTEM.new_document("New"))
    assert not evaluation.has_errors


def test_no_power_set_is_an_error_to_do() -> None:
    """ "Your character begins with:" (line 369) one power set at least, at every power
    level: none is not legal yet, an error marked as the step to do."""
    document = character()
    document.character.power_sets = []
    assert found(document, codes.NO_POWER_SET) == [(Severity.ERROR, ("character", "power_sets"))]
    [issue] = [i for i in SYSTEM.evaluate(document).issues if i.code == codes.NO_POWER_SET]
    assert issue.is_todo and issue.step == "Power sets"


def test_a_power_without_its_energy_type_is_an_error_to_do() -> None:
    """ "When selecting this power, define the type of energy it absorbs" (line 2712)."""
    document = character("epic", siz=13, pow=18)
    document.character.superpowers = [SuperpowerChoice(power="absorption", levels=1)]
    [issue] = [i for i in SYSTEM.evaluate(document).issues if i.code == codes.ENERGY_TYPE]
    assert issue.severity is Severity.ERROR and issue.step == "Superpowers"


def test_a_power_without_its_choice_is_an_error_to_do() -> None:
    """ "Each must be bought separately and should be noted like ‘Super Sense (Dark
    Vision)’" (line 3241): a power's choice not made yet is a step to do."""
    document = character("epic", siz=13, pow=18)
    document.character.superpowers = [SuperpowerChoice(power="super_sense", levels=1)]
    [issue] = [i for i in SYSTEM.evaluate(document).issues if i.code == codes.POWER_CHOICE]
    assert issue.severity is Severity.ERROR and issue.step == "Superpowers"


@pytest.mark.parametrize(
    ("game", "sets", "fits"),
    [
        # "Heroic: One power set at the Heroic power level / Two power sets at the Normal"
        ("heroic", (("superpowers", "heroic"),), True),
        ("heroic", (("superpowers", "normal"), ("magic", "normal")), True),
        ("heroic", (("superpowers", "heroic"), ("magic", "normal")), False),
        # "Epic: ... One power set at the Heroic power level and one ... at the Normal"
        ("epic", (("superpowers", "heroic"), ("magic", "normal")), True),
        ("epic", (("superpowers", "normal"),), True),  # less is fine
        # "Superhuman: One power set at the Epic power level and one ... at the Normal"
        ("superhuman", (("superpowers", "epic"), ("magic", "normal")), True),
        ("superhuman", (("superpowers", "epic"), ("magic", "heroic")), False),
        (
            "superhuman",
            tuple((s, "normal") for s in ("magic", "psychic", "sorcery", "mutations")),
            True,
        ),
    ],
)
def test_the_combinations_a_game_level_allows(
    game: str, sets: tuple[tuple[str, str], ...], fits: bool
) -> None:
    """Lines 365-396: the combinations a starting character may begin with."""
    document = character(game, *sets, pow=16)
    document.campaign.several_sets_allowed = True
    assert bool(found(document, codes.COMBINATION)) is not fits


def test_a_set_above_the_game_level_and_a_set_twice() -> None:
    document = character("normal", ("superpowers", "heroic"), ("superpowers", "normal"))
    document.campaign.several_sets_allowed = True
    assert found(document, codes.SET_ABOVE_GAME)[0][1] == ("character", "power_sets", 0, "level")
    assert found(document, codes.SET_TWICE)[0][1] == ("character", "power_sets", 1)


def test_more_than_one_set_is_the_gamemasters_say() -> None:
    """Line 363: "your gamemaster should have the final say as to whether your character
    can begin with more than one power set": advice, not a broken rule."""
    document = character("heroic", ("superpowers", "normal"), ("magic", "normal"))
    assert found(document, codes.SEVERAL_SETS)[0][0] is Severity.INFO
    document.campaign.several_sets_allowed = True
    assert not found(document, codes.SEVERAL_SETS)


def test_powers_of_a_set_the_character_lacks() -> None:
    document = character()
    document.character.psychic = [PsychicChoice(ability="telepathy")]
    assert found(document, codes.SET_MISSING) == [(Severity.ERROR, ("character", "psychic"))]


def test_a_non_magician_knows_a_quarter_of_int_in_spell_levels() -> None:
    """ "A non-magician can know up to ¼ their INT (rounded down) in spell levels. These
    spells begin at an INT×1 skill rating" (line 546): INT 13, 3 levels."""
    document = character(int=13)
    document.character.magic_spells = [
        MagicSpellChoice(spell="light", level=2, skill=13),
        MagicSpellChoice(spell="heal", level=1, skill=20),
    ]
    assert not found(document, codes.NON_MAGICIAN_SPELLS)
    assert not found(document, codes.SET_MISSING)
    levels = next(v for v in SYSTEM.evaluate(document).derived if v.key == "magic.non_magician")
    assert levels.value == "3 of 3"
    document.character.magic_spells[1].level = 2
    assert found(document, codes.NON_MAGICIAN_SPELLS) == [
        (Severity.ERROR, ("character", "magic_spells"))
    ]
    document.character.magic_spells[1].level = 1
    document.character.magic_spells[0].skill = 12
    assert found(document, codes.NON_MAGICIAN_SPELLS) == [
        (Severity.ERROR, ("character", "magic_spells", 0, "skill"))
    ]


def test_magic_starting_spells_levels_and_memory() -> None:
    """Line 472: "A magician knows four spells of their choice"; line 458: memorise "half
    their INT (round up)"; line 438: levels up to ½ INT (round up)."""
    document = character("normal", ("magic", "normal"), int=9)
    spells = ["light", "heal", "fire", "frost", "dark"]
    document.character.magic_spells = [MagicSpellChoice(spell=s, memorised=False) for s in spells]
    assert found(document, codes.MAGIC_SPELLS)
    document.character.magic_spells[4].learned_in_play = True
    assert not found(document, codes.MAGIC_SPELLS)
    document.character.magic_spells[0].level = 6  # ½ × 9 = 4.5 → 5
    assert found(document, codes.MAGIC_LEVEL)[0][1] == ("character", "magic_spells", 0, "level")
    document.character.magic_spells[0].level = 5
    assert not found(document, codes.MAGIC_LEVEL)
    for spell in document.character.magic_spells:
        spell.memorised = True  # 5 > 5? no: 5 memorised is the limit
    assert not found(document, codes.MAGIC_MEMORY)
    document.character.magic_spells.append(MagicSpellChoice(spell="wall", learned_in_play=True))
    assert found(document, codes.MAGIC_MEMORY)


def test_heroic_mutation_picks_and_adverse_ones() -> None:
    """Line 1018: "Choose mutations equal to ¼ your character’s CON (round up), with a
    minimum of 2. Major mutations count as two picks ... You can take adverse mutations to
    increase the number of beneficial choices at a rate of 1 to 1 ... Your gamemaster must
    approve taking more than four adverse mutations, and you cannot take more adverse
    mutations than ¼ your CON." CON 13: 4 picks."""
    document = character("heroic", ("mutations", "heroic"), con=13)
    document.character.mutations = [
        MutationChoice(mutation="hardy", major=True),
        MutationChoice(mutation="wings", major=True),
        MutationChoice(mutation="venom"),
    ]
    assert found(document, codes.MUTATION_PICKS)  # 5 beneficial picks > 4
    # "you can pick two major mutations only if your gamemaster allows it" (line 1018)
    assert found(document, codes.TWO_MAJORS)[0][0] is Severity.ERROR
    document.campaign.two_majors_allowed = True
    assert not found(document, codes.TWO_MAJORS)
    document.character.mutations.append(MutationChoice(mutation="allergy"))
    assert not found(document, codes.MUTATION_PICKS)  # the adverse one buys a pick
    adverse = ["congenital_disease", "disease_carrier", "metabolic_weakness", "pain_sensitivity"]
    document.character.mutations += [MutationChoice(mutation=m) for m in adverse]
    assert found(document, codes.ADVERSE_LIMIT)  # 5 adverse > ¼ × 13 = 4
    assert found(document, codes.ADVERSE_APPROVAL)[0][0] is Severity.ERROR
    document.campaign.adverse_above_four_allowed = True
    assert not found(document, codes.ADVERSE_APPROVAL)


def test_mutations_listed_twice_and_minor_only() -> None:
    document = character("epic", ("mutations", "epic"), con=16)
    document.character.mutations = [
        MutationChoice(mutation="hardy"),
        MutationChoice(mutation="hardy"),
        MutationChoice(mutation="coloration", major=True),
    ]
    assert found(document, codes.MUTATION_TWICE)[0][1] == ("character", "mutations", 1)
    assert found(document, codes.MUTATION_MINOR_ONLY)[0][1] == (
        "character",
        "mutations",
        2,
        "major",
    )


def test_normal_mutations_are_rolled() -> None:
    """Line 1017: "roll D100 twice on the Random Mutations Table"."""
    document = character("normal", ("mutations", "normal"))
    document.character.mutations = [MutationChoice(mutation=m) for m in ("hardy", "wings", "venom")]
    assert found(document, codes.NORMAL_MUTATIONS)[0][0] is Severity.INFO


def test_starting_psychic_abilities() -> None:
    """Line 1281: "Two psychic abilities at skill ratings equal to their POW×1"."""
    document = character("normal", ("psychic", "normal"))
    from sheetapp.systems.powersets.catalog import psychic_abilities

    known = list(psychic_abilities())
    document.character.psychic = [PsychicChoice(ability=a) for a in known[:3]]
    assert found(document, codes.PSYCHIC_ABILITIES)
    document.character.psychic[2].learned_in_play = True
    assert not found(document, codes.PSYCHIC_ABILITIES)


def test_sorcery_pow_levels_and_memory() -> None:
    """Line 1729: "a sorcerer must have POW 16+"; line 1735: Normal "Up to ½ INT (round
    up) in levels of spells known"; line 1740: "up to their INT in spell levels stored in
    their mind"."""
    document = character("normal", ("sorcery", "normal"), pow=15, int=9)
    document.character.sorcery = [
        SorceryChoice(spell="farsight", level=1),
        SorceryChoice(spell="heal", level=2),
        SorceryChoice(spell="cloak_of_night", level=3),
    ]
    assert found(document, codes.SORCERY_POW)[0][1] == ("character", "characteristics", "pow")
    assert found(document, codes.SORCERY_LEVELS)  # 6 levels > ½ × 9 → 5
    document.character.sorcery[2].learned_in_play = True
    assert not found(document, codes.SORCERY_LEVELS)
    document.character.sorcery.append(SorceryChoice(spell="leap", level=4))
    assert found(document, codes.SORCERY_MEMORY)  # 10 levels in memory > INT 9
    document.character.sorcery[1].level = 3  # Heal is a level 2 spell
    assert found(document, codes.SORCERY_SPELL_LEVEL)[0][1] == ("character", "sorcery", 1, "level")


def test_the_superpower_budget_by_power_level() -> None:
    """Lines 2431-2434: Normal "Highest characteristic ×½ (round up)", Heroic
    "Unmodified", Epic "Highest characteristic ×2", Superhuman "Add all characteristics
    together"."""
    scores = {"str": 12, "con": 11, "siz": 13, "int": 15, "pow": 9, "dex": 14, "cha": 10}
    expected = {"normal": 8, "heroic": 15, "epic": 30, "superhuman": 84}
    for level, budget in expected.items():
        evaluation = SYSTEM.evaluate(character(level, **scores))
        assert evaluation.total("budget").budget == budget, level
    flat = character("epic", **scores)
    flat.campaign.superpower_budget = "flat"
    assert SYSTEM.evaluate(flat).total("budget").budget == 35  # line 2436


def test_over_budget_and_banked_points() -> None:
    document = character("heroic", pow=12)  # budget 12
    document.character.superpowers = [
        SuperpowerChoice(power="energy_projection", levels=1, choice="Fire")
    ]
    evaluation = SYSTEM.evaluate(document)
    assert evaluation.total("budget").spent == 10
    assert found(document, codes.UNSPENT)[0][0] is Severity.INFO
    document.character.superpowers[0].levels = 2
    assert found(document, codes.OVER_BUDGET)[0][0] is Severity.ERROR


def test_failings_count_up_to_half_the_starting_budget() -> None:
    """Line 2452: "Your character can only take up to ½ their starting character point
    budget (round up) in character failings"; budget 11 → 6."""
    document = character("heroic", pow=11)
    document.character.failings = [
        FailingChoice(failing="always_on_identity", points=5),
        FailingChoice(failing="hunted", points=3),
    ]
    evaluation = SYSTEM.evaluate(document)
    assert evaluation.total("budget").budget == 11 + 6
    # "can still suffer the in-game penalties but receives no additional points" (line
    # 2452): an advisory with the cap and the points not counted, not an error
    capped = [i for i in SYSTEM.evaluate(document).issues if i.code == codes.FAILINGS_CAP]
    assert [(i.severity, i.path) for i in capped] == [(Severity.INFO, ("character", "failings"))]
    assert "(6) counts, 2 not counted" in capped[0].message
    document.character.failings[1].points = 4  # "+1–3 points"
    assert found(document, codes.FAILING_POINTS)[0][1] == ("character", "failings", 1, "points")


def test_power_modifiers_give_at_most_half_a_powers_cost() -> None:
    """Line 2491: "No superpower can earn more character point budget points than ½ its
    initial cost (round down) through power modifiers"; Limited uses gives 10 minus the
    uses."""
    document = character("heroic", pow=20)
    document.character.superpowers = [SuperpowerChoice(power="flight", name="Wings", levels=4)]
    document.character.power_modifiers = [
        ModifierChoice(modifier="limited_uses", power="Wings", amount=1)
    ]
    evaluation = SYSTEM.evaluate(document)
    assert evaluation.total("budget").budget == 20 + 2  # ½ × 4, not 9
    assert found(document, codes.MODIFIER_CAP) == [(Severity.INFO, ("character", "superpowers", 0))]
    assert not evaluation.has_errors
    document.character.power_modifiers[0].power = "Gills"
    assert found(document, codes.MODIFIER_POWER)[0][1] == (
        "character",
        "power_modifiers",
        0,
        "power",
    )


def test_choices_variable_costs_and_level_caps() -> None:
    """Flight needs at least SIZ/3 levels (line 2989); Energy Projection needs its energy
    type; a Sidekick's cost is Variable."""
    document = character("epic", siz=13, pow=18)
    document.character.superpowers = [
        SuperpowerChoice(power="flight", levels=2),
        SuperpowerChoice(power="energy_projection", levels=1),
        SuperpowerChoice(power="sidekick", levels=1),
        SuperpowerChoice(power="adaptation", levels=1),
    ]
    assert found(document, codes.LEVEL_CAP)[0][1] == ("character", "superpowers", 0, "levels")
    # "the energy type it is intended to protect against must be chosen" (line 2782)
    assert found(document, codes.ENERGY_TYPE) == [
        (Severity.ERROR, ("character", "superpowers", 1, "choice"))
    ]
    # a power's other choice not made yet is a step to do, an error too
    assert found(document, codes.POWER_CHOICE) == [
        (Severity.ERROR, ("character", "superpowers", 3, "choice"))
    ]
    assert found(document, codes.POWER_COST)[0][1] == (
        "character",
        "superpowers",
        2,
        "cost_override",
    )
    document.character.superpowers[0].levels = 5
    document.character.superpowers[2].cost_override = 5
    assert not found(document, codes.LEVEL_CAP) and not found(document, codes.POWER_COST)


@pytest.mark.parametrize("game", ["normal", "heroic", "epic", "superhuman"])
def test_a_new_character_starts_its_set_at_the_games_power_level(game: str) -> None:
    """ "Your character begins with (pick one of the following): - One power set at the
    Heroic power level" (lines 375-377), "- One power set at the Epic power level" (line 384):
    a new character in a Heroic game started Superpowers at Normal (issue 31), also from
    the New dialog's settings."""
    from sheetapp.core.system import started_with_settings
    from sheetapp.editing.fields import with_settings

    if game == "heroic":  # the default game
        [first] = SYSTEM.new_document("New").character.power_sets
        assert first.level == "heroic"
    chosen = with_settings(SYSTEM.new_document("New"), {"campaign": {"power_level": game}})
    document = started_with_settings(SYSTEM, chosen)
    assert [(s.power_set, s.level) for s in document.character.power_sets] == [
        ("superpowers", game)
    ]
    assert not SYSTEM.evaluate(document).has_errors
