"""The Power Sets character's lists, declared once (see :mod:`sheetapp.editing.collections`):
power sets, skills, each power set's powers, power modifiers and failings. The window's
editor page comes from these declarations."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from sheetapp.core.changes import Change
from sheetapp.editing.builders import EditError, set_change
from sheetapp.editing.collections import (
    CellView,
    Collection,
    Column,
    ListAction,
    PickEntry,
    choice_list,
)
from sheetapp.systems.powersets.budget import (
    SIDEKICK,
    doublings,
    power_name,
    price,
    sidekick_of,
    sidekick_price,
)
from sheetapp.systems.powersets.catalog import (
    POWER_LEVELS,
    POWER_SETS,
    PowerSetId,
    Scaled,
    SeedEntry,
    energy_types,
    failings,
    magic_spells,
    mutations_by_id,
    power_levels,
    power_modifiers,
    psychic_abilities,
    sorcery_spells,
    superpowers,
)
from sheetapp.systems.powersets.experience import (
    pow_before,
    pow_needed,
    pow_succeeds,
    roll_checks,
    roll_pow_increase,
    roll_projection_check,
)
from sheetapp.systems.powersets.model import (
    STUDY_METHOD_LABELS,
    BoundEntity,
    Brazier,
    FailingChoice,
    Familiar,
    MagicSpellChoice,
    ModifierChoice,
    MutationChoice,
    PowerSetChoice,
    PowersetsCharacter,
    PowersetsDocument,
    PowIncrease,
    PsychicChoice,
    Sidekick,
    SkillEntry,
    SorceryChoice,
    SpellStudy,
    Staff,
    SuperpowerChoice,
)
from sheetapp.systems.powersets.mutation_effects import (
    changes_text,
    effect_of,
    final_scores,
    parse_changes,
    roll_changes,
    roll_mutation,
    rolled_mutation,
)
from sheetapp.systems.powersets.rules import SET_NAMES, brazier_capacity
from sheetapp.systems.powersets.studies import (
    METHODS,
    roll_attempts,
    spell_name,
    study_status,
    study_target,
)
from sheetapp.systems.powersets.tallies import (
    magic_at_table,
    psychic_at_table,
    sorcery_at_table,
    superpower_at_table,
)
from sheetapp.systems.powersets.traditions import traditions


def _entry(entry: SeedEntry, group: str, cost: str = "") -> PickEntry:
    return PickEntry(entry.id, entry.name, group, cost, entry.text, seed_lines=entry.seed_lines)


def _named(catalog: Any, field: str) -> Any:
    """A read-only name cell from the catalog, with its text to read beside the table."""

    def build(_document: Any, _row: int, item: Any) -> CellView:
        key = getattr(item, field)
        entry = catalog().get(key)
        if entry is None:
            return CellView(f"{key} (unknown)")
        return CellView(entry.name, tooltip=entry.text, rule_text=entry.text)

    return build


def _table_cell(numbers: tuple[str, str] | None) -> CellView:
    if numbers is None:
        return CellView("")
    return CellView(numbers[0], tooltip=numbers[1])


def _magic_table(document: PowersetsDocument, _row: int, item: MagicSpellChoice) -> CellView:
    """Power points, DEX rank and dice at its levels (lines 418, 434)."""
    return _table_cell(magic_at_table(item, final_scores(document.character)["DEX"]))


def _psychic_table(document: PowersetsDocument, _row: int, item: PsychicChoice) -> CellView:
    return _table_cell(psychic_at_table(item, final_scores(document.character)["POW"]))


def _sorcery_table(document: PowersetsDocument, _row: int, item: SorceryChoice) -> CellView:
    return _table_cell(sorcery_at_table(item, final_scores(document.character)["POW"]))


def _power_table(_document: Any, _row: int, item: SuperpowerChoice) -> CellView:
    return _table_cell(superpower_at_table(item))


def _tradition_column(power_set: PowerSetId) -> Column:
    """Which of two sets of the type a spell or ability belongs to."""
    return Column(
        "Tradition",
        field="tradition",
        edit="choice",
        format=lambda v: str(v) or "—",
        choices=lambda document, _item: (
            [("", "—")]
            + [(t.name, t.name) for t in traditions(document.character, power_set) if t.name]
        ),
        tooltip="With two sets of this type: the one it belongs to",
    )


def _item_name(catalog: Any, list_key: str, field: str) -> Callable[[Any, int], str]:
    """The name a user knows a row by: its catalog entry's (its id when unknown)."""

    def name(document: Any, row: int) -> str:
        return _name(catalog, getattr(getattr(document.character, list_key)[row], field))

    return name


def _experience_checks(list_key: str, catalog: Any, what: str) -> tuple[ListAction, ...]:
    """The list's action that rolls its experience checks (lines 414, 1257)."""
    return (
        ListAction(
            "Roll experience checks",
            lambda document, _row, rng: _checks(document, list_key, catalog, rng),
            needs_row=False,
            tooltip=f"Each ticked {what}: d100 over its rating improves it",
        ),
    )


