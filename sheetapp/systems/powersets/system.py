"""The Power Sets chapter (Magic, Mutations, Psychic Abilities, Sorcery, Superpowers),
registered as the entry point ``powersets``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sheetapp.core.costs import CostLine, Total
from sheetapp.core.document import CharacterDocument, Meta, earned_total
from sheetapp.core.evaluation import DerivedValue, Evaluation
from sheetapp.core.memo import Memo, evaluates_with_memos
from sheetapp.core.system import SystemDataStep, UnknownReference
from sheetapp.core.unchanged import ByIdentity
from sheetapp.systems.powersets import rules
from sheetapp.systems.powersets.advance import ADVANCEMENT, BUDGET, PowersetsAdvancement
from sheetapp.systems.powersets.budget import Budget, PowerCost, work_out_budget
from sheetapp.systems.powersets.catalog import (
    PowerSetId,
    failings,
    load_all,
    magic_spells,
    mutations_by_id,
    power_levels,
    power_modifiers,
    psychic_abilities,
    sorcery_spells,
    superpowers,
)
from sheetapp.systems.powersets.experience import projection_base
from sheetapp.systems.powersets.model import (
    PowerSetChoice,
    PowersetsCampaign,
    PowersetsCharacter,
    PowersetsDocument,
)
from sheetapp.systems.powersets.mutation_effects import (
    DEMON_FOR_EVER_POW,
    DEMON_POW,
    FAMILIAR_POW,
    STAFF_POW,
    ScoreAfterMutations,
    final_scores,
    scores_after_mutations,
)
from sheetapp.systems.powersets.rules import brazier_capacity, staff_holds
from sheetapp.systems.powersets.studies import METHOD_NAMES, spell_name, study_status
from sheetapp.systems.powersets.tallies import tallies

if TYPE_CHECKING:  # the printable sheet loads with PDF export
    from sheetapp.sheet import Sheet as PrintedSheet

#: the starting skill of each set's abilities, by the catalog's starting rows
EXTRA_ENERGY = "extra_energy"
POINTS_PER_EXTRA_ENERGY = 10


def pow_spent_is_worked_out(raw: dict[str, Any]) -> dict[str, Any]:
    """Chapter-1 files had the permanent POW of familiars, staves and bound demons taken
    off POW by hand (as the README said); the app now takes it off itself, so the stored
    POW gets those points back and the POW shown is the same as before."""
    character = dict(raw.get("character") or {})
    scores = dict(character.get("characteristics") or {})
    spent = len(character.get("familiars") or []) * FAMILIAR_POW
    spent += len(character.get("staves") or []) * STAFF_POW
    for entity in character.get("bound") or []:
        if isinstance(entity, dict) and entity.get("kind", "demon") == "demon":
            spent += DEMON_FOR_EVER_POW if entity.get("permanent") else DEMON_POW
    if spent and isinstance(scores.get("pow", 10), int):
        scores["pow"] = scores.get("pow", 10) + spent
        character["characteristics"] = scores
    raw["character"] = character
    return raw


class PowersetsSystem:
    id = "powersets"
    name = "Power Sets (Magic, Mutations, Psychic Abilities, Sorcery, Superpowers)"
    system_version = "chapter-2"
    #: chapter-2 works out the permanent POW rituals cost (familiars, staves, demons)
    system_data_steps = (SystemDataStep("chapter-1", "chapter-2", pow_spent_is_worked_out),)
    seed = "004_a6acbf8ec65b19a8.txt"
    advancement: PowersetsAdvancement = ADVANCEMENT

    def document_model(self) -> type[PowersetsDocument]:
        return PowersetsDocument

    def load_catalogs(self) -> None:
        load_all()

    def new_document(self, name: str) -> PowersetsDocument:
        """Every characteristic 10 and one power set, Superpowers at the game's power
        level: the budget shows at once; change the set and its level on the Power sets
        tab."""
        return self.started(
            PowersetsDocument(
                system_version=self.system_version,
                meta=Meta(name=name),
                campaign=PowersetsCampaign(),
                character=PowersetsCharacter(power_sets=[PowerSetChoice(power_set="superpowers")]),
            )
        )

    def started(self, document: PowersetsDocument) -> PowersetsDocument:
        """A new character's one power set at the game's power level: "Your character
        begins with (pick one of the following): - One power set at the Heroic power
        level" in a Heroic game, at the Epic level in an Epic one (seed lines 373-395); it
        started at Normal in a Heroic game (issue 31)."""
        level = document.campaign.power_level
        sets = [s.model_copy(update={"level": level}) for s in document.character.power_sets]
        character = document.character.model_copy(update={"power_sets": sets})
        return document.model_copy(update={"character": character})

    @evaluates_with_memos
    def evaluate(self, document: CharacterDocument[Any, Any]) -> Evaluation:
        character: PowersetsCharacter = document.character
        campaign: PowersetsCampaign = document.campaign
        after = scores_after_mutations(character)
        scores = {name: score.final for name, score in after.items()}
        budget = work_out_budget(character, campaign, earned_budget(document), scores)
        points, points_text = power_points(character, scores), power_points_text(character, scores)
        totals = [
            Total(
                BUDGET,
                "Character point budget",
                budget.spent,
                budget.total if budget.level is not None else None,
                "pts",
                f"superpowers' cost against {budget.explanation()}"
                if budget.level is not None
                else "no Superpowers power set",
            ),
            Total(
                "power_points",
                "Power points",
                points,
                None,
                "",
                points_text,
            ),
        ]
        ctx = rules.RuleContext(character, campaign, budget, scores)
        return Evaluation.build(
            cost_lines(character, budget),
            totals,
            derived(character, campaign, budget, after, (points, points_text)),
            rules.check(ctx),
        )

    def collections(self) -> tuple[Any, ...]:
        """The character's editable lists (:class:`~sheetapp.core.system.DeclaresCollections`)."""
        from sheetapp.systems.powersets.collections import COLLECTIONS

        return COLLECTIONS

    def sheet(self, document: CharacterDocument[Any, Any], evaluation: Evaluation) -> PrintedSheet:
        """The printable sheet (the PrintsSheet capability; see sheetapp.sheet)."""
        from sheetapp.systems.powersets.sheet_pdf import powersets_sheet

        return powersets_sheet(self, document, evaluation)

    def actions(self, document: Any) -> tuple[Any, ...]:
        """What the character can do at the table (the DeclaresActions capability)."""
        from sheetapp.systems.powersets.actions import powersets_actions

        return powersets_actions(document)

    def unknown_references(self, document: CharacterDocument[Any, Any]) -> list[UnknownReference]:
        character: PowersetsCharacter = document.character
        found = []
        lists: tuple[tuple[str, str, str, dict[str, Any]], ...] = (
            ("magic_spells", "spell", "Magic spell", dict(magic_spells())),
            ("mutations", "mutation", "mutation", dict(mutations_by_id())),
            ("psychic", "ability", "psychic ability", dict(psychic_abilities())),
            ("sorcery", "spell", "Sorcery spell", dict(sorcery_spells())),
            ("superpowers", "power", "superpower", dict(superpowers())),
            ("power_modifiers", "modifier", "power modifier", dict(power_modifiers())),
            ("failings", "failing", "character failing", dict(failings())),
        )
        for field, key, kind, catalog in lists:
            for index, item in enumerate(getattr(character, field)):
                value = getattr(item, key)
                if value not in catalog:
                    found.append(UnknownReference(("character", field, index, key), kind, value))
        return found


