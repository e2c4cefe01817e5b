"""Page 2, "Spend": the system's options, its editor page when it has one, the same live
totals, issue marks and cost explanations as the editor — all on the working copy."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QProgressBar,
    QSizePolicy,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from sheetapp.advancement import SpendOption
from sheetapp.core.issues import DataPath, Issue
from sheetapp.editing.places import place_name
from ui.document import EditorDocument
from ui.explain import ExplainPane
from ui.issues_panel import IssuesView
from ui.screen_fit import scrolling, sideways
from ui.systems import SystemPage, create_page, page_factory
from ui.totals import TotalsBar
from ui.wizard.dice_panel import DicePanel
from ui.wizard.draft import Draft
from ui.wizard.spend_options import OptionsPanel

COMPACT_BAR = 150
#: Options (and Explain) | editor page, or options | Explain when the system has no page.
SPLIT_WITH_PAGE = [420, 980]
SPLIT_WITHOUT_PAGE = [900, 500]

#: Open-ended options and the page action that builds them (matched by the action's text).
OPEN_ACTIONS = {
    "add_ability": "Add &Ability…",
    "add_modifier": "Add &Modifier…",
    "add_advantage": "Add Ad&vantage…",
}


class SpendPage(QWizardPage):
    def __init__(self, draft: Draft, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.draft = draft
        self.setTitle("Spend")
        self.totals = TotalsBar()
        # The derived values are one long line: clip it rather than widen the wizard.
        self.totals.derived.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.options = OptionsPanel(draft.system, draft.rules)
        self.options.open_requested.connect(self._open_option)
        self.issues = IssuesView()
        self.issues.setObjectName("wizard_issues")
        self.issues.issue_activated.connect(self._show_issue)
        self.explain = ExplainPane()
        self.explain.setObjectName("wizard_explain")
        self.dice: DicePanel | None = None
        self.page: SystemPage | None = None
        self.has_page = page_factory(draft.system.id) is not None
        self.editor_host = QTabWidget()
        self.editor_host.setObjectName("wizard_editor")
        self.editor_host.setDocumentMode(True)
        self.selected: DataPath | None = None
        #: the working copy the page and the totals follow
        self._shown_working: EditorDocument | None = None

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        if draft.levels is not None:
            self.dice = DicePanel(draft.levels.level_dice(draft.original))
            self.dice.dice_changed.connect(self._dice_changed)
            left_layout.addWidget(self.dice)
        middle = QSplitter(Qt.Orientation.Horizontal)
        middle.addWidget(left)
        if self.has_page:
            # The editor page needs the width: Explain goes under the options.
            column = QSplitter(Qt.Orientation.Vertical)
            column.addWidget(self.options)
            column.addWidget(self.explain)
            left_layout.addWidget(column, 1)
            middle.addWidget(self.editor_host)
        else:
            left_layout.addWidget(self.options, 1)
            middle.addWidget(self.explain)
        middle.setStretchFactor(0, 2)
        middle.setStretchFactor(1, 3)
        self.middle = middle
        self._lay_out(middle)
        draft.working_replaced.connect(self._working_replaced)

    def _lay_out(self, middle: QSplitter) -> None:
        """The totals, the options and the page over the issues, scrolled when the wizard
        is short; Buy, Undo and Redo under them."""
        body = QSplitter(Qt.Orientation.Vertical)
        body.addWidget(middle)
        body.addWidget(self.issues)
        body.setStretchFactor(0, 4)
        body.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(sideways(self.totals, "spend_totals_scroll"))
        layout.addWidget(scrolling(body, "spend_scroll"), 1)
        # Under what scrolls: in a short wizard (Capital at scale 2) the body scrolls, and
        # Buy at the foot of the options went out of sight.
        layout.addWidget(self.options.button_bar)

    # --- following the working copy ---------------------------------------------------------

    def initializePage(self) -> None:
        units = ", ".join(
            c.amount(self.draft.earned.get(c.key, 0)) for c in self.draft.rules.currencies
        )
        if self.draft.levels is not None:
            self.setSubTitle(
                f"Earned {units}. Enter or roll the dice, then choose what the new level opens."
            )
        else:
            self.setSubTitle(
                f"Earned {units}. Buy from the list, or edit the character directly; every "
                "rule of the editor applies. Undo here only undoes inside the wizard."
            )
        self._working_replaced()
        self.middle.setSizes(SPLIT_WITH_PAGE if self.has_page else SPLIT_WITHOUT_PAGE)

    def _working_replaced(self) -> None:
        working = self.draft.working
        if working is None:
            return
        if working is self._shown_working:
            # Shown already (replaced when the Earn page was left, then this page opened):
            # a second page on the same copy left the first, deleted, listening to it.
            self._changed(None)
            return
        self._shown_working = working
        if self.has_page:
            old = self.editor_host.widget(0)
            self.page = create_page(working)
            self.page.path_selected.connect(self._selected)
            self.editor_host.clear()
            # Scrolled on its own, as in the window: a tall page (Capital's Role & Story)
            # made the whole Spend page scroll, and the options' Buy went below the fold.
            self.editor_host.addTab(
                scrolling(self.page, "wizard_page_scroll"), f"{working.system.name} (working copy)"
            )
            if old is not None:
                old.deleteLater()
        working.changed.connect(self._changed)
        self.options.set_document(working)
        if self.dice is not None:
            self.dice.show_step(self.draft.step, self.draft.step_error)
        self._changed(None)

    def _changed(self, _changes: object) -> None:
        working = self.draft.working
        if working is None:
            return
        self.totals.show_evaluation(working.evaluation)
        for widget in self.totals.total_widgets:
            if isinstance(widget, QProgressBar):
                widget.setMinimumWidth(COMPACT_BAR)  # several totals side by side fit the page
        self.issues.set_evaluation(working.evaluation, self._place_namer(working))
        self.explain.show_explanation(working.evaluation, self.selected)
        self.completeChanged.emit()

    @staticmethod
    def _place_namer(working: EditorDocument) -> Callable[[DataPath], str]:
        """The issues' places in the window's words ("Kevlar Suit › Level"), as the main
        window's Issues panel names them."""

        def describe(path: DataPath) -> str:
            return place_name(working.system, working.document, path)

        return describe

    def _selected(self, path: DataPath) -> None:
        self.selected = path
        working = self.draft.working
        if working is not None:
            self.explain.show_explanation(working.evaluation, path)

    def _show_issue(self, issue: Issue) -> None:
        if self.page is not None:
            self.page.select_path(issue.path)
        self._selected(issue.path)

    def _dice_changed(self, dice: Any, rolled: bool) -> None:
        self.draft.set_level_dice(dict(dice), rolled)
        if self.dice is not None and self.draft.step is not None:
            self.dice.set_dice(self.draft.step.dice)

    def _open_option(self, option: SpendOption) -> None:
        if self.page is None:
            return
        wanted = OPEN_ACTIONS.get(option.kind)
        for action in self.page.edit_actions():
            if action.text() == wanted:
                action.trigger()
                return
        # A page built from declared lists: the list the option adds to, by its path
        # ("Add a skill" on the X-Men HERO page, "Add a superpower" on the Power Sets one).
        editors = getattr(self.page, "editors", {})
        for editor in editors.values():
            if tuple(editor.collection.path) != tuple(option.path):
                continue
            if option.action:  # the list's own action ("Roll experience checks")
                for declared, _action in editor.list_actions:
                    if declared.title == option.action:
                        editor.run(declared)
                        return
                return
            editor.add()
            return

    def isComplete(self) -> bool:
        """A numbered level needs its dice first; the review says whether it may be kept."""
        if self.draft.levels is not None and self.draft.step is None:
            return False
        return self.draft.working is not None
