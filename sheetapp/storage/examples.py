"""Example characters shipped with the app: ``resources/examples/<system id>/<id>.json``.

Examples are ordinary character files, so they are data like the catalogs: a new
example is a new file, and each one is loaded (and checked) by the same loader
as a user's file. The example's name is its character name; its description is
the first paragraph of its notes.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.core.resources import data_file
from sheetapp.core.system import SystemRegistry
from sheetapp.storage.files import LoadedDocument, parse_document


@dataclass(frozen=True, slots=True)
class Example:
    system: str
    id: str
    name: str
    description: str


class UnknownExampleError(LookupError):
    def __init__(self, system_id: str, example_id: str, known: list[str]) -> None:
        names = ", ".join(known) or "none"
        super().__init__(
            f"The {system_id} system has no example '{example_id}' (examples: {names})"
        )


def _folder_entries(system_id: str) -> dict[str, bytes]:
    folder = data_file("resources", f"examples/{system_id}")
    if not folder.is_dir():
        return {}
    return {
        entry.name.removesuffix(".json"): entry.read_bytes()
        for entry in folder.iterdir()
        if entry.name.endswith(".json")
    }


def example_bytes(system_id: str, example_id: str) -> bytes:
    entries = _folder_entries(system_id)
    try:
        return entries[example_id]
    except KeyError:
        raise UnknownExampleError(system_id, example_id, sorted(entries)) from None


def load_example(system_id: str, example_id: str, registry: SystemRegistry) -> LoadedDocument:
    """The example as a loaded document, through the same loader as any file."""
    data = example_bytes(system_id, example_id)
    return parse_document(data, registry, source=f"the example '{example_id}'")


def list_examples(system_id: str, registry: SystemRegistry) -> list[Example]:
    """The examples of a system, sorted by name."""
    found = []
    for example_id in sorted(_folder_entries(system_id)):
        document = load_example(system_id, example_id, registry).document
        notes = document.meta.notes.strip()
        description = notes.split("\n\n", 1)[0].replace("\n", " ")
        found.append(Example(system_id, example_id, document.meta.name, description))
    return sorted(found, key=lambda example: example.name.casefold())
