"""Prices, caps and starting rules of the Power Sets chapter, checked on characters built
from its own words and examples (seed 004_a6acbf8ec65b19a8.txt); each test quotes its
line."""

from __future__ import annotations

from sheetapp.core.issues import Severity
from sheetapp.systems.powersets import codes
from sheetapp.systems.powersets.model import (
    FailingChoice,
    Familiar,
    MagicSpellChoice,
    ModifierChoice,
    MutationChoice,
    PowerSetChoice,
    PowersetsDocument,
    PsychicChoice,
    Staff,
    SuperpowerChoice,
)
from sheetapp.systems.powersets.system import SYSTEM

from .test_rules import character, found


def _cost(document: PowersetsDocument, index: int = 0) -> int:
    evaluation = SYSTEM.evaluate(document)
    lines = {line.path: line for top in evaluation.costs for line in top.children}
    return lines[("character", "superpowers", index)].amount


def _derived(document: PowersetsDocument, key: str) -> object:
    return next(v for v in SYSTEM.evaluate(document).derived if v.key == key).value


# --- wrong values -------------------------------------------------------------------------


def test_force_field_costs_per_point_of_siz() -> None:
    """ "1 per level per energy type per point of SIZ" (line 3001): "a character of SIZ 14
    must pay 14 points for Force Field 1, 28 points for Force Field 2, etc." (line 3007)."""
    document = character("superhuman", siz=14)
    document.character.superpowers = [
        SuperpowerChoice(power="force_field", levels=1, choice="Kinetic")
    ]
    assert _cost(document) == 14
    document.character.superpowers[0].levels = 2
    assert _cost(document) == 28
    # a smaller character pays less: the price follows SIZ
    document.character.characteristics.siz = 9
    assert _cost(document) == 18


def test_armor_as_a_force_field_costs_half_the_whole_price() -> None:
    """ "Armor that serves as a force field needing power points to activate costs ½ the
    normal price (round up)" (line 2786): 5 levels cost 5 normally, so 3, not 5 × 1."""
    document = character("heroic")
    document.character.superpowers = [
        SuperpowerChoice(power="armor", levels=5, choice="Kinetic", own_modifier="force_field")
    ]
    assert _cost(document) == 3
    document.character.superpowers[0].own_modifier = None
    assert _cost(document) == 5


def test_the_modifier_cap_limits_rewards_before_cost_raising_modifiers() -> None:
    """ "No superpower can earn more character point budget points than ½ its initial cost
    (round down) through power modifiers" (line 2491); "Single target power has range (15
    meters)" gives "Doubles base cost of power" (line 2505). Energy Projection 2 costs 20:
    touch only +2 and one use a day +9 give 11, capped at 10; the range doubles the cost
    to 40."""
    document = character("epic", pow=20)  # budget 40
    document.character.superpowers = [
        SuperpowerChoice(power="energy_projection", name="Bolt", levels=2, choice="Electric")
    ]
    document.character.power_modifiers = [
        ModifierChoice(modifier="touch_only", power="Bolt"),
        ModifierChoice(modifier="limited_uses", power="Bolt", amount=1),
        ModifierChoice(modifier="single_target_ranged", power="Bolt"),
    ]
    evaluation = SYSTEM.evaluate(document)
    assert _cost(document) == 40
    assert evaluation.total("budget").budget == 40 + 10
    capped = [i for i in evaluation.issues if i.code == codes.MODIFIER_CAP]
    assert [i.severity for i in capped] == [Severity.INFO]
    assert "(10) counts, 1 not counted" in capped[0].message
    # the window's Cost cell says the same
    from sheetapp.systems.powersets.collections import SUPERPOWERS

    cost_column = next(c for c in SUPERPOWERS.columns if c.title == "Cost")
    assert cost_column.cell is not None
    assert cost_column.cell(document, 0, document.character.superpowers[0]).text == "40"
    # without the rewards the cost-raising modifier is not netted against anything
    document.character.power_modifiers = document.character.power_modifiers[2:]
    assert _cost(document) == 40
    assert SYSTEM.evaluate(document).total("budget").budget == 40