def earned_budget(document: CharacterDocument[Any, Any]) -> int:
    """Budget points the gamemaster awarded in the ledger (line 2537)."""
    return earned_total(document.history, BUDGET)


def power_points(character: PowersetsCharacter, scores: dict[str, int] | None = None) -> int:
    """One pool for every power set (line 398): POW, plus 10 per level of Extra Energy
    (line 2596)."""
    extra = sum(p.levels for p in character.superpowers if p.power == EXTRA_ENERGY)
    pow_ = (scores or final_scores(character))["POW"]
    return pow_ + POINTS_PER_EXTRA_ENERGY * extra


def power_points_text(character: PowersetsCharacter, scores: dict[str, int] | None = None) -> str:
    extra = sum(p.levels for p in character.superpowers if p.power == EXTRA_ENERGY)
    text = f"POW {(scores or final_scores(character))['POW']}"
    if extra:
        text += f" + Extra Energy {extra} × {POINTS_PER_EXTRA_ENERGY}"
    return text + "; one pool for every power set"


def _power_line(power: PowerCost) -> CostLine:
    return CostLine(
        power.name,
        power.cost or 0,
        power.explanation
        + (
            f"; modifiers {power.reward_text} (at most {power.reward_cap})"
            if power.reward_text
            else ""
        ),
        ("character", "superpowers", power.index),
        BUDGET,
    )