def _maker(
    catalog: Any, model: type[Any], field: str, noun: str, starts: PowerSetId | None = None
) -> Any:
    """A new row for a catalog entry; a spell or ability of a set whose starting ones
    begin at a rating (INT×1, POW×1: lines 472-475, 1281-1284) begins at it."""

    def make(document: Any, entry_id: str) -> Any:
        if entry_id not in catalog():
            raise EditError(f"There is no {noun} '{entry_id}'")
        values: dict[str, Any] = {field: entry_id}
        if starts is not None:
            rating = starting_rating(document.character, starts)
            if rating is not None:
                values["skill"] = rating
            found = traditions(document.character, starts)
            if len(found) > 1:
                values["tradition"] = found[0].name
        return model(**values)

    return make


def starting_rating(character: PowersetsCharacter, power_set: PowerSetId) -> int | None:
    """The rating the set's starting spells or abilities begin at for this character."""
    level = next((c.level for c in character.power_sets if c.power_set == power_set), None)
    if level is None:
        # a non-magician's spells "begin at an INT×1 skill rating" (line 546)
        return final_scores(character)["INT"] if power_set == "magic" else None
    skill: Scaled
    if power_set == "magic":
        skill = next(r for r in power_levels().magic if r.id == level).skill
    elif power_set == "psychic":
        skill = next(r for r in power_levels().psychic if r.id == level).skill
    else:
        return None
    return skill.value(final_scores(character)[skill.of])


# --- power sets and skills --------------------------------------------------------------

POWER_SET_LIST: Collection[PowersetsDocument] = Collection(
    key="power_sets",
    title="Power sets",
    noun="power set",
    path=("character", "power_sets"),
    item_model=PowerSetChoice,
    columns=(
        Column(
            "Power set",
            field="power_set",
            edit="choice",
            format=lambda v: SET_NAMES.get(v, str(v)),
            choices=lambda _d, _i: [(s, SET_NAMES[s]) for s in POWER_SETS],
        ),
        Column(
            "Power level",
            field="level",
            edit="choice",
            format=lambda v: str(v).title(),
            choices=lambda _d, _i: [(level, level.title()) for level in POWER_LEVELS],
        ),
        Column(
            "Tradition",
            field="name",
            edit="text",
            tooltip="Name each set when you have two of one type (two Magic traditions)",
        ),
        Column("Note", field="note", edit="text"),
    ),
    blank=lambda _document: PowerSetChoice(),
    name=lambda document, row: SET_NAMES[document.character.power_sets[row].power_set],
    help="The game's power level (Campaign) sets which combinations a starting character "
    "may have; more than one set needs the gamemaster's allowance.",
)

SKILLS: Collection[PowersetsDocument] = Collection(
    key="skills",
    title="Skills",
    noun="skill",
    path=("character", "skills"),
    item_model=SkillEntry,
    columns=(
        Column("Skill", field="name", edit="text"),
        Column("Value (%)", field="value", edit="int", align_right=True),
        Column("Note", field="note", edit="text"),
    ),
    blank=lambda _document: SkillEntry(name="New skill"),
    name=lambda document, row: document.character.skills[row].name or "A skill",
    help="The base character's skills, as your rulebook gives them.",
)

# --- the five power sets ------------------------------------------------------------------

MAGIC: Collection[PowersetsDocument] = Collection(
    key="magic_spells",
    title="Magic",
    noun="spell",
    path=("character", "magic_spells"),
    item_model=MagicSpellChoice,
    columns=(
        Column("Spell", cell=_named(magic_spells, "spell")),
        Column("Levels", field="level", edit="int", align_right=True),
        Column("Skill (%)", field="skill", edit="int", align_right=True),
        Column("Memorised", field="memorised", edit="bool"),
        Column("Learned in play", field="learned_in_play", edit="bool"),
        _tradition_column("magic"),
        Column(
            "Experience check",
            field="checked",
            edit="bool",
            tooltip="Tick a spell cast successfully this adventure; roll the checks after it",
        ),
        Column("At the table", cell=_magic_table),
        Column("Note", field="note", edit="text"),
    ),
    entries=lambda: [
        _entry(s, "Magic spell", f"{s.cost_text} PP/level") for s in magic_spells().values()
    ],
    new_item=_maker(magic_spells, MagicSpellChoice, "spell", "Magic spell", "magic"),
    name=_item_name(magic_spells, "magic_spells", "spell"),
    actions=_experience_checks("magic_spells", magic_spells, "spell"),
)


