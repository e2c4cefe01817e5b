"""The Capital page's tables: text lists, attributes, Systems, equipment, vehicle Systems."""

from __future__ import annotations

from typing import Any

from sheetapp.core.changes import Change
from sheetapp.core.issues import DataPath
from sheetapp.systems.capital import edits
from sheetapp.systems.capital.catalog import ATTRIBUTES, Catalogs, catalogs
from sheetapp.systems.capital.dice import SCORE_FOR_DIE
from sheetapp.systems.capital.scores import role_deltas
from ui.document import EditorDocument
from ui.systems.capital.table_model import Cell, DocTableModel, choice_list


def rule_body(text: str) -> str:
    """A catalog entry's seed text without its first line (the name, shown already)."""
    lines = text.strip().splitlines()
    return "\n".join(lines[1:]).strip() if len(lines) > 1 else text.strip()


class TextListModel(DocTableModel):
    """Strengths, Weaknesses, extra Training or Stories: one editable line per row."""

    READS = ()

    def __init__(
        self, document: EditorDocument, kind: edits.TextList, title: str, parent: Any = None
    ) -> None:
        self.kind: edits.TextList = kind
        self.COLUMNS = (title,)
        self.LIST_PATH = edits.TEXT_LIST_PATHS[kind]
        super().__init__(document, parent)

    def count(self) -> int:
        return len(edits.text_list(self.character_document, self.kind))

    def cell(self, row: int, column: int) -> Cell:
        text = edits.text_list(self.character_document, self.kind)[row]
        return Cell(text or "(empty: type here)", self.row_path(row), "text", text)

    def edit(self, row: int, column: int, value: Any) -> list[Change]:
        return edits.set_text(self.character_document, self.kind, row, str(value).strip())


ATTR, DIE, BASE, ROLE, SCORE, HOW = range(6)


class AttributesModel(DocTableModel):
    """Step 5: the die given to each attribute, the table's score, the Role's changes."""

    COLUMNS = ("Attribute", "Die", "Base", "Role", "Score", "How")

    def count(self) -> int:
        return len(ATTRIBUTES)

    def cell(self, row: int, column: int) -> Cell:
        document = self.character_document
        cats = catalogs()
        attr = ATTRIBUTES[row]
        rolls = document.character.attributes
        gm = document.campaign.attribute_method == "gm_assigned"
        evaluation = self.doc.evaluation
        if column == ATTR:
            definition = cats.attributes[attr]
            return Cell(
                f"{definition.name} ({attr.upper()})",
                ("character", "attributes", "assignment", attr),
                tooltip=definition.text,
            )
        if column == DIE:
            if gm:
                base = rolls.base.get(attr)
                return Cell(
                    "—" if base is None else str(base),
                    ("character", "attributes", "base", attr),
                    "choice",
                    base,
                    choice_list([(v, str(v)) for v in range(11)], "(not set)"),
                    tooltip="Set by the GM (campaign setting)",
                )
            index = rolls.assignment.get(attr)
            text = (
                "—" if index is None or index >= len(rolls.dice) else die_label(rolls.dice, index)
            )
            kept = edits.kept_dice(document)
            return Cell(
                text,
                ("character", "attributes", "assignment", attr),
                "choice" if rolls.dice else None,
                index,
                choice_list([(i, die_label(rolls.dice, i)) for i in kept], "(no die)"),
                tooltip="Give one of the eight kept dice to this attribute (line 198).",
            )
        if column == BASE:
            base_score = self._base(attr)
            return Cell("—" if base_score is None else str(base_score), align_right=True)
        if column == ROLE:
            deltas = role_deltas(document.character, cats)[attr]
            return Cell(" ".join(f"{d:+d}" for d in deltas), align_right=True)
        value = evaluation.derived_value(f"score.{attr}")
        if column == SCORE:
            return Cell(str(value.value), value.path, align_right=True)
        return Cell(value.explanation)

    def _base(self, attr: str) -> int | None:
        rolls = self.character_document.character.attributes
        if self.character_document.campaign.attribute_method == "gm_assigned":
            return rolls.base.get(attr)  # type: ignore[call-overload, no-any-return]
        index = rolls.assignment.get(attr)  # type: ignore[call-overload]
        if index is None or not 0 <= index < len(rolls.dice) or index in rolls.discarded:
            return None
        return SCORE_FOR_DIE.get(rolls.dice[index])

    def edit(self, row: int, column: int, value: Any) -> list[Change]:
        if column != DIE:
            return []
        attr = ATTRIBUTES[row]
        document = self.character_document
        if document.campaign.attribute_method == "gm_assigned":
            return edits.set_base_score(document, attr, None if value is None else int(value))
        return edits.assign_die(document, attr, None if value is None else int(value))


