"""The GUI monkey's parts: a seeded :class:`Monkey` over one open character, the user
actions it draws from (:data:`COMMON_ACTIONS` and each system's :data:`SYSTEM_ACTIONS`)
and the drivers of the modal dialogs. The runs and their checks are in
``test_gui_monkey.py``.

Extension point: :data:`SYSTEM_ACTIONS` holds each system's own actions. The level-up
wizard (``ui/wizard/``) adds its steps by appending :class:`MonkeyAction` objects there,
e.g. ``SYSTEM_ACTIONS["gladiators"].append(MonkeyAction("level-up: spend GP", 3, run))``.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QAbstractItemModel, QEvent, QModelIndex, Qt
from PySide6.QtGui import QAction, QKeyEvent
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
    QPlainTextEdit,
    QSpinBox,
    QTreeView,
    QWidget,
)
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from ui.editor_view import EditorView
from ui.form_dialog import FieldsDialog
from ui.main_window import MainWindow
from ui.picker import PickerDialog
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


def column_count(model: QAbstractItemModel, parent: QModelIndex) -> int:
    """A model's columns; a list model (a QListWidget's) keeps ``columnCount`` private in
    PySide: one column."""
    try:
        return model.columnCount(parent)
    except TypeError:
        return 1


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
            if any(isinstance(p, QAbstractItemView) for p in ancestors(widget)):
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
        rows, columns = model.rowCount(parent), column_count(model, parent)
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


def ancestors(widget: QWidget) -> Iterator[QWidget]:
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


def page_views(view: QWidget) -> list[QAbstractItemView]:
    """The item views of a tab (not the pop-up lists inside combo boxes)."""
    return [
        v
        for v in view.findChildren(QAbstractItemView)
        if not any(isinstance(p, QComboBox) for p in ancestors(v))
    ]


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
            if view.state() == QAbstractItemView.State.EditingState:
                # an editor is still open in this view (typing on a selected cell opened
                # it); QAbstractItemView.edit refuses a second one with a Qt warning, so
                # the monkey tries another view, as a user clicks into another table
                break
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


def _declared_editor(m: Monkey) -> Any:
    """A declared list's editor on the generic page (None on a page of its own), with a
    row of its table selected when it has rows."""
    editors = list(getattr(m.page, "editors", {}).values())
    editor = m.pick(editors)
    if editor is None:
        return None
    rows = editor.model.rowCount()
    if rows:
        editor.select(editor.model.index(m.rng.randrange(rows), 0))
    return editor


def act_declared(name: str) -> Callable[[Monkey], bool]:
    """Run one action of a declared list ("add", "custom", "remove", "up", "down",
    "duplicate") as its tool button would."""

    def run(m: Monkey) -> bool:
        editor = _declared_editor(m)
        if editor is None:
            return False
        action = {
            "add": editor.add_action,
            "custom": editor.custom_action,
            "remove": editor.remove_action,
            "up": editor.up_action,
            "down": editor.down_action,
            "duplicate": editor.duplicate_action,
        }[name]
        if action is None or not action.isEnabled():
            return False
        action.trigger()
        return True

    return run


#: The actions every declared list has on the generic page: a system that declares its
#: lists and has no page of its own is driven by these without naming it here.
DECLARED_ACTIONS: list[MonkeyAction] = [
    MonkeyAction("declared list: add (picker)", 6, act_declared("add")),
    MonkeyAction("declared list: custom entry", 2, act_declared("custom")),
    MonkeyAction("declared list: remove", 3, act_declared("remove")),
    MonkeyAction("declared list: move up", 2, act_declared("up")),
    MonkeyAction("declared list: move down", 2, act_declared("down")),
    MonkeyAction("declared list: duplicate", 1, act_declared("duplicate")),
]


def actions_for(system_id: str) -> list[MonkeyAction]:
    own = SYSTEM_ACTIONS.get(system_id)
    return COMMON_ACTIONS + (own if own is not None else DECLARED_ACTIONS)


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
