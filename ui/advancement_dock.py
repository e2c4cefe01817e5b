"""The Advancement dock: the ledger of the current character (entry zero and every entry,
with earnings, changes with costs and the totals after it), revert and look back.

Not to be confused with the Undo History dock, which is the undo stack of this session
(the "history" of the file and the command line is this ledger).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sheetapp.advancement import (
    LedgerError,
    LedgerReport,
    advancement_of,
    character_at,
    revert,
)
from sheetapp.advancement import report as ledger_lines
from sheetapp.advancement.ledger import TRACKED_ROOTS, describe_entry
from sheetapp.advancement.report import LedgerLine, LedgerReplay, change_text, total_text
from sheetapp.advancement.spec import priced_totals
from sheetapp.core.changes import Change, diff, document_data
from sheetapp.storage.files import LoadedDocument
from ui.document import EditorDocument

INDEX_ROLE = Qt.ItemDataRole.UserRole + 50
OUTSIDE_ROLE = Qt.ItemDataRole.UserRole + 51
PROBLEM = QColor(192, 57, 43)

# What an edit asks of the dock, from nothing to everything (the largest pending wins).
NOTHING, OUTSIDE, REPLAY = 0, 1, 2


class AdvancementPanel(QWidget):
    """``level_up_requested`` opens the wizard; ``open_requested(LoadedDocument)`` opens the
    character as it was at an entry in a new, unsaved tab."""

    level_up_requested = Signal()
    open_requested = Signal(object, str)  # LoadedDocument, what its tab adds to the name

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("advancement")
        self.document: EditorDocument | None = None
        self.report: LedgerReport | None = None
        #: the ledger replayed for the current history (kept while edits leave it alone)
        self._replay: LedgerReplay | None = None
        #: the total units the lines were drawn with (the part of the evaluation shown)
        self._units: dict[str, str] = {}
        #: what is owed to the tree while the dock is hidden
        self._pending = NOTHING
        self._shown = True
        #: the entries whose children are not added yet (added when expanded)
        self._unfilled: dict[int, LedgerLine] = {}
        self.tree = QTreeWidget()
        self.tree.setObjectName("ledger")
        self.tree.setHeaderLabels(["Entry", "Earned"])
        self.tree.setAlternatingRowColors(True)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.empty = QLabel()
        self.empty.setObjectName("ledger_empty")
        self.empty.setWordWrap(True)
        self.level_up = QPushButton("Level &Up…")
        self.level_up.setObjectName("ledger_level_up")
        self.level_up.clicked.connect(self.level_up_requested.emit)
        self.revert_button = QPushButton("&Revert Entry…")
        self.revert_button.setObjectName("ledger_revert")
        self.revert_button.setToolTip(
            "Undo the selected entry: the later entries are replayed on top, checked by the rules"
        )
        self.revert_button.clicked.connect(self.revert_current)
        self.show_button = QPushButton("&Show Character at Entry")
        self.show_button.setObjectName("ledger_show_at")
        self.show_button.setToolTip("Open the character as it was after the selected entry")
        self.show_button.clicked.connect(self.show_current)
        buttons = QHBoxLayout()
        buttons.addWidget(self.level_up)
        buttons.addWidget(self.revert_button)
        buttons.addWidget(self.show_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(buttons)
        layout.addWidget(self.empty)
        layout.addWidget(self.tree, 1)
        self.tree.currentItemChanged.connect(lambda _c, _p: self._update_buttons())
        self.tree.itemExpanded.connect(self._expanded)
        self.refresh()

    # --- following the current document --------------------------------------------------------

    def set_document(self, document: EditorDocument | None) -> None:
        """Follow ``document`` (the window calls this after every edit of the current tab:
        the same document again changes nothing, its own ``changed`` signal tells)."""
        if document is self.document:
            return
        if self.document is not None:
            self.document.changed.disconnect(self._changed)
        self.document = document
        if document is not None:
            document.changed.connect(self._changed)
        self._replay = None
        self._owe(REPLAY)

    def _changed(self, changes: object) -> None:
        """Replaying the ledger costs an evaluation per entry and drawing it a row per
        entry: done only when the history changed (or the edits outside the ledger, or the
        units the totals are shown in), and only while the dock shows."""
        self._owe(self._needed(changes))

    def _needed(self, changes: object) -> int:
        if not isinstance(changes, list) or not all(isinstance(c, Change) for c in changes):
            return REPLAY
        roots = {c.path[0] if c.path else None for c in changes}
        if None in roots or "history" in roots:
            return REPLAY
        if roots & set(TRACKED_ROOTS):
            return OUTSIDE  # what the edits outside the ledger say
        document = self.document
        if document is not None and self._units_of(document) != self._units:
            return OUTSIDE
        return NOTHING

    def _owe(self, needed: int) -> None:
        if needed == REPLAY:
            self._replay = None
        self._pending = max(self._pending, needed)
        if self._shown and self._pending != NOTHING:
            self.refresh()

    @property
    def shown(self) -> bool:
        return self._shown

    def set_shown(self, shown: bool) -> None:
        """Whether the dock is in front (its ``visibilityChanged``); the ledger is replayed
        only then, and caught up (once) when it comes to the front."""
        self._shown = shown
        if shown and self._pending != NOTHING:
            self.refresh()

    def refresh(self) -> None:
        """Draw the ledger again: replayed when its history changed since the last replay,
        else the kept replay with the edits outside the ledger priced anew."""
        self._pending = NOTHING
        document = self.document
        # No current row first: clearing the tree under it moved it up row by row (a
        # currentItemChanged per row, each laid out again), 8-14 s for 1,000 entries.
        self.tree.setCurrentIndex(QModelIndex())
        self.tree.clear()
        self._unfilled = {}
        self.report = None
        rules = advancement_of(document.system) if document is not None else None
        self.level_up.setEnabled(rules is not None)
        if document is None:
            self._replay = None
            self.empty.setText("No character open.")
            self.empty.show()
            self._update_buttons()
            return
        if rules is None:
            self.empty.setText(f"{document.system.name} has no advancement rules yet.")
        try:
            if self._replay is None:
                self._replay = ledger_lines.replay_ledger(document.system, document.document)
            replay = self._replay
            self.report = replay.report(
                ledger_lines.outside_ledger(document.system, document.document, replay)
            )
        except LedgerError as exc:
            self._replay = None
            self.empty.setText(f"The ledger cannot be read: {exc}")
            self.empty.show()
            self._update_buttons()
            return
        if not self.report.lines:
            self.empty.setText(
                "No advancement yet. Level Up (Ctrl+L) records the starting build as entry 0 "
                "and the session as entry 1."
            )
            self.empty.show()
        elif rules is not None:
            self.empty.hide()
        self._units = self._units_of(document)
        self._fill(self.report, rules)
        self._update_buttons()

    def _units_of(self, document: EditorDocument) -> dict[str, str]:
        units = {t.key: t.unit or t.label for t in document.evaluation.totals}
        rules = advancement_of(document.system)
        units.update({c.key: c.unit or c.label for c in rules.currencies} if rules else {})
        return units

    def _fill(self, report: LedgerReport, rules: Any) -> None:
        """One row per entry; an entry's lines (note, changes, totals, problem) are added
        when it is expanded: a thousand entries' worth of spanned rows made every redraw
        (and clearing the tree) take seconds."""
        items = []
        for line in report.lines:
            entry = line.entry
            title = f"#{line.index}  {entry.date}  {entry.label or '(no label)'}"
            item = QTreeWidgetItem([title, line.earned_text])
            item.setData(0, INDEX_ROLE, line.index)
            item.setToolTip(0, entry.note or describe_entry(line.index, entry))
            if entry.note or line.rows or line.totals or line.problem:
                item.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)
                self._unfilled[line.index] = line
            items.append(item)
        self.tree.addTopLevelItems(items)
        if report.outside:
            outside = QTreeWidgetItem(["Edits made outside the ledger", ""])
            outside.setData(0, OUTSIDE_ROLE, True)
            for row in report.outside:
                outside.addChild(QTreeWidgetItem([change_text(row, self._units), ""]))
            self.tree.addTopLevelItem(outside)
            _span_children(outside)
        if report.problem and not any(line.problem for line in report.lines):
            problem = QTreeWidgetItem([f"! {report.problem}", ""])
            problem.setForeground(0, QBrush(PROBLEM))
            self.tree.addTopLevelItem(problem)
        last = self.tree.topLevelItem(len(report.lines) - 1) if report.lines else None
        if last is not None:
            last.setExpanded(True)
            self.tree.setCurrentItem(last)

    def _expanded(self, item: QTreeWidgetItem) -> None:
        index = item.data(0, INDEX_ROLE)
        line = self._unfilled.pop(index, None) if isinstance(index, int) else None
        if line is None or self.document is None:
            return
        rules = advancement_of(self.document.system)
        keys = priced_totals(rules)
        entry = line.entry
        if entry.note:
            item.addChild(QTreeWidgetItem([f"Note: {entry.note}", ""]))
        for row in line.rows:
            child = QTreeWidgetItem([change_text(row, self._units), ""])
            child.setToolTip(0, row.location)
            item.addChild(child)
        for total in line.totals:
            shown = total_text(total, unspent=keys is None or total.key in keys)
            item.addChild(QTreeWidgetItem([f"= {shown}", ""]))
        if line.problem:
            problem = QTreeWidgetItem([f"! {line.problem}", ""])
            problem.setForeground(0, QBrush(PROBLEM))
            item.addChild(problem)
        item.setChildIndicatorPolicy(
            QTreeWidgetItem.ChildIndicatorPolicy.DontShowIndicatorWhenChildless
        )
        _span_children(item)

    def _update_buttons(self) -> None:
        index = self.current_index()
        self.revert_button.setEnabled(index is not None and index > 0)
        self.show_button.setEnabled(index is not None)

    def current_index(self) -> int | None:
        item = self.tree.currentItem()
        while item is not None and item.parent() is not None:
            item = item.parent()
        found = item.data(0, INDEX_ROLE) if item is not None else None
        return found if isinstance(found, int) else None

    def select_entry(self, index: int) -> bool:
        for position in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(position)
            if item is not None and item.data(0, INDEX_ROLE) == index:
                self.tree.setCurrentItem(item)
                return True
        return False

    # --- asking (tests replace these) ------------------------------------------------------

    def confirm(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(self, title, text)
        return answer == QMessageBox.StandardButton.Yes

    def inform(self, title: str, text: str) -> None:
        QMessageBox.warning(self, title, text)

    # --- actions -------------------------------------------------------------------------------

    def revert_current(self) -> bool:
        index = self.current_index()
        return self.revert_entry(index) if index is not None else False

    def revert_entry(self, index: int) -> bool:
        """Preview the revert; a refusal is shown and nothing changes; otherwise, once
        confirmed, the rebuilt character replaces this one as one undoable step."""
        document = self.document
        if document is None:
            return False
        entry = document.document.history[index]
        name = describe_entry(index, entry)
        try:
            result = revert(document.system, document.document, index)
        except LedgerError as exc:
            self.inform("Cannot revert", f"Cannot revert {name}: {exc}")
            return False
        if result.refusal is not None:
            self.inform(
                "Cannot revert",
                f"Reverting {name} is refused, and nothing was changed.\n\n"
                f"{result.refusal.message}",
            )
            return False
        assert result.document is not None
        later = len(document.document.history) - index - 1
        replay = (
            f" The {later} later entr{'y is' if later == 1 else 'ies are'} replayed."
            if later
            else ""
        )
        if not self.confirm("Revert entry", f"Revert {name}?{replay} You can undo this."):
            return False
        changes = diff(document_data(document.document), document_data(result.document))
        return document.push(changes, f"Revert {name}")

    def show_current(self) -> bool:
        index = self.current_index()
        document = self.document
        if index is None or document is None:
            return False
        try:
            then = character_at(document.document, index)
        except LedgerError as exc:
            self.inform("Cannot show the character", str(exc))
            return False
        entry = document.document.history[index]
        # the character keeps its name; the tab says which entry it shows
        self.open_requested.emit(
            LoadedDocument(then, document.system), f"at entry #{index}, {entry.date}"
        )
        return True


def _span_children(item: QTreeWidgetItem) -> None:
    """A change or total line reads across the whole width."""
    for index in range(item.childCount()):
        child = item.child(index)
        if child is not None:
            child.setFirstColumnSpanned(True)
