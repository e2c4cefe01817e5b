"""What each cell of the abilities tree shows, role by role.

An ability row shows its name (with the player's label), Level, Type, Option, Source
and GP; a modifier row under it shows the modifier, its units, whether it is a
limitation, its variant and its GP. The values come from the resolved abilities and the
evaluation indexed in :class:`~ui.systems.gladiators.ability_rows.AbilityRows`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QStyle

from sheetapp.editing.bounds import format_bounds
from sheetapp.editing.explain import worst_severity
from sheetapp.editing.wording import user_note
from sheetapp.systems.gladiators import edits
from sheetapp.systems.gladiators.catalog import Catalogs, CostOptionGroup, VariantCost
from sheetapp.systems.gladiators.model import MAX_UNITS, AbilityChoice, GladiatorsDocument
from sheetapp.systems.gladiators.resolve import ResolvedAbility, ResolvedModifier
from ui.roles import (
    ALIGN_CENTER,
    ALIGN_RIGHT,
    ALIGNMENT,
    CHOICES_ROLE,
    DECORATION,
    DISPLAY,
    EDIT,
    EDIT_KIND_ROLE,
    RANGE_ROLE,
    RULE_TEXT_ROLE,
    severity_icon,
)
from ui.systems.gladiators.ability_rows import AbilityRows
from ui.systems.gladiators.cost_index import ABILITIES

COLUMNS = ("Name", "Level", "Type", "Option", "Source", "GP")
NAME, LEVEL, TYPE, OPTION, SOURCE, COST = range(len(COLUMNS))
CERTAINTY_TEXT = {
    "reconstructed": "Cost reconstructed from a garbled table; a referee may override it.",
    "uncertain": "Cost uncertain: the rulebook's table is damaged here; a referee may override it.",
}
#: every Level a file may hold
LEVEL_FORMAT_BOUNDS = format_bounds(AbilityChoice, "level")


def level_bounds(document: GladiatorsDocument, index: int) -> tuple[int, int]:
    """Levels a spin box offers: every Level the file format accepts. The rules' caps
    (Level 3 for a minor character, 5 for a Conventional ability, seed lines 11 and 34)
    are not enforced here: a Level over them shows as an error with its fix, like every
    other rule, instead of the editor silently refusing it."""
    del document, index  # the same for every row: the format's bounds
    return LEVEL_FORMAT_BOUNDS


class AbilityCells:
    """The cells' values for every role but the issue marks, which the model adds."""

    def __init__(
        self,
        rows: AbilityRows,
        cats: Catalogs,
        character_document: Callable[[], GladiatorsDocument],
    ) -> None:
        self.rows = rows
        self.cats = cats
        self._character_document = character_document

    def certainty_text(self, ability: ResolvedAbility) -> str:
        definition = ability.definition
        assert definition is not None
        text = CERTAINTY_TEXT.get(definition.certainty, "")
        return f"{text}\n{user_note(definition.certainty_note)}".strip()

    def ability(self, column: int, row: int, ability: ResolvedAbility, role: int) -> Any:
        choice = ability.choice
        definition = ability.definition
        display = role == DISPLAY
        edit = role == EDIT
        if column == NAME:
            if display:
                return f"{choice.label} ({ability.name})" if choice.label else ability.name
            if edit:
                return choice.label
            if role == EDIT_KIND_ROLE:
                return "text"
            if role == DECORATION:
                severity = worst_severity(self.rows.below.get((*ABILITIES, row), []))
                return severity_icon(severity) if severity else None
            if role == RULE_TEXT_ROLE:
                return self.rule_text(ability)
        elif column == LEVEL:
            if display or edit:
                return choice.level
            if role == EDIT_KIND_ROLE:
                return "int"
            if role == RANGE_ROLE:
                return level_bounds(self._character_document(), row)
            if role == ALIGNMENT:
                return ALIGN_CENTER
        elif column == TYPE:
            return self._type_data(ability, role)
        elif column == OPTION:
            return self._option_data(ability, role)
        elif column == SOURCE:
            if display:
                source = self.cats.sources.get(choice.source)
                name = source.name if source else choice.source
                return f"{name} (large item)" if choice.large_item else name
            if edit:
                return choice.source
            if role == EDIT_KIND_ROLE:
                return "choice"
            if role == CHOICES_ROLE:
                return [(s.id, s.name) for s in self.cats.sources.values()]
        elif column == COST:
            line = self.rows.lines.get((*ABILITIES, row))
            if display:
                return line.amount if line else None
            if role == ALIGNMENT:
                return ALIGN_RIGHT
            if (
                role == DECORATION
                and definition
                and definition.certainty != "clear"
                and choice.cost_override is None
            ):
                return _certainty_icon()
        if definition is None and role == EDIT_KIND_ROLE and column in (TYPE, OPTION):
            return None
        return None

    def rule_text(self, ability: ResolvedAbility) -> str:
        if ability.definition:
            definition = ability.definition
            limit = f"Level Limit {definition.level_limit}. " if definition.level_limit else ""
            return f"{definition.name}: {limit}{definition.text}"
        if ability.custom:
            return f"{ability.custom.name} (custom ability): {ability.custom.text}"
        return ""

    def _type_data(self, ability: ResolvedAbility, role: int) -> Any:
        choice = ability.choice
        definition = ability.definition
        handling = definition.types.handling if definition else "none"
        if role == DISPLAY:
            if choice.kinds:
                return ", ".join(k.replace("_", " ").title() for k in choice.kinds)
            if choice.types:
                return ", ".join(t.capitalize() for t in choice.types)
            return "—" if handling == "none" else ""
        if role == EDIT:
            return choice.types[0] if choice.types else None
        if handling != "choose" or definition is None:
            return None
        if role == EDIT_KIND_ROLE:
            return "choice"
        if role == CHOICES_ROLE:
            allowed = {t.lower() for t in definition.types.allowed}
            return [
                (t.id, t.name) for t in self.cats.types.values() if not allowed or t.id in allowed
            ]
        return None

    def option_group(self, ability: ResolvedAbility) -> CostOptionGroup | None:
        if ability.definition is None:
            return None
        return next(
            (
                g
                for g in ability.definition.cost_options
                if g.kind == "choice" and len(g.options) > 1
            ),
            None,
        )

    def _option_data(self, ability: ResolvedAbility, role: int) -> Any:
        group = self.option_group(ability)
        choice = ability.choice
        if role == DISPLAY:
            parts = []
            if group is not None:
                wanted = choice.options.get(group.id, group.options[0].id)
                option = next((o for o in group.options if o.id == wanted), group.options[0])
                parts.append(option.label)
            extras = [o.label for o, count in ability.options if o.id in choice.addons and count]
            parts.extend(extras)
            return ", ".join(parts)
        if group is None:
            return None
        if role == EDIT:
            return choice.options.get(group.id, group.options[0].id)
        if role == EDIT_KIND_ROLE:
            return "choice"
        if role == CHOICES_ROLE:
            return [(o.id, o.label) for o in group.options]
        return None

    def modifier(
        self, column: int, row: int, m_row: int, ability: ResolvedAbility, role: int
    ) -> Any:
        modifier: ResolvedModifier = ability.modifiers[m_row]
        definition = modifier.definition
        display = role == DISPLAY
        if column == NAME:
            if display:
                return modifier.display
            if role == RULE_TEXT_ROLE:
                if definition:
                    return f"{definition.name}: {definition.text}"
                return modifier.custom.text if modifier.custom else ""
            if role == DECORATION:
                issues = self.rows.below.get((*ABILITIES, row, "modifiers", m_row), [])
                severity = worst_severity(issues)
                return severity_icon(severity) if severity else None
        elif column == LEVEL:
            if not edits.modifier_has_units(definition):
                return None
            if display or role == EDIT:
                return modifier.choice.units
            if role == EDIT_KIND_ROLE:
                return "int"
            if role == RANGE_ROLE:
                # the file's limit only: past the rulebook's most the count goes in and
                # an issue says so (no silent clamp)
                return 1, MAX_UNITS
            if role == ALIGNMENT:
                return ALIGN_CENTER
        elif column == TYPE:
            if display and definition:
                return "limitation" if definition.sign == "negative" else ""
        elif column == OPTION:
            if definition is None or not isinstance(definition.cost, VariantCost):
                return None
            if display:
                return modifier.variant.label if modifier.variant else "(choose)"
            if role == EDIT:
                return modifier.choice.variant
            if role == EDIT_KIND_ROLE:
                return "choice"
            if role == CHOICES_ROLE:
                return [(v.id, v.label) for v in definition.cost.variants]
        elif column == COST:
            line = self.rows.lines.get((*ABILITIES, row, "modifiers", m_row))
            if display and line is not None:
                return f"{line.amount:+d}"
            if role == ALIGNMENT:
                return ALIGN_RIGHT
        return None


def _certainty_icon() -> QIcon:
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return QIcon()
    return app.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxQuestion)
