"""The campaign's powers and frameworks as Hero Designer's Powers: a catalog power by
its XMLID, a power imported from Hero Designer as it was (its levels from the base
cost), the rest as custom powers; each modifier and adder with it; Mental Defence and
Knockback Resistance (characteristics here) as the powers Hero Designer has for them."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from sheetapp.systems.hero_xmen.catalog import PowerDef
from sheetapp.systems.hero_xmen.hdc import tables
from sheetapp.systems.hero_xmen.hdc.export_state import (
    ExportState,
    cost_text,
    set_attrs,
    set_notes,
)
from sheetapp.systems.hero_xmen.hdc.reading import derived_name, number_of
from sheetapp.systems.hero_xmen.model import FrameworkChoice, PowerChoice

POWER_XMLIDS = {value: key for key, value in tables.POWERS.items()}
MODIFIER_XMLIDS = {value: key for key, value in tables.MODIFIERS.items()}
FRAMEWORK_TAGS = {
    "multipower": ("MULTIPOWER", "Multipower"),
    "elemental_control": ("ELEMENTAL_CONTROL", "Elemental Control"),
}

#: the characteristics here that Hero Designer has as powers: (id, XMLID, alias)
CHARACTERISTIC_POWERS = (
    ("md", "MENTALDEFENSE", "Mental Defense"),
    ("kb_resistance", "KBRESISTANCE", "Knockback Resistance"),
)


class PowerWriter:
    def __init__(self, state: ExportState) -> None:
        self.state = state

    def powers(self) -> ET.Element:
        holder = self.state.section("POWERS")
        frameworks = {f.name: (i, f) for i, f in enumerate(self.state.character.frameworks)}
        written: dict[str, str] = {}
        for index, choice in enumerate(self.state.character.powers):
            parent = ""
            if choice.framework in frameworks:
                position, framework = frameworks[choice.framework]
                if framework.name not in written:
                    element = self.framework(framework, position)
                    written[framework.name] = element.get("ID", "")
                    holder.append(element)
                parent = written[framework.name]
            holder.append(self.power(index, choice, parent))
        for name, (position, framework) in frameworks.items():
            if name not in written:
                holder.append(self.framework(framework, position))
        for char_id, xmlid, alias in CHARACTERISTIC_POWERS:
            as_power = self.characteristic_power(char_id, xmlid, alias)
            if as_power is not None:
                holder.append(as_power)
        return holder

    def characteristic_power(self, char_id: str, xmlid: str, alias: str) -> ET.Element | None:
        """A characteristic here that is a power in Hero Designer, when it is bought."""
        row = self.state.built.chars.get(char_id)
        if row is None or not row.bought:
            return None
        return set_attrs(
            ET.Element("POWER"),
            {
                "XMLID": xmlid,
                "ID": self.state.ids.new(),
                "BASECOST": "0.0",
                "LEVELS": row.bought,
                "ALIAS": alias,
                "NAME": "",
                "SHEETAPP_CHARACTERISTIC": char_id,
                "SHEETAPP_COST": row.cost,
            },
        )

    def framework(self, framework: FrameworkChoice, position: int) -> ET.Element:
        tag, alias = FRAMEWORK_TAGS[framework.kind]
        element = self.state.original(framework.hdc_id, tag)
        row = next((r for r in self.state.built.frameworks if r.index == position), None)
        set_attrs(
            element,
            {
                "XMLID": "GENERIC_OBJECT",
                "BASECOST": cost_text(framework.points),
                "LEVELS": 0,
                "ALIAS": alias,
                "NAME": framework.name,
                "QUANTITY": 1,
                "SHEETAPP_COST": row.cost if row else None,
            },
        )
        set_notes(element, framework.note)
        return element

    def power(self, index: int, choice: PowerChoice, parent: str) -> ET.Element:
        row = self.state.built.powers[index]
        element = self.state.original(choice.hdc_id, "POWER")
        values = _what_it_is(element, choice, self.state.cats.powers.get(choice.power or ""))
        values.update(
            {
                "PARENTID": parent or None,
                "ULTRA_SLOT": (choice.slot == "flexible")
                if parent or choice.slot != "fixed"
                else None,
                "SHEETAPP_FRAMEWORK": choice.framework if choice.framework and not parent else None,
                "SHEETAPP_COSTS_END": None if choice.costs_end else False,
                "SHEETAPP_ACTIVE_POINTS": row.points.active,
                "SHEETAPP_REAL_COST": self.state.built.power_cost(row),
                "SHEETAPP_END": row.end,
            }
        )
        set_attrs(element, values)
        self.modifiers(element, choice)
        for child in self.state.kept_in(f"POWER:{choice.hdc_id}") if choice.hdc_id else ():
            element.append(child)
        set_notes(element, choice.note)
        return element

    def modifiers(self, element: ET.Element, choice: PowerChoice) -> None:
        old = {
            child.get("ID", ""): child for child in element if child.tag in ("MODIFIER", "ADDER")
        }
        for child in list(element):
            if child.tag in ("MODIFIER", "ADDER"):
                element.remove(child)
        for modifier in choice.modifiers:
            found = old.get(modifier.hdc_id) if modifier.hdc_id else None
            child = (
                found
                if found is not None and found.tag == "MODIFIER"
                else ET.Element("MODIFIER", {"ID": modifier.hdc_id or self.state.ids.new()})
            )
            values: dict[str, object] = {"BASECOST": f"{modifier.value:g}"}
            if modifier.modifier is not None:
                entry = self.state.cats.modifiers[modifier.modifier]
                xmlid = MODIFIER_XMLIDS.get(modifier.modifier)
                if xmlid is None:
                    values.update(
                        {
                            "XMLID": "CUSTOMMODIFIER",
                            "ALIAS": entry.name,
                            "SHEETAPP_MODIFIER": modifier.modifier,
                        }
                    )
                else:
                    base, _, option = xmlid.partition("/")
                    values.update({"XMLID": base, "ALIAS": child.get("ALIAS", entry.name)})
                    if option:
                        values.update({"OPTION": option, "OPTIONID": option})
            elif child.get("XMLID") is None:
                values.update({"XMLID": "CUSTOMMODIFIER", "ALIAS": modifier.name})
            values.setdefault("LEVELS", child.get("LEVELS", "0"))
            element.append(set_attrs(child, values))
        for adder in choice.adders:
            kept_adder = old.get(adder.hdc_id) if adder.hdc_id else None
            if kept_adder is not None and kept_adder.tag == "ADDER":
                child = kept_adder
            else:
                child = ET.Element("ADDER", {"ID": adder.hdc_id or self.state.ids.new()})
                child.set("XMLID", "CUSTOMADDER" if adder.adder is None else adder.adder.upper())
                child.set("ALIAS", adder.name or adder.adder or "Adder")
            levels = max(1, int(number_of(child, "LEVELS")))
            if adder.points % levels:
                levels = 1
            set_attrs(
                child,
                {
                    "BASECOST": cost_text(adder.points // levels),
                    "LEVELS": levels if levels > 1 else child.get("LEVELS", "0"),
                    "SHEETAPP_ADDER": adder.adder,
                    "SHEETAPP_POINTS": adder.points,
                },
            )
            element.append(child)


def _what_it_is(
    element: ET.Element, choice: PowerChoice, catalog: PowerDef | None
) -> dict[str, object]:
    """The attributes that say which power it is and how it is priced."""
    kept_xmlid = element.get("XMLID")
    if catalog is not None and choice.power in POWER_XMLIDS:
        return _catalog_power(choice, catalog)
    if catalog is not None:
        return {
            "XMLID": "CUSTOMPOWER",
            "ALIAS": catalog.name,
            "NAME": choice.name,
            "BASECOST": cost_text(choice.base_cost or 0),
            "LEVELS": 0,
            "SHEETAPP_POWER": choice.power,
            "SHEETAPP_NAME": choice.name,
            "SHEETAPP_LEVELS": choice.levels,
            "SHEETAPP_LEVELS2": choice.levels2,
            "SHEETAPP_OPTION": choice.option,
            "SHEETAPP_MODE": choice.mode,
            "SHEETAPP_BASE_COST": choice.base_cost,
        }
    if kept_xmlid and kept_xmlid != "CUSTOMPOWER":
        return _imported_power(element, choice, kept_xmlid)
    return {
        "XMLID": "CUSTOMPOWER",
        "ALIAS": "Custom Power",
        "NAME": choice.name,
        "BASECOST": cost_text(choice.base_cost or 0),
        "LEVELS": 0,
        "SHEETAPP_BASE_COST": "" if choice.base_cost is None else choice.base_cost,
        "SHEETAPP_LEVELS": choice.levels,
        "SHEETAPP_LEVELS2": choice.levels2 or None,
    }


def _catalog_power(choice: PowerChoice, catalog: PowerDef) -> dict[str, object]:
    """A catalog power Hero Designer has: its XMLID, with levels, an option or a base cost
    as the catalog prices it."""
    values: dict[str, object] = {
        "XMLID": POWER_XMLIDS[choice.power or ""],
        "ALIAS": catalog.name,
        "NAME": choice.name,
        "BASECOST": "0.0",
    }
    if catalog.pricing == "parts":
        values["LEVELS"] = choice.levels
        values["SHEETAPP_LEVELS2"] = choice.levels2 or None
        values["SHEETAPP_MODE"] = choice.mode
    elif catalog.pricing == "option":
        values["LEVELS"] = 0
        values["OPTION"] = (choice.option or "").upper()
        values["OPTIONID"] = (choice.option or "").upper()
        values["SHEETAPP_OPTION"] = choice.option
    else:
        values["LEVELS"] = 0
        values["SHEETAPP_BASE_COST"] = choice.base_cost
        values["SHEETAPP_POWER"] = choice.power
        values["SHEETAPP_NAME"] = choice.name
    return values


def _imported_power(element: ET.Element, choice: PowerChoice, kept_xmlid: str) -> dict[str, object]:
    """A power imported from Hero Designer that the catalog does not price: its own
    element, its levels from the base cost where HERO 5e's price gives whole levels."""
    name = choice.name
    values: dict[str, object] = {
        "NAME": "" if name == derived_name(element) and not element.get("NAME") else name
    }
    price = tables.HERO5E_POWER_PRICE.get(kept_xmlid.upper())
    if price is None or choice.base_cost is None:
        values["SHEETAPP_BASE_COST"] = choice.base_cost
    else:
        fixed, per_level = price
        levels = choice.base_cost - fixed - number_of(element, "BASECOST")
        if per_level and levels >= 0 and levels / per_level == int(levels / per_level):
            values["LEVELS"] = int(levels / per_level)
        elif choice.base_cost != fixed + number_of(element, "BASECOST"):
            values["SHEETAPP_BASE_COST"] = choice.base_cost
    return values
