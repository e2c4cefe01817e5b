"""Hostile text planted in every printable field of a character of each system."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sheetapp.core.system import installed_systems
from sheetapp.storage.files import LoadedDocument, parse_document

REPO = Path(__file__).resolve().parents[2]
#: the base character of each system: these two, else the system's first shipped example
#: (a system that ships none fails here: every system must have one)
BASES = {
    "gladiators": REPO / "resources" / "examples" / "gladiators" / "night-owl.json",
    "capital": REPO / "resources" / "examples" / "capital" / "mara-quell.json",
    "twod10": REPO / "resources" / "examples" / "twod10" / "ilse-varga-wounded.json",
}


def base_of(system_id: str) -> Path:
    if system_id in BASES:
        return BASES[system_id]
    examples = sorted((REPO / "resources" / "examples" / system_id).glob("*.json"))
    assert examples, f"{system_id} ships no example character to plant hostile text in"
    return examples[0]


Raw = dict[str, Any]


def _gladiators(raw: Raw, text: Callable[[str], str]) -> list[str]:
    meta, character = raw["meta"], raw["character"]
    planted = []
    for key in ("name", "player", "notes", "concept"):
        meta[key] = text(f"meta.{key}")
        planted.append(f"meta.{key}")
    ability = character["abilities"][0]
    ability["label"] = text("ability label")
    ability["note"] = text("ability note")
    modified = next(a for a in character["abilities"] if a["modifiers"])
    modified["modifiers"][0]["note"] = text("modifier note")
    planted += ["ability label", "ability note", "modifier note"]
    for kind in ("advantages", "disadvantages"):
        trait = character[kind][0]
        trait["name"] = text(f"{kind} name")
        trait["note"] = text(f"{kind} note")
        planted += [f"{kind} name", f"{kind} note"]
    character["custom_abilities"] = [
        {
            "id": "custom_hostile",
            "name": text("custom ability name"),
            "base_cost": 1,
            "level_limit": 5,
            "text": text("custom ability text"),
        }
    ]
    character["abilities"].append({"ability": "custom_hostile", "level": 1})
    planted += ["custom ability name"]
    return planted


def _capital(raw: Raw, text: Callable[[str], str]) -> list[str]:
    meta, character = raw["meta"], raw["character"]
    planted = []
    for key in ("name", "player", "notes", "concept"):
        meta[key] = text(f"meta.{key}")
        planted.append(f"meta.{key}")
    for key in ("background", "origin"):
        character["stories"][key] = text(f"story {key}")
        planted.append(f"story {key}")
    character["stories"]["stories"] = [text("story")]
    planted.append("story")
    for key in ("ideal", "goal", "flaw"):
        character["personality"][key] = text(f"personality {key}")
        planted.append(f"personality {key}")
    for key in ("strengths", "weaknesses", "extra_training"):
        character[key] = [text(key)]
        planted.append(key)
    character["equipment"].append(
        {"name": text("custom item"), "quantity": 1, "note": text("item note")}
    )
    planted += ["custom item", "item note"]
    if character.get("special_asset"):
        character["special_asset"]["name"] = text("asset name")
        planted.append("asset name")
    return planted


def _declared(system_id: str) -> Callable[[Raw, Callable[[str], str]], list[str]]:
    """Any other system: the name, player and notes, and every text column of its
    declared lists."""

    def plant(raw: Raw, text: Callable[[str], str]) -> list[str]:
        from sheetapp.core.system import collections_of

        planted = []
        for key in ("name", "player", "notes"):
            raw["meta"][key] = text(f"meta.{key}")
            planted.append(f"meta.{key}")
        for collection in collections_of(installed_systems().get(system_id)):
            node: Any = raw
            for part in collection.path:
                # a list an older example file does not hold yet is empty
                node = node.get(part, []) if isinstance(node, dict) else node[part]
            for row, item in enumerate(node):
                for column in collection.columns:
                    if column.edit != "text":
                        continue
                    where = f"{collection.key}[{row}].{column.field or 'text'}"
                    if column.field is None and isinstance(item, str):
                        node[row] = text(where)
                    elif isinstance(item, dict) and isinstance(item.get(column.field), str):
                        item[column.field] = text(where)
                    else:
                        continue
                    planted.append(where)
        return planted

    return plant


def _twod10(raw: Raw, text: Callable[[str], str]) -> list[str]:
    meta, character = raw["meta"], raw["character"]
    planted = []
    for key in ("name", "player", "notes"):
        meta[key] = text(f"meta.{key}")
        planted.append(f"meta.{key}")
    character["skills"].append({"name": text("custom skill"), "attribute": "int", "rating": 1})
    weapon = character["weapons"][0]
    weapon["name"] = text("weapon name")
    weapon["note"] = text("weapon note")
    armour = character["armour"][0]
    armour["name"] = text("armour name")
    armour["note"] = text("armour note")
    character["powers"][0]["name"] = text("power name")
    character["equipment"] = [text("equipment")]
    planted += [
        "custom skill",
        "weapon name",
        "weapon note",
        "armour name",
        "armour note",
        "power name",
        "equipment",
    ]
    return planted


PLANTERS = {"gladiators": _gladiators, "capital": _capital, "twod10": _twod10}


def hostile_document(
    system_id: str, text: Callable[[str], str]
) -> tuple[LoadedDocument, list[str]]:
    """The system's base character with ``text(field)`` in every printable field, read
    back through the loader; returns the field names planted."""
    raw = json.loads(base_of(system_id).read_text(encoding="utf-8"))
    planted = PLANTERS.get(system_id, _declared(system_id))(raw, text)
    data = json.dumps(raw, ensure_ascii=False).encode("utf-8")
    return parse_document(data, installed_systems(), source=f"hostile {system_id}"), planted