BOUND: Collection[PowersetsDocument] = Collection(
    key="bound",
    title="Bound demons",
    noun="bound entity",
    path=("character", "bound"),
    item_model=BoundEntity,
    columns=(
        Column("Name", field="name", edit="text"),
        Column(
            "Kind",
            field="kind",
            edit="choice",
            format=lambda v: str(v).capitalize(),
            choices=lambda _d, _i: [("demon", "Demon"), ("elemental", "Elemental")],
        ),
        Column(
            "POW dice",
            field="pow_dice",
            edit="int",
            align_right=True,
            tooltip="A POW 3D8 demon counts as 3 levels of INT memory",
        ),
        Column("Bound into an object for ever", field="permanent", edit="bool"),
        Column(
            "Dismissed",
            field="dismissed",
            edit="bool",
            tooltip="No longer counts against INT memory; the POW of its binding stays spent",
        ),
        Column("Note", field="note", edit="text"),
    ),
    blank=lambda _document: BoundEntity(name="New demon"),
    help="Demons and elementals a sorcerer has bound: each counts its POW dice against "
    "the INT limit of spell levels in memory until dismissed. Binding a demon costs "
    "permanent POW (1, or 3 bound into an object for ever), taken off POW for you; keep a "
    "dismissed demon listed (ticked Dismissed): its POW stays spent.",
)


def _attunements_cell(_document: Any, row: int, item: Brazier) -> CellView:
    path = ("character", "braziers", row, "attunements")
    text = ", ".join(str(p) for p in item.attunements)
    return CellView(
        text,
        path,
        "text",
        text,
        tooltip="Your POW after each casting's sacrifice: 17, or 17, 16 after a second one",
    )


def _set_attunements(document: PowersetsDocument, row: int, value: Any) -> list[Change]:
    found = _parse_rolls(value)
    if not found:
        raise EditError("A brazier has at least one attunement: your POW after its sacrifice")
    return BRAZIERS.set_field(document, row, "attunements", found)


def _brazier_holds(_document: Any, _row: int, item: Brazier) -> CellView:
    return CellView(str(brazier_capacity(item)), align_right=True)


BRAZIERS: Collection[PowersetsDocument] = Collection(
    key="braziers",
    title="Braziers",
    noun="brazier",
    path=("character", "braziers"),
    item_model=Brazier,
    columns=(
        Column("Name", field="name", edit="text"),
        Column(
            "POW after each attunement",
            edit="text",
            cell=_attunements_cell,
            on_edit=_set_attunements,
        ),
        Column("Holds", cell=_brazier_holds),
        Column("Power points stored", field="stored", edit="int", align_right=True),
        Column("Note", field="note", edit="text"),
    ),
    blank=lambda document: Brazier(
        name="Brazier", attunements=[max(0, final_scores(document.character)["POW"] - 1)]
    ),
    help="A focus attuned by the Sorcery spell Brazier of Power: each casting on it "
    "sacrifices a point of permanent POW (taken off POW for you) and lets it hold your POW "
    "after that sacrifice.",
)


def _sidekick_cost(_document: Any, _row: int, item: Sidekick) -> CellView:
    cost, how = sidekick_price(item)
    return CellView(str(cost), tooltip=how, align_right=True)


SIDEKICKS: Collection[PowersetsDocument] = Collection(
    key="sidekicks",
    title="Sidekicks",
    noun="sidekick",
    path=("character", "sidekicks"),
    item_model=Sidekick,
    columns=(
        Column("Name", field="name", edit="text"),
        *(
            Column(label, field=label.lower(), edit="int", align_right=True)
            for label in ("STR", "CON", "SIZ", "INT", "POW", "DEX", "CHA")
        ),
        Column("Super Skill levels", field="skill_levels", edit="int", align_right=True),
        Column(
            "Powers and equipment",
            field="powers_cost",
            edit="int",
            align_right=True,
            tooltip="What its powers and equipment cost from your budget",
        ),
        Column("Cost", cell=_sidekick_cost),
        Column("Note", field="note", edit="text"),
    ),
    blank=lambda _document: Sidekick(),
    help="A Sidekick bought with the Sidekick superpower of the same name: its "
    "characteristics cost as Super Characteristics (1 a point of STR, CON, SIZ or CHA, 3 "
    "of DEX, INT or POW), its skills as Super Skill levels (2 each), plus its powers and "
    "equipment. Its POW is at most yours.",
)

FAMILIARS: Collection[PowersetsDocument] = Collection(
    key="familiars",
    title="Familiar",
    noun="familiar",
    path=("character", "familiars"),
    item_model=Familiar,
    columns=(
        Column("Name", field="name", edit="text"),
        Column("Creature", field="creature", edit="text"),
        Column("SIZ", field="siz", edit="int", align_right=True),
        Column("POW", field="pow", edit="int", align_right=True),
        Column(
            "Power points",
            field="power_points",
            edit="optional_int",
            align_right=True,
            tooltip="What it has now to be drained; not set: its POW",
        ),
        Column("Active", field="active", edit="bool"),
        Column(
            "Begun with",
            field="at_creation",
            edit="bool",
            tooltip="An Epic or Superhuman magician's starting familiar: its POW cost is "
            "assumed in the past",
        ),
        Column("Note", field="note", edit="text"),
    ),
    blank=lambda _document: Familiar(name="New familiar"),
    help="A creature bound by the ritual: SIZ at most ¼ of your POW (rounded up), one "
    "active at a time. Binding costs a point of permanent POW, taken off POW for you; a "
    "freed or killed familiar stays listed (not active): its point is not regained. "
    "Remove one that died of old age: the magician regains the point. An Epic or "
    "Superhuman magician may begin with one (tick 'Begun with'): it cost no POW now.",
)

