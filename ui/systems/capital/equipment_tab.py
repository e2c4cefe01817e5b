"""The Equipment tab: the items with their Hands, the money (starting, other, now) and the
attacks the items give, beside the selected item's rulebook text. Built when first
shown (or needed)."""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QLabel,
    QScrollArea,
    QSplitter,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from sheetapp.systems.capital import edits
from ui.document import EditorDocument
from ui.lazy_tab import LazyTab
from ui.screen_fit import sideways
from ui.systems.capital.marks import FieldMarks
from ui.systems.capital.widgets import Pusher, heading, spin_box, sync_spin
from ui.tables.collection_editor import CollectionEditor
from ui.tables.views import keep_rows

MONEY_LIMIT = 1_000_000_000


class EquipmentTab(LazyTab):
    def __init__(
        self,
        document: EditorDocument,
        marks: FieldMarks,
        push: Pusher,
        editor: CollectionEditor,
        list_view: Callable[[QTableView, QTextBrowser], None],
    ) -> None:
        super().__init__(self._content)
        self.document = document
        self.marks = marks
        self.push = push
        self.editor = editor
        self._list_view = list_view
        #: the attack lines shown (escaped again only when they change)
        self._attacks: list[tuple[str, str, str]] | None = None

    # --- building ------------------------------------------------------------------------

    def _content(self) -> QWidget:
        top = QWidget()
        box = QVBoxLayout(top)
        box.setContentsMargins(0, 0, 0, 0)
        # The tool bar scrolls sideways rather than widen the page at scale 2 (the Price
        # column sat off to the right), and the table keeps four rows in sight.
        box.addWidget(sideways(self._tool_bar(), "equipment_tools"))
        self.item_text = QTextBrowser()
        self.item_text.setObjectName("item_text")
        view = self.editor.view
        self._list_view(view, self.item_text)
        keep_rows(view)
        box.addWidget(view, 1)
        box.addLayout(self._money_form())
        box.addWidget(heading("Attacks"))
        box.addWidget(self._attacks_area())
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(top)
        splitter.addWidget(self.item_text)
        splitter.setSizes([800, 340])
        self.refresh()
        self.marks.refresh()
        return splitter

    def _tool_bar(self) -> QWidget:
        bar = self.editor.toolbar()
        self.hands_label = QLabel()
        bar.addWidget(self.marks.field(self.hands_label, edits.EQUIPMENT, exact=True))
        buttons = QWidget()
        buttons.setLayout(bar)
        bar.setContentsMargins(0, 0, 0, 0)
        return buttons

    def _money_form(self) -> QFormLayout:
        money = QFormLayout()
        self.money_adjustment = spin_box("money_adjustment", -MONEY_LIMIT, MONEY_LIMIT, " mC")
        self.money_adjustment.setToolTip(
            "Money from outside the ledger: what the GM gave or took. Income and expenses "
            "between sessions go in the ledger (Advancement panel)."
        )
        self.money_adjustment.valueChanged.connect(
            lambda v: self.push(
                lambda: edits.set_money(self.push.doc, "money_adjustment", v),
                merge_key="money_adjustment",
            )
        )
        self.money = QLabel()
        self.money.setObjectName("money")
        self.money.setWordWrap(True)
        self.starting_money = spin_box("starting_money", -1, 10_000_000, " mC")
        self.starting_money.setSpecialValueText("(not set)")
        self.starting_money.valueChanged.connect(
            lambda v: self.push(
                lambda: edits.set_money(self.push.doc, "starting_money", None if v < 0 else v),
                merge_key="starting_money",
            )
        )
        money.addRow(
            "Starting money:",
            self.marks.field(
                self.starting_money,
                ("character", "starting_money"),
                "200-400 mC depending on your circumstances",
            ),
        )
        money.addRow(
            "Other money:",
            self.marks.field(self.money_adjustment, ("character", "money_adjustment")),
        )
        money.addRow("Money now:", self.money)
        return money

    def _attacks_area(self) -> QScrollArea:
        self.attacks = QLabel()
        self.attacks.setObjectName("attacks")
        self.attacks.setWordWrap(True)
        self.attacks.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # Scrolled: a character with hundreds of weapons has hundreds of attack lines,
        # which as a bare label made the window thousands of pixels tall.
        area = QScrollArea()
        area.setObjectName("attacks_scroll")
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        area.setWidget(self.attacks)
        return area

    # --- showing ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """Hands, attacks and money as the evaluation has them (once built)."""
        if not self.is_built:
            return
        character = self.push.doc.character
        evaluation = self.document.evaluation
        hands = evaluation.total("hands")
        self.hands_label.setText(f"<b>Hands {hands.spent} / {hands.budget}</b>")
        self._show_attacks()
        sync_spin(self.money_adjustment, character.money_adjustment)
        money = next((v for v in evaluation.derived if v.key == "money"), None)
        if money is not None:
            self.money.setText(f"<b>{html.escape(str(money.value))}</b>")
            self.money.setToolTip(money.explanation)
        sync_spin(
            self.starting_money,
            -1 if character.starting_money is None else character.starting_money,
        )

    def _show_attacks(self) -> None:
        attacks = [
            (value.label, str(value.value), value.explanation)
            for value in self.document.evaluation.derived
            if ".attack" in value.key or value.key.startswith("attack.")
        ]
        if attacks != self._attacks:
            # Hundreds of lines on a large character: escaped only when they change.
            self._attacks = attacks
            self.attacks.setText(
                "<br>".join(
                    f"<b>{html.escape(label)}</b>: {html.escape(value)} "
                    f"<small>({html.escape(explanation)})</small>"
                    for label, value, explanation in attacks
                )
            )
