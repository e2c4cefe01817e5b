"""The Play tab: the character's declared actions (:mod:`sheetapp.play.actions`), each a
form made from its declaration — the dice rolled at the table (or rolled here with a
recorded seed), the DV, the options — its result with every term, a change to record on
the character as one undoable step, and the session's log, copied as text. Every number
comes from the system's resolver; nothing here knows a rule."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from datetime import datetime
from itertools import pairwise
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from sheetapp.core.system import actions_of
from sheetapp.play.actions import (
    Action,
    ActionError,
    ActionOption,
    OptionValue,
    Resolution,
    resolve,
)
from sheetapp.play.effects import remove_entry
from sheetapp.play.state import play_entries
from ui.catch_up import CatchUpWhenShown
from ui.document import EditorDocument

SeedSource = Callable[[], int]


def system_seed() -> int:
    return random.SystemRandom().randrange(2**32)


class PlayPanel(QWidget):
    """What one character can do at the table (``seeds`` injected so tests repeat)."""

    def __init__(
        self,
        document: EditorDocument,
        parent: QWidget | None = None,
        *,
        seeds: SeedSource = system_seed,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("play_panel")
        self.document = document
        self.seeds = seeds
        self.declared: Sequence[Action] = ()
        self.last: Resolution | None = None
        self.recorded = False
        self.dice_edits: dict[str, QLineEdit] = {}
        self.vs_edit: QLineEdit | None = None
        self.option_widgets: dict[str, QWidget] = {}
        self._places: list[tuple[tuple[str, int], str]] = []
        self.catch_up = CatchUpWhenShown(self, document, self.refresh)

        self.action_box = QComboBox()
        self.action_box.setObjectName("play_action")
        self.summary = QLabel()
        self.summary.setObjectName("play_summary")
        self.summary.setWordWrap(True)
        self.form_host = QWidget()
        self.form = QFormLayout(self.form_host)
        self._build_widgets()
        self._lay_out()
        self.action_box.currentIndexChanged.connect(self._action_picked)
        self.resolve_button.clicked.connect(self.resolve_typed)
        self.roll_button.clicked.connect(self.roll_for_me)
        self.record_button.clicked.connect(self.record)
        self.copy_button.clicked.connect(self.copy_log)
        self.clear_button.clicked.connect(self.log.clear)
        self.remove_button.clicked.connect(self.remove_selected)
        self.refresh()

    def _build_widgets(self) -> None:
        self.resolve_button = QPushButton("&Resolve with these dice")
        self.resolve_button.setObjectName("play_resolve")
        self.resolve_button.setToolTip("Work out the result from the dice typed (Enter)")
        self.roll_button = QPushButton("Roll for &me")
        self.roll_button.setObjectName("play_roll_for_me")
        self.roll_button.setToolTip("Roll the dice not typed; the seed is kept in the log")
        self.record_button = QPushButton("Recor&d on the character")
        self.record_button.setObjectName("play_record")
        self.record_button.setEnabled(False)
        self.copy_button = QPushButton("Copy the &log")
        self.copy_button.setObjectName("play_copy")
        self.clear_button = QPushButton("Clear the lo&g")
        self.result = QPlainTextEdit()
        self.result.setObjectName("play_result")
        self.result.setReadOnly(True)
        self.result.setPlaceholderText("Type the dice you rolled, then Enter.")
        self.log = QListWidget()
        self.log.setObjectName("play_log")
        self.log.setWordWrap(True)
        self.state = QListWidget()
        self.state.setObjectName("play_state")
        self.state.setWordWrap(True)
        self.remove_button = QPushButton("Ta&ke off")
        self.remove_button.setObjectName("play_remove")
        self.remove_button.setToolTip("End the selected condition or contact, or clear a use")

    def _lay_out(self) -> None:
        pick = QFormLayout()
        label = QLabel("&Action:")
        label.setBuddy(self.action_box)
        pick.addRow(label, self.action_box)
        left = self.left = QVBoxLayout()
        left.addLayout(pick)
        left.addWidget(self.summary)
        left.addWidget(self.form_host)
        buttons = QHBoxLayout()
        for button in (self.resolve_button, self.roll_button, self.record_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        left.addLayout(buttons)
        left.addWidget(self.result, 1)
        right = QVBoxLayout()
        state_label = QLabel("I&n play (saved with the character):")
        state_label.setBuddy(self.state)
        right.addWidget(state_label)
        right.addWidget(self.state)
        state_buttons = QHBoxLayout()
        state_buttons.addWidget(self.remove_button)
        state_buttons.addStretch(1)
        right.addLayout(state_buttons)
        right.addWidget(QLabel("This session's results (not saved with the character):"))
        right.addWidget(self.log, 1)
        log_buttons = QHBoxLayout()
        log_buttons.addWidget(self.copy_button)
        log_buttons.addWidget(self.clear_button)
        log_buttons.addStretch(1)
        right.addLayout(log_buttons)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 3)
        layout.addLayout(right, 2)

    # -- the declarations -----------------------------------------------------------------

    def refresh(self) -> None:
        """The character's actions as they are now (their choices are its skills, weapons,
        contacts); the chosen action and what was typed stay."""
        self.catch_up.stale = False
        current = self.current()
        kept = self._typed() if current is not None else None
        self.declared = actions_of(self.document.system, self.document.document)
        self.action_box.blockSignals(True)
        self.action_box.clear()
        for action in self.declared:
            self.action_box.addItem(action.name, action.id)
        wanted = self.action_box.findData(current.id) if current is not None else 0
        self.action_box.setCurrentIndex(max(wanted, 0))
        self.action_box.blockSignals(False)
        self._build_form(kept)
        self._show_state()

    def _show_state(self) -> None:
        self.state.clear()
        self._places = play_entries(self.document.document.play)
        for _place, line in self._places:
            self.state.addItem(line)
        if not self._places:
            self.state.addItem("Nothing yet: no condition, contact or use recorded.")
        self.remove_button.setEnabled(bool(self._places))

    def remove_selected(self) -> bool:
        """Take the selected condition, contact or use off the character (one undo)."""
        row = self.state.currentRow()
        if not 0 <= row < len(self._places):
            return False
        (kind, index), line = self._places[row]
        changes = remove_entry(self.document.document, kind, index)
        return self.document.push(changes, f"Take off {line}")

    def current(self) -> Action | None:
        index = self.action_box.currentIndex()
        return self.declared[index] if 0 <= index < len(self.declared) else None

    def select_action(self, action_id: str) -> None:
        index = self.action_box.findData(action_id)
        if index < 0:
            raise KeyError(action_id)
        self.action_box.setCurrentIndex(index)

    def _action_picked(self) -> None:
        self._build_form(None)

    def _build_form(self, kept: dict[str, Any] | None) -> None:
        # A new form in place of the old, deleted once control is back in the event loop:
        # the old rows may be what is sending the signal that brought us here.
        old = self.form_host
        self.form_host = QWidget()
        self.form = QFormLayout(self.form_host)
        self.left.replaceWidget(old, self.form_host)
        showing = old.isVisible()
        old.hide()
        old.deleteLater()
        if showing:
            self.form_host.show()
        self.dice_edits, self.option_widgets, self.vs_edit = {}, {}, None
        action = self.current()
        if action is None:
            self.summary.setText("This system declares nothing to roll yet.")
            return
        self.summary.setText(action.summary)
        for slot in action.dice:
            edit = QLineEdit()
            edit.setObjectName(f"play_dice_{slot.key}")
            edit.setPlaceholderText(f"{slot.describe()}: each die (7 9) or the total")
            edit.setToolTip(slot.describe())
            edit.returnPressed.connect(self.resolve_typed)
            self.dice_edits[slot.key] = edit
            self.form.addRow(f"{slot.label.capitalize()}:", edit)
        if action.vs is not None:
            self.vs_edit = QLineEdit()
            self.vs_edit.setObjectName("play_vs")
            default = action.vs.default
            self.vs_edit.setPlaceholderText(str(default) if default is not None else "a number")
            self.vs_edit.setToolTip(action.vs.help)
            self.vs_edit.returnPressed.connect(self.resolve_typed)
            self.form.addRow(f"{action.vs.label[:1].upper()}{action.vs.label[1:]}:", self.vs_edit)
        for option in action.options:
            widget = self._option_widget(option)
            widget.setObjectName(f"play_option_{option.name}")
            if option.help:
                widget.setToolTip(option.help)
            self.option_widgets[option.name] = widget
            self.form.addRow(f"{option.label}:", widget)
        if kept:
            self._restore(kept)
        self._order_tabs()

    def _order_tabs(self) -> None:
        """Rows made after the panel would come last in the window's Tab order: the keys go
        from the action through the dice, the DV and the options to the buttons."""
        rows: list[QWidget] = [
            *self.dice_edits.values(),
            *([self.vs_edit] if self.vs_edit is not None else []),
            *self.option_widgets.values(),
        ]
        chain = [self.action_box, *rows, self.resolve_button, self.roll_button]
        for before, after in pairwise([*chain, self.record_button]):
            QWidget.setTabOrder(before, after)
        if self.form_host.isVisible():
            # now, not at the layout's queued show: a Tab pressed at once reaches them
            for widget in rows:
                widget.show()

    def _option_widget(self, option: ActionOption) -> QWidget:
        if option.kind == "choice":
            box = QComboBox()
            for choice in option.choices:
                box.addItem(choice.label, choice.value)
            box.setCurrentIndex(max(box.findData(option.default), 0))
            return box
        if option.kind == "bool":
            check = QCheckBox()
            check.setChecked(option.default is True)
            return check
        edit = QLineEdit()
        if option.default not in (None, ""):
            edit.setPlaceholderText(str(option.default))
        edit.returnPressed.connect(self.resolve_typed)
        return edit

    # -- what was typed -----------------------------------------------------------------

    def _typed(self) -> dict[str, Any]:
        return {
            "dice": {key: edit.text() for key, edit in self.dice_edits.items()},
            "vs": self.vs_edit.text() if self.vs_edit is not None else "",
            "options": {name: self._value(widget) for name, widget in self.option_widgets.items()},
        }

    def _restore(self, kept: dict[str, Any]) -> None:
        for key, text in kept["dice"].items():
            if key in self.dice_edits:
                self.dice_edits[key].setText(text)
        if self.vs_edit is not None:
            self.vs_edit.setText(kept["vs"])
        for name, value in kept["options"].items():
            widget = self.option_widgets.get(name)
            if isinstance(widget, QComboBox):
                index = widget.findData(value)
                if index >= 0:
                    widget.setCurrentIndex(index)
            elif isinstance(widget, QCheckBox):
                widget.setChecked(value is True)
            elif isinstance(widget, QLineEdit) and isinstance(value, str):
                widget.setText(value)

    @staticmethod
    def _value(widget: QWidget) -> OptionValue:
        if isinstance(widget, QComboBox):
            data = widget.currentData()
            return data if isinstance(data, str) else None
        if isinstance(widget, QCheckBox):
            return widget.isChecked()
        assert isinstance(widget, QLineEdit)
        return widget.text()

    # -- resolving ----------------------------------------------------------------------

    def resolve_typed(self) -> Resolution | None:
        """Resolve with the dice typed; what is missing or impossible is said, not rolled."""
        return self._resolve(roll_missing=False)

    def roll_for_me(self) -> Resolution | None:
        """Roll the dice not typed (a new seed, kept in the result) and resolve."""
        return self._resolve(roll_missing=True)

    def _resolve(self, *, roll_missing: bool) -> Resolution | None:
        action = self.current()
        if action is None:
            return None
        typed = self._typed()
        texts = {name: v for name, v in typed["options"].items() if isinstance(v, str)}
        values = {n: v for n, v in typed["options"].items() if not isinstance(v, str)}
        vs_text = typed["vs"].strip()
        try:
            vs = int(vs_text) if vs_text else None
        except ValueError:
            self._refused(f"the {action.vs.label if action.vs else 'DV'} is a number")
            return None
        try:
            result = resolve(
                action,
                dice={key: text for key, text in typed["dice"].items() if text.strip()},
                vs=vs,
                options={name: text for name, text in texts.items() if text.strip()},
                values=values,
                roll_missing=roll_missing,
                seed=self.seeds() if roll_missing else None,
            )
        except ActionError as exc:
            self._refused(str(exc))
            return None
        for key, roll in result.dice:
            edit = self.dice_edits.get(key)
            if edit is not None and roll.how == "rolled":
                edit.setText(" ".join(str(face) for face in roll.faces))
        self.last, self.recorded = result, False
        text = result.text()
        for key, roll in result.dice:
            if roll.how == "rolled":
                text += f"\n  ({key}: rolled by sheetapp, seed {roll.seed})"
        self.result.setPlainText(text)
        self.log.insertItem(0, f"{datetime.now():%H:%M} {text}")
        self.record_button.setEnabled(result.effect is not None)
        return result

    def _refused(self, message: str) -> None:
        self.last = None
        self.record_button.setEnabled(False)
        self.result.setPlainText(f"Not resolved: {message}.")

    def record(self) -> bool:
        """Record the last result's change on the character: one undoable step."""
        result = self.last
        if result is None or result.effect is None or self.recorded:
            return False
        done = self.document.push(list(result.effect.changes), f"Record {result.effect.label}")
        if done:
            self.recorded = True
            self.record_button.setEnabled(False)
            self.log.insertItem(0, f"{datetime.now():%H:%M} Recorded {result.effect.label}")
        return done

    def log_text(self) -> str:
        """The session's log, oldest first, as plain text."""
        return "\n".join(self.log.item(i).text() for i in reversed(range(self.log.count())))

    def copy_log(self) -> None:
        QGuiApplication.clipboard().setText(self.log_text())

    def focus_dice(self) -> None:
        """Where Ctrl+R lands: the first dice to type (or the action when it has none)."""
        first = next(iter(self.dice_edits.values()), None)
        target: QWidget = first if first is not None else self.action_box
        target.setFocus(Qt.FocusReason.ShortcutFocusReason)
        if isinstance(target, QLineEdit):
            target.selectAll()