STAVES: Collection[PowersetsDocument] = Collection(
    key="staves",
    title="Staves",
    noun="staff",
    path=("character", "staves"),
    item_model=Staff,
    columns=(
        Column("Name", field="name", edit="text"),
        Column("A staff", field="traditional", edit="bool"),
        Column("POW at its making", field="pow_at_making", edit="int", align_right=True),
        Column("Power points stored", field="stored", edit="int", align_right=True),
        Column(
            "Begun with",
            field="at_creation",
            edit="bool",
            tooltip="A Superhuman magician's starting staff: it stores your current POW, "
            "the sacrifice of POW is assumed",
        ),
        Column("Note", field="note", edit="text"),
    ),
    blank=lambda document: Staff(
        name="Staff", pow_at_making=final_scores(document.character)["POW"]
    ),
    help="A reservoir of power points: it stores your POW at its making less the point "
    "the ritual sacrifices (taken off POW for you). A Superhuman magician begins with one "
    "(tick 'Begun with'): it stores your current POW and cost no POW.",
)


def _checks(
    document: PowersetsDocument, list_key: str, catalog: Any, rng: random.Random
) -> list[Change]:
    field = {"magic_spells": "spell", "psychic": "ability"}[list_key]
    items = getattr(document.character, list_key)
    names = {i: _name(catalog, getattr(item, field)) for i, item in enumerate(items)}
    changes, results = roll_checks(document, list_key, names, rng)
    if not results:
        raise EditError(
            "Nothing has an experience check: tick 'Experience check' on what was used "
            "successfully this adventure, then roll."
        )
    return changes


def _roll_pow(document: PowersetsDocument, rng: random.Random) -> list[Change]:
    if not document.character.pow_checked:
        raise EditError(
            "POW has no experience check: tick 'POW experience check' (Campaign & Notes) "
            "when a POW resistance roll beat an equal or higher POW, and roll it after the "
            "adventure."
        )
    return roll_pow_increase(document, rng)


def _pow_needed_cell(document: PowersetsDocument, row: int, item: PowIncrease) -> CellView:
    pow_ = pow_before(document.character, row)
    _target, _over, needed = pow_needed(pow_, document.campaign)
    return CellView(needed, tooltip="The base rules' POW increase roll (campaign setting)")


def _pow_result_cell(document: PowersetsDocument, row: int, item: PowIncrease) -> CellView:
    if not 1 <= item.roll <= 100:
        return CellView("?")
    success = pow_succeeds(item.roll, pow_before(document.character, row), document.campaign)
    return CellView("success" if success else "failure")


POW_INCREASES: Collection[PowersetsDocument] = Collection(
    key="pow_increases",
    title="POW increases",
    noun="POW increase",
    path=("character", "pow_increases"),
    item_model=PowIncrease,
    columns=(
        Column("D100 roll", field="roll", edit="int", align_right=True),
        Column("Needed", cell=_pow_needed_cell),
        Column("Result", cell=_pow_result_cell),
        Column(
            "Gain (1D3-1)",
            field="gain",
            edit="optional_int",
            align_right=True,
            tooltip="What 1D3-1 gave on a success: 0, 1 or 2",
        ),
        Column(
            "Turned into budget points",
            field="to_budget",
            edit="bool",
            tooltip="Superpowers: the points may become budget points instead of POW",
        ),
        Column("Note", field="note", edit="text"),
    ),
    blank=lambda _document: PowIncrease(roll=1),
    name=lambda _document, row: f"POW increase {row + 1}",
    reads=None,
    actions=(
        ListAction(
            "Roll POW increase",
            lambda document, _row, rng: _roll_pow(document, rng),
            needs_row=False,
            tooltip="After an adventure with a POW experience check: D100 against the POW "
            "increase roll, and 1D3-1 on a success",
        ),
    ),
    help="Each POW experience check rolled after an adventure: the D100 against the base "
    "rules' POW increase roll (campaign settings) and, on a success, the 1D3-1 POW gains. "
    "POW adds the gains (a superpowered character may turn them into budget points). "
    "Enter rolls made with your own dice with Add.",
)


def _roll_projection(document: PowersetsDocument, rng: random.Random) -> list[Change]:
    if not document.character.projection.checked:
        raise EditError(
            "Projection has no experience check: tick its 'Experience check' "
            "(the Projection box beside the characteristics) when it hit in play, and roll "
            "it after the adventure."
        )
    return roll_projection_check(document, rng)


# --- learning spells in play ---------------------------------------------------------------


