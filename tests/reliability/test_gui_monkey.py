"""A GUI monkey: seeded random sequences of user actions through the real editor window.

For every installed system with an editor page, a character is opened in a real
:class:`MainWindow` (offscreen) and a seeded random generator drives the widgets a user
drives: the pickers (Add Ability, Add System, ...), the custom-entry dialogs, Remove,
Up/Down, drops on the models, the delegates' editors in every table and tree, the
details panel and the form widgets (header, Campaign tab, the Capital tabs), the issues
panel, tabs, Undo and Redo.

After every step: no exception escaped (``sys.excepthook``, the app's crash dialog,
error log records and message boxes are all watched, so a swallowed exception still
fails), and every refusal was a clear message. Every Qt model of the page (and the
issues model) runs under ``pytestqt.modeltest.ModelTester`` for the whole session, which
re-checks the model on each of its signals; every ``CHECKPOINT`` steps the document also
survives a dump/parse round trip. At the end, undoing everything gives back the
starting character byte for byte (``dump_document``), and redoing everything gives back
the final one.

Modal dialogs are driven, not skipped: ``exec`` of the picker, the custom-entry and dice
dialogs is replaced by a function that types into and clicks the dialog's real widgets.

``SHEETAPP_MONKEY_SCALE=N`` multiplies the number of seeded runs (default 1, about half a
minute for both systems). The number of steps run is added to the reliability tally.

Extension point: :data:`SYSTEM_ACTIONS` holds each system's own actions. The level-up
wizard (``ui/wizard/``) adds its steps by appending :class:`MonkeyAction` objects there,
e.g. ``SYSTEM_ACTIONS["gladiators"].append(MonkeyAction("level-up: spend GP", 3, run))``.
"""

from __future__ import annotations

import copy
import difflib
import logging
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QAbstractItemModel, QEvent, QModelIndex, Qt
from PySide6.QtGui import QAction, QImage, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QSpinBox,
    QTreeView,
    QWidget,
)
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

import ui.errors
import ui.main_window
from sheetapp.core.changes import diff
from sheetapp.core.system import GameSystem, installed_systems
from sheetapp.logs import LOGGER_NAME
from sheetapp.storage.envelope import CharacterDocument
from sheetapp.storage.files import LoadedDocument, dump_document, parse_document
from sheetapp.systems.capital import edits as capital_edits
from sheetapp.systems.capital.catalog import catalogs as capital_catalogs
from ui.editor_view import EditorView
from ui.form_dialog import FieldsDialog
from ui.main_window import DISCARD, MainWindow
from ui.picker import PickerDialog
from ui.settings import Settings
from ui.systems import page_factory
from ui.systems.capital.attributes_tab import DiceDialog

REPO = Path(__file__).resolve().parents[2]
STEPS = 55
RUNS_PER_START = 2
CHECKPOINT = 30
ACCEPTED = int(QDialog.DialogCode.Accepted)
REJECTED = int(QDialog.DialogCode.Rejected)

#: Text a monkey types: plain words, accents, markup, right-to-left, combining marks,
#: emoji. (Control characters are covered by test_hostile_text.py, not typed here.)
WORDS = (
    "Blaster",
    "Zoë",
    "Ωμέγα",
    "<b>bold</b>",
    "a & b",
    "&amp;",
    "<img src=x>",
    "שלום",
    "مرحبا",
    "e\u0301",
    "🦉",
    "½×",
    "   ",
    "x" * 40,
)


def scale() -> int:
    return max(1, int(os.environ.get("SHEETAPP_MONKEY_SCALE", "1")))


def monkey_text(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3)))


def type_text(widget: QWidget, text: str) -> None:
    """Type ``text`` one character per key event, as a keyboard or an input method does.
    (``QTest.keyClicks`` asserts, and aborts the process, on characters outside Latin-1.)"""
    for char in text:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            event = QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, char)
            QApplication.sendEvent(widget, event)


def alive(widget: Any) -> bool:
    return widget is not None and shiboken6.isValid(widget)


def shown(widget: QWidget) -> bool:
    return alive(widget) and widget.isVisible() and widget.isEnabled()


# --- the monkey ---------------------------------------------------------------------------