_POWER_LINES: Memo[ByIdentity[PowerCost, CostLine]] = Memo(
    "powersets:power_lines",
    "the budget's power rows",
    "a power's cost row is the same object while its choice is unchanged (budget.py)",
    ByIdentity,
)


def cost_lines(character: PowersetsCharacter, budget: Budget) -> list[CostLine]:
    if budget.level is None:
        return []
    children = tuple(_POWER_LINES.current().each(budget.powers, _power_line))
    return [
        CostLine(
            "Superpowers",
            budget.spent,
            f"budget {budget.explanation()}; {budget.banked} banked",
            ("character", "superpowers"),
            BUDGET,
            children,
        )
    ]


def derived(
    character: PowersetsCharacter,
    campaign: PowersetsCampaign,
    budget: Budget,
    after: dict[str, ScoreAfterMutations],
    points: tuple[int, str],
) -> list[DerivedValue]:
    scores = {name: score.final for name, score in after.items()}
    values = [
        DerivedValue(
            f"characteristic.{name.lower()}",
            name,
            score.final,
            score.explanation(),
            ("character", "characteristics", name.lower()),
        )
        for name, score in after.items()
    ]
    values.append(
        DerivedValue(
            "power_points",
            "Power points",
            points[0],
            points[1],
            ("character", "characteristics", "pow"),
        )
    )
    values += _familiar_and_staff_values(character, scores["POW"])
    values += _starting_skill_values(character, scores)
    values += _budget_values(character, campaign, budget, scores)
    values += _study_values(character, scores)
    values += tallies(character, campaign, budget, scores, rules.powers_level(campaign))
    return values


def _starting_skill_values(
    character: PowersetsCharacter, scores: dict[str, int]
) -> list[DerivedValue]:
    """The skill each Magic or Psychic set's powers begin at."""
    levels = power_levels()
    values = []
    for index, choice in enumerate(character.power_sets):
        start = _starting_skill(choice.power_set, choice.level, scores, levels)
        if start is not None:
            values.append(
                DerivedValue(
                    f"starting_skill.{choice.power_set}",
                    f"{rules.SET_NAMES[choice.power_set]}: starting skill",
                    f"{start[0]}%",
                    start[1],
                    ("character", "power_sets", index),
                )
            )
    return values


def _budget_values(
    character: PowersetsCharacter,
    campaign: PowersetsCampaign,
    budget: Budget,
    scores: dict[str, int],
) -> list[DerivedValue]:
    """A superpowered character's budget, banked points and (an option) Projection."""
    if budget.level is None:
        return []
    values = [
        DerivedValue(
            "budget",
            "Character point budget",
            budget.total,
            budget.explanation(),
            ("character", "superpowers"),
        ),
        DerivedValue(
            "banked",
            "Banked budget points",
            budget.banked,
            "unspent points are kept for later",
            ("character", "superpowers"),
        ),
    ]
    if campaign.projection_option:
        values.append(_projection_value(character, scores))
    return values