def _study_spell_cell(_document: Any, row: int, item: SpellStudy) -> CellView:
    path = ("character", "studies", row, "spell")
    if item.method == "invent":
        return CellView(
            item.spell or "(name it)", path, "text", item.spell, tooltip="The new spell's name"
        )
    catalog = magic_spells() if item.power_set == "magic" else sorcery_spells()
    return CellView(
        spell_name(item),
        path,
        "choice",
        item.spell or None,
        choice_list([(k, e.name) for k, e in catalog.items()], "(choose)"),
        tooltip="The spell being learned",
    )


def _study_needs_cell(document: PowersetsDocument, _row: int, item: SpellStudy) -> CellView:
    target, text = study_target(item, final_scores(document.character))
    return CellView(f"{target} or less", tooltip=f"D100 at most {text}", align_right=True)


def _study_status_cell(document: PowersetsDocument, _row: int, item: SpellStudy) -> CellView:
    status = study_status(item, final_scores(document.character))
    return CellView(status.result_text, tooltip=status.time_text)


def _study_rolls_cell(_document: Any, row: int, item: SpellStudy) -> CellView:
    path = ("character", "studies", row, "rolls")
    text = ", ".join(str(r) for r in item.rolls)
    return CellView(text, path, "text", text, tooltip="The D100 rolls, one an attempt: 45, 12")


def _study_weeks_cell(_document: Any, row: int, item: SpellStudy) -> CellView:
    if item.method != "research":
        return CellView("")
    path = ("character", "studies", row, "weeks_rolls")
    text = ", ".join(str(r) for r in item.weeks_rolls)
    return CellView(text, path, "text", text, tooltip="The gamemaster's 1D10 weeks, one an attempt")


def _parse_rolls(value: Any) -> list[int]:
    text = str(value or "").replace(";", ",")
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise EditError(f"Rolls are numbers separated by commas, not '{text}'") from None


def _set_rolls(field: str) -> Any:
    def edit(document: PowersetsDocument, row: int, value: Any) -> list[Change]:
        return STUDIES.set_field(document, row, field, _parse_rolls(value))

    return edit


def _mutation_rolls_cell(_document: Any, row: int, item: MutationChoice) -> CellView:
    path = ("character", "mutations", row, "rolls")
    text = ", ".join(f"{r:02d}" for r in item.rolls)
    return CellView(
        text,
        path,
        "text",
        text,
        tooltip="The Random Mutations Table rolls that gave it (38, or 38, 41 for a major "
        "one rolled twice); empty when picked",
    )


def _set_mutation_rolls(document: PowersetsDocument, row: int, value: Any) -> list[Change]:
    return MUTATIONS.set_field(document, row, "rolls", _parse_rolls(value))


def _roll_studies(document: PowersetsDocument, rng: random.Random) -> list[Change]:
    changes, said = roll_attempts(document, rng)
    if not said:
        raise EditError(
            "No spell study is under way: add one (the spell and how it is learned), "
            "then roll its attempt when the time has passed."
        )
    return changes


def _new_study(document: PowersetsDocument) -> SpellStudy:
    sets = {choice.power_set for choice in document.character.power_sets}
    if "sorcery" in sets and "magic" not in sets:
        return SpellStudy(power_set="sorcery", method="research")
    return SpellStudy(power_set="magic", method="study")


STUDIES: Collection[PowersetsDocument] = Collection(
    key="studies",
    title="Spell studies",
    noun="spell study",
    path=("character", "studies"),
    item_model=SpellStudy,
    columns=(
        Column(
            "Power set",
            field="power_set",
            edit="choice",
            format=lambda v: SET_NAMES.get(v, str(v)),
            choices=lambda _d, _i: [("magic", "Magic"), ("sorcery", "Sorcery")],
        ),
        Column("Spell", field="spell", cell=_study_spell_cell),
        Column(
            "How",
            field="method",
            edit="choice",
            format=lambda v: str(STUDY_METHOD_LABELS.get(v, v)),
            choices=lambda _d, item: [
                (m, str(STUDY_METHOD_LABELS[m])) for m in METHODS[item.power_set]
            ],
        ),
        Column("Needs", cell=_study_needs_cell),
        Column(
            "Library rating",
            field="library_rating",
            edit="int",
            align_right=True,
            tooltip="Scholarly research: the gamemaster's ×1 to ×3",
        ),
        Column(
            "Language (%)",
            field="language",
            edit="int",
            align_right=True,
            tooltip="Scholarly research: each 50% takes a week off each 1D10",
        ),
        Column(
            "1D10 weeks", edit="text", cell=_study_weeks_cell, on_edit=_set_rolls("weeks_rolls")
        ),
        Column("D100 rolls", edit="text", cell=_study_rolls_cell, on_edit=_set_rolls("rolls")),
        Column("Result", cell=_study_status_cell),
        Column("Note", field="note", edit="text"),
    ),
    blank=_new_study,
    name=lambda document, row: spell_name(document.character.studies[row]),
    reads=None,
    actions=(
        ListAction(
            "Roll study attempts",
            lambda document, _row, rng: _roll_studies(document, rng),
            needs_row=False,
            tooltip="Each study under way: its time (1D10 weeks for research) and the D100; "
            "a spell learned joins its list",
        ),
    ),
    help="New spells learned in play. Magic: study a spell for a month and roll INT+POW "
    "(it starts at INT×1), or invent one: six successful INT+POW rolls, a month each. "
    "Sorcery: research in a library (1D10 weeks, less a week per 50% in its language; "
    "INT × the library's rating), another's grimoire (INT×1 every three weeks) or a "
    "teacher (INT×1). A spell learned joins the Magic or Sorcery list.",
)


