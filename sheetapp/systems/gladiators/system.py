"""The Glorious Gladiators game system object (registered as an entry point)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import compress, count
from operator import is_not
from typing import TYPE_CHECKING, Any

from sheetapp.core.costs import CostLine, Total
from sheetapp.core.document import CharacterDocument, HistoryEntry, Meta, earned_total
from sheetapp.core.evaluation import DerivedValue, Evaluation
from sheetapp.core.issues import DataPath
from sheetapp.core.system import UnknownReference
from sheetapp.core.unchanged import IdentityMemo
from sheetapp.systems.gladiators import derived, rules
from sheetapp.systems.gladiators.catalog import Catalogs, TraitDef, catalogs
from sheetapp.systems.gladiators.costs import AbilityCost, ability_cost
from sheetapp.systems.gladiators.memo import AbilityMemo, AbilityResult, ability_key, context_key
from sheetapp.systems.gladiators.model import (
    AbilityChoice,
    GladiatorsCampaign,
    GladiatorsCharacter,
    GladiatorsDocument,
    TraitChoice,
)
from sheetapp.systems.gladiators.notation import ability_notation
from sheetapp.systems.gladiators.resolve import (
    ResolvedAbility,
    resolve_ability,
    without_cost,
)
from sheetapp.systems.gladiators.starting import starting_abilities
from sheetapp.systems.gladiators.traits import TraitPrice, trait_price

if TYPE_CHECKING:
    from sheetapp.editing.collections import (
        Collection,  # the printable sheet loads with PDF export, advancement when used
    )
    from sheetapp.sheet import Sheet, Track
    from sheetapp.systems.gladiators.advance import GladiatorsAdvancement

GP = "gp"
#: how many changed abilities the derived values' index is patched for (else built anew)
_PATCHED_AT_MOST = 16


class _Advancement:
    """``GladiatorsSystem.advancement``: the advancement rules, imported on first use (the
    advancement framework is not needed to open and show a character)."""

    def __get__(self, obj: object, owner: type | None = None) -> GladiatorsAdvancement:
        from sheetapp.systems.gladiators.advance import ADVANCEMENT

        return ADVANCEMENT


def earned_gp(history: Sequence[HistoryEntry]) -> int:
    """Every GP earned in the ledger."""
    return earned_total(history, GP)


class GladiatorsSystem:
    id = "gladiators"
    name = "Glorious Gladiators v6"
    system_version = "6"
    seed = "000_5bffb215164afb79.txt"
    #: found by sheetapp.advancement.advancement_of (not part of the GameSystem protocol)
    advancement = _Advancement()

    def __init__(self) -> None:
        self._memo = AbilityMemo()
        self._recent: IdentityMemo[AbilityResult] = IdentityMemo()
        #: by catalog (advantages, disadvantages): each trait's price while it is unchanged
        self._trait_prices_kept: dict[int, IdentityMemo[TraitPrice]] = {}
        self._last_values: (
            tuple[Any, list[AbilityResult], tuple[DerivedValue, ...], derived.AbilityIndex] | None
        ) = None

    def document_model(self) -> type[GladiatorsDocument]:
        return GladiatorsDocument

    def load_catalogs(self) -> None:
        catalogs()
        starting_abilities()

    def new_document(self, name: str) -> GladiatorsDocument:
        character = GladiatorsCharacter(
            abilities=[template.model_copy(deep=True) for template in starting_abilities().values()]
        )
        return GladiatorsDocument(
            system_version=self.system_version,
            meta=Meta(name=name),
            campaign=GladiatorsCampaign(),
            character=character,
        )

    def evaluate(self, document: CharacterDocument[Any, Any]) -> Evaluation:
        character: GladiatorsCharacter = document.character
        campaign: GladiatorsCampaign = document.campaign
        cats = catalogs()
        results = self._ability_results(character, campaign, cats)
        abilities = [result.ability for result in results]
        costs = [result.cost for result in results]
        ability_lines = [result.line for result in results]
        advantage_prices = self._trait_prices(character.advantages, cats.advantages, campaign)
        disadvantage_prices = self._trait_prices(
            character.disadvantages, cats.disadvantages, campaign
        )
        advantage_points = sum(price.points for price in advantage_prices)
        disadvantage_points = sum(price.points for price in disadvantage_prices)
        trait_net = max(0, advantage_points - disadvantage_points)
        ability_gp = sum(line.amount for line in ability_lines)
        spent = ability_gp + trait_net
        lines = [
            CostLine(
                "Abilities",
                ability_gp,
                f"{len(ability_lines)} abilities",
                ("character", "abilities"),
                GP,
                tuple(ability_lines),
            ),
            self._traits_line(character, advantage_prices, disadvantage_prices, trait_net),
        ]
        # The budget: the campaign's starting GP plus every GP earned in the ledger;
        # unspent GP carry forward (advance.py).
        earned = earned_gp(document.history)
        # "A character has a number of Glory Points (GP) to spend on creation. 40 is a
        # suitable number for starting player-characters" (line 13): minor characters
        # have the campaign's own budget for them, none unless it sets one.
        base = (
            campaign.gp_budget if character.character_type == "major" else campaign.minor_gp_budget
        )
        budget = None if base is None else base + earned
        totals = [
            Total(
                GP,
                "Glory Points",
                spent,
                budget,
                "GP",
                f"abilities {ability_gp} + advantages {advantage_points} - disadvantages "
                f"{min(disadvantage_points, advantage_points)} = {spent}"
                + (f"; budget {base} + {earned} earned = {budget}" if earned and base else "")
                + ("; minor characters have no GP budget" if base is None else ""),
                (("campaign budget", base or 0), ("earned", earned)),
            ),
        ]
        ctx = rules.RuleContext(
            character,
            campaign,
            abilities,
            costs,
            cats,
            spent,
            budget,
            advantage_points,
            disadvantage_points,
        )
        values = self._derived_values(character, results, abilities, cats)
        issues = [issue for result in results for issue in result.issues]
        issues += rules.check_character(ctx)
        return Evaluation.build(lines, totals, values, issues)

    def _derived_values(
        self,
        character: GladiatorsCharacter,
        results: list[AbilityResult],
        abilities: list[ResolvedAbility],
        cats: Catalogs,
    ) -> list[DerivedValue]:
        """The sheet's values, which read the resolved abilities and the character type
        only: the same results (objects) as last time give the same values (a ledger
        replay evaluates thousands of steps that change no ability)."""
        key = (tuple(map(id, results)), character.character_type)
        kept = self._last_values
        if kept is not None and kept[0] == key:
            return list(kept[2])
        index = None
        if kept is not None and len(kept[1]) == len(results):
            # an edit changes a result or two: the index is patched, not built anew
            before = kept[1]
            places = list(compress(count(), map(is_not, before, results)))
            if len(places) <= _PATCHED_AT_MOST:
                index = kept[3].replaced(places, [r.ability for r in before], abilities)
        if index is None:
            index = derived.AbilityIndex(abilities)
        values = [
            derived.hits(character, index),
            *derived.reactivation(character, index, cats),
            derived.initiative(index, cats),
            *derived.movement(index, cats),
            *derived.dodges(index, cats),
            *derived.protections(index, cats),
        ]
        # the results are kept with the key: their ids cannot be reused while it is held
        self._last_values = (key, results, tuple(values), index)
        return values

    def _ability_results(
        self, character: GladiatorsCharacter, campaign: GladiatorsCampaign, cats: Catalogs
    ) -> list[AbilityResult]:
        """Each ability's resolution, cost, cost line and rule issues, reused from the
        memo when the ability, its place and its context are unchanged."""
        context = context_key(character, campaign)
        custom_abilities = {c.id: c.detached_copy() for c in character.custom_abilities}
        custom_modifiers = {c.id: c.detached_copy() for c in character.custom_modifiers}
        with_positive = campaign.negative_scaling_basis == "with_positive_modifiers"

        def work_out(index: int, choice: AbilityChoice) -> AbilityResult:
            # an ability object not seen before may still have values seen before (undo)
            key = (index, ability_key(choice), context)
            result = self._memo.get(key)
            if result is None:
                # A private copy: the cached result must not change when the user's
                # model is later changed in place.
                private = choice.detached_copy()
                ability = resolve_ability(private, cats, custom_abilities, custom_modifiers)
                cost = ability_cost(ability, with_positive)
                line = self._ability_line(index, ability, cost, cats, campaign)
                alone = rules.RuleContext(
                    character, campaign, [ability], [cost], cats, 0, 0, 0, 0, first_index=index
                )
                issues = tuple(rules.check_ability(alone))
                result = AbilityResult(ability, cost, line, issues)
                self._memo.put(key, result)
            return result

        return self._recent.each(character.abilities, context, work_out)

    def resolved_abilities(
        self, character: GladiatorsCharacter, campaign: GladiatorsCampaign
    ) -> list[ResolvedAbility]:
        """Every ability resolved, as the last evaluation resolved them (kept per ability:
        the sheet of a just evaluated 1,000-ability character resolves none again)."""
        return [result.ability for result in self._ability_results(character, campaign, catalogs())]

    def collections(self) -> tuple[Collection[Any], ...]:
        """The character's editable lists (:class:`~sheetapp.core.system.DeclaresCollections`)."""
        from sheetapp.systems.gladiators.collections import COLLECTIONS

        return COLLECTIONS

    def place_collections(
        self, document: GladiatorsDocument, path: DataPath
    ) -> list[Collection[Any]]:
        """The abilities and, for a path into one ability's modifiers, that ability's
        modifiers, so an issue's place reads "Pistol › Lethal" (see
        :func:`sheetapp.editing.places.place_name`)."""
        from sheetapp.systems.gladiators.collections import ABILITIES, modifiers_of

        found: list[Collection[Any]] = [ABILITIES]
        if len(path) > 3 and tuple(path[:2]) == ABILITIES.path and path[3] == "modifiers":
            row = path[2]
            if isinstance(row, int) and 0 <= row < len(document.character.abilities):
                found.append(modifiers_of(document, row))
        return found

    def sheet(self, document: CharacterDocument[Any, Any], evaluation: Evaluation) -> Sheet:
        """The printable sheet (the PrintsSheet capability; see sheetapp.sheet)."""
        from sheetapp.systems.gladiators.sheet_pdf import gladiators_sheet

        return gladiators_sheet(self, document, evaluation)

    def card_tracks(
        self, document: CharacterDocument[Any, Any], evaluation: Evaluation
    ) -> tuple[Track, ...]:
        """Boxes to tick on the play card for Limited Ammo and Shots."""
        from sheetapp.systems.gladiators.sheet_pdf import gladiators_card_tracks

        return gladiators_card_tracks(document, evaluation)

    def statblock(
        self, document: CharacterDocument[Any, Any], evaluation: Evaluation
    ) -> list[tuple[str, str]]:
        """An NPC in the rulebook's notation (see :mod:`sheetapp.playsheets`)."""
        from sheetapp.systems.gladiators.sheet_pdf import gladiators_statblock

        return gladiators_statblock(self, document, evaluation)

    def _ability_line(
        self,
        index: int,
        ability: ResolvedAbility,
        cost: AbilityCost,
        cats: Catalogs,
        campaign: GladiatorsCampaign,
    ) -> CostLine:
        path = ("character", "abilities", index)
        level = ability.choice.level
        amount = cost.total
        explanation = cost.explain(level)
        if ability.choice.cost_override is not None:
            amount = ability.choice.cost_override
            explanation = f"referee's ruling: {amount} GP (the rules give {cost.total})"
        if (
            ability.choice.starting
            and campaign.starting_upgrade == "full"
            and self._upgraded(ability)
        ):
            explanation += "; an upgraded starting ability costs its full price (campaign setting)"
        elif ability.choice.starting:
            free = self._starting_allowance(ability.choice.starting, cats)
            amount = max(0, amount - free)
            explanation += f"; free starting ability worth {free} GP → {amount} GP"
        children = [
            CostLine(f"Level {level}", cost.levels, cost.levels_sum, (*path, "level"), GP),
            *(
                CostLine(
                    without_cost(option.label, "Base cost"),
                    option.cost * count,
                    f"{count}×{option.cost}" if count > 1 else "",
                    (*path, "options"),
                    GP,
                )
                for option, count in ability.options
            ),
            *(
                CostLine(
                    without_cost(alt.choice.label or alt.name, alt.name),
                    alt.base_cost,
                    "Flexible Ability: its base cost is paid too (line 183)",
                    (*path, "alternatives", a_index),
                    GP,
                )
                for a_index, alt in enumerate(ability.alternatives)
            ),
            *(
                self._modifier_line(ability, cost, m_index, (*path, "modifiers", m_index))
                for m_index in range(len(ability.modifiers))
            ),
        ]
        return CostLine(ability_notation(ability), amount, explanation, path, GP, tuple(children))

    def _modifier_line(
        self, ability: ResolvedAbility, cost: AbilityCost, m_index: int, path: DataPath
    ) -> CostLine:
        mod = ability.modifiers[m_index]
        value = cost.modifier_values[m_index]
        note = mod.choice.note
        flexible = cost.flexible
        if flexible and mod.choice.flexible:
            reduction = flexible.reduction_for(m_index)
            if reduction is None:
                note = "flexible: the cheapest alternative, paid"
            else:
                lowers = f"lowers the Level by {reduction}" if reduction else "costs the same"
                note = f"flexible: not paid ({value:+d}); {lowers} when used"
                value = 0
        if value < 0 and cost.negative_scale > 1:
            # Limitations scale with the ability's cost: the row shows what it takes off.
            scaled = f"{value:+d} ×{cost.negative_scale}"
            if cost.negative_over_cap:
                scaled += f" (all limitations together are capped at -{cost.negative_cap})"
            note = f"{scaled}; {note}" if note else scaled
            value *= cost.negative_scale
        return CostLine(mod.display, value, note, path, GP)

    def _upgraded(self, ability: ResolvedAbility) -> bool:
        template = starting_abilities().get(ability.choice.starting or "")
        return template is None or ability.choice.model_dump() != template.model_dump()

    def _starting_allowance(self, key: str, cats: Catalogs) -> int:
        template = starting_abilities().get(key)
        if template is None:
            return 0
        resolved = resolve_ability(template, cats, {}, {})
        return ability_cost(resolved).total

    def _trait_prices(
        self,
        chosen: list[TraitChoice],
        known: Mapping[str, TraitDef],
        campaign: GladiatorsCampaign,
    ) -> list[TraitPrice]:
        reading = campaign.trait_cost_reading
        memo = self._trait_prices_kept.setdefault(id(known), IdentityMemo())
        return memo.each(
            chosen, (known, reading), lambda _i, t: trait_price(t, known.get(t.trait), reading)
        )

    def _traits_line(
        self,
        character: GladiatorsCharacter,
        advantage_prices: list[TraitPrice],
        disadvantage_prices: list[TraitPrice],
        net: int,
    ) -> CostLine:
        adv = tuple(
            CostLine(
                t.name or t.trait,
                price.points,
                price.explanation,
                ("character", "advantages", i),
                GP,
            )
            for i, (t, price) in enumerate(zip(character.advantages, advantage_prices, strict=True))
        )
        dis = tuple(
            CostLine(
                t.name or t.trait,
                -price.points,
                price.explanation,
                ("character", "disadvantages", i),
                GP,
            )
            for i, (t, price) in enumerate(
                zip(character.disadvantages, disadvantage_prices, strict=True)
            )
        )
        advantages = sum(price.points for price in advantage_prices)
        disadvantages = sum(price.points for price in disadvantage_prices)
        balance = advantages - disadvantages
        explanation = f"advantages {advantages} - disadvantages {disadvantages} = {balance}"
        if net == 0 and disadvantages > advantages:
            explanation += "; disadvantage points only pay for advantages, so 0"
        return CostLine(
            "Advantages and disadvantages",
            net,
            explanation,
            ("character",),
            GP,
            (
                CostLine("Advantages", advantages, "", ("character", "advantages"), GP, adv),
                CostLine(
                    "Disadvantages", -disadvantages, "", ("character", "disadvantages"), GP, dis
                ),
            ),
        )

    def actions(self, document: Any) -> tuple[Any, ...]:
        """What the character can do at the table (the DeclaresActions capability)."""
        from sheetapp.systems.gladiators.actions import gladiators_actions

        return gladiators_actions(document)

    def unknown_references(self, document: CharacterDocument[Any, Any]) -> list[UnknownReference]:
        character: GladiatorsCharacter = document.character
        cats = catalogs()
        custom_abilities = {c.id for c in character.custom_abilities}
        custom_modifiers = {c.id for c in character.custom_modifiers}
        if _all_known(character, cats, custom_abilities, custom_modifiers):
            return []  # the usual case, told by set comparisons: no path is built
        found: list[UnknownReference] = []
        for index, ability in enumerate(character.abilities):
            path = ("character", "abilities", index)
            if ability.ability not in cats.abilities and ability.ability not in custom_abilities:
                found.append(UnknownReference((*path, "ability"), "ability", ability.ability))
            if ability.source not in cats.sources:
                found.append(UnknownReference((*path, "source"), "source", ability.source))
            if ability.starting is not None and ability.starting not in starting_abilities():
                found.append(
                    UnknownReference((*path, "starting"), "starting ability", ability.starting)
                )
            for a_index, alternative in enumerate(ability.alternatives):
                if alternative.ability not in cats.abilities:
                    found.append(
                        UnknownReference(
                            (*path, "alternatives", a_index, "ability"),
                            "ability",
                            alternative.ability,
                        )
                    )
            for m_index, modifier in enumerate(ability.modifiers):
                if (
                    modifier.modifier not in cats.modifiers
                    and modifier.modifier not in custom_modifiers
                ):
                    found.append(
                        UnknownReference(
                            (*path, "modifiers", m_index, "modifier"), "modifier", modifier.modifier
                        )
                    )
        for key, known in (("advantages", cats.advantages), ("disadvantages", cats.disadvantages)):
            for index, trait in enumerate(getattr(character, key)):
                if trait.trait not in known and trait.trait != "custom":
                    kind = key[:-1]
                    found.append(
                        UnknownReference(("character", key, index, "trait"), kind, trait.trait)
                    )
        return found


