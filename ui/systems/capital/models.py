"""The Capital page's fixed-row tables: attributes and the vehicle's Systems (the lists are
declared collections, :mod:`sheetapp.systems.capital.collections`)."""

from __future__ import annotations

from typing import Any

from sheetapp.core.changes import Change
from sheetapp.core.issues import DataPath
from sheetapp.systems.capital import edits
from sheetapp.systems.capital.catalog import ATTRIBUTES, catalogs
from sheetapp.systems.capital.dice import die_score
from sheetapp.systems.capital.model import CapitalDocument
from sheetapp.systems.capital.scores import role_deltas
from ui.tables.doc_table import Cell, DocTableModel, choice_list

ATTR, DIE, BASE, ROLE, SCORE, HOW = range(6)


class CapitalTable(DocTableModel):
    @property
    def character_document(self) -> CapitalDocument:
        document = self.doc.document
        assert isinstance(document, CapitalDocument)
        return document


class AttributesModel(CapitalTable):
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
            holders = {i: a for a, i in rolls.assignment.items() if a != attr}
            return Cell(
                text,
                ("character", "attributes", "assignment", attr),
                "choice" if rolls.dice else None,
                index,
                choice_list(
                    [
                        (
                            i,
                            die_label(rolls.dice, i)
                            + (f"  (now {holders[i].upper()}: they swap)" if i in holders else ""),
                        )
                        for i in kept
                    ],
                    "(no die)",
                ),
                tooltip="Give one of the eight kept dice to this attribute; a die another "
                "attribute has is marked, and choosing it swaps the two.",
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
        return die_score(rolls.dice[index])

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
    score = die_score(die)
    return f"#{index + 1}: {die} → {score}" if score else f"#{index + 1}: {die}"


#: column numbers of the declared Systems and equipment tables
S_NAME, S_CHOICE, S_SLOTS, S_ENERGY, S_COOLDOWN, S_LEVEL, S_SOURCE = range(7)
E_ITEM, E_QTY, E_DAMAGE, E_OPTION, E_HELD, E_HANDS, E_NOTE = range(7)


class VehicleSystemsModel(CapitalTable):
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