def _changes_cell(_document: Any, _row: int, item: MutationChoice) -> CellView:
    effect = effect_of(mutations_by_id().get(item.mutation), item.major)
    tooltip = effect.text if effect is not None else "This mutation changes no characteristic."
    return CellView(changes_text(item.changes), tooltip=tooltip)


def _set_changes(document: PowersetsDocument, row: int, value: Any) -> list[Change]:
    try:
        changes = parse_changes(str(value or ""))
    except ValueError as exc:
        raise EditError(str(exc)) from None
    return MUTATIONS.set_field(document, row, "changes", [c.model_dump() for c in changes])


def _roll_mutation(
    document: PowersetsDocument, _row: int | None, rng: random.Random
) -> list[Change]:
    """ "Roll D100 ... on the Random Mutations Table" (line 1017); "if you get the same
    result twice it is major" (line 1017)."""
    rolled = roll_mutation(rng)
    if rolled.mutation is None:
        raise EditError(
            f"Rolled {rolled.roll:02d}: Gamemaster or Player Choice. Pick one with Add "
            "mutation, or roll again."
        )
    chosen = document.character.mutations
    index = next((i for i, m in enumerate(chosen) if m.mutation == rolled.mutation), None)
    name = _name(mutations_by_id, rolled.mutation)
    if index is None:
        item = rolled_mutation(None, rolled.mutation, rng, rolled.roll)
        return MUTATIONS.insert(document, item, what=f"{name} (rolled {rolled.roll:02d})")
    item = rolled_mutation(chosen[index], rolled.mutation, rng, rolled.roll)
    if item == chosen[index]:
        raise EditError(f"Rolled {rolled.roll:02d}: {name} again, and it is already major.")
    return set_change(
        MUTATIONS.row_path(index),
        chosen[index].model_dump(),
        item.model_dump(),
        f"Roll {name} again: major (rolled {rolled.roll:02d})",
    )


def _roll_changes(document: PowersetsDocument, row: int | None, rng: random.Random) -> list[Change]:
    assert row is not None
    item = MUTATIONS.item(document, row)
    effect = effect_of(mutations_by_id().get(item.mutation), item.major)
    name = _name(mutations_by_id, item.mutation)
    if effect is None:
        raise EditError(f"{name} changes no characteristic: there is nothing to roll.")
    changes = roll_changes(effect, rng)
    return set_change(
        (*MUTATIONS.row_path(row), "changes"),
        [c.model_dump() for c in item.changes],
        [c.model_dump() for c in changes],
        f"Roll {name}'s changes: {changes_text(changes)}",
    )


MUTATIONS: Collection[PowersetsDocument] = Collection(
    key="mutations",
    title="Mutations",
    noun="mutation",
    path=("character", "mutations"),
    item_model=MutationChoice,
    columns=(
        Column("Mutation", cell=_named(mutations_by_id, "mutation")),
        Column(
            "Kind",
            cell=lambda _d, _r, item: CellView(
                _kind(mutations_by_id().get(item.mutation)), tooltip="Beneficial or adverse"
            ),
        ),
        Column("Major", field="major", edit="bool"),
        Column(
            "Above major",
            field="above_major",
            edit="bool",
            tooltip="Superhuman, with the gamemaster's allowance: three picks",
        ),
        Column("D100 rolls", edit="text", cell=_mutation_rolls_cell, on_edit=_set_mutation_rolls),
        Column("Changes", edit="text", cell=_changes_cell, on_edit=_set_changes),
        Column("Note", field="note", edit="text"),
    ),
    entries=lambda: [
        _entry(m, "Adverse mutation" if m.kind == "adverse" else "Beneficial mutation")
        for m in mutations_by_id().values()
    ],
    new_item=_maker(mutations_by_id, MutationChoice, "mutation", "mutation"),
    name=_item_name(mutations_by_id, "mutations", "mutation"),
    actions=(
        ListAction(
            "Roll a mutation",
            _roll_mutation,
            needs_row=False,
            tooltip="Roll D100 on the Random Mutations Table; the same result twice makes "
            "the mutation major",
        ),
        ListAction(
            "Roll its changes",
            _roll_changes,
            tooltip="Roll the characteristic changes of the selected mutation (Decreased "
            "Characteristic, Structural Weakness ...)",
        ),
    ),
    help="Pick mutations, or roll them on the Random Mutations Table. A mutation that "
    "changes characteristics records what its rolls gave (Changes: 'STR -3'); the "
    "characteristics after mutations show in the derived values.",
)

