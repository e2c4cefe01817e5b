"""Issue 31, defect 3: every declared column the file can hold is editable.

Power Sets' superpower Choice (Energy Projection's energy type) showed a text cell, but
the column declared no editor of its own (its cell function chose a list or typed text by
power), so a typed "Electric" was dropped: nothing changed, nothing went on the undo
stack. Here every cell that shows an editor, in every declared list of every system's
examples, takes a new value into the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sheetapp.core.changes import apply_to_document
from sheetapp.core.system import collections_of, installed_systems
from sheetapp.editing.builders import EditError
from sheetapp.editing.collections import CellView, cell
from sheetapp.storage.examples import load_example

SYSTEMS = [system.id for system in installed_systems()]

REPO = Path(__file__).resolve().parents[1]


def _other(shown: CellView) -> Any:
    """A value for the cell other than its own."""
    if shown.edit == "text":
        return f"{shown.value or ''}Electric"
    if shown.edit in ("int", "optional_int"):
        low, high = shown.bounds or (0, 999)
        current = shown.value if isinstance(shown.value, int) else low
        return current + 1 if current + 1 <= high else current - 1
    if shown.edit == "choice":
        others = [value for value, _label in shown.choices or [] if value != shown.value]
        return others[-1] if others else None
    return None


def _value_at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key] if isinstance(data, list) else getattr(data, key)
    return data


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_cell_with_an_editor_takes_a_new_value(system_id: str) -> None:
    registry = installed_systems()
    system = registry.get(system_id)
    examples = sorted(p.stem for p in (REPO / "resources" / "examples" / system_id).glob("*.json"))
    checked = 0
    for example in examples:
        document = load_example(system_id, example, registry).document
        for collection in collections_of(system):
            for row in range(len(collection.items(document))):
                for column, spec in enumerate(collection.columns):
                    shown = cell(collection, document, row, column)
                    wanted = _other(shown)
                    if shown.edit is None or wanted is None or spec.on_edit is not None:
                        continue
                    where = f"{example}: {collection.title} row {row} › {spec.title}"
                    try:
                        changes = collection.set_cell(document, row, column, wanted)
                    except EditError:
                        continue  # refused with a message (a rule of the format), not dropped
                    assert changes, f"{where}: {wanted!r} was dropped"
                    after = apply_to_document(document, changes)
                    assert _value_at(after, shown.path) == wanted, where
                    checked += 1
    assert checked


def test_energy_projection_takes_its_energy_type() -> None:
    """The issue's own case: Energy Projection's Choice typed as "Electric"."""
    registry = installed_systems()
    system = registry.get("powersets")
    [superpowers] = [c for c in collections_of(system) if c.key == "superpowers"]
    document = system.new_document("Volt")
    document = apply_to_document(document, superpowers.add(document, "energy_projection"))
    column = [c.title for c in superpowers.columns].index("Choice")
    changes = superpowers.set_cell(document, 0, column, "Electric")
    assert changes
    assert apply_to_document(document, changes).character.superpowers[0].choice == "Electric"
