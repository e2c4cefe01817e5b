"""The Gladiators page's two tabs laid out: the abilities tree with its tool bar and the
details panel, and the advantages and disadvantages tables with the rule that binds them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sheetapp.core.issues import DataPath
from sheetapp.systems.gladiators.collections import TRAITS
from ui.delegates import EditDelegate
from ui.document import EditorDocument
from ui.roles import PATH_ROLE
from ui.screen_fit import sideways
from ui.systems.gladiators.abilities_model import AbilitiesModel
from ui.tables.collection_model import CollectionTableModel
from ui.tables.views import CellTreeView, keep_rows, tool_button

TRAIT_KINDS = ("advantages", "disadvantages")
TRAIT_TITLES = {"advantages": "Advantages", "disadvantages": "Disadvantages"}
TRAITS_RULE = (
    "A character must have 2-5 advantages and 1-4 disadvantages. Points from "
    "disadvantages can only be spent on advantages. Points = frequency (Frequent 2, "
    "Common 1, Rare 0) + severity (Major 2, Significant 1, Minor 0)."
)


def enable_drag(view: QAbstractItemView) -> None:
    """Rows reorder by dragging them within the view."""
    view.setDragEnabled(True)
    view.setAcceptDrops(True)
    view.setDropIndicatorShown(True)
    view.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
    view.setDefaultDropAction(Qt.DropAction.MoveAction)


def abilities_tree(model: AbilitiesModel, delegate: EditDelegate) -> CellTreeView:
    """The abilities tree, its modifiers expanded, edited a cell at a time."""
    tree = CellTreeView()
    tree.setObjectName("abilities")
    tree.setModel(model)
    tree.setItemDelegate(delegate)
    tree.setAlternatingRowColors(True)
    tree.setUniformRowHeights(True)
    tree.setAllColumnsShowFocus(True)
    # One cell at a time, so Left/Right reach Level, Type and Source from the
    # keyboard (F2 or typing edits it); whole rows left the name the only cell.
    tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
    tree.setEditTriggers(
        QAbstractItemView.EditTrigger.DoubleClicked
        | QAbstractItemView.EditTrigger.EditKeyPressed
        | QAbstractItemView.EditTrigger.AnyKeyPressed
        | QAbstractItemView.EditTrigger.SelectedClicked
    )
    enable_drag(tree)
    tree.expandAll()
    return tree


def abilities_tab(tree: QWidget, details: QWidget, actions: Sequence[QAction]) -> QWidget:
    """The tool bar over the tree, the details panel beside them."""
    bar = QHBoxLayout()
    for action in actions:
        bar.addWidget(tool_button(action))
    bar.addStretch(1)
    buttons = QWidget()
    buttons.setLayout(bar)
    bar.setContentsMargins(0, 0, 0, 0)
    top = QWidget()
    box = QVBoxLayout(top)
    box.setContentsMargins(0, 0, 0, 0)
    # the buttons scroll sideways in a narrow window (scale 2) rather than widening
    # the page, which pushed the tree's GP column out of sight
    box.addWidget(sideways(buttons, "abilities_tools"))
    box.addWidget(tree)
    splitter = QSplitter(Qt.Orientation.Horizontal)
    splitter.addWidget(top)
    splitter.addWidget(details)
    # the panel gives way too (a quarter of what the splitter lacks), so a narrow
    # window (scale 2) keeps the tree wide enough for its number columns
    splitter.setStretchFactor(0, 3)
    splitter.setStretchFactor(1, 1)
    splitter.setSizes([860, 330])
    # narrow enough that at scale 2 (800×500) the tree keeps every number column in
    # view: at 300 the panel left the tree 177 pixels and its GP column out of sight
    details.setMinimumWidth(160)
    details.setMaximumWidth(420)
    return splitter


class TraitsTab(QWidget):
    """Advantages over disadvantages, each a table with its Add, Custom and Remove
    buttons; the row in focus reports its path."""

    def __init__(
        self,
        document: EditorDocument,
        buttons: Mapping[str, Sequence[QAction]],
        on_current: Callable[[DataPath], None],
    ) -> None:
        super().__init__()
        self.document = document
        self._on_current = on_current
        self.models: dict[str, CollectionTableModel] = {}
        self.views: dict[str, QTableView] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        splitter = QSplitter(Qt.Orientation.Vertical)
        for kind in TRAIT_KINDS:
            view = self._table(kind)
            splitter.addWidget(self._part(kind, view, buttons[kind]))
        rule = QLabel(TRAITS_RULE)
        rule.setWordWrap(True)
        layout.addWidget(rule)
        layout.addWidget(splitter)

    def _table(self, kind: str) -> QTableView:
        model = CollectionTableModel(self.document, TRAITS[kind], self)
        view = QTableView()
        view.setObjectName(kind)
        view.setTabKeyNavigation(False)  # Tab leaves the table; arrows move in it
        view.setModel(model)
        view.setItemDelegate(EditDelegate(view))
        view.setAlternatingRowColors(True)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        enable_drag(view)
        view.verticalHeader().setSectionsMovable(False)
        keep_rows(view)  # the two lists share the page: each keeps four rows in sight
        header = view.horizontalHeader()
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for column in (0, 2, 3, 4, 5):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        view.selectionModel().currentChanged.connect(self._current_changed)
        self.models[kind] = model
        self.views[kind] = view
        return view

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self._on_current(tuple(current.data(PATH_ROLE) or ()))

    def _part(self, kind: str, view: QTableView, actions: Sequence[QAction]) -> QWidget:
        """A table under its title and buttons."""
        part = QWidget()
        box = QVBoxLayout(part)
        box.setContentsMargins(0, 0, 0, 0)
        bar = QHBoxLayout()
        bar.addWidget(QLabel(f"<b>{TRAIT_TITLES[kind]}</b>"))
        bar.addStretch(1)
        for action in actions:
            bar.addWidget(tool_button(action))
        box.addLayout(bar)
        box.addWidget(view)
        return part
