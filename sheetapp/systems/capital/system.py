"""The Capital alpha2 game system object (registered as an entry point)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sheetapp.core.costs import CostLine, Total
from sheetapp.core.document import CharacterDocument, Meta
from sheetapp.core.evaluation import DerivedValue, Evaluation
from sheetapp.core.memo import evaluates_with_memos
from sheetapp.core.system import UnknownReference
from sheetapp.systems.capital import rules
from sheetapp.systems.capital.advance import ADVANCEMENT, CapitalAdvancement
from sheetapp.systems.capital.catalog import Catalogs, catalogs
from sheetapp.systems.capital.context import RuleContext
from sheetapp.systems.capital.creation import add_common_equipment
from sheetapp.systems.capital.derived import derived_values
from sheetapp.systems.capital.model import CapitalCampaign, CapitalCharacter, CapitalDocument
from sheetapp.systems.capital.money import MONEY, work_out_money
from sheetapp.systems.capital.sheet import Sheet, build_sheet

if TYPE_CHECKING:
    from sheetapp.editing.collections import Collection  # the printable sheet loads with PDF export
    from sheetapp.sheet import Sheet as PrintedSheet

SLOTS = "slots"
VEHICLE_SLOTS = "vehicle_slots"


class CapitalSystem:
    id = "capital"
    name = "Capital alpha2"
    system_version = "alpha2"
    seed = "003_740fba3ab4ba4f45.txt"
    advancement: CapitalAdvancement = ADVANCEMENT

    def document_model(self) -> type[CapitalDocument]:
        return CapitalDocument

    def load_catalogs(self) -> None:
        catalogs()

    def new_document(self, name: str) -> CapitalDocument:
        """A Level 1 character with the equipment everyone starts with; the Role, the dice
        and the Special Asset are the player's choices, listed as warnings until made."""
        character = CapitalCharacter()
        add_common_equipment(character)
        return CapitalDocument(
            system_version=self.system_version,
            meta=Meta(name=name),
            campaign=CapitalCampaign(),
            character=character,
        )

    @evaluates_with_memos
    def evaluate(self, document: CharacterDocument[Any, Any]) -> Evaluation:
        character: CapitalCharacter = document.character
        campaign: CapitalCampaign = document.campaign
        cats = catalogs()
        sheet = build_sheet(character, campaign, cats)
        costs = [self._slot_lines(character, sheet, cats)]
        if sheet.vehicle is not None:
            costs.append(self._vehicle_lines(sheet, cats))
        money = work_out_money(character, document.history, cats)
        totals = [
            *self._character_totals(character, sheet),
            *self._asset_totals(character, sheet),
            Total(
                MONEY,
                "Money",
                money.spent,
                money.available,
                "mC",
                f"bought items against {money.explanation()}",
            ),
        ]
        ctx = RuleContext(character, campaign, sheet, cats, money)
        values = derived_values(character, sheet, cats)
        values.append(
            DerivedValue(
                "money", "Money", f"{money.on_hand} mC", money.explanation(), ("character",)
            )
        )
        return Evaluation.build(costs, totals, values, rules.check(ctx))

    def _character_totals(self, character: CapitalCharacter, sheet: Sheet) -> list[Total]:
        """Slots and hands used of those there are; HP, Energy and Bones of their maximum."""
        vitals = character.vitals
        return [
            Total(
                SLOTS,
                "Slots",
                sheet.slots_used,
                sheet.slots_total,
                "Slots",
                f"used by Systems; {sheet.slots_explanation}",
            ),
            Total(
                "hands",
                "Hands",
                sheet.hands_used,
                sheet.hands_total,
                "",
                "held Equipment (line 345)",
            ),
            self._vital("hp", "HP", vitals.hp, sheet.max_hp.value, sheet.max_hp.explanation),
            self._vital(
                "energy",
                "Energy",
                vitals.energy,
                sheet.max_energy.value,
                sheet.max_energy.explanation,
            ),
            self._vital(
                "bones", "Bones", vitals.bones, sheet.max_bones.value, sheet.max_bones.explanation
            ),
        ]

    def _asset_totals(self, character: CapitalCharacter, sheet: Sheet) -> list[Total]:
        """A Special Vehicle's Slots, a companion's HP."""
        totals = []
        if sheet.vehicle is not None:
            totals.append(
                Total(
                    VEHICLE_SLOTS,
                    "Vehicle Slots",
                    sheet.vehicle_slots_used,
                    sheet.vehicle_slots_total,
                    "Slots",
                    f"{sheet.vehicle.name} Systems",
                )
            )
        if sheet.companion_hp is not None:
            totals.append(
                self._vital(
                    "companion_hp",
                    "Companion HP",
                    character.vitals.companion_hp,
                    sheet.companion_hp.value,
                    sheet.companion_hp.explanation,
                )
            )
        return totals

    @staticmethod
    def _vital(key: str, label: str, current: int | None, maximum: int, why: str) -> Total:
        value = maximum if current is None else current
        return Total(key, label, value, maximum, "", f"current / maximum; maximum {why}")

    def _slot_lines(self, character: CapitalCharacter, sheet: Sheet, cats: Catalogs) -> CostLine:
        role_systems = {g.system: g.level for g in sheet.role.systems} if sheet.role else {}
        children = []
        for index, choice in enumerate(character.systems):
            system = cats.systems.get(choice.system)
            if system is None:
                continue
            parts = [system.category]
            if choice.choice:
                parts.append(f"choice: {choice.choice}")
            if system.energy:
                parts.append(f"Energy {system.energy}")
            if system.cooldown:
                parts.append(f"Cooldown {system.cooldown}")
            if choice.gm_granted:
                parts.append("given by the GM: no Slot")
            elif system.id in role_systems:
                parts.append(f"from the Role at Level {role_systems[system.id]}: no Slot")
            elif system.innate:
                parts.append("Innate: no Slot")
            else:
                parts.append(f"gained at Level {choice.level}")
            amount = 0 if choice.gm_granted else (system.slots or 0)
            children.append(
                CostLine(
                    system.name, amount, "; ".join(parts), ("character", "systems", index), SLOTS
                )
            )
        return CostLine(
            "Systems",
            sheet.slots_used,
            sheet.slots_explanation,
            ("character", "systems"),
            SLOTS,
            tuple(children),
        )

    def _vehicle_lines(self, sheet: Sheet, cats: Catalogs) -> CostLine:
        assert sheet.vehicle is not None
        starting = set(sheet.vehicle.systems)
        children = []
        for ref in sheet.vehicle_systems:
            system = cats.vehicle_systems.get(ref)
            if system is None:
                continue
            origin = "comes with the vehicle" if ref in starting else "fitted"
            limited = f"; Limited: {system.limited.text}" if system.limited else ""
            children.append(
                CostLine(
                    system.name,
                    system.slots or 0,
                    f"{system.category}; {origin}{limited}",
                    ("character", "special_asset", "systems"),
                    VEHICLE_SLOTS,
                )
            )
        return CostLine(
            f"{sheet.vehicle.name} Systems",
            sheet.vehicle_slots_used,
            f"of {sheet.vehicle_slots_total} Slots",
            ("character", "special_asset"),
            VEHICLE_SLOTS,
            tuple(children),
        )

    def collections(self) -> tuple[Collection[Any], ...]:
        """The character's editable lists (:class:`~sheetapp.core.system.DeclaresCollections`)."""
        from sheetapp.systems.capital.collections import COLLECTIONS

        return COLLECTIONS

    def sheet(self, document: CharacterDocument[Any, Any], evaluation: Evaluation) -> PrintedSheet:
        """The printable sheet (the PrintsSheet capability; see sheetapp.sheet)."""
        from sheetapp.systems.capital.sheet_pdf import capital_sheet

        return capital_sheet(self, document, evaluation)

    def actions(self, document: Any) -> tuple[Any, ...]:
        """What the character can do at the table (the DeclaresActions capability)."""
        from sheetapp.systems.capital.actions import capital_actions

        return capital_actions(document)

    def unknown_references(self, document: CharacterDocument[Any, Any]) -> list[UnknownReference]:
        character: CapitalCharacter = document.character
        cats = catalogs()
        found: list[UnknownReference] = []
        if character.role is not None and character.role not in cats.roles:
            found.append(UnknownReference(("character", "role"), "role", character.role))
        for index, choice in enumerate(character.systems):
            if choice.system not in cats.systems:
                found.append(
                    UnknownReference(
                        ("character", "systems", index, "system"), "system", choice.system
                    )
                )
        for index, item in enumerate(character.equipment):
            if item.item is not None and item.item not in cats.equipment:
                found.append(
                    UnknownReference(
                        ("character", "equipment", index, "item"), "equipment", item.item
                    )
                )
        for index, status in enumerate(character.vitals.status):
            if status not in cats.status_effects:
                found.append(
                    UnknownReference(
                        ("character", "vitals", "status", index), "status effect", status
                    )
                )
        found += self._asset_references(character, cats)
        return found

    def _asset_references(
        self, character: CapitalCharacter, cats: Catalogs
    ) -> list[UnknownReference]:
        asset = character.special_asset
        if asset is None:
            return []
        path = ("character", "special_asset")
        if cats.asset_kind_of(asset.asset) is None:
            return [UnknownReference((*path, "asset"), "special asset", asset.asset)]
        found = []
        if asset.weapon is not None and asset.weapon not in cats.equipment:
            found.append(UnknownReference((*path, "weapon"), "equipment", asset.weapon))
        for index, ref in enumerate(asset.systems):
            if ref not in cats.vehicle_systems:
                found.append(UnknownReference((*path, "systems", index), "vehicle system", ref))
        for key, ref in asset.options.items():
            if ref not in cats.vehicle_systems:
                found.append(UnknownReference((*path, "options", key), "vehicle system", ref))
        return found


SYSTEM = CapitalSystem()
