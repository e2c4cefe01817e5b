"""The Capital page updates only what an edit changed, and never less: after each edit
(and each undo) every cell of its tables shows what tables built from scratch for the new
document show, and every cell whose content or issue mark changed was announced to the
views with dataChanged (a cell left unannounced keeps its old text or mark on screen).

Seed: ../shared/seeds/003_740fba3ab4ba4f45.txt — "Your character has 2 hands, so they
can hold up to 2 pieces of Equipment" (line 347): holding one more item earlier in the
list moves the error from a later item's row to its own, a row the edit did not touch.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel
from pytestqt.qtbot import QtBot

from bench.generators.capital_fixtures import scaled
from sheetapp.core.changes import Change
from sheetapp.core.issues import Severity
from sheetapp.storage.files import LoadedDocument, dump_document
from sheetapp.systems.capital import edits
from sheetapp.systems.capital.collections import EQUIPMENT, STRENGTHS, SYSTEMS
from sheetapp.systems.capital.collections import TEXT_LISTS as TEXT_LIST_COLLECTIONS
from sheetapp.systems.capital.model import CapitalDocument
from tests.ui.test_incremental_updates import Announcements, Snapshot, assert_announced, snapshot
from ui.document import EditorDocument
from ui.main_window import MainWindow
from ui.roles import RANGE_ROLE, SEVERITY_ROLE
from ui.systems.capital.models import (
    E_HELD,
    E_QTY,
    S_LEVEL,
    AttributesModel,
    VehicleSystemsModel,
)
from ui.systems.capital.page import CapitalPage
from ui.systems.capital.story_tab import LISTS
from ui.tables.collection_model import CollectionTableModel

EXAMPLE = Path(__file__).resolve().parents[2] / "resources/examples/capital/mara-quell.json"
TEXT_LISTS = [(kind, title) for kind, title, _singular in LISTS] + [("stories", "Stories")]


def page_models(page: CapitalPage) -> dict[str, QAbstractItemModel]:
    models: dict[str, QAbstractItemModel] = {
        "systems": page.systems,
        "equipment": page.equipment,
        "attributes": page.attributes.model,
        "vehicle": page.asset.vehicle_model,
    }
    for kind, _title in TEXT_LISTS:
        models[kind] = page.story.models[kind]
    return models


def fresh_models(document: EditorDocument) -> dict[str, Snapshot]:
    """What the tables built from scratch for the current document show."""
    twin = EditorDocument(LoadedDocument(document.document, document.system))
    models: dict[str, QAbstractItemModel] = {
        "systems": CollectionTableModel(twin, SYSTEMS),
        "equipment": CollectionTableModel(twin, EQUIPMENT),
        "attributes": AttributesModel(twin),
        "vehicle": VehicleSystemsModel(twin),
    }
    for kind, _title in TEXT_LISTS:
        models[kind] = CollectionTableModel(twin, TEXT_LIST_COLLECTIONS[kind])
    return {name: snapshot(model) for name, model in models.items()}


def shown(page: CapitalPage) -> dict[str, Snapshot]:
    return {name: snapshot(model) for name, model in page_models(page).items()}


def assert_like_fresh(page: CapitalPage, context: str) -> dict[str, Snapshot]:
    now = shown(page)
    expected = fresh_models(page.document)
    for name, cells in expected.items():
        if cells != now[name]:
            wrong = sorted(k for k in cells.keys() | now[name] if cells.get(k) != now[name].get(k))
            detail = [(k, now[name].get(k), cells.get(k)) for k in wrong[:3]]
            pytest.fail(f"{context}: the {name} table differs from a fresh one: {detail}")
    return now


Step = Callable[[CapitalDocument], list[Change]]


def _held(row: int) -> Step:
    return lambda d: EQUIPMENT.set_field(d, row, "held", True)


def _character_level(level: int) -> Step:
    return lambda d: [Change("set", ("character", "level"), d.character.level, level)]


STEPS: list[tuple[str, Step]] = [
    ("quantity", lambda d: EQUIPMENT.set_field(d, 1, "quantity", 3)),
    ("hold a second item", _held(1)),
    ("hold a third item", _held(3)),  # three hands: the error is on row 3
    ("hold one before it", _held(2)),  # the error moves to row 2
    ("add a System", lambda d: SYSTEMS.add(d, "robotic")),
    ("character level", _character_level(3)),  # every "Gained at" bound changes
    ("System level", lambda d: SYSTEMS.set_field(d, 0, "level", 2)),
    ("keep a discarded die", lambda d: edits.toggle_discard(d, 5)),
    ("assign it", lambda d: edits.assign_die(d, "str", 5)),
    ("other money", lambda d: edits.set_money(d, "money_adjustment", 123)),
    ("buy an item", lambda d: EQUIPMENT.set_field(d, 1, "bought", True)),
    ("add a Strength", lambda d: STRENGTHS.insert(d, "Calm")),
    ("edit a Strength", lambda d: STRENGTHS.set_field(d, 0, "", "Very empathetic")),
    ("move an item", lambda d: EQUIPMENT.move(d, 0, 3)),
    ("remove an item", lambda d: EQUIPMENT.remove(d, 1)),
    ("a vehicle", lambda d: edits.choose_special_asset(d, "mechsuit")),
    ("fit a vehicle System", lambda d: edits.add_vehicle_system(d, "capacitor_a1_mk1")),
    ("another Role", lambda d: edits.set_role(d, "tank")),
]


def test_each_edit_and_undo_shows_and_announces_every_change(
    window: MainWindow, qtbot: QtBot
) -> None:
    view = window.open_path(EXAMPLE)
    assert view is not None and isinstance(view.page, CapitalPage)
    page = view.page
    document = page.document
    heard = {name: Announcements(model) for name, model in page_models(page).items()}
    history = [assert_like_fresh(page, "opened")]

    def check(context: str) -> dict[str, Snapshot]:
        now = assert_like_fresh(page, context)
        for name, cells in now.items():
            assert_announced(history[-1][name], cells, heard[name], f"{context} ({name})")
        return now

    for name, step in STEPS:
        for ears in heard.values():
            ears.reset()
        changes = step(document.document)  # type: ignore[arg-type]
        assert document.push(changes), name
        qtbot.wait(1)
        now = check(name)
        if name == "hold a third item":
            assert page.equipment.index(3, E_HELD).data(SEVERITY_ROLE) == Severity.ERROR.value
        if name == "hold one before it":
            # Row 3 was not edited, yet its mark went away: it was announced.
            assert page.equipment.index(3, E_HELD).data(SEVERITY_ROLE) is None
            assert page.equipment.index(2, E_HELD).data(SEVERITY_ROLE) == Severity.ERROR.value
            assert ((3,), E_HELD) in heard["equipment"].cells
        if name == "character level":
            # "Gained at" offers every Level the format holds, whatever the character's
            # Level (a System above it is an error with its fix, not a refused value).
            rows = page.systems.rowCount()
            assert page.systems.index(rows - 1, S_LEVEL).data(RANGE_ROLE) == (1, 10)
        if name == "other money":
            assert not any(ears.cells for ears in heard.values())
        history.append(now)
    for name, _step in reversed(STEPS):
        before = history.pop()
        for ears in heard.values():
            ears.reset()
        document.undo_stack.undo()
        now = assert_like_fresh(page, f"undo {name}")
        for model_name, cells in now.items():
            assert_announced(before[model_name], cells, heard[model_name], f"undo {name}")
        assert now == history[-1], f"undo {name} did not restore the tables"


@pytest.fixture
def large(window: MainWindow, tmp_path: Path) -> tuple[CapitalPage, Any]:
    spec = scaled(100, 11)
    path = tmp_path / "large.json"
    path.write_bytes(dump_document(spec.document))
    view = window.open_path(path)
    assert view is not None and isinstance(view.page, CapitalPage)
    return view.page, spec


def test_an_item_edit_announces_only_its_own_cell(large: tuple[CapitalPage, Any]) -> None:
    """A quantity edit on a 100-item character announces that one cell, in no other row
    and no other table (announcing every cell made each edit re-measure and repaint the
    tables: 30 ms on 300 items)."""
    page, spec = large
    heard = {name: Announcements(model) for name, model in page_models(page).items()}
    row = int(spec.edit_path[2])
    document = page.character_document
    assert page.document.push(EQUIPMENT.set_field(document, row, "quantity", spec.edit_after))
    assert page.equipment.index(row, E_QTY).data() == str(spec.edit_after)
    assert not any(ears.structural for ears in heard.values())
    assert heard["equipment"].cells == {((row,), E_QTY)}
    assert not any(ears.cells for name, ears in heard.items() if name != "equipment")
    page.document.undo_stack.undo()
    assert heard["equipment"].cells == {((row,), E_QTY)}
    assert page.equipment.index(row, E_QTY).data() == str(
        spec.document.character.equipment[row].quantity
    )


def test_a_level_edit_leaves_gained_at_unclamped(large: tuple[CapitalPage, Any]) -> None:
    """The character's Level no longer bounds a System's "Gained at" editor (issue 17: no
    silent clamps); every row offers the format's Levels 1-10 after a Level edit."""
    page, _spec = large
    level = page.character_document.character.level
    assert page.document.push([Change("set", ("character", "level"), level, level - 1)])
    rows = page.systems.rowCount()
    assert rows > 1
    assert all(page.systems.index(r, S_LEVEL).data(RANGE_ROLE) == (1, 10) for r in range(rows))