def die_label(dice: list[int], index: int) -> str:
    die = dice[index]
    score = SCORE_FOR_DIE.get(die)
    return f"#{index + 1}: {die} → {score}" if score else f"#{index + 1}: {die}"


S_NAME, S_CHOICE, S_SLOTS, S_ENERGY, S_COOLDOWN, S_LEVEL, S_SOURCE = range(7)


class SystemsModel(DocTableModel):
    """The character's Systems, with what each costs in Slots and Energy."""

    COLUMNS = ("System", "Choice", "Slots", "Energy", "Cooldown", "Gained at", "Source")
    LIST_PATH = edits.SYSTEMS
    #: the Level bounds "Gained at"; the Role says where a System comes from
    READS = (("character", "level"), ("character", "role"))

    def count(self) -> int:
        return len(self.character_document.character.systems)

    def cell(self, row: int, column: int) -> Cell:
        cats = catalogs()
        document = self.character_document
        choice = document.character.systems[row]
        system = cats.systems.get(choice.system)
        path = self.row_path(row)
        if column == S_NAME:
            name = system.name if system else f"{choice.system} (unknown)"
            return Cell(
                name,
                path,
                tooltip=system.text if system else "",
                rule_text=system.text if system else "",
            )
        if column == S_CHOICE:
            kind = system.repeat_choice if system else None
            if kind is None:
                return Cell("", (*path, "choice"))
            options = _choice_options(kind, cats)
            label = dict(options).get(choice.choice, "(choose)") if choice.choice else "(choose)"
            return Cell(
                label, (*path, "choice"), "choice", choice.choice, choice_list(options, "(none)")
            )
        if column == S_SLOTS:
            if choice.gm_granted or system is None or system.slots is None:
                return Cell("—", align_right=True)
            return Cell(str(system.slots), align_right=True)
        if column == S_ENERGY:
            return Cell(system.energy if system else "")
        if column == S_COOLDOWN:
            return Cell(system.cooldown if system else "")
        if column == S_LEVEL:
            return Cell(
                str(choice.level),
                (*path, "level"),
                "int",
                choice.level,
                bounds=(1, document.character.level),
                align_right=True,
                tooltip="The Level the System was gained at; it must fit that Level's Slots.",
            )
        return Cell(
            system_source(document, row, cats),
            (*path, "gm_granted"),
            check=choice.gm_granted,
            tooltip="Checked: given by the GM outside the rules (no Slot, no requirements).",
        )

    def edit(self, row: int, column: int, value: Any) -> list[Change]:
        document = self.character_document
        if column == S_CHOICE:
            return edits.set_system_choice(document, row, value)
        if column == S_LEVEL:
            return edits.set_system_field(document, row, "level", int(value))
        if column == S_SOURCE:
            return edits.set_system_field(document, row, "gm_granted", bool(value))
        return []


def _choice_options(kind: str, cats: Catalogs) -> list[tuple[Any, str]]:
    if kind == "damage_type":
        return [(t.id, t.name) for t in cats.damage_types.values()]
    return [(a, cats.attributes[a].name) for a in ATTRIBUTES]


def system_source(document: Any, row: int, cats: Catalogs) -> str:
    choice = document.character.systems[row]
    system = cats.systems.get(choice.system)
    role = cats.roles.get(document.character.role or "")
    if choice.gm_granted:
        return "GM"
    if system is None:
        return ""
    if role is not None and any(g.system == system.id for g in role.systems):
        granted = next(g for g in role.systems if g.system == system.id)
        return "Signature" if granted.signature else "Role"
    if system.innate:
        return "Innate"
    return "Slot"


E_ITEM, E_QTY, E_DAMAGE, E_OPTION, E_HELD, E_HANDS, E_NOTE = range(7)