def test_a_power_has_at_least_one_use_a_day() -> None:
    """ "Power has a limited number of uses per day (minimum 1)" (line 2502): 0 uses is an
    error and gives nothing; 1 use gives 10 minus 1."""
    document = character("epic", pow=20)
    document.character.superpowers = [SuperpowerChoice(power="flight", name="Wings", levels=20)]
    document.character.power_modifiers = [
        ModifierChoice(modifier="limited_uses", power="Wings", amount=0)
    ]
    assert found(document, codes.LIMITED_USES) == [
        (Severity.ERROR, ("character", "power_modifiers", 0, "amount"))
    ]
    assert SYSTEM.evaluate(document).total("budget").budget == 40
    document.character.power_modifiers[0].amount = 1
    assert not found(document, codes.LIMITED_USES)
    assert SYSTEM.evaluate(document).total("budget").budget == 40 + 9


def test_psycho_social_frailties_give_three_points_at_most() -> None:
    """ "Psycho-social frailty ... +1 point each (+3 points maximum, higher with gamemaster’s
    approval)" (line 2464)."""
    document = character("superhuman")  # budget 70: failings up to 35
    document.character.failings = [
        FailingChoice(failing="psycho_social_frailty", points=1) for _ in range(4)
    ]
    evaluation = SYSTEM.evaluate(document)
    assert evaluation.total("budget").budget == 70 + 3
    assert found(document, codes.PSYCHO_SOCIAL_CAP) == [(Severity.INFO, ("character", "failings"))]
    document.campaign.psycho_social_above_cap = True
    assert SYSTEM.evaluate(document).total("budget").budget == 70 + 4
    assert not found(document, codes.PSYCHO_SOCIAL_CAP)


def test_a_familiar_begun_with_costs_no_pow() -> None:
    """Epic: "If desired, the magician begins with a familiar (the POW cost is assumed in
    the past, so no need to adjust)" (line 474); its range is "The magician’s POW in
    meters" (line 481); "a magician with POW 16 is limited to creatures of SIZ 4 or lower"
    (line 483)."""
    document = character("epic", ("magic", "epic"), pow=16, int=14)
    document.character.familiars = [
        Familiar(name="Tib", creature="cat", siz=4, pow=8, at_creation=True)
    ]
    assert _derived(document, "characteristic.pow") == 16
    assert _derived(document, "power_points") == 16
    assert _derived(document, "familiar.0") == "8 PP within 16 m"
    assert _derived(document, "familiar.size_cap") == "SIZ 4 or lower"
    assert not found(document, codes.FAMILIAR_SIZ)
    document.character.familiars[0].siz = 5
    assert found(document, codes.FAMILIAR_SIZ)
    # bound in play, the point is spent: POW 15, range 15 m
    document.character.familiars[0].siz = 4
    document.character.familiars[0].at_creation = False
    assert _derived(document, "familiar.0") == "8 PP within 15 m"


def test_a_staff_begun_with_stores_the_current_pow() -> None:
    """Superhuman: "a wizard’s staff already constructed (its power points are based on
    their current POW score—the sacrifice of POW is assumed, no need to adjust)" (line
    475)."""
    document = character("superhuman", ("magic", "superhuman"), pow=17, int=16)
    document.character.staves = [Staff(name="Rowan", at_creation=True, stored=17)]
    document.character.familiars = [Familiar(name="Raven", siz=3, pow=10, at_creation=True)]
    assert _derived(document, "characteristic.pow") == 17
    assert _derived(document, "staff.0") == "17 / 17 PP, 20 HP"
    assert not found(document, codes.STAFF_OVERFILLED)
    assert not found(document, codes.START_FAMILIAR)


