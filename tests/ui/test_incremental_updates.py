"""The window updates only what an edit changed: after each edit (and each undo) every
cell of the abilities tree, the trait tables, the issues panel and the totals bar shows
exactly what views built from scratch for the new document show, and every cell whose
content changed was announced to the views (a cell left stale would not repaint)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QIcon
from pytestqt.qtbot import QtBot

from bench.generators.gladiators_fixtures import scaled
from sheetapp.core.changes import Change
from sheetapp.core.system import installed_systems
from sheetapp.editing.fields import set_value
from sheetapp.editing.places import place_name
from sheetapp.storage.files import LoadedDocument, load_document
from sheetapp.systems.gladiators import edits
from sheetapp.systems.gladiators.catalog import catalogs
from sheetapp.systems.gladiators.collections import ABILITIES, TRAITS, modifiers_of
from sheetapp.systems.gladiators.model import GladiatorsDocument
from tests.ui.conftest import SAMPLE
from ui.document import EditorDocument
from ui.issues_panel import IssuesModel
from ui.main_window import MainWindow
from ui.roles import (
    CHOICES_ROLE,
    EDIT_KIND_ROLE,
    PATH_ROLE,
    RANGE_ROLE,
    RULE_TEXT_ROLE,
    SEVERITY_ROLE,
)
from ui.systems.gladiators.abilities_model import AbilitiesModel
from ui.systems.gladiators.page import GladiatorsPage
from ui.tables.collection_model import CollectionTableModel
from ui.totals import TotalsBar

ROLES = (
    Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.EditRole,
    Qt.ItemDataRole.DecorationRole,
    Qt.ItemDataRole.ToolTipRole,
    Qt.ItemDataRole.BackgroundRole,
    Qt.ItemDataRole.TextAlignmentRole,
    Qt.ItemDataRole.FontRole,
    PATH_ROLE,
    SEVERITY_ROLE,
    EDIT_KIND_ROLE,
    CHOICES_ROLE,
    RANGE_ROLE,
    RULE_TEXT_ROLE,
)
Cell = tuple[tuple[int, ...], int]  # (row, child row...), column
Snapshot = dict[Cell, tuple[Any, ...]]


def _plain(value: Any) -> Any:
    """A comparable stand-in for Qt values (icons by their image, brushes by colour)."""
    if isinstance(value, QIcon):
        if value.isNull():
            return ("icon", None)
        image = value.pixmap(16, 16).toImage()
        return ("icon", hashlib.sha1(bytes(image.constBits())).hexdigest())
    if isinstance(value, QBrush):
        return ("brush", value.color().name(QColor.NameFormat.HexArgb))
    if isinstance(value, QColor):
        return ("colour", value.name(QColor.NameFormat.HexArgb))
    return value


def snapshot(model: QAbstractItemModel) -> Snapshot:
    """Every role of every cell, children included, plus each cell's flags."""
    cells: Snapshot = {}

    def visit(parent: QModelIndex, where: tuple[int, ...]) -> None:
        for row in range(model.rowCount(parent)):
            for column in range(model.columnCount(parent)):
                index = model.index(row, column, parent)
                values = tuple(_plain(model.data(index, role)) for role in ROLES)
                editable = bool(model.flags(index) & Qt.ItemFlag.ItemIsEditable)
                assert editable == (model.data(index, EDIT_KIND_ROLE) is not None), index
                cells[((*where, row), column)] = (*values, int(model.flags(index).value))
            first = model.index(row, 0, parent)
            if model.rowCount(first):
                visit(first, (*where, row))

    visit(QModelIndex(), ())
    return cells


class Announcements(QObject):
    """The cells a model announced with dataChanged, and whether it reset or moved rows."""

    def __init__(self, model: QAbstractItemModel) -> None:
        super().__init__()
        self.model = model
        self.cells: set[Cell] = set()
        self.structural = False
        model.dataChanged.connect(self._changed)
        for signal in (
            model.modelReset,
            model.rowsInserted,
            model.rowsRemoved,
            model.rowsMoved,
            model.layoutChanged,
        ):
            signal.connect(self._structure)

    def _structure(self, *_args: object) -> None:
        self.structural = True

    def _where(self, index: QModelIndex | QPersistentModelIndex) -> tuple[int, ...]:
        rows: list[int] = []
        while index.isValid():
            rows.insert(0, index.row())
            index = index.parent()
        return tuple(rows)

    def _changed(self, top_left: QModelIndex, bottom_right: QModelIndex, *_roles: object) -> None:
        assert top_left.parent() == bottom_right.parent()
        parent = self._where(top_left.parent())
        for row in range(top_left.row(), bottom_right.row() + 1):
            for column in range(top_left.column(), bottom_right.column() + 1):
                self.cells.add(((*parent, row), column))

    def reset(self) -> None:
        self.cells = set()
        self.structural = False