class EquipmentModel(DocTableModel):
    """Carried items: quantity, damage type and option where the item has them, held."""

    COLUMNS = ("Item", "Qty", "Damage type", "Option", "Held", "Hands", "Note")
    LIST_PATH = edits.EQUIPMENT
    READS = ()

    def count(self) -> int:
        return len(self.character_document.character.equipment)

    def cell(self, row: int, column: int) -> Cell:
        cats = catalogs()
        choice = self.character_document.character.equipment[row]
        item = cats.equipment.get(choice.item or "")
        path = self.row_path(row)
        if column == E_ITEM:
            if item is None:
                name = choice.name or (choice.item or "(unnamed)")
                return Cell(
                    name if choice.item is None else f"{name} (unknown)",
                    (*path, "name") if choice.item is None else path,
                    "text" if choice.item is None else None,
                    choice.name,
                    tooltip="A custom item (not in the appendix).",
                )
            name = f"{item.name} ({choice.name})" if choice.name else item.name
            return Cell(name, path, tooltip=item.text, rule_text=item.text)
        if column == E_QTY:
            return Cell(
                str(choice.quantity),
                (*path, "quantity"),
                "int",
                choice.quantity,
                bounds=(0, 100_000),
                align_right=True,
            )
        if column == E_DAMAGE:
            types = item.weapon.damage_types if item and item.weapon else ()
            if len(types) <= 1:
                fixed = cats.damage_types[types[0]].name if types else ""
                return Cell(fixed, (*path, "damage_type"))
            options = [(t, cats.damage_types[t].name) for t in types]
            label = dict(options).get(choice.damage_type or "", "(choose)")
            return Cell(
                label,
                (*path, "damage_type"),
                "choice",
                choice.damage_type,
                choice_list(options, "(choose)"),
            )
        if column == E_OPTION:
            if item is None or not item.options:
                return Cell(choice.option or "", (*path, "option"))
            return Cell(
                choice.option or "(choose)",
                (*path, "option"),
                "choice",
                choice.option,
                choice_list([(o, o) for o in item.options], "(choose)"),
            )
        if column == E_HELD:
            return Cell(
                "in hand" if choice.held else "",
                (*path, "held"),
                check=choice.held,
                tooltip="Held in your hands (line 345); weapons you use must be held.",
            )
        if column == E_HANDS:
            hands = (2 if choice.two_handed else 1) if item is None else item.hands
            return Cell(str(hands), align_right=True)
        return Cell(choice.note, (*path, "note"), "text", choice.note)

    def edit(self, row: int, column: int, value: Any) -> list[Change]:
        document = self.character_document
        fields: dict[int, edits.EquipmentField] = {
            E_QTY: "quantity",
            E_DAMAGE: "damage_type",
            E_OPTION: "option",
            E_HELD: "held",
            E_NOTE: "note",
        }
        if column == E_ITEM:
            return edits.set_equipment_field(document, row, "name", str(value).strip())
        field = fields.get(column)
        if field is None:
            return []
        if field == "quantity":
            value = int(value)
        elif field == "held":
            value = bool(value)
        elif field == "note":
            value = str(value)
        return edits.set_equipment_field(document, row, field, value)


class VehicleSystemsModel(DocTableModel):
    """Every System of the Special Vehicle: those it comes with, chosen and fitted."""

    COLUMNS = ("Vehicle System", "Slots", "Where from")
    FIXED_ROWS = False
    ROWS_FROM = edits.ASSET

    def count(self) -> int:
        return len(self._ids())

    def _ids(self) -> list[str]:
        from sheetapp.systems.capital.sheet import vehicle_system_ids

        cats = catalogs()
        asset = self.character_document.character.special_asset
        vehicle = cats.vehicles.get(asset.asset) if asset else None
        if vehicle is None:
            return []
        return vehicle_system_ids(self.character_document.character, vehicle)

    def row_path(self, row: int) -> DataPath:
        return self._path(row)

    def _path(self, row: int) -> DataPath:
        asset = self.character_document.character.special_asset
        assert asset is not None
        cats = catalogs()
        vehicle = cats.vehicles[asset.asset]
        fixed = len(vehicle.systems) + sum(
            1 for g in vehicle.choice_groups if g.id in asset.options
        )
        if row < len(vehicle.systems):
            return (*edits.ASSET, "systems")
        if row < fixed:
            chosen = [g.id for g in vehicle.choice_groups if g.id in asset.options]
            return (*edits.ASSET, "options", chosen[row - len(vehicle.systems)])
        return (*edits.ASSET, "systems", row - fixed)

    def fitted_index(self, row: int) -> int | None:
        path = self._path(row)
        last = path[-1]
        return last if isinstance(last, int) else None

    def cell(self, row: int, column: int) -> Cell:
        cats = catalogs()
        ref = self._ids()[row]
        system = cats.vehicle_systems.get(ref)
        path = self._path(row)
        if column == 0:
            return Cell(
                system.name if system else ref,
                path,
                tooltip=system.text if system else "",
                rule_text=system.text if system else "",
            )
        if column == 1:
            slots = system.slots if system else None
            return Cell("—" if slots is None else str(slots), align_right=True)
        where = {"systems": "comes with it", "options": "chosen"}.get(str(path[2]), "")
        if isinstance(path[-1], int):
            where = "fitted"
        return Cell(where)