def _all_known(
    character: GladiatorsCharacter,
    cats: Catalogs,
    custom_abilities: set[str],
    custom_modifiers: set[str],
) -> bool:
    """Whether every catalog id the character names is known (what
    :meth:`GladiatorsSystem.unknown_references` lists the exceptions of: a kind of id
    added there is added here too; ``tests/gladiators/test_unknown_references.py`` has
    one case per kind). Set comparisons: about twice as fast as the walk."""
    abilities = character.abilities
    known_abilities = cats.abilities.keys() | custom_abilities
    alternatives = {a.ability for choice in abilities for a in choice.alternatives}
    modifiers = {m.modifier for choice in abilities for m in choice.modifiers}
    starting = {choice.starting for choice in abilities} - {None}
    return (
        {choice.ability for choice in abilities} <= known_abilities
        and {choice.source for choice in abilities} <= cats.sources.keys()
        and alternatives <= cats.abilities.keys()
        and modifiers <= cats.modifiers.keys() | custom_modifiers
        and (not starting or starting <= starting_abilities().keys())
        and {t.trait for t in character.advantages} - {"custom"} <= cats.advantages.keys()
        and {t.trait for t in character.disadvantages} - {"custom"} <= cats.disadvantages.keys()
    )


SYSTEM = GladiatorsSystem()