def test_only_epic_and_superhuman_magicians_begin_with_a_familiar() -> None:
    """Heroic: "A magician knows six spells at INT×1." (line 473), with no familiar; Epic:
    "If desired, the magician begins with a familiar" (line 474); the staff only at
    Superhuman (line 475)."""
    document = character("heroic", ("magic", "heroic"), pow=16)
    document.character.familiars = [Familiar(name="Tib", siz=2, at_creation=True)]
    assert found(document, codes.START_FAMILIAR) == [
        (Severity.ERROR, ("character", "familiars", 0, "at_creation"))
    ]
    epic = character("epic", ("magic", "epic"), pow=16)
    epic.character.familiars = [Familiar(name="Tib", siz=2, at_creation=True)]
    epic.character.staves = [Staff(name="Rowan", at_creation=True)]
    assert found(epic, codes.START_FAMILIAR) == [
        (Severity.ERROR, ("character", "staves", 0, "at_creation"))
    ]


# --- starting ratings ---------------------------------------------------------------------


def test_starting_spells_begin_at_int_x1() -> None:
    """ "A magician knows six spells at INT×1." (line 473): a starting spell below it is an
    error; a spell learned in play is not a starting one."""
    document = character("heroic", ("magic", "heroic"), int=14)
    document.character.magic_spells = [MagicSpellChoice(spell="light", skill=13)]
    assert found(document, codes.MAGIC_SKILL_START) == [
        (Severity.ERROR, ("character", "magic_spells", 0, "skill"))
    ]
    document.character.magic_spells[0].skill = 14
    assert not found(document, codes.MAGIC_SKILL_START)
    document.character.magic_spells[0].skill = 20  # skill points may add to it (line 468)
    assert not found(document, codes.MAGIC_SKILL_START)


def test_starting_psychic_abilities_begin_at_pow_x1() -> None:
    """ "Four psychic abilities at skill ratings equal to their POW×1." (line 1282)."""
    document = character("heroic", ("psychic", "heroic"), pow=15)
    document.character.psychic = [PsychicChoice(ability="telepathy", skill=10)]
    assert found(document, codes.PSYCHIC_SKILL_START) == [
        (Severity.ERROR, ("character", "psychic", 0, "skill"))
    ]
    document.character.psychic[0].skill = 15
    assert not found(document, codes.PSYCHIC_SKILL_START)


def test_a_new_spell_or_ability_begins_at_its_starting_rating() -> None:
    """A spell added in the window begins at INT×1 (line 473), an ability at POW×1 (line
    1282), so adding one never starts with an error."""
    from sheetapp.systems.powersets.collections import MAGIC, PSYCHIC

    document = character("heroic", ("magic", "heroic"), int=14, pow=12)
    assert MAGIC.new_item is not None and PSYCHIC.new_item is not None
    assert MAGIC.new_item(document, "light").skill == 14
    document.character.power_sets.append(PowerSetChoice(power_set="psychic", level="normal"))
    assert PSYCHIC.new_item(document, "telepathy").skill == 12


# --- advisories ---------------------------------------------------------------------------


def test_fewer_power_steps_than_the_game_gives_is_advice() -> None:
    """ "Following are guidelines for beginning with more than one power set" (line 365):
    Epic gives one Epic set, a Heroic and a Normal one, or three Normal ones (lines
    384-386), three steps each way."""
    document = character("epic", ("magic", "heroic"), pow=16)
    assert found(document, codes.POWER_STEPS) == [(Severity.INFO, ("character", "power_sets"))]
    document.character.power_sets.append(PowerSetChoice(power_set="psychic", level="normal"))
    assert not found(document, codes.POWER_STEPS)
    assert _derived(document, "power_steps") == "3 of 3"


def test_mutation_picks_not_spent_are_advice() -> None:
    """ "Choose mutations equal to ¼ your character’s CON (round up), with a minimum of 2"
    (line 1018): CON 13 gives 4 picks."""
    document = character("heroic", ("mutations", "heroic"), con=13)
    document.character.mutations = [MutationChoice(mutation="hardy")]
    assert found(document, codes.MUTATION_PICKS_LEFT) == [
        (Severity.INFO, ("character", "mutations"))
    ]
    assert _derived(document, "mutations.picks") == "1 of 4"
    document.character.mutations[0].major = True
    document.character.mutations.append(MutationChoice(mutation="wings", major=True))
    document.campaign.two_majors_allowed = True
    assert not found(document, codes.MUTATION_PICKS_LEFT)