def _projection_value(character: PowersetsCharacter, scores: dict[str, int]) -> DerivedValue:
    skill = character.projection
    base = projection_base(character, scores)
    parts = [f"DEX×2 {base}"]
    if skill.creation_points:
        parts.append(f"+ {skill.creation_points} skill points")
    if skill.experience:
        parts.append(f"+ {skill.experience} by experience")
    return DerivedValue(
        "projection",
        "Projection",
        f"{base + skill.creation_points + skill.experience}%",
        " ".join(parts) + " (the skill that directs superpowers; it improves by experience checks)",
        ("character", "projection"),
    )


def _study_values(character: PowersetsCharacter, scores: dict[str, int]) -> list[DerivedValue]:
    """Each spell study's roll to make, its time so far and where it stands (lines 540-542,
    1774-1802)."""
    values = []
    for index, study in enumerate(character.studies):
        status = study_status(study, scores)
        values.append(
            DerivedValue(
                f"study.{index}",
                f"Study: {spell_name(study)}",
                status.result_text,
                f"{METHOD_NAMES[study.method]}: D100 at most {status.target_text}; "
                f"{status.time_text}",
                ("character", "studies", index),
            )
        )
    return values


def _familiar_and_staff_values(character: PowersetsCharacter, pow_: int) -> list[DerivedValue]:
    """The familiar's range (the magician's POW in meters, line 481) and its power points
    to drain (line 491); each staff's store and hit points (lines 516, 518)."""
    values = []
    for index, familiar in enumerate(character.familiars):
        if not familiar.active:
            continue
        points = familiar.pow if familiar.power_points is None else familiar.power_points
        values.append(
            DerivedValue(
                f"familiar.{index}",
                f"Familiar {familiar.name or familiar.creature or index + 1}",
                f"{points} PP within {pow_} m",
                "its power points, drained instead of the magician's within the "
                f"magician's POW ({pow_}) in meters",
                ("character", "familiars", index),
            )
        )
    for index, brazier in enumerate(character.braziers):
        holds = brazier_capacity(brazier)
        values.append(
            DerivedValue(
                f"brazier.{index}",
                f"Brazier {brazier.name or index + 1}",
                f"{brazier.stored} / {holds} PP",
                "holds the POW after each attunement's sacrifice: "
                + " + ".join(str(p) for p in brazier.attunements)
                + f" = {holds} power points",
                ("character", "braziers", index),
            )
        )
    for index, staff in enumerate(character.staves):
        capacity = staff_holds(staff, pow_)
        hp = STAFF_HP if staff.traditional else STAFF_HP + 5
        making = (
            f"begun with: stores the current POW {capacity}"
            if staff.at_creation
            else f"stores POW at its making {staff.pow_at_making} - 1 = {capacity}"
        )
        values.append(
            DerivedValue(
                f"staff.{index}",
                f"Staff {staff.name or index + 1}",
                f"{staff.stored} / {capacity} PP, {hp} HP",
                f"{making} power points; {hp} hit points "
                f"({'a staff' if staff.traditional else 'not a staff: +5'})",
                ("character", "staves", index),
            )
        )
    return values


#: "A wizard's staff has 20 hit points (if it is not a staff, increase its hit point
#: total by 5)" (line 518)
STAFF_HP = 20


def _starting_skill(
    power_set: PowerSetId, level: str, scores: dict[str, int], levels: Any
) -> tuple[int, str] | None:
    rows = {"magic": levels.magic, "psychic": levels.psychic}.get(power_set)
    if rows is None:
        return None
    row = next(r for r in rows if r.id == level)
    base = scores[row.skill.of] if row.skill.of in scores else max(scores.values())
    return row.skill.value(base), f"{row.skill.describe()} at {level.title()}"


__all__ = ["SYSTEM", "PowersetsSystem"]

SYSTEM = PowersetsSystem()