def test_a_column_widens_for_a_longer_value(window: MainWindow, qtbot: QtBot) -> None:
    """Columns are sized once from the contents (not on every edit); a changed cell that
    needs more room still gets it (given the room: in a narrow window names elide before
    the number columns leave the view, issue 31)."""
    window.resize(2400, 900)
    view = window.open_path(EXAMPLE)
    assert view is not None and isinstance(view.page, CapitalPage)
    page = view.page
    page.tabs.setCurrentWidget(page.equipment_page)
    qtbot.waitUntil(page.equipment_view.isVisible)
    table = page.equipment_view
    # the wide window's room reaches the table once its layout has run
    qtbot.waitUntil(lambda: table.columnWidth(0) >= table.sizeHintForColumn(0))
    before = table.columnWidth(0)
    document = page.character_document
    assert page.document.push(EQUIPMENT.add_custom(document, {"name": "Short"}))
    long_name = "A remarkably long custom item name that no column was sized for"
    row = len(page.character_document.character.equipment) - 1
    assert page.document.push(EQUIPMENT.set_field(page.character_document, row, "name", long_name))
    index = page.equipment.index(row, 0)
    assert index.data() == long_name
    assert table.columnWidth(0) > before
    assert table.columnWidth(0) >= table.sizeHintForIndex(index).width()