def test_the_balancing_option_lowers_powered_characters_one_step() -> None:
    """ "lowering the power level of the powered character by one step" (line 346): "powered
    characters in a Heroic level game begin at a Normal level for powers and skills" (line
    348)."""
    document = character("heroic", ("magic", "heroic"), pow=16)
    assert not found(document, codes.SET_ABOVE_GAME)
    document.campaign.powered_one_step_lower = True
    assert found(document, codes.SET_ABOVE_GAME) == [
        (Severity.ERROR, ("character", "power_sets", 0, "level"))
    ]
    document.character.power_sets[0].level = "normal"
    assert not SYSTEM.evaluate(document).has_errors


def test_mutation_rolls_are_recorded_and_checked() -> None:
    """ "Roll D100 to determine mutations" (line 1037): Hardy is 31–33 (line 1051); "if you
    get the same result twice it is major" (line 1017)."""

    document = character("normal", ("mutations", "normal"))
    document.character.mutations = [MutationChoice(mutation="hardy", rolls=[32])]
    assert not found(document, codes.MUTATION_ROLL)
    document.character.mutations[0].rolls = [32, 34]
    assert found(document, codes.MUTATION_ROLL) == [
        (Severity.ERROR, ("character", "mutations", 0, "rolls"))
    ]
    document.character.mutations[0].rolls = [32, 31]
    assert found(document, codes.MUTATION_ROLL) == [
        (Severity.ERROR, ("character", "mutations", 0, "major"))
    ]
    document.character.mutations[0].major = True
    assert not found(document, codes.MUTATION_ROLL)


def test_two_magic_traditions_count_their_own_spells() -> None:
    """Heroic: "Two power sets at the Normal power level" (line 378): two Magic
    traditions, each a Normal magician who "knows four spells of their choice" (line
    472)."""
    document = character("heroic", ("magic", "normal"), ("magic", "normal"), int=14, pow=14)
    document.campaign.several_sets_allowed = True
    assert found(document, codes.SET_TWICE) == [(Severity.ERROR, ("character", "power_sets", 1))]
    document.character.power_sets[0].name = "Hedge"
    document.character.power_sets[1].name = "Court"
    assert not found(document, codes.SET_TWICE)
    hedge = ["light", "heal", "dark", "seal"]
    court = ["blast", "fire", "ward", "wall"]
    document.character.magic_spells = [
        MagicSpellChoice(spell=s, skill=14, tradition=t, memorised=False)
        for t, names in (("Hedge", hedge), ("Court", court))
        for s in names
    ]
    evaluation = SYSTEM.evaluate(document)
    assert not evaluation.has_errors, [i.message for i in evaluation.issues]
    assert _derived(document, "magic.spells.0") == "4 of 4"
    assert _derived(document, "magic.spells.1") == "4 of 4"
    sheet = SYSTEM.sheet(document, SYSTEM.evaluate(document))
    powers = next(x for x in sheet.sections if x.key == "powers")
    labels = {e.label: e.value for e in powers.entries}  # type: ignore[attr-defined]
    assert labels["Magic (Hedge): starting spells"] == "4 of 4"
    assert labels["Magic (Court): starting spells"] == "4 of 4"
    document.character.magic_spells[0].tradition = "Court"
    assert found(document, codes.MAGIC_SPELLS) == [(Severity.ERROR, ("character", "magic_spells"))]
    document.character.magic_spells[0].tradition = ""
    assert found(document, codes.TRADITION) == [
        (Severity.ERROR, ("character", "magic_spells", 0, "tradition"))
    ]
    # a Mutations set twice is still one set too many
    document.character.power_sets = [
        PowerSetChoice(power_set="mutations", level="normal", name="A"),
        PowerSetChoice(power_set="mutations", level="normal", name="B"),
    ]
    document.character.magic_spells = []
    assert found(document, codes.SET_TWICE) == [(Severity.ERROR, ("character", "power_sets", 1))]


