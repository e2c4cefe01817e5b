"""One document tab: header, running totals, the system's page and the shared Campaign tab."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QResizeEvent, QTextCursor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QSizePolicy,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sheetapp.core.changes import Change
from sheetapp.core.document import MAX_TEXT_LENGTH
from sheetapp.core.issues import DataPath
from sheetapp.core.system import PriceSetting, price_settings_of
from sheetapp.editing.fields import meta_text, set_meta, set_price, set_value
from sheetapp.editing.wording import user_note
from ui.document import EditorDocument
from ui.forms import FieldSpec, ModelForm, field_specs
from ui.header import HeaderPanel
from ui.long_text import wrap_for
from ui.screen_fit import giving_way, keep_lines, page_scrolling, scrolling, sideways
from ui.systems import create_page
from ui.totals import TotalsBar

CAMPAIGN_TAB = "Campaign && Notes"
#: the least room the page keeps for its tabs and lists, in lines of text
PAGE_LINES = 11
#: the rows of a list the page wants before the header may take their place (issue 31:
#: at 1280×720 the header left the lists 2 to 7 rows), and the lines of text of the
#: list's tabs, hint, tool bar and column titles above them
COMFORT_ROWS = 8
COMFORT_LINES = 8


class CampaignTab(QWidget):
    """Campaign settings and character-wide settings, generated from the system's models,
    and the free notes."""

    def __init__(self, document: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = document
        model = document.document
        campaign_type = type(model.campaign)
        character_type = type(model.character)
        self.campaign = ModelForm(field_specs(campaign_type))
        self.campaign.setObjectName("campaign_form")
        self.character = ModelForm(field_specs(character_type))
        self.character.setObjectName("character_form")
        self.campaign.value_changed.connect(lambda k, v: self._set("campaign", k, v))
        self.character.value_changed.connect(lambda k, v: self._set("character", k, v))
        self.notes = QPlainTextEdit()
        self.notes.setObjectName("notes")
        self.notes.setPlaceholderText("Background, appearance, session notes…")
        self.notes.textChanged.connect(self._notes_edited)
        campaign_box = QGroupBox("Campaign settings")
        QVBoxLayout(campaign_box).addWidget(self.campaign)
        self.prices: dict[str, PriceSetting] = {
            setting.key: setting for setting in price_settings_of(document.system)
        }
        self.price_form = ModelForm([_price_spec(setting) for setting in self.prices.values()])
        self.price_form.setObjectName("price_form")
        self.price_form.value_changed.connect(self._set_price)
        character_box = QGroupBox("Character")
        QVBoxLayout(character_box).addWidget(self.character)
        notes_box = QGroupBox("Notes")
        QVBoxLayout(notes_box).addWidget(self.notes)
        intro = QLabel(
            "Campaign settings are the group's readings of the rules; hover over a setting "
            "to see what it changes."
        )
        intro.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(campaign_box)
        if self.prices:
            layout.addWidget(self._price_box())
        layout.addWidget(character_box)
        layout.addWidget(notes_box, 1)
        document.changed.connect(self._after_change)
        self.refresh()

    def _price_box(self) -> QGroupBox:
        """The prices the rulebook leaves to another book, in a box of their own that
        scrolls (X-Men HERO has over thirty)."""
        box = QGroupBox("Prices from the core rules")
        intro = QLabel(
            "The rulebook uses these without stating their price; the figures are the "
            "core book's. Change one to your group's figure; every cost follows."
        )
        intro.setWordWrap(True)
        area = self.price_scroll = scrolling(self.price_form, "price_scroll")
        area.setMaximumHeight(220)
        inner = QVBoxLayout(box)
        inner.addWidget(intro)
        inner.addWidget(area)
        return box

    def _set_price(self, key: str, value: Any) -> None:
        setting = self.prices[key]
        changes = set_price(self.doc.document, setting, float(value))
        self.doc.push(changes, merge_key=("campaign", setting.field, key))

    def _set(self, section: str, key: str, value: Any) -> None:
        changes = set_value(self.doc.document, section, key, value)
        self.doc.push(changes, merge_key=(section, key))

    def _notes_edited(self) -> None:
        text = self.notes.toPlainText()
        wrap_for(self.notes, text)
        if len(text) > MAX_TEXT_LENGTH:
            # The file keeps 1,000,000 characters of notes: the editor shows no more than
            # it keeps (what was pasted beyond is left out, and the user is told).
            self.notes.blockSignals(True)
            self.notes.setPlainText(text[:MAX_TEXT_LENGTH])
            self.notes.moveCursor(QTextCursor.MoveOperation.End)
            self.notes.blockSignals(False)
            text = text[:MAX_TEXT_LENGTH]
            QMessageBox.warning(
                self,
                "Notes are full",
                f"Notes hold at most {MAX_TEXT_LENGTH:,} characters; the text beyond that "
                "was not added.",
            )
        if text != meta_text(self.doc.document, "notes"):
            self.doc.push(set_meta(self.doc.document, "notes", text), merge_key=("meta", "notes"))

    def _after_change(self, changes: list[Change]) -> None:
        if any(self._shows(change.path) for change in changes):
            self.refresh()

    def _shows(self, path: DataPath) -> bool:
        """Whether a change at ``path`` can alter a value this tab shows."""
        if len(path) < 2:
            return True
        section, key = path[0], path[1]
        if section == "campaign":
            return True
        if section == "character":
            return key in self.character.editors
        return section == "meta" and key == "notes"

    def refresh(self) -> None:
        document = self.doc.document
        self.campaign.set_values(document.campaign.model_dump(mode="json"))
        if self.prices:
            self.price_form.set_values(
                {
                    key: getattr(document.campaign, setting.field).get(key, setting.default)
                    for key, setting in self.prices.items()
                }
            )
        # Only the character's own settings: dumping its abilities too would cost more
        # than everything else an edit does on a large character.
        fields = set(self.character.editors)
        self.character.set_values(document.character.model_dump(mode="json", include=fields))
        notes = meta_text(document, "notes")
        if self.notes.toPlainText() != notes:
            self.notes.blockSignals(True)
            wrap_for(self.notes, notes)
            self.notes.setPlainText(notes)
            self.notes.blockSignals(False)

    def focus_path(self, path: DataPath) -> bool:
        if len(path) < 2:
            return False
        section, key = path[0], str(path[1])
        form = {"campaign": self.campaign, "character": self.character}.get(str(section))
        if section == "meta" and key == "notes":
            self.notes.setFocus()
            return True
        if section == "campaign" and len(path) > 2 and str(path[2]) in self.price_form.editors:
            editor = self.price_form.editors[str(path[2])]
            self.price_scroll.ensureWidgetVisible(editor)
            editor.setFocus()
            return True
        if form is None or key not in form.editors:
            return False
        form.editors[key].setFocus()
        return True


def _price_spec(setting: PriceSetting) -> FieldSpec:
    book = f"{setting.default:g}"
    note = user_note(setting.note)
    tooltip = f"{note} The core book's figure: {book}." if note else book
    return FieldSpec(setting.key, setting.label, "number", tooltip, -100, 1000)


def moved_path(path: DataPath, change: Change) -> DataPath:
    """Where the item at ``path`` is after ``change`` moved an item of its list."""
    size = len(change.path) - 1
    if change.to is None or len(path) <= size or path[:size] != change.path[:size]:
        return path
    row, origin, target = path[size], change.path[-1], change.to
    if not isinstance(row, int) or not isinstance(origin, int):
        return path
    if row == origin:
        new = target
    elif origin < row <= target:
        new = row - 1
    elif target <= row < origin:
        new = row + 1
    else:
        return path
    return (*path[:size], new, *path[size + 1 :])


class EditorView(QWidget):
    """Everything about one open character; the window's docks follow the current one."""

    selection_changed = Signal(object)  # DataPath | None

    def __init__(self, document: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.selected_path: DataPath | None = None
        self.header = HeaderPanel(document)
        self.totals = TotalsBar(counts_apart=True)
        self.page = create_page(document)
        self.campaign = CampaignTab(document)
        host = self.page.tab_host()
        if host is None:
            host = QTabWidget()
            host.addTab(self.page, document.system.name)
            body: QWidget = host
        else:
            body = self.page
        self.tabs = host
        self.tabs.addTab(self.campaign, CAMPAIGN_TAB)
        layout = self.body_layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        # In a short window (scale 2 on a laptop) the header folds away behind a
        # one-line button before the page with the lists gives up its PAGE_LINES lines.
        self.header_scroll = giving_way(self.header, "header_scroll")
        self.header_toggle = QToolButton()
        self.header_toggle.setObjectName("header_toggle")
        self.header_toggle.setCheckable(True)
        self.header_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.header_toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.header_toggle.setText("Name, player and &portrait")
        self.header_toggle.setToolTip(
            "The window is short, so the name, player and portrait are folded away (Alt+P)"
        )
        self.header_toggle.toggled.connect(self._fold_header)
        self.header_toggle.hide()
        layout.addWidget(self.header_toggle)
        layout.addWidget(self.header_scroll)
        # The issue counts stay in sight beside the totals, which scroll sideways when
        # the window is narrow (at scale 2 they had scrolled off to the right).
        totals_row = QHBoxLayout()
        totals_row.setSpacing(6)
        totals_row.addWidget(sideways(self.totals, "totals_scroll"), 1)
        totals_row.addWidget(self.totals.counts)
        layout.addLayout(totals_row)
        # The page scrolls when the window is smaller than it (a laptop's 1280×720, or
        # scale 2): its size never pushes the window off the screen.
        self.page_scroll = page_scrolling(body, "page_scroll")
        keep_lines(self.page_scroll, PAGE_LINES)
        layout.addWidget(self.page_scroll, 1)
        self._follow_tabs(self.tabs)
        self.page.path_selected.connect(self._selected)
        document.changed.connect(self._after_change)
        self.totals.show_evaluation(document.evaluation)

    @property
    def title(self) -> str:
        return self.document.title

    def header_is_folded(self) -> bool:
        # isHidden, not isVisible: a character on a background tab is folded too
        return not self.header_toggle.isHidden() and not self.header_toggle.isChecked()

    def _bring_into_view(self) -> None:
        """The cell just selected in sight in the page too (the page scrolls sideways at
        scale 2: a table scrolled to its cell still had it right of the window)."""
        view = QApplication.focusWidget()
        if not isinstance(view, QAbstractItemView) or not self.isAncestorOf(view):
            return
        current = view.currentIndex()
        inner = self.page_scroll.widget()
        if not current.isValid() or inner is None:
            return
        self.body_layout.activate()
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        view.scrollTo(current)
        cell = view.visualRect(current)
        corner = view.viewport().mapTo(inner, cell.topLeft())
        right = view.viewport().mapTo(inner, cell.topRight())
        self.page_scroll.ensureVisible(right.x(), right.y() + cell.height() // 2, 8, 8)
        self.page_scroll.ensureVisible(corner.x(), corner.y() + cell.height() // 2, 8, 8)

    def _follow_tabs(self, tabs: QTabWidget) -> None:
        """The page is as tall as its tab in front (not as its tallest tab, which left a
        short tab scrolled to a blank area), and a newly shown tab starts at its top."""

        def shown(_index: int) -> None:
            for number in range(tabs.count()):
                page = tabs.widget(number)
                if page is None:
                    continue
                policy = QSizePolicy.Policy.Preferred
                if page is not tabs.currentWidget():
                    policy = QSizePolicy.Policy.Ignored
                page.setSizePolicy(policy, policy)
            tabs.updateGeometry()
            self.page_scroll.verticalScrollBar().setValue(0)

        tabs.currentChanged.connect(shown)
        shown(tabs.currentIndex())

    def _comfortable_page(self) -> int:
        line = self.fontMetrics().height()
        # a table's row is a line and 10 pixels (ui.tables.views.table_view)
        return COMFORT_ROWS * (line + 10) + COMFORT_LINES * line

    def _room_for_header(self) -> bool:
        """Whether the whole header fits above the totals and the room the page wants."""
        margins = self.body_layout.contentsMargins()
        spacing = max(self.body_layout.spacing(), 0)
        wanted = (
            self.header.sizeHint().height()
            + self.totals.sizeHint().height()
            + max(self.page_scroll.minimumHeight(), self._comfortable_page())
            + margins.top()
            + margins.bottom()
            + 4 * spacing
        )
        return self.height() >= wanted

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        short = not self._room_for_header()
        if short == self.header_toggle.isHidden():
            self.header_toggle.setVisible(short)
            self._fold_header(self.header_toggle.isChecked())

    def _fold_header(self, unfolded: bool) -> None:
        folded = not self.header_toggle.isHidden() and not unfolded
        self.header_toggle.setArrowType(
            Qt.ArrowType.RightArrow if folded else Qt.ArrowType.DownArrow
        )
        self.header_scroll.setVisible(not folded)

    def _selected(self, path: DataPath) -> None:
        self.selected_path = path
        self.selection_changed.emit(path)

    def _after_change(self, changes: list[Change]) -> None:
        self.totals.show_evaluation(self.document.evaluation)
        # A selected item that moved (a drag, Up/Down) keeps being the one explained.
        path = self.selected_path
        for change in changes:
            if path is not None and change.op == "move":
                path = moved_path(path, change)
        if path != self.selected_path and path is not None:
            self._selected(path)

    def select_path(self, path: DataPath) -> bool:
        """Show the place an issue points at: a cell of the page, a header field or a
        campaign setting."""
        if self.page.select_path(path):
            self._bring_into_view()
            return True
        if len(path) >= 2 and path[0] == "meta" and str(path[1]) in self.header.edits:
            if self.header_is_folded():
                self.header_toggle.setChecked(True)
            return self.header.focus_field(str(path[1]))
        if path and path[0] in ("campaign", "character", "meta"):
            self.tabs.setCurrentWidget(self.campaign)
            return self.campaign.focus_path(path)
        return False