PSYCHIC: Collection[PowersetsDocument] = Collection(
    key="psychic",
    title="Psychic",
    noun="psychic ability",
    path=("character", "psychic"),
    item_model=PsychicChoice,
    columns=(
        Column("Ability", cell=_named(psychic_abilities, "ability")),
        Column("Skill (%)", field="skill", edit="int", align_right=True),
        Column("Learned in play", field="learned_in_play", edit="bool"),
        _tradition_column("psychic"),
        Column(
            "Experience check",
            field="checked",
            edit="bool",
            tooltip="Tick an ability rolled successfully in combat or danger",
        ),
        Column(
            "Gained in play",
            field="gained",
            edit="choice",
            format=lambda v: {"training": "Training", "involuntary": "Involuntarily"}.get(v, "—"),
            choices=lambda _d, _i: [
                ("", "—"),
                ("training", "Training (1 POW a period)"),
                ("involuntary", "Involuntarily (2 POW)"),
            ],
            tooltip="After POW has risen: the POW it costs is taken off for you",
        ),
        Column(
            "Training periods",
            field="training_periods",
            edit="int",
            align_right=True,
            tooltip="Training: each period ends with a point of POW and a Luck roll",
        ),
        Column("At the table", cell=_psychic_table),
        Column("Note", field="note", edit="text"),
    ),
    entries=lambda: [
        _entry(a, "Psychic ability", a.cost_text) for a in psychic_abilities().values()
    ],
    new_item=_maker(psychic_abilities, PsychicChoice, "ability", "psychic ability", "psychic"),
    name=_item_name(psychic_abilities, "psychic", "ability"),
    actions=_experience_checks("psychic", psychic_abilities, "ability"),
)

SORCERY: Collection[PowersetsDocument] = Collection(
    key="sorcery",
    title="Sorcery",
    noun="spell",
    path=("character", "sorcery"),
    item_model=SorceryChoice,
    columns=(
        Column("Spell", cell=_named(sorcery_spells, "spell")),
        Column("Level", field="level", edit="int", align_right=True),
        Column("In memory", field="in_memory", edit="bool"),
        Column("Learned in play", field="learned_in_play", edit="bool"),
        _tradition_column("sorcery"),
        Column("At the table", cell=_sorcery_table),
        Column("Note", field="note", edit="text"),
    ),
    entries=lambda: [
        _entry(
            s,
            "Sorcery spell",
            f"level {s.level_min}" + (f"-{s.level_max}" if s.level_max > s.level_min else ""),
        )
        for s in sorcery_spells().values()
    ],
    new_item=lambda _d, spell_id: _new_sorcery(spell_id),
    name=_item_name(sorcery_spells, "sorcery", "spell"),
)


def _new_sorcery(spell_id: str) -> SorceryChoice:
    spell = sorcery_spells().get(spell_id)
    if spell is None:
        raise EditError(f"There is no Sorcery spell '{spell_id}'")
    return SorceryChoice(spell=spell_id, level=spell.level_min)


def _choice_cell(_document: Any, row: int, item: SuperpowerChoice) -> CellView:
    power = superpowers().get(item.power)
    path = ("character", "superpowers", row, "choice")
    spec = power.choices[0] if power is not None and power.choices else None
    if spec is None:
        return CellView(item.choice, path, "text", item.choice)
    options = [e.name for e in energy_types().values()] if spec.energy_types else []
    options += list(spec.options)
    if options and not spec.open:
        return CellView(
            item.choice or "(choose)",
            path,
            "choice",
            item.choice or None,
            choice_list([(o, o) for o in options], "(choose)"),
            tooltip=spec.label,
        )
    return CellView(item.choice or "(type it)", path, "text", item.choice, tooltip=spec.label)


def _cost_cell(document: PowersetsDocument, _row: int, item: SuperpowerChoice) -> CellView:
    power = superpowers().get(item.power)
    if power is None:
        return CellView("")
    character = document.character
    sidekick = sidekick_of(character, item) if item.power == SIDEKICK else None
    cost: int | None
    if sidekick is not None and item.cost_override is None:
        cost, how = sidekick_price(sidekick)
    else:
        cost, how = price(item, power, final_scores(character)["SIZ"])
    if cost is None:
        return CellView("?", tooltip=how, align_right=True)
    times = doublings(character, item)
    if times:
        how += f"; + {cost * times} (base cost doubled)"
        cost += cost * times
    return CellView(str(cost), tooltip=f"{how} ({power.cost_text})", align_right=True)


def _own_modifiers(power_id: str) -> dict[str, str]:
    power = superpowers().get(power_id)
    return {m.id: m.name for m in power.modifiers} if power is not None else {}


def _own_modifier_choices(_document: Any, item: SuperpowerChoice) -> list[tuple[Any, str]]:
    return choice_list(list(_own_modifiers(item.power).items()), "—")