def test_super_characteristic_raises_the_characteristic() -> None:
    """Super Characteristic: "Each level adds +1 of STR, CON, SIZ, INT, POW, DEX, CHA, or
    EDU to your character’s original characteristics" (line 3207), at "1 per point of
    STR, CON, SIZ, or CHA; 3 points for each point of DEX, INT, POW, and EDU" (line 3203);
    the budget stays figured from the "as-of-yet-unmodified characteristics" (line
    2429)."""
    document = character("epic", pow=15, siz=12)  # budget 30
    document.character.superpowers = [
        SuperpowerChoice(power="super_characteristic", levels=3, choice="POW")
    ]
    assert _cost(document) == 9
    assert _derived(document, "characteristic.pow") == 18
    assert _derived(document, "power_points") == 18
    assert SYSTEM.evaluate(document).total("budget").budget == 30


def test_a_sidekick_is_priced_as_super_characteristics_and_skills() -> None:
    """Sidekick: "The Sidekick’s characteristics and skills must be purchased as if they
    were Super Characteristics and Super Skills, out of your character’s point budget"
    (line 3116); "Your character cannot have a Sidekick with a higher POW than your
    character" (line 3128)."""
    from sheetapp.systems.powersets.model import Sidekick

    document = character("superhuman", pow=14)
    document.character.superpowers = [SuperpowerChoice(power="sidekick", name="Robin")]
    assert found(document, codes.POWER_COST)
    kid = Sidekick(name="Robin", str=8, con=9, siz=8, int=12, pow=10, dex=14, cha=11)
    kid.skill_levels = 2
    document.character.sidekicks = [kid]
    # 8+9+8+11 = 36, (12+10+14)×3 = 108, 2 Super Skill levels × 2 = 4
    assert _cost(document) == 148
    assert not found(document, codes.POWER_COST)
    assert not found(document, codes.SIDEKICK_NOT_BOUGHT)
    kid.pow = 15
    assert found(document, codes.SIDEKICK_POW) == [
        (Severity.ERROR, ("character", "sidekicks", 0, "pow"))
    ]
    kid.name = "Bucky"
    assert found(document, codes.SIDEKICK_NOT_BOUGHT) == [
        (Severity.WARNING, ("character", "sidekicks", 0, "name"))
    ]
    # "Normally, your character can only have one Sidekick at a time, though your
    # gamemaster may allow you to purchase an additional Sidekick or more" (line 3128)
    document.character.superpowers.append(SuperpowerChoice(power="sidekick", name="Bucky"))
    assert found(document, codes.SIDEKICKS_MORE) == [
        (Severity.ERROR, ("character", "superpowers", 1))
    ]
    document.campaign.several_sidekicks_allowed = True
    assert not found(document, codes.SIDEKICKS_MORE)


def test_a_mutation_above_major_is_three_picks_with_the_gamemaster() -> None:
    """Superhuman: "Your gamemaster may allow you to take a mutation at above major quality
    (for three picks)" (line 1020)."""
    document = character("superhuman", ("mutations", "superhuman"), con=4)
    document.character.mutations = [MutationChoice(mutation="hardy", major=True, above_major=True)]
    assert found(document, codes.ABOVE_MAJOR) == [
        (Severity.ERROR, ("character", "mutations", 0, "above_major"))
    ]
    document.campaign.above_major_allowed = True
    assert not found(document, codes.ABOVE_MAJOR)
    assert _derived(document, "mutations.picks") == "3 of 4"
    epic = character("epic", ("mutations", "epic"), con=8)
    epic.campaign.above_major_allowed = True
    epic.character.mutations = [MutationChoice(mutation="hardy", above_major=True)]
    assert found(epic, codes.ABOVE_MAJOR)
