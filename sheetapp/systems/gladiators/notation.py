"""Write an ability the way the rulebook records it.

The seed's sample characters read "Pistol: Damaging Attack L2, Lethal, Solid,
Ranged, Focus, Shots, Bullet, Conv." (line 677): the user's label, the ability and
level, then Types (or a Detection's kinds: "Detection, Vision, Always On,
Conventional", line 264), options and modifiers, and the source last. The free
starting abilities are "normally recorded as Walk L1, Vision L1, Punch L1, Grapple L1"
(line 270), with Walk's squares: "Walk L2 (6 squares), Vision L2, Punch L1, Grapple
L1." (line 700).
"""

from __future__ import annotations

from sheetapp.systems.gladiators.catalog import catalogs
from sheetapp.systems.gladiators.model import AbilityChoice
from sheetapp.systems.gladiators.resolve import ResolvedAbility, without_cost
from sheetapp.systems.gladiators.starting import starting_abilities

SOURCE_ABBREVIATIONS = {"conventional": "Conv."}
#: the starting abilities' short names (line 270)
STANDARD_NAMES = {"walk": "Walk", "vision": "Vision", "punch": "Punch", "grapple": "Grapple"}


def kind_names(choice: AbilityChoice) -> list[str]:
    """A Detection's kinds by name ("Vision", "Enhanced Vision")."""
    known = catalogs().detection_kinds
    return [known[kind].name if kind in known else kind for kind in choice.kinds]


def standard_notation(choice: AbilityChoice) -> str | None:
    """A starting ability as the rulebook records it ("Walk L2 (6 squares)", "Vision
    L2") when nothing but its Level differs from the free one; else None."""
    name = STANDARD_NAMES.get(choice.starting or "")
    template = starting_abilities().get(choice.starting or "")
    if name is None or template is None:
        return None
    if choice.model_copy(update={"level": template.level}) != template:
        return None
    if choice.starting != "walk":
        return f"{name} L{choice.level}"
    ground = catalogs().movement.get(choice.options.get("movement_class", "ground"))
    squares = choice.level * ground.hexes_per_level if ground else None
    return f"{name} L{choice.level}" + (f" ({squares} squares)" if squares else "")


def ability_notation(ability: ResolvedAbility) -> str:
    choice = ability.choice
    head = f"{ability.name} L{choice.level}"
    if choice.label:
        head = f"{choice.label}: {head}"
    parts = [head, *(t.capitalize() for t in choice.types), *kind_names(choice)]
    for option, count in ability.options:
        if ability.definition and _is_default(ability, option.id):
            continue
        label = without_cost(option.label)
        if label.lower() in {t.lower() for t in choice.types}:
            continue
        parts.append(label if count == 1 else f"{label} ×{count}")
    parts.extend(modifier.display for modifier in ability.modifiers)
    parts.append(SOURCE_ABBREVIATIONS.get(choice.source, choice.source.capitalize()))
    return ", ".join(parts)


def _is_default(ability: ResolvedAbility, option_id: str) -> bool:
    """The first option of a choice group is the plain ability: not worth writing."""
    assert ability.definition is not None
    for group in ability.definition.cost_options:
        if group.kind == "choice" and group.options[0].id == option_id:
            return True
    return False