def _own_modifier_name(value: Any) -> str:
    if value is None:
        return ""
    for power in superpowers().values():
        for modifier in power.modifiers:
            if modifier.id == value:
                return modifier.name
    return str(value)


SUPERPOWERS: Collection[PowersetsDocument] = Collection(
    key="superpowers",
    title="Superpowers",
    noun="superpower",
    path=("character", "superpowers"),
    item_model=SuperpowerChoice,
    columns=(
        Column("Power", cell=_named(superpowers, "power")),
        Column("Own name", field="name", edit="text"),
        Column("Levels", field="levels", edit="int", align_right=True),
        Column("Choice", field="choice", cell=_choice_cell),
        Column(
            "Own modifier",
            field="own_modifier",
            edit="choice",
            format=_own_modifier_name,
            choices=_own_modifier_choices,
            tooltip="A modifier the power's own entry offers",
        ),
        Column("Cost", cell=_cost_cell),
        Column(
            "Cost (GM)",
            field="cost_override",
            edit="optional_int",
            align_right=True,
            tooltip="A Variable cost the gamemaster sets; not set: the power's own cost",
        ),
        Column("At the table", cell=_power_table),
        Column("Note", field="note", edit="text"),
    ),
    entries=lambda: [_entry(p, "Superpower", f"{p.cost_text} pts") for p in superpowers().values()],
    new_item=_maker(superpowers, SuperpowerChoice, "power", "superpower"),
    name=lambda document, row: power_name(document.character.superpowers[row]),
    actions=(
        ListAction(
            "Roll Projection check",
            lambda document, _row, rng: _roll_projection(document, rng),
            needs_row=False,
            tooltip="Projection's experience check: D100 over its rating improves it",
        ),
    ),
    help="Each level costs the power's character points; the budget and what failings "
    "and modifiers give back are on the Costs tab and in the Explain panel.",
)


def _power_choices(document: Any, _item: Any) -> list[tuple[Any, str]]:
    names = [power_name(p) for p in document.character.superpowers]
    return [(name, name) for name in dict.fromkeys(names)]


def _new_modifier(document: PowersetsDocument, modifier_id: str) -> ModifierChoice:
    if modifier_id not in power_modifiers():
        raise EditError(f"There is no power modifier '{modifier_id}'")
    powers = document.character.superpowers
    return ModifierChoice(modifier=modifier_id, power=power_name(powers[0]) if powers else "")


MODIFIERS: Collection[PowersetsDocument] = Collection(
    key="power_modifiers",
    title="Power modifiers",
    noun="power modifier",
    path=("character", "power_modifiers"),
    item_model=ModifierChoice,
    columns=(
        Column("Modifier", cell=_named(power_modifiers, "modifier")),
        Column("Power", field="power", edit="choice", choices=_power_choices),
        Column(
            "Amount",
            field="amount",
            edit="int",
            align_right=True,
            tooltip="Uses per day, or power points, where the modifier counts them.",
        ),
        Column("Note", field="note", edit="text"),
    ),
    entries=lambda: [
        _entry(m, "Power modifier", m.reward_text) for m in power_modifiers().values()
    ],
    new_item=_new_modifier,
    name=lambda document, row: _name(
        power_modifiers, document.character.power_modifiers[row].modifier
    ),
)


FAILINGS: Collection[PowersetsDocument] = Collection(
    key="failings",
    title="Failings",
    noun="character failing",
    path=("character", "failings"),
    item_model=FailingChoice,
    columns=(
        Column("Failing", cell=_named(failings, "failing")),
        Column("Points", field="points", edit="int", align_right=True),
        Column(
            "Table gives",
            cell=lambda _d, _r, item: CellView(
                getattr(failings().get(item.failing), "reward_shown", "")
            ),
        ),
        Column("Note", field="note", edit="text"),
    ),
    entries=lambda: [
        _entry(f, f.group or "Character failing", f.reward_shown) for f in failings().values()
    ],
    new_item=lambda _d, failing_id: _new_failing(failing_id),
    name=lambda document, row: _name(failings, document.character.failings[row].failing),
)


def _new_failing(failing_id: str) -> FailingChoice:
    row = failings().get(failing_id)
    if row is None:
        raise EditError(f"There is no character failing '{failing_id}'")
    return FailingChoice(failing=failing_id, points=row.reward_min)


def _name(catalog: Any, key: str) -> str:
    entry = catalog().get(key)
    return entry.name if entry is not None else key


def _kind(entry: Any) -> str:
    return "Adverse" if entry is not None and entry.kind == "adverse" else "Beneficial"


#: every list of the Power Sets character, in the order the page shows them
COLLECTIONS: tuple[Collection[PowersetsDocument], ...] = (
    POWER_SET_LIST,
    POW_INCREASES,
    SUPERPOWERS,
    MODIFIERS,
    FAILINGS,
    MAGIC,
    FAMILIARS,
    STAVES,
    MUTATIONS,
    PSYCHIC,
    SORCERY,
    BOUND,
    BRAZIERS,
    SIDEKICKS,
    STUDIES,
    SKILLS,
)