def fresh_views(document: EditorDocument) -> dict[str, Any]:
    """What a window built from scratch for the current document would show."""
    twin = EditorDocument(LoadedDocument(document.document, document.system))
    totals = TotalsBar()
    totals.show_evaluation(twin.evaluation)
    issues = IssuesModel()
    issues.set_evaluation(
        twin.evaluation, lambda path: place_name(twin.system, twin.document, path)
    )
    shown = {
        "abilities": snapshot(AbilitiesModel(twin)),
        "advantages": snapshot(CollectionTableModel(twin, TRAITS["advantages"])),
        "disadvantages": snapshot(CollectionTableModel(twin, TRAITS["disadvantages"])),
        "issues": snapshot(issues),
        "totals": totals.text(),
    }
    totals.deleteLater()
    return shown


def window_views(window: MainWindow, page: GladiatorsPage) -> dict[str, Any]:
    view = window.current_view()
    assert view is not None
    return {
        "abilities": snapshot(page.abilities),
        "advantages": snapshot(page.traits["advantages"]),
        "disadvantages": snapshot(page.traits["disadvantages"]),
        "issues": snapshot(window.issues_view.model_),
        "totals": view.totals.text(),
    }


def assert_same_views(window: MainWindow, page: GladiatorsPage, context: str) -> dict[str, Any]:
    view = window.current_view()
    assert view is not None
    shown = window_views(window, page)
    expected = fresh_views(view.document)
    for name, cells in expected.items():
        if cells != shown[name]:
            if isinstance(cells, dict):
                wrong = sorted(
                    k
                    for k in cells.keys() | shown[name].keys()
                    if cells.get(k) != shown[name].get(k)
                )[:5]
                detail = [(k, shown[name].get(k), cells.get(k)) for k in wrong]
            else:
                detail = [(shown[name], cells)]
            pytest.fail(f"{context}: the {name} view differs from a fresh one: {detail}")
    return shown


def assert_announced(before: Snapshot, after: Snapshot, heard: Announcements, context: str) -> None:
    """Every cell whose content changed in place was announced (without a row change)."""
    if heard.structural:
        return
    assert before.keys() == after.keys(), f"{context}: rows changed without a row signal"
    stale = [cell for cell in after if before[cell] != after[cell] and cell not in heard.cells]
    assert not stale, f"{context}: changed cells not announced: {stale[:5]}"


Step = Callable[[GladiatorsDocument], list[Change]]


def _lower_a_level(document: GladiatorsDocument) -> list[Change]:
    row, choice = next((i, a) for i, a in enumerate(document.character.abilities) if a.level > 1)
    return edits.set_level(document, row, choice.level - 1)


def _more_units(document: GladiatorsDocument) -> list[Change]:
    """Two more units of the first modifier priced per unit."""
    modifiers = catalogs().modifiers
    for row, choice in enumerate(document.character.abilities):
        for m_row, modifier in enumerate(choice.modifiers):
            definition = modifiers.get(modifier.modifier)
            if edits.modifier_has_units(definition):
                limit = edits.max_units(definition, modifier.variant)
                units = modifier.units + 1 if limit is None or modifier.units < limit else 1
                if units != modifier.units:
                    return edits.set_modifier_units(document, row, m_row, units)
    return edits.add_modifier(document, 0, "limited")


def _insert_with_an_unknown_key(document: GladiatorsDocument) -> list[Change]:
    """An ability as a newer sheetapp might write it: the window notes the unknown key."""
    data = document.character.abilities[0].model_dump(mode="json")
    data["from_the_future"] = {"shiny": True}
    return [Change("insert", ("character", "abilities", 1), after=data, label="Future")]


def _move_a_modifier(document: GladiatorsDocument) -> list[Change]:
    row = next(i for i, a in enumerate(document.character.abilities) if len(a.modifiers) > 1)
    return modifiers_of(document, row).move(document, 1, 0)


