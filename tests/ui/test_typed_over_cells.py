"""Issue 31, defect 1: a digit typed on a selected number cell replaces its value.

With Qt's AnyKeyPressed trigger the key that opens the editor is the first key typed
into it. On a real screen a cell showing 0 kept its "0" after the typed digit (2d10's
Perception Rating 0, ``3`` typed: 30; X-Men HERO's skill Level +0, ``1``: +10): the view
selects the spin box's text before showing it, and a spin box whose value was already 0
fills its text in only when shown, after the selection. Here every number cell of every
table and tree of every installed system, on a new character and on an example, is typed
over with real key events on the view, and the value the document keeps is read back.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractItemView, QApplication, QTabWidget, QWidget
from pytestqt.qtbot import QtBot

from sheetapp.core.system import GameSystem, installed_systems
from sheetapp.storage.files import LoadedDocument, load_document
from tests.ui.conftest import REPO
from ui.delegates import EditDelegate
from ui.main_window import MainWindow
from ui.roles import EDIT_KIND_ROLE, RANGE_ROLE
from ui.tables.collection_editor import reveal

EXAMPLES = REPO / "resources" / "examples"
SYSTEMS = [system.id for system in installed_systems()]
EDIT = Qt.ItemDataRole.EditRole
#: where a cell sits: the (row, column) of it and of each of its parents, top first
Place = tuple[tuple[int, int], ...]


def _build_every_tab(page: QWidget) -> None:
    """Bring every tab of the page forward once, so every lazily built table exists."""
    seen: set[int] = set()
    while True:
        tabs = [t for t in page.findChildren(QTabWidget) if id(t) not in seen]
        if not tabs:
            return
        for widget in tabs:
            seen.add(id(widget))
            for number in range(widget.count()):
                widget.setCurrentIndex(number)
                QApplication.processEvents()
            widget.setCurrentIndex(0)


def edited_views(page: QWidget) -> list[QAbstractItemView]:
    _build_every_tab(page)
    return [
        view
        for view in page.findChildren(QAbstractItemView)
        if isinstance(view.itemDelegate(), EditDelegate)
    ]


def number_cells(model: QAbstractItemModel, parent: Place = ()) -> list[Place]:
    """Every editable number cell of the model (trees walked down)."""
    found: list[Place] = []
    top = _index(model, parent) if parent else QModelIndex()
    for row in range(model.rowCount(top)):
        for column in range(model.columnCount(top)):
            index = model.index(row, column, top)
            editable = bool(model.flags(index) & Qt.ItemFlag.ItemIsEditable)
            if editable and index.data(EDIT_KIND_ROLE) in ("int", "optional_int"):
                found.append((*parent, (row, column)))
        if model.rowCount(model.index(row, 0, top)) > 0:
            found.extend(number_cells(model, (*parent, (row, 0))))
    return found


def _index(model: QAbstractItemModel, place: Place) -> QModelIndex:
    index = QModelIndex()
    for row, column in place:
        index = model.index(row, column, index)
    return index


def _target(index: QModelIndex, other: object) -> int | None:
    """A value for the cell other than the one it shows (and ``other``), single digits
    first."""
    low, high = index.data(RANGE_ROLE) or (0, 999)
    shown = index.data(EDIT)
    for wanted in (3, 1, 2, 4, 5, 6, 7, 8, 9, 0, low, high):
        if low <= wanted <= high and wanted not in (shown, other):
            return int(wanted)
    return None


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> dict[tuple[Any, ...], Any]:
    if isinstance(value, dict):
        found: dict[tuple[Any, ...], Any] = {}
        for key, item in value.items():
            found.update(_leaves(item, (*path, key)))
        return found
    if isinstance(value, list):
        found = {}
        for number, item in enumerate(value):
            found.update(_leaves(item, (*path, number)))
        return found
    return {path: value}


def _key(digit: str) -> Qt.Key:
    return Qt.Key.Key_Minus if digit == "-" else Qt.Key(int(Qt.Key.Key_0) + int(digit))


def type_over(view: QAbstractItemView, index: QModelIndex, value: int) -> None:
    """Select the cell and type the value's keys on the view (the first key opens the
    editor, as on a screen), then Enter."""
    reveal(view)
    view.setFocus()
    view.setCurrentIndex(index)
    view.scrollTo(index)
    QApplication.processEvents()
    text = str(value)
    QTest.keyClick(view, _key(text[0]), Qt.KeyboardModifier.NoModifier)
    editor = QApplication.focusWidget()
    assert editor is not None and editor is not view, "typing did not open an editor"
    for digit in text[1:]:
        QTest.keyClick(editor, _key(digit))
    QTest.keyClick(editor, Qt.Key.Key_Return)
    QApplication.processEvents()


def documents(system: GameSystem) -> list[tuple[str, LoadedDocument]]:
    registry = installed_systems()
    found = [("new", LoadedDocument(system.new_document("Typist"), system))]
    for path in sorted((EXAMPLES / system.id).glob("*.json")):
        found.append((path.stem, load_document(path, registry)))
    return found


@pytest.mark.parametrize(
    "system_id",
    # HERO's examples have the most cells to type over (about 40 s on a busy machine)
    [pytest.param(s, marks=pytest.mark.slow) if s == "hero-xmen" else s for s in SYSTEMS],
)
def test_a_typed_number_replaces_the_cell(
    system_id: str, window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    window.activateWindow()
    system = installed_systems().get(system_id)
    typed_over = {"zero": 0, "other": 0}
    for name, loaded in documents(system):
        shown = window.add_document(loaded, None)
        doc = shown.document
        for view in edited_views(shown.page):
            model = view.model()
            for number, place in enumerate(number_cells(model)):
                index = _index(model, place)
                original = index.data(EDIT)
                steps = doc.undo_stack.index()
                low, high = index.data(RANGE_ROLE) or (0, 999)
                if number == 0 and original not in (0, None) and low <= 0 <= high:
                    # a cell showing 0 in every table (no Gladiators ability starts at
                    # 0); the typed edit below merges with this one (the same cell)
                    model.setData(index, 0)
                    index = _index(model, place)
                shown_value = index.data(EDIT)
                target = _target(index, original)
                if target is None:
                    continue
                before = _leaves(doc.document.model_dump(mode="json"))
                type_over(view, index, target)
                where = f"{name}: {view.objectName()} {place} showing {shown_value!r}"
                index = _index(model, place)
                kept = index.data(EDIT)
                assert kept == target, f"{where}: typed {target}, kept {kept}"
                after = _leaves(doc.document.model_dump(mode="json"))
                changed = {k: v for k, v in after.items() if before.get(k) != v}
                assert changed, f"{where}: the document kept nothing"
                assert doc.undo_stack.index() == steps + 1, f"{where}: not one undoable edit"
                typed_over["zero" if shown_value in (0, None) else "other"] += 1
                doc.undo_stack.undo()
                assert _index(model, place).data(EDIT) == original, f"{where}: undo"
        assert window.close_tab(window.tabs.indexOf(shown))
    assert typed_over["zero"] and typed_over["other"], typed_over


def test_an_open_editor_outlives_its_cell_turning_read_only(qtbot: QtBot) -> None:
    """Capital's Price of an item without a printed price turned read-only when the GM's
    price was typed, while its spin box was still open: refilling the spin box from the
    cell's text ("3 mC") raised inside Qt's dataChanged, which took the whole
    application down. The open editor is left alone; the edit stands."""
    from PySide6.QtGui import QStandardItem, QStandardItemModel
    from PySide6.QtWidgets import QSpinBox

    from ui.tables.views import table_view

    model = QStandardItemModel(1, 1)
    item = QStandardItem()
    item.setData(2, EDIT)
    item.setData("int", EDIT_KIND_ROLE)
    model.setItem(0, 0, item)
    view = table_view("prices", model)
    qtbot.addWidget(view)
    view.show()
    index = model.index(0, 0)
    view.setCurrentIndex(index)
    view.edit(index)
    editor = view.indexWidget(index)
    assert isinstance(editor, QSpinBox) and editor.value() == 2
    item.setData(None, EDIT_KIND_ROLE)
    item.setData("3 mC", EDIT)  # dataChanged: the view refills its open editor
    assert editor.value() == 2
