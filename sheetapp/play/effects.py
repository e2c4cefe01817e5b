"""The changes a result offers to make to the character's play state (the file's ``play``
key), as document-rooted :class:`~sheetapp.core.changes.Change` lists: one undoable step in
the window, one locked save on the command line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sheetapp.core.changes import Change
from sheetapp.core.document import CharacterDocument, Condition, Contact

PLAY = ("play",)


def add_condition(document: CharacterDocument[Any, Any], condition: Condition) -> list[Change]:
    """The condition added; one of the same name already there is replaced (a character
    is Stunned once, not twice)."""
    conditions = document.play.conditions
    for index, held in enumerate(conditions):
        if held.name == condition.name:
            return [
                Change(
                    "set",
                    (*PLAY, "conditions", index),
                    held.model_dump(mode="json"),
                    condition.model_dump(mode="json"),
                )
            ]
    return [
        Change(
            "insert",
            (*PLAY, "conditions", len(conditions)),
            after=condition.model_dump(mode="json"),
        )
    ]


def remove_conditions(document: CharacterDocument[Any, Any], names: Sequence[str]) -> list[Change]:
    """Every condition called one of ``names`` removed (from the end, so indexes hold)."""
    conditions = document.play.conditions
    return [
        Change("remove", (*PLAY, "conditions", index), before=held.model_dump(mode="json"))
        for index, held in reversed(list(enumerate(conditions)))
        if held.name in names
    ]


def add_contact(document: CharacterDocument[Any, Any], contact: Contact) -> list[Change]:
    contacts = document.play.contacts
    return [
        Change("insert", (*PLAY, "contacts", len(contacts)), after=contact.model_dump(mode="json"))
    ]


def set_contact(
    document: CharacterDocument[Any, Any], index: int, contact: Contact
) -> list[Change]:
    held = document.play.contacts[index]
    return [
        Change(
            "set",
            (*PLAY, "contacts", index),
            held.model_dump(mode="json"),
            contact.model_dump(mode="json"),
        )
    ]


def remove_contact(document: CharacterDocument[Any, Any], index: int) -> list[Change]:
    held = document.play.contacts[index]
    return [Change("remove", (*PLAY, "contacts", index), before=held.model_dump(mode="json"))]


def spend(document: CharacterDocument[Any, Any], name: str, amount: int) -> list[Change]:
    """``amount`` more of the use called ``name`` spent (a new entry when none yet)."""
    uses = document.play.uses
    for index, use in enumerate(uses):
        if use.name == name:
            return [Change("set", (*PLAY, "uses", index, "spent"), use.spent, use.spent + amount)]
    return [Change("insert", (*PLAY, "uses", len(uses)), after={"name": name, "spent": amount})]


def spent(document: CharacterDocument[Any, Any], name: str) -> int:
    return next((use.spent for use in document.play.uses if use.name == name), 0)


def remove_entry(document: CharacterDocument[Any, Any], kind: str, index: int) -> list[Change]:
    """One condition, contact or use taken off the play state (``kind``: its list)."""
    held = getattr(document.play, kind)[index]
    return [Change("remove", (*PLAY, kind, index), before=held.model_dump(mode="json"))]