@dataclass
class Monkey:
    """One seeded run over one open character."""

    rng: random.Random
    window: MainWindow
    view: EditorView
    qtbot: QtBot
    images: list[Path]
    done: Counter[str] = field(default_factory=Counter)
    refusals: list[str] = field(default_factory=list)

    @property
    def page(self) -> Any:
        return self.view.page

    def pick(self, items: list[Any]) -> Any:
        return items[self.rng.randrange(len(items))] if items else None

    # -- finding widgets --

    def inputs(self) -> list[QWidget]:
        """Visible, enabled input widgets of the tab (not item-view editors, not the
        line edits inside spin and combo boxes)."""
        found: list[QWidget] = []
        for widget in self.view.findChildren(QWidget):
            if not isinstance(
                widget, QSpinBox | QCheckBox | QComboBox | QLineEdit | QPlainTextEdit
            ) and not isinstance(widget, QAbstractButton):
                continue
            parent = widget.parentWidget()
            if isinstance(parent, QAbstractSpinBox | QComboBox):
                continue
            if any(isinstance(p, QAbstractItemView) for p in _ancestors(widget)):
                continue
            if shown(widget):
                found.append(widget)
        return found

    def item_views(self) -> list[QAbstractItemView]:
        return [
            v
            for v in page_views(self.view)
            if shown(v) and v.model() is not None and v.model().rowCount() > 0
        ]

    def random_index(self, view: QAbstractItemView) -> QModelIndex:
        model = view.model()
        parent = QModelIndex()
        if isinstance(view, QTreeView) and self.rng.random() < 0.4:
            top = model.index(self.rng.randrange(model.rowCount()), 0)
            if model.rowCount(top):
                parent = top
        rows, columns = model.rowCount(parent), model.columnCount(parent)
        if rows == 0 or columns == 0:
            return QModelIndex()
        return model.index(self.rng.randrange(rows), self.rng.randrange(columns), parent)

    # -- acting --

    def type_into(self, widget: QWidget, text: str) -> None:
        self.qtbot.keyClick(widget, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        if self.rng.random() < 0.2:
            self.qtbot.keyClick(widget, Qt.Key.Key_Backspace)
        type_text(widget, text)

    def poke(self, widget: QWidget) -> str:
        """One user gesture on an input widget; returns what it was. The widget gets the
        focus first, as it does when a user clicks or tabs into it."""
        rng = self.rng
        widget.setFocus(Qt.FocusReason.MouseFocusReason)
        if isinstance(widget, QSpinBox):
            if rng.random() < 0.7:
                widget.stepBy(rng.choice((-3, -1, 1, 1, 2, 5)))
            else:
                high = min(widget.maximum(), widget.minimum() + 60)
                self.type_into(widget, str(rng.randint(widget.minimum(), high)))
                self.qtbot.keyClick(widget, Qt.Key.Key_Return)
            return "spin box"
        if isinstance(widget, QComboBox):
            line = widget.lineEdit() if widget.isEditable() else None
            if line is not None and rng.random() < 0.5:
                self.type_into(line, monkey_text(rng))
                return "editable combo: typed"
            key = rng.choice((Qt.Key.Key_Down, Qt.Key.Key_Down, Qt.Key.Key_Up, Qt.Key.Key_End))
            self.qtbot.keyClick(widget, key)
            return "combo box"
        if isinstance(widget, QCheckBox):
            widget.click()
            return "check box"
        if isinstance(widget, QLineEdit):
            self.type_into(widget, monkey_text(rng))
            if rng.random() < 0.6:
                self.qtbot.keyClick(widget, Qt.Key.Key_Return)
            return "line edit"
        if isinstance(widget, QPlainTextEdit):
            widget.moveCursor(widget.textCursor().MoveOperation.End)
            type_text(widget, monkey_text(rng))
            return "notes"
        assert isinstance(widget, QAbstractButton)
        widget.click()
        return "button"

    def close_editors(self) -> None:
        for view in page_views(self.view):
            editor = _open_editor(view)
            if editor is not None:
                self.qtbot.keyClick(editor, Qt.Key.Key_Escape)
        QApplication.processEvents()


def _ancestors(widget: QWidget) -> Iterator[QWidget]:
    parent = widget.parentWidget()
    while parent is not None:
        yield parent
        parent = parent.parentWidget()


def _open_editor(view: QAbstractItemView) -> QWidget | None:
    """The delegate editor open in ``view`` (editors are children of the viewport)."""
    for child in view.viewport().children():
        if (
            isinstance(child, QSpinBox | QComboBox | QLineEdit)
            and alive(child)
            and child.isVisible()
        ):
            return child
    return None


# --- actions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class MonkeyAction:
    """A named user action; ``run`` returns False when it had nothing to act on."""

    name: str
    weight: int
    run: Callable[[Monkey], bool]


def act_poke(m: Monkey) -> bool:
    widgets = [w for w in m.inputs() if not isinstance(w, QAbstractButton)]
    widget = m.pick(widgets)
    if widget is None:
        return False
    m.done[f"poke {m.poke(widget)}"] += 1
    return True


def act_button(m: Monkey) -> bool:
    buttons = [w for w in m.inputs() if isinstance(w, QAbstractButton)]
    button = m.pick([b for b in buttons if not isinstance(b, QCheckBox)])
    if button is None:
        return False
    button.click()
    return True


def act_select(m: Monkey) -> bool:
    view = m.pick(m.item_views())
    if view is None:
        return False
    index = m.random_index(view)
    if not index.isValid():
        return False
    if isinstance(view, QTreeView) and index.parent().isValid():
        view.expand(index.parent())
    view.scrollTo(index, QAbstractItemView.ScrollHint.EnsureVisible)
    rect = view.visualRect(index)
    if m.rng.random() < 0.5 and rect.isValid() and view.viewport().rect().contains(rect.center()):
        m.qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    else:
        view.setCurrentIndex(index)
    return True


def act_edit_cell(m: Monkey) -> bool:
    """Open a cell's delegate editor, use it with the keyboard, close it."""
    views = m.item_views()
    m.rng.shuffle(views)
    for view in views:
        model = view.model()
        for _attempt in range(6):
            index = m.random_index(view)
            if not index.isValid():
                continue
            flags = model.flags(index)
            if flags & Qt.ItemFlag.ItemIsUserCheckable and m.rng.random() < 0.5:
                state = index.data(Qt.ItemDataRole.CheckStateRole)
                checked = (
                    Qt.CheckState(state) == Qt.CheckState.Checked if state is not None else False
                )
                new = Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked
                model.setData(index, new, Qt.ItemDataRole.CheckStateRole)
                m.done["cell check box"] += 1
                return True
            if not flags & Qt.ItemFlag.ItemIsEditable:
                continue
            view.setCurrentIndex(index)
            view.edit(index)
            editor = _open_editor(view)
            if editor is None:
                continue
            m.done[f"cell editor {type(editor).__name__}"] += 1
            if m.rng.random() < 0.1:
                m.qtbot.keyClick(editor, Qt.Key.Key_Escape)
                return True
            if isinstance(editor, QSpinBox):
                high = min(editor.maximum(), editor.minimum() + 25)
                m.type_into(editor, str(m.rng.randint(editor.minimum(), high)))
            elif isinstance(editor, QComboBox):
                for _ in range(m.rng.randint(1, 3)):
                    m.qtbot.keyClick(editor, m.rng.choice((Qt.Key.Key_Down, Qt.Key.Key_Up)))
                    if not alive(editor):
                        return True
            else:
                m.type_into(editor, monkey_text(m.rng))
            if alive(editor):
                m.qtbot.keyClick(editor, Qt.Key.Key_Return)
            return True
    return False


def act_drop(m: Monkey) -> bool:
    """Drag and drop, at the model: Qt refuses a synthetic QDropEvent in InternalMove
    mode (the drag source of a real QDrag cannot be faked offscreen), so the test does
    what the view does on a drop: mimeData of the dragged row, then dropMimeData."""
    views = [v for v in m.item_views() if v.dragEnabled()]
    view = m.pick(views)
    if view is None:
        return False
    model = view.model()
    source = m.random_index(view)
    if not source.isValid():
        return False
    parent = source.parent()
    if m.rng.random() < 0.15:  # dropped onto another row or level: must be refused or safe
        parent = m.random_index(view).siblingAtColumn(0)
    row = m.rng.randint(-1, model.rowCount(parent))
    data = model.mimeData([source])
    if model.canDropMimeData(data, Qt.DropAction.MoveAction, row, 0, parent):
        model.dropMimeData(data, Qt.DropAction.MoveAction, row, 0, parent)
        m.done["drop accepted"] += 1
    else:
        m.done["drop refused"] += 1
    return True


def act_undo(m: Monkey) -> bool:
    for _ in range(m.rng.randint(1, 4)):
        if not m.window.undo_action.isEnabled():
            return False
        m.window.undo_action.trigger()
    return True


def act_redo(m: Monkey) -> bool:
    for _ in range(m.rng.randint(1, 3)):
        if not m.window.redo_action.isEnabled():
            return False
        m.window.redo_action.trigger()
    return True


def act_tab(m: Monkey) -> bool:
    tabs = m.view.tabs
    tabs.setCurrentIndex(m.rng.randrange(tabs.count()))
    return True


def act_issue(m: Monkey) -> bool:
    """Click an issue in the Issues panel: the window jumps to its place."""
    issues = m.window.issues_view
    model = issues.model()
    if model.rowCount() == 0:
        return False
    index = model.index(m.rng.randrange(model.rowCount()), 0)
    issues.scrollTo(index, QAbstractItemView.ScrollHint.EnsureVisible)
    rect = issues.visualRect(index)
    if rect.isValid() and issues.viewport().rect().contains(rect.center()):
        m.qtbot.mouseClick(issues.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    else:
        issues.activated.emit(index)
    return True


def act_portrait(m: Monkey) -> bool:
    """Header ▸ Portrait…: the file dialog returns a good, a broken or no image."""
    m.view.header.choose.click()
    return True


def trigger(
    get: Callable[[Any], QAction | list[QAction]],
    select: Callable[[Monkey], bool] | None = None,
) -> Callable[[Monkey], bool]:
    """Run a page action (what its tool button or menu entry does; one of a list, at
    random), after an optional selection step; False when the action is disabled."""

    def run(m: Monkey) -> bool:
        if select is not None:
            select(m)
        found = get(m.page)
        action = m.pick(found) if isinstance(found, list) else found
        if not action.isEnabled():
            return False
        action.trigger()
        return True

    return run


def select_in(name: str, depth: int = 0) -> Callable[[Monkey], bool]:
    """Select a random row of the named view (``depth`` 1: a child row of a tree)."""

    def run(m: Monkey) -> bool:
        view = m.view.findChild(QAbstractItemView, name)
        if view is None or view.model().rowCount() == 0:
            return False
        model = view.model()
        index = model.index(m.rng.randrange(model.rowCount()), 0)
        if depth and model.rowCount(index):
            index = model.index(m.rng.randrange(model.rowCount(index)), 0, index)
        view.setCurrentIndex(index)
        return True

    return run


def show_tab(title_start: str) -> Callable[[Monkey], bool]:
    def run(m: Monkey) -> bool:
        tabs = m.view.tabs
        for i in range(tabs.count()):
            if tabs.tabText(i).startswith(title_start):
                tabs.setCurrentIndex(i)
                return True
        return False

    return run


def then(*steps: Callable[[Monkey], bool]) -> Callable[[Monkey], bool]:
    def run(m: Monkey) -> bool:
        result = False
        for step in steps:
            result = step(m)
        return result

    return run


COMMON_ACTIONS: list[MonkeyAction] = [
    MonkeyAction("form widget", 14, act_poke),
    MonkeyAction("button", 4, act_button),
    MonkeyAction("select a cell", 6, act_select),
    MonkeyAction("edit a cell", 12, act_edit_cell),
    MonkeyAction("drag and drop", 3, act_drop),
    MonkeyAction("undo", 8, act_undo),
    MonkeyAction("redo", 4, act_redo),
    MonkeyAction("switch tab", 5, act_tab),
    MonkeyAction("click an issue", 2, act_issue),
    MonkeyAction("portrait", 1, act_portrait),
    MonkeyAction("campaign settings", 3, then(show_tab("Campaign"), act_poke)),
]

#: Each system's own actions. The extension point for the level-up wizard's steps.
SYSTEM_ACTIONS: dict[str, list[MonkeyAction]] = {
    "gladiators": [
        MonkeyAction(
            "add ability (picker)",
            6,
            trigger(
                lambda p: p.add_ability_action, then(show_tab("Abilities"), select_in("abilities"))
            ),
        ),
        MonkeyAction(
            "add modifier (picker)",
            6,
            trigger(
                lambda p: p.add_modifier_action, then(show_tab("Abilities"), select_in("abilities"))
            ),
        ),
        MonkeyAction("add advantage (picker)", 2, trigger(lambda p: p.add_advantage_action)),
        MonkeyAction("add disadvantage (picker)", 2, trigger(lambda p: p.add_disadvantage_action)),
        MonkeyAction("custom ability", 1, trigger(lambda p: p.custom_ability_action)),
        MonkeyAction(
            "custom modifier",
            1,
            trigger(
                lambda p: p.custom_modifier_action,
                then(show_tab("Abilities"), select_in("abilities")),
            ),
        ),
        MonkeyAction("custom advantage", 1, trigger(lambda p: p.custom_advantage_action)),
        MonkeyAction("custom disadvantage", 1, trigger(lambda p: p.custom_disadvantage_action)),
        MonkeyAction(
            "remove",
            4,
            trigger(
                lambda p: p.remove_action, then(show_tab("Abilities"), select_in("abilities", 1))
            ),
        ),
        MonkeyAction(
            "remove trait",
            2,
            trigger(
                lambda p: p.remove_action, then(show_tab("Advantages"), select_in("advantages"))
            ),
        ),
        MonkeyAction(
            "move up",
            3,
            trigger(
                lambda p: p.move_up_action, then(show_tab("Abilities"), select_in("abilities", 1))
            ),
        ),
        MonkeyAction(
            "move down",
            3,
            trigger(
                lambda p: p.move_down_action, then(show_tab("Abilities"), select_in("abilities"))
            ),
        ),
        MonkeyAction(
            "move trait",
            2,
            trigger(
                lambda p: p.move_down_action,
                then(show_tab("Advantages"), select_in("disadvantages")),
            ),
        ),
        MonkeyAction(
            "details panel",
            8,
            then(show_tab("Abilities"), select_in("abilities", 1), act_poke),
        ),
    ],
    "capital": [
        MonkeyAction("add system (picker)", 5, trigger(lambda p: p.add_system_action)),
        MonkeyAction("add equipment (picker)", 5, trigger(lambda p: p.add_item_action)),
        MonkeyAction("custom item", 2, trigger(lambda p: p.custom_item_action)),
        MonkeyAction(
            "remove system",
            3,
            trigger(
                lambda p: p.remove_system_action, then(show_tab("Systems"), select_in("systems"))
            ),
        ),
        MonkeyAction(
            "remove item",
            3,
            trigger(
                lambda p: p.remove_item_action, then(show_tab("Equipment"), select_in("equipment"))
            ),
        ),
        MonkeyAction(
            "system up/down",
            3,
            trigger(
                lambda p: [p.up_system_action, p.down_system_action],
                then(show_tab("Systems"), select_in("systems")),
            ),
        ),
        MonkeyAction(
            "item up/down",
            3,
            trigger(
                lambda p: [p.up_item_action, p.down_item_action],
                then(show_tab("Equipment"), select_in("equipment")),
            ),
        ),
        MonkeyAction("choose special asset (picker)", 3, trigger(lambda p: p.asset.choose_action)),
        MonkeyAction("fit vehicle system (picker)", 2, trigger(lambda p: p.asset.fit_action)),
        MonkeyAction(
            "unfit vehicle system",
            1,
            trigger(
                lambda p: p.asset.unfit_action,
                then(show_tab("Special"), select_in("vehicle_systems")),
            ),
        ),
        MonkeyAction("roll attribute dice", 2, trigger(lambda p: p.attributes.roll_action)),
        MonkeyAction("enter attribute dice", 2, trigger(lambda p: p.attributes.enter_action)),
        MonkeyAction("role and story", 6, then(show_tab("Role"), act_poke)),
        MonkeyAction("attributes tab", 4, then(show_tab("Attributes"), act_button)),
        MonkeyAction("special asset tab", 4, then(show_tab("Special"), act_poke)),
        MonkeyAction("in-play tab", 3, then(show_tab("In Play"), act_poke)),
    ],
}


def actions_for(system_id: str) -> list[MonkeyAction]:
    return COMMON_ACTIONS + SYSTEM_ACTIONS.get(system_id, [])


# --- the dialogs, driven --------------------------------------------------------------------


def drive_dialogs(monkeypatch: pytest.MonkeyPatch, state: dict[str, Any]) -> None:
    """Replace ``exec`` of the modal dialogs with a monkey using their widgets."""

    def monkey() -> Monkey:
        current: Monkey = state["monkey"]
        return current

    def picker_exec(dialog: PickerDialog) -> int:
        m = monkey()
        if m.rng.random() < 0.1:
            return REJECTED
        tester = None
        if state["picker_checks"] < 3:  # the picker's proxy passes the model tester too,
            state["picker_checks"] += 1  # also while the search filters it
            tester = ModelTester(state["config"])
            tester.check(dialog.proxy, force_py=True)
        try:
            if m.rng.random() < 0.5 and dialog.source.entries:
                word = m.pick(dialog.source.entries).name.split()[0][:4]
                type_text(dialog.search, word)
            rows = dialog.proxy.rowCount()
            if rows == 0:
                return REJECTED
            dialog.view.setCurrentIndex(dialog.proxy.index(m.rng.randrange(rows), 0))
        finally:
            if tester is not None:
                tester._cleanup()
        m.done["picker chose"] += 1
        return ACCEPTED

    def fields_exec(dialog: FieldsDialog) -> int:
        m = monkey()
        for key, editor in dialog.form.editors.items():
            if isinstance(editor, QLineEdit):
                text = monkey_text(m.rng) if key == "name" or m.rng.random() < 0.5 else ""
                m.type_into(editor, text)
            else:
                m.poke(editor)
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        return ACCEPTED if ok.isEnabled() and m.rng.random() < 0.9 else REJECTED

    def dice_exec(dialog: DiceDialog) -> int:
        m = monkey()
        dice = [m.rng.randint(1, 6) for _ in range(10)]
        if m.rng.random() < 0.7:
            dice[:2] = [6, 1]  # usually a valid set (line 196)
        m.type_into(dialog.line, " ".join(str(d) for d in dice))
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        return ACCEPTED if ok.isEnabled() else REJECTED

    def choose_file(*_args: Any, **_kwargs: Any) -> tuple[str, str]:
        m = monkey()
        chosen = m.pick([*m.images, None])
        return (str(chosen) if chosen else "", "")

    monkeypatch.setattr(PickerDialog, "exec", picker_exec)
    monkeypatch.setattr(FieldsDialog, "exec", fields_exec)
    monkeypatch.setattr(DiceDialog, "exec", dice_exec)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(choose_file))


# --- watching for errors ------------------------------------------------------------------


class ErrorWatch(logging.Handler):
    """Collects everything that would tell a user "something went wrong"."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.errors: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.errors.append(f"log {record.name}: {record.getMessage()}")

    def hook(
        self, kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> None:
        self.errors.append(ui.errors.error_details(kind, error, trace))

    def dialog(self, *args: Any, **_kwargs: Any) -> None:
        self.errors.append(f"error dialog: {args[1:]}")


def install_watch(monkeypatch: pytest.MonkeyPatch) -> ErrorWatch:
    """Route every way an error can reach a user into an :class:`ErrorWatch`."""
    watcher = ErrorWatch()
    monkeypatch.setattr(sys, "excepthook", watcher.hook)
    monkeypatch.setattr(ui.errors, "report_exception", watcher.hook)
    for module in (ui.errors, ui.main_window):
        monkeypatch.setattr(module, "show_error", watcher.dialog)

    def box_exec(box: QMessageBox) -> int:
        watcher.errors.append(f"message box: {box.windowTitle()}: {box.text()}")
        return int(QMessageBox.StandardButton.Ok)

    monkeypatch.setattr(QMessageBox, "exec", box_exec)
    logger = logging.getLogger(LOGGER_NAME)
    monkeypatch.setattr(logger, "handlers", [*logger.handlers, watcher])  # restored after
    return watcher


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> ErrorWatch:
    return install_watch(monkeypatch)


# --- the runs ---------------------------------------------------------------------------


def editable_systems() -> list[GameSystem]:
    return [s for s in installed_systems() if page_factory(s.id) is not None]


def starts(system: GameSystem) -> list[tuple[str, LoadedDocument]]:
    """Where a monkey starts: a new character and the first shipped example."""
    registry = installed_systems()
    found = [("new", LoadedDocument(system.new_document("Monkey"), system))]
    for path in sorted((REPO / "resources" / "examples" / system.id).glob("*.json")):
        raw = path.read_bytes()
        found.append((path.stem, parse_document(raw, registry, source=path.name)))
    return found[:2]


def make_images(folder: Path) -> list[Path]:
    good = folder / "portrait.png"
    image = QImage(40, 60, QImage.Format.Format_RGB32)
    image.fill(0x3366AA)
    assert image.save(str(good))
    broken = folder / "broken.png"
    broken.write_bytes(good.read_bytes()[:30])
    text = folder / "notes.png"
    text.write_text("not an image", encoding="utf-8")
    return [good, broken, text]


def page_views(view: QWidget) -> list[QAbstractItemView]:
    """The item views of a tab (not the pop-up lists inside combo boxes)."""
    return [
        v
        for v in view.findChildren(QAbstractItemView)
        if not any(isinstance(p, QComboBox) for p in _ancestors(v))
    ]


def models_of(window: MainWindow, view: EditorView) -> list[QAbstractItemModel]:
    found = {id(v.model()): v.model() for v in page_views(view)}
    found[id(window.issues_view.model())] = window.issues_view.model()
    return [m for m in found.values() if m is not None]


def run_monkey(
    m: Monkey, steps: int, actions: list[MonkeyAction], watch: ErrorWatch, label: str
) -> int:
    """``steps`` random actions; returns how many did something."""
    document = m.view.document
    weights = [a.weight for a in actions]
    acted = 0
    for step in range(steps):
        action = m.rng.choices(actions, weights)[0]
        before = len(watch.errors)
        if action.run(m):
            acted += 1
            m.done[action.name] += 1
        QApplication.processEvents()
        assert len(watch.errors) == before, f"{label}, step {step} ({action.name}):\n" + "\n".join(
            watch.errors[before:]
        )
        if step % CHECKPOINT == CHECKPOINT - 1:
            check_document(document.document, document.system, label, step)
    return acted


def check_document(
    document: CharacterDocument[Any, Any], system: GameSystem, label: str, step: int
) -> None:
    """The character as edited so far is a valid file that reads back equal."""
    data = dump_document(document)
    again = parse_document(data, installed_systems(), source="monkey.json").document
    assert dump_document(again) == data, f"{label}, step {step}: the file does not round-trip"
    system.evaluate(again)


def byte_diff(expected: bytes, got: bytes) -> str:
    lines = difflib.unified_diff(
        expected.decode().splitlines(), got.decode().splitlines(), "expected", "got", lineterm=""
    )
    return "\n".join(list(lines)[:40])


def _start_ids() -> list[tuple[str, str]]:
    return [(s.id, name) for s in editable_systems() for name, _l in starts(s)]


@dataclass
class Session:
    """What every run of one test shares."""

    qtbot: QtBot
    tmp_path: Path
    config: pytest.Config
    watch: ErrorWatch
    tally: Counter[str]
    state: dict[str, Any]
    images: list[Path]
    testers: list[ModelTester] = field(default_factory=list)

    def check_model(self, model: QAbstractItemModel) -> None:
        """Check ``model`` now, and again on each of its signals until the run ends."""
        tester = ModelTester(self.config)
        tester.check(model, force_py=True)
        self.testers.append(tester)

    def release(self) -> None:
        for tester in self.testers:  # before the models go away with the window
            tester._cleanup()
        self.testers.clear()


@pytest.fixture
def session(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> Iterator[Session]:
    pytestconfig = request.config
    watch: ErrorWatch = request.getfixturevalue("watch")
    tally: Counter[str] = request.getfixturevalue("tally")
    state: dict[str, Any] = {"picker_checks": 0, "config": pytestconfig}
    drive_dialogs(monkeypatch, state)
    found = Session(qtbot, tmp_path, pytestconfig, watch, tally, state, make_images(tmp_path))
    yield found
    found.release()


def open_window(s: Session, loaded: LoadedDocument, run: int) -> EditorView:
    window = MainWindow(
        installed_systems(),
        settings=Settings(s.tmp_path / f"settings{run}.ini"),
        autosave_folder=s.tmp_path / f"autosave{run}",
    )
    window.ask_save = lambda _view: DISCARD  # type: ignore[method-assign]
    s.qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    s.qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    fresh = LoadedDocument(loaded.document.model_copy(deep=True), loaded.system)
    return window.add_document(fresh, None)


def undo_all(window: MainWindow, view: EditorView, label: str) -> None:
    """Undo everything through the Edit menu's action. No step may push a new edit (a
    widget answering an undo with an edit would cut off the redo)."""
    stack = view.document.undo_stack
    size = stack.count()
    for _ in range(size + 1):
        if not window.undo_action.isEnabled():
            break
        index = stack.index()
        window.undo_action.trigger()
        QApplication.processEvents()
        assert stack.count() == size and stack.index() == index - 1, (
            f"{label}: undoing '{stack.text(index - 1)}' pushed an edit: "
            f"'{stack.text(stack.count() - 1)}'"
        )
    assert not stack.canUndo(), label


def one_run(s: Session, system_id: str, start: str, loaded: LoadedDocument, run: int) -> None:
    seed = sum(map(ord, f"{system_id}/{start}/{run}")) * 7919 + run
    label = f"{system_id}/{start} seed {seed}"
    view = open_window(s, loaded, run)
    window = s.state["window"] = view.window()
    assert isinstance(window, MainWindow)
    if hasattr(view.page, "attributes"):  # Capital's "Roll for Me" dice
        view.page.attributes.rng = random.Random(seed)
    m = Monkey(random.Random(seed), window, view, s.qtbot, s.images)
    s.state["monkey"] = m
    document = view.document
    document.edit_refused.connect(m.refusals.append)
    for model in models_of(window, view):
        s.check_model(model)
    start_bytes = dump_document(document.document)
    acted = run_monkey(m, STEPS, actions_for(system_id), s.watch, label)
    m.close_editors()
    final_bytes = dump_document(document.document)
    final_index = document.undo_stack.index()
    edits = document.undo_stack.count()
    for model in models_of(window, view):  # a fresh full check at the end
        s.check_model(model)
    undo_all(window, view, label)
    assert dump_document(document.document) == start_bytes, (
        f"{label}: undoing everything does not give back the starting character\n"
        + byte_diff(start_bytes, dump_document(document.document))
    )
    for _ in range(final_index):  # the run may have ended after some undos
        window.redo_action.trigger()
    assert dump_document(document.document) == final_bytes, (
        f"{label}: redoing to the last step does not give back the final character\n"
        + byte_diff(final_bytes, dump_document(document.document))
    )
    assert not s.watch.errors, "\n".join(s.watch.errors)
    for message in m.refusals:  # refusals are fine, but must read as messages
        assert message.strip() and "Traceback" not in message, message
    tally = s.tally
    tally[f"monkey steps: {system_id}"] += STEPS
    tally[f"monkey steps that acted: {system_id}"] += acted
    tally[f"monkey edits on the undo stack: {system_id}"] += edits
    tally[f"monkey refused edits (messages shown): {system_id}"] += len(m.refusals)
    for name, count in m.done.items():
        tally[f"monkey action: {system_id}: {name}"] += count
    s.release()
    window.close()


@pytest.mark.parametrize(("system_id", "start"), _start_ids())
def test_monkey_through_the_editor_window(system_id: str, start: str, session: Session) -> None:
    """Seeded random user sessions never raise, keep every model valid, and undo back
    to the starting bytes (and redo to the final ones)."""
    system = installed_systems().get(system_id)
    loaded = dict(starts(system))[start]
    for run in range(RUNS_PER_START * scale()):
        one_run(session, system_id, start, loaded, run)


# --- findings in files this branch may not edit, pinned ------------------------------------

WHEEL_ON_DETAILS = """
import sys, tempfile
from pathlib import Path
import shiboken6
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QWidget
app = QApplication([])
from sheetapp.core.system import installed_systems
from ui.main_window import MainWindow
from ui.settings import Settings
folder = Path(tempfile.mkdtemp())
settings = Settings(folder / "s.ini")
window = MainWindow(installed_systems(), settings=settings, autosave_folder=folder)
window.show()
other = QWidget()
other.show()
other.activateWindow()  # the user is in another window
app.processEvents()
view = window.open_path(Path(sys.argv[1]))
view.page.tree.setCurrentIndex(view.page.abilities.index(0, 0))
combo = view.page.details.findChildren(QComboBox)[0]
at = QPointF(combo.rect().center())
wheel = QWheelEvent(at, combo.mapToGlobal(at), QPoint(), QPoint(0, -120),
    Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
QApplication.sendEvent(combo, wheel)
print("alive" if shiboken6.isValid(combo) else "deleted inside its own event")
"""


def wheel_on_details_combo() -> str:
    """What happens to a details combo box after its own wheel event (child process)."""
    sample = REPO / "resources" / "examples" / "gladiators" / "night-owl.json"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", WHEEL_ON_DETAILS, str(sample)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=REPO,
        env=env,
    )
    if done.returncode != 0:
        return f"crashed ({done.returncode}): {done.stderr[-2000:]}"
    return done.stdout.strip().splitlines()[-1]


def test_the_wheel_reproduction_runs() -> None:
    """The reproduction below runs to its end (so its xfail is the bug, not a typo)."""
    assert wheel_on_details_combo() in ("alive", "deleted inside its own event")


@pytest.mark.xfail(strict=True, reason="ui/systems/gladiators/details.py deletes it (reported)")
def test_a_details_combo_survives_its_own_wheel_event() -> None:
    """Bug (reported, not fixed here: ui/systems/gladiators/ is being changed on another
    branch). Scrolling the mouse wheel over a combo box of the details panel while the
    window is not the active one (X11 and Windows deliver wheel events to inactive
    windows) changes the option; the edit's ``changed`` signal reaches
    ``GladiatorsPage._after_change``, which sees no focus widget (the application is not
    active) and rebuilds the panel at once: ``QFormLayout.removeRow`` deletes the combo
    box while its own ``wheelEvent`` is still running (use after free). The monkey hit the
    same path with a key press and the interpreter died with a segmentation fault.
    Suggested fix: in ``DetailsPanel`` take the rows out with ``takeRow`` and
    ``deleteLater()`` their widgets (or rebuild in a ``QTimer.singleShot(0, ...)``), and
    test focus with ``self.window().focusWidget()``, which does not depend on activation.
    Run in a child process: a use after free may crash the test runner."""
    assert wheel_on_details_combo() == "alive"


# --- findings fixed on this branch, kept as regression tests -----------------------------------


def test_the_portrait_button_opens_the_file_dialog(session: Session) -> None:
    """Finding 1: ``clicked(bool)`` reached ``choose_portrait`` as ``path=False`` and
    raised AttributeError instead of asking for a file."""
    loaded = starts(installed_systems().get("gladiators"))[0][1]
    view = open_window(session, loaded, 0)
    asked: list[bool] = []

    def choose(*_args: Any, **_kwargs: Any) -> tuple[str, str]:
        asked.append(True)
        return str(session.images[0]), ""

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(QFileDialog, "getOpenFileName", staticmethod(choose))
        view.header.choose.click()
    assert asked == [True]
    assert view.document.document.meta.portrait
    assert not session.watch.errors, session.watch.errors


def test_undoing_a_cleared_role_change_gives_back_the_same_bytes(session: Session) -> None:
    """Finding 2: clearing a Role's chosen change and undoing it moved the key to the end
    of ``role_choices``."""
    sample = REPO / "resources" / "examples" / "capital" / "mara-quell.json"
    loaded = parse_document(sample.read_bytes(), installed_systems(), source=sample.name)
    assert list(loaded.document.character.role_choices) == ["plus", "minus"]
    view = open_window(session, loaded, 0)
    document = view.document
    start = dump_document(document.document)
    assert view.page.story.push(
        lambda: capital_edits.set_role_choice(document.document, "plus", None)
    )
    document.undo_stack.undo()
    assert dump_document(document.document) == start


def test_an_edit_that_changes_one_system_and_inserts_another_keeps_the_model_valid(
    session: Session,
) -> None:
    """Finding 3: one step that changes a System and inserts another after it (as
    ``diff`` expresses a rebuilt list, e.g. a Role change on a levelled character) was
    announced as a lone row insert, and the row above changed under the views: the
    model tester failed on ``rowsInserted``."""
    registry = installed_systems()
    sample = REPO / "resources" / "examples" / "capital" / "mara-quell-level-3.json"
    loaded = parse_document(sample.read_bytes(), registry, source=sample.name)
    view = open_window(session, loaded, 0)
    session.check_model(view.page.systems)
    document = view.document
    before = document.document.character.model_dump(mode="json")
    after = copy.deepcopy(before)
    taken = {entry["system"] for entry in after["systems"]}
    spare = [s for s in capital_catalogs().systems if s not in taken][:2]
    after["systems"][-1]["system"] = spare[0]
    after["systems"].append({**after["systems"][-1], "system": spare[1]})
    changes = diff(before, after, ("character",))
    assert [c.op for c in changes] == ["set", "insert"]
    assert document.push(changes)
    document.undo_stack.undo()
    document.undo_stack.redo()
    assert not session.watch.errors, session.watch.errors
