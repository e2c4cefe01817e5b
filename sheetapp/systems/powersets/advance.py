"""Power Sets advancement: the gamemaster awards character point budget points after an
adventure (line 2537: "Your gamemaster may choose instead to reward character power
budget points at the completion of an adventure or resolution of a major plot"), spent
on superpower levels under the creation rules, or on buying off a failing (the points it
gave leave the budget). Every price is the evaluation's, so the wizard and the editor
agree."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from sheetapp.advancement.naming import added_item_name, list_item_place
from sheetapp.core.changes import Change, apply_to_document
from sheetapp.core.document import CharacterDocument
from sheetapp.core.issues import DataPath
from sheetapp.core.system import Currency, GameSystem, SpendOption

BUDGET = "budget"

AWARD = Currency(
    BUDGET,
    "Budget points",
    "pts",
    "character point budget awarded by the gamemaster after an adventure (line 2537)",
)

RULES_TEXT = (
    "The gamemaster awards character point budget points after an adventure: 1 or 2 for "
    "a minor or average one, 5 to 10 for a major victory (line 2537). They are spent at "
    "once or stored: a superpower's next level at its cost per level, a new superpower, "
    "or buying off a character failing (its points leave the budget); new failings or "
    "power modifiers add points (line 2538). Spells and psychic abilities used "
    "successfully get an experience check, rolled after the adventure (lines 414, 1257); "
    "POW rises by 1D3-1 after a successful check (line 536, your rules' POW increase "
    "roll); Projection improves as a skill (line 2533); new spells are studied, "
    "researched or taught (lines 540-542, 1766-1802); exposure to a mutagen may bring a "
    "mutation (line 1024)."
)

LIST_NAMES = {
    "superpowers": "Superpower",
    "failings": "Character failing",
    "magic_spells": "Magic spell",
    "psychic": "Psychic ability",
    "sorcery": "Sorcery spell",
    "mutations": "Mutation",
    "power_sets": "Power set",
    "pow_increases": "POW increase",
    "studies": "Spell study",
}


class PowersetsAdvancement:
    """The declaration ``sheetapp.advancement`` finds as ``PowersetsSystem.advancement``."""

    currencies: tuple[Currency, ...] = (AWARD,)
    rules_text: str = RULES_TEXT
    priced_totals: tuple[str, ...] = (BUDGET,)

    def spend_options(
        self, system: GameSystem[Any], document: CharacterDocument[Any, Any]
    ) -> list[SpendOption]:
        from sheetapp.systems.powersets.budget import power_name
        from sheetapp.systems.powersets.catalog import failings

        character = document.character
        options: list[SpendOption] = []
        for index, power in enumerate(character.superpowers):
            path: DataPath = ("character", "superpowers", index, "levels")
            change = Change("set", path, power.levels, power.levels + 1)
            options.append(
                SpendOption(
                    "raise_superpower",
                    f"{power_name(power)} {power.levels} → {power.levels + 1} levels",
                    path,
                    "one more level at its cost per level",
                    {BUDGET: _price(system, document, change)},
                    (change,),
                    "lines 2437-2443: superpowers are bought in levels",
                )
            )
        catalog = failings()
        for index, failing in enumerate(character.failings):
            row = catalog.get(failing.failing)
            name = row.name if row is not None else failing.failing
            path = ("character", "failings", index)
            change = Change("remove", path, before=failing.model_dump(mode="json"))
            options.append(
                SpendOption(
                    "buy_off_failing",
                    f"Buy off {name} ({failing.points:+d})",
                    path,
                    "its points leave the budget",
                    {BUDGET: _price(system, document, change)},
                    (change,),
                    "lines 2450-2456: failings add budget points",
                )
            )
        # line 2544: a new superpower as an existing one is improved; line 2538: "You can
        # also gain additional points by taking on new character failings or power
        # modifiers"
        options += _experience_options(character)
        options += [
            SpendOption("add_superpower", "Add a superpower", ("character", "superpowers")),
            SpendOption("add_failing", "Take a new character failing", ("character", "failings")),
            SpendOption(
                "add_power_modifier", "Add a power modifier", ("character", "power_modifiers")
            ),
        ]
        return options

    def describe_path(self, document: CharacterDocument[Any, Any], path: DataPath) -> str:
        return list_item_place(document, path, LIST_NAMES, _item_name)

    def describe_value(self, path: DataPath, value: Any) -> str:
        from sheetapp.systems.powersets.model import FailingChoice, SuperpowerChoice

        models: dict[str, type[BaseModel]] = {
            "superpowers": SuperpowerChoice,
            "failings": FailingChoice,
        }
        return added_item_name(path, value, models, _item_name)


def _experience_options(character: Any) -> list[SpendOption]:
    """What an adventure's experience does beyond the budget: the checks of spells and
    psychic abilities (lines 414, 1257), POW after a successful check (line 536), new
    spells and abilities learned (lines 538-542), a mutation from exposure (line 1024)."""
    return [
        *_check_options(character),
        *_study_options(character),
        *_learning_options({choice.power_set for choice in character.power_sets}),
    ]


def _check_options(character: Any) -> list[SpendOption]:
    """The experience checks ticked: spells and abilities, POW, Projection."""
    found: list[SpendOption] = []
    for key, title, rule in (
        ("magic_spells", "Magic", "line 414: Magic is improved through experience"),
        ("psychic", "psychic ability", "line 1257: psychic abilities increase with experience"),
    ):
        if any(item.checked for item in getattr(character, key)):
            found.append(
                SpendOption(
                    f"experience_{key}",
                    f"Roll the {title} experience checks",
                    ("character", key),
                    "each ticked one: d100 over its rating improves it",
                    rule=rule,
                    action="Roll experience checks",
                )
            )
    if character.pow_checked:
        found.append(
            SpendOption(
                "pow_increase",
                "Roll the POW increase (1D3-1 on a success)",
                ("character", "pow_increases"),
                "D100 against your rules' POW increase roll (campaign setting), then 1D3-1",
                rule="line 536: Each successful improvement improves POW by 1D3-1 points",
                action="Roll POW increase",
            )
        )
    if character.projection.checked:
        found.append(
            SpendOption(
                "projection_check",
                "Roll the Projection experience check",
                ("character", "superpowers"),
                "d100 over its rating improves it",
                rule="line 2533: the Projection skill is an exception (it improves as skills do)",
                action="Roll Projection check",
            )
        )
    return found


def _study_options(character: Any) -> list[SpendOption]:
    """A new spell studied (Magic or Sorcery), and the rolls of the studies under way."""
    found: list[SpendOption] = []
    if {choice.power_set for choice in character.power_sets} & {"magic", "sorcery"}:
        found.append(
            SpendOption(
                "study_spell",
                "Study a new spell (research, a grimoire, a teacher)",
                ("character", "studies"),
                "Magic: INT+POW after a month; Sorcery: INT × library, or INT×1",
                rule="lines 540-542, 1766-1802: learning new spells",
            )
        )
    if _studies_under_way(character):
        found.append(
            SpendOption(
                "study_attempts",
                "Roll the spell study attempts",
                ("character", "studies"),
                "each study under way: its time and its D100",
                rule="lines 540, 1774, 1794, 1802: the study rolls",
                action="Roll study attempts",
            )
        )
    return found


#: a spell or ability learned in play, by the set that learns it
LEARNED: tuple[tuple[str, str, str, str], ...] = (
    ("magic", "learn_spell", "Learn a Magic spell", "magic_spells"),
    ("psychic", "learn_psychic", "Gain a psychic ability", "psychic"),
    ("sorcery", "learn_sorcery", "Learn a Sorcery spell", "sorcery"),
)


def _learning_options(sets: set[str]) -> list[SpendOption]:
    """A spell or ability learned for each set that learns them; a mutation rolled."""
    found = [
        SpendOption(key, title, ("character", field))
        for power_set, key, title, field in LEARNED
        if power_set in sets
    ]
    if "mutations" in sets:
        found.append(
            SpendOption(
                "mutagen",
                "Roll a mutation (mutagenic exposure)",
                ("character", "mutations"),
                rule="line 1024: pick or roll on the Random Mutations Table",
                action="Roll a mutation",
            )
        )
    return found


def _studies_under_way(character: Any) -> bool:
    from sheetapp.systems.powersets.mutation_effects import final_scores
    from sheetapp.systems.powersets.studies import study_status

    scores = final_scores(character)
    return any(
        not (status := study_status(study, scores)).learned and not status.problems
        for study in character.studies
    )


def _item_name(key: str, item: Any) -> str:
    from sheetapp.systems.powersets.budget import power_name
    from sheetapp.systems.powersets.catalog import failings

    if key == "superpowers":
        return power_name(item)
    if key == "failings":
        row = failings().get(item.failing)
        return row.name if row is not None else item.failing
    return LIST_NAMES.get(key, key)


def _price(system: GameSystem[Any], document: CharacterDocument[Any, Any], change: Change) -> int:
    """Budget points the change uses: how many fewer are left after it."""
    before = system.evaluate(document).total(BUDGET).remaining or 0
    after = system.evaluate(apply_to_document(document, [change])).total(BUDGET).remaining or 0
    return before - after


ADVANCEMENT = PowersetsAdvancement()
