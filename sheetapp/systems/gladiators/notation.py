"""Write an ability the way the rulebook records it.

The seed's sample characters read "Pistol: Damaging Attack L2, Lethal, Solid,
Ranged, Focus, Shots, Bullet, Conv." (line 677): the user's label, the ability and
level, then Types, options and modifiers, and the source last.
"""

from __future__ import annotations

from sheetapp.systems.gladiators.resolve import ResolvedAbility, without_cost

SOURCE_ABBREVIATIONS = {"conventional": "Conv."}


def ability_notation(ability: ResolvedAbility) -> str:
    choice = ability.choice
    head = f"{ability.name} L{choice.level}"
    if choice.label:
        head = f"{choice.label}: {head}"
    parts = [head, *(t.capitalize() for t in choice.types)]
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