STEPS: list[tuple[str, Step]] = [
    ("raise a level", lambda d: edits.set_level(d, 3, d.character.abilities[3].level + 1)),
    ("lower a level", _lower_a_level),
    ("set a label", lambda d: edits.set_label(d, 2, "Old Faithful")),
    ("modifier units", _more_units),
    ("minor character", lambda d: edits.set_character_type(d, "minor")),
    ("budget", lambda d: set_value(d, "campaign", "gp_budget", 7)),
    (
        "negative scaling",
        lambda d: set_value(d, "campaign", "negative_scaling_basis", "with_positive_modifiers"),
    ),
    ("add an ability at the top", lambda d: edits.add_ability(d, "armour", 0)),
    ("add a modifier", lambda d: edits.add_modifier(d, 5, "limited")),
    ("remove a modifier", lambda d: modifiers_of(d, 5).remove(d, 0)),
    ("move an ability down", lambda d: ABILITIES.move(d, 0, 6)),
    ("move a modifier", _move_a_modifier),
    ("remove an ability", lambda d: ABILITIES.remove(d, 2)),
    ("custom ability", lambda d: edits.add_custom_ability(d, "Bat Sense")),
    ("add a trait", lambda d: TRAITS["advantages"].add(d, "ageless")),
    ("trait severity", lambda d: TRAITS["disadvantages"].set_field(d, 0, "severity", "maj")),
    ("back to major", lambda d: edits.set_character_type(d, "major")),
    ("level past the limit", lambda d: edits.set_level(d, 6, 9)),
    ("an unknown key arrives", _insert_with_an_unknown_key),
    ("a level after it", lambda d: edits.set_level(d, 1, d.character.abilities[1].level + 1)),
    ("an ability moves past it", lambda d: ABILITIES.move(d, 0, 3)),
    ("it leaves", lambda d: ABILITIES.remove(d, 0)),
]


@pytest.fixture(params=["sample", pytest.param("generated-40", marks=pytest.mark.slow)])
def opened(
    request: pytest.FixtureRequest, window: MainWindow, tmp_path: Any
) -> tuple[MainWindow, GladiatorsPage]:
    if request.param == "sample":
        path = SAMPLE
    else:
        from sheetapp.storage.files import dump_document

        path = tmp_path / "generated.json"
        path.write_bytes(dump_document(scaled(40, 7).document))
    assert load_document(path, installed_systems())
    view = window.open_path(path)
    assert view is not None and isinstance(view.page, GladiatorsPage)
    return window, view.page


def test_each_edit_and_undo_shows_what_a_fresh_window_shows(
    opened: tuple[MainWindow, GladiatorsPage], qtbot: QtBot
) -> None:
    window, page = opened
    document = page.document
    heard = Announcements(page.abilities)
    original = assert_same_views(window, page, "opened")
    history = [original]
    for name, step in STEPS:
        before = history[-1]["abilities"]
        heard.reset()
        changes = step(document.document)  # type: ignore[arg-type]
        assert document.push(changes), name
        qtbot.wait(1)
        shown = assert_same_views(window, page, name)
        assert_announced(before, shown["abilities"], heard, name)
        history.append(shown)
        if name == "an unknown key arrives":
            notes = [i for i in document.evaluation.issues if i.code == "file.unknown_key"]
            assert [i.path for i in notes] == [("character", "abilities", 1, "from_the_future")]
    for name, _step in reversed(STEPS):
        before = history.pop()["abilities"]
        heard.reset()
        document.undo_stack.undo()
        shown = assert_same_views(window, page, f"undo {name}")
        assert shown == history[-1], f"undo {name} did not restore the view"
        assert_announced(before, shown["abilities"], heard, f"undo {name}")
    assert shown == original
    assert document.document == window_document_reloaded(window)


def window_document_reloaded(window: MainWindow) -> GladiatorsDocument:
    view = window.current_view()
    assert view is not None and view.document.path is not None
    loaded = load_document(view.document.path, installed_systems()).document
    assert isinstance(loaded, GladiatorsDocument)
    return loaded


def test_an_edit_far_from_the_screen_announces_only_its_own_row(
    window: MainWindow, tmp_path: Any
) -> None:
    """One level edit on a 300-ability character announces the cells of that ability and
    its modifiers, not the other 299 rows (one dataChanged per row made each edit slow)."""
    from sheetapp.storage.files import dump_document

    spec = scaled(300, 11)
    path = tmp_path / "large.json"
    path.write_bytes(dump_document(spec.document))
    view = window.open_path(path)
    assert view is not None and isinstance(view.page, GladiatorsPage)
    model = view.page.abilities
    heard = Announcements(model)
    row = int(spec.edit_path[2])
    start = view.document.document
    assert isinstance(start, GladiatorsDocument)
    assert view.document.push(edits.set_level(start, row, spec.edit_after))
    document = view.document.document
    assert isinstance(document, GladiatorsDocument)
    assert document.character.abilities[row].level == spec.edit_after
    assert not heard.structural
    rows = {cell[0][0] for cell in heard.cells}
    assert rows == {row}
    assert len(heard.cells) == 6 * (1 + len(document.character.abilities[row].modifiers))
