"""Steps 1-4 on one tab: Role with its chosen changes; Background, Origin and Stories;
Ideal, Goal and Flaw (with the seed's suggestions); Strengths, Weaknesses, Training."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from sheetapp.core.issues import DataPath
from sheetapp.systems.capital import edits
from sheetapp.systems.capital.catalog import Suggestion, catalogs
from sheetapp.systems.capital.collections import TEXT_LISTS
from ui.document import EditorDocument
from ui.systems.capital.marks import FieldMarks
from ui.systems.capital.widgets import (
    Pusher,
    combo_editor,
    fill_combo,
    line_edit,
    note,
    set_text,
)
from ui.tables.collection_editor import CollectionEditor
from ui.tables.collection_model import CollectionTableModel
from ui.tables.views import keep_rows, tool_button

PERSONALITY: tuple[tuple[edits.PersonalityField, str, str], ...] = (
    ("ideal", "Ideal", "ideals"),
    ("goal", "Goal", "goals"),
    ("flaw", "Flaw", "flaws"),
)
LISTS: tuple[tuple[edits.TextList, str, str], ...] = (
    ("strengths", "Strengths", "Strength"),
    ("weaknesses", "Weaknesses", "Weakness"),
    ("extra_training", "Extra Training", "Training"),
)


class StoryTab(QWidget):
    def __init__(self, document: EditorDocument, marks: FieldMarks, push: Pusher) -> None:
        super().__init__()
        self.document = document
        self.marks = marks
        self.push = push
        self.cats = catalogs()
        self.role = combo_editor("role")
        self.role.activated.connect(lambda _row: self._role_chosen())
        self.role_text = QTextBrowser()
        self.role_text.setObjectName("role_text")
        self.role_text.setMinimumHeight(150)
        self.choice_boxes: dict[str, QComboBox] = {}
        self.choice_form = QFormLayout()
        self.background = line_edit("background", "Where you come from and what you did")
        self.origin = line_edit("origin", "Why you left it behind")
        for key, edit in (("background", self.background), ("origin", self.origin)):
            edit.textEdited.connect(lambda text, k=key: self._story(k, text))
        self.personality: dict[str, QComboBox] = {}
        self.editors: dict[str, CollectionEditor] = {}
        self.models: dict[str, CollectionTableModel] = {}
        self.views: dict[str, QTableView] = {}
        self.list_actions: list[QAction] = []
        #: the Role whose text the browser shows (a 1-tuple: None is a Role too)
        self._shown_role: tuple[str | None] | None = None
        self._build()
        self.refresh()

    # --- layout -----------------------------------------------------------------------

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.addWidget(self._role_box())
        middle = QHBoxLayout()
        middle.addWidget(self._story_box(), 1)
        middle.addWidget(self._personality_box(), 1)
        layout.addLayout(middle)
        layout.addWidget(self._lists_box(), 1)

    def _role_box(self) -> QGroupBox:
        """Step 1: the Role, its chosen changes and its rulebook text."""
        role_box = QGroupBox("Step 1 · Role")
        role_layout = QHBoxLayout(role_box)
        left = QFormLayout()
        left.addRow("&Role:", self.marks.field(self.role, ("character", "role"), exact=True))
        left.addRow(self.choice_form)
        left.addRow(
            note(
                "<small>The Role changes your Attribute Scores and gives its "
                "Systems, Training, HP and starting Equipment.</small>"
            )
        )
        holder = QWidget()
        holder.setLayout(left)
        holder.setMaximumWidth(420)
        role_layout.addWidget(holder)
        role_layout.addWidget(self.role_text, 1)
        return role_box

    def _story_box(self) -> QGroupBox:
        """Step 2: Background, Origin and the Stories."""
        story_box = QGroupBox("Step 2 · Stories")
        story_form = QFormLayout(story_box)
        story_form.addRow(
            "&Background:",
            self.marks.field(self.background, ("character", "stories", "background")),
        )
        story_form.addRow(
            "&Origin:", self.marks.field(self.origin, ("character", "stories", "origin"))
        )
        story_form.addRow("Stories:", self._list("stories", "Stories", "Story"))
        return story_box

    def _personality_box(self) -> QGroupBox:
        """Step 3: Ideal, Goal and Flaw, each written or picked from the seed's."""
        person_box = QGroupBox("Step 3 · Personality")
        person_form = QFormLayout(person_box)
        for key, label, catalog in PERSONALITY:
            combo = self._personality_combo(key, label, getattr(self.cats.basics, catalog))
            self.personality[key] = combo
            person_form.addRow(
                f"{label}:", self.marks.field(combo, ("character", "personality", key))
            )
        return person_box

    def _personality_combo(
        self, key: edits.PersonalityField, label: str, suggestions: tuple[Suggestion, ...]
    ) -> QComboBox:
        combo = QComboBox()
        combo.setObjectName(key)
        combo.setEditable(True)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(24)
        combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        combo.addItem("")
        for entry in suggestions:
            combo.addItem(f"{entry.name}: {entry.text}")
            combo.setItemData(combo.count() - 1, entry.text, Qt.ItemDataRole.ToolTipRole)
        line = combo.lineEdit()
        assert line is not None
        line.setPlaceholderText(f"Write your {label}, or pick one of the seed's")
        line.textEdited.connect(lambda text, k=key: self._personality(k, text))
        combo.textActivated.connect(lambda text, k=key: self._personality(k, text))
        return combo

    def _lists_box(self) -> QGroupBox:
        """Step 4: Strengths, Weaknesses and Extra Training, and the Training in all."""
        lists_box = QGroupBox("Step 4 · Strengths, Weaknesses and Training")
        grid = QGridLayout(lists_box)
        for column, (kind, title, singular) in enumerate(LISTS):
            grid.addWidget(self._list(kind, title, singular), 0, column)
        self.training = note("")
        self.training.setObjectName("training")
        grid.addWidget(self.training, 1, 0, 1, 3)
        return lists_box

    def _list(self, kind: edits.TextList, title: str, singular: str) -> QWidget:
        editor = CollectionEditor(self.document, TEXT_LISTS[kind], self)
        editor.add_action.setText(f"Add {singular}")
        editor.remove_action.setText("Remove")
        view = editor.view
        view.verticalHeader().hide()
        keep_rows(view)
        self.editors[kind] = editor
        self.models[kind] = editor.model
        self.views[kind] = view
        self.list_actions += [editor.add_action]
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        bar = QHBoxLayout()
        bar.addWidget(tool_button(editor.add_action))
        bar.addWidget(tool_button(editor.remove_action))
        bar.addStretch(1)
        layout.addLayout(bar)
        layout.addWidget(self.marks.field(view, TEXT_LISTS[kind].path, exact=True))
        return box

    # --- edits ------------------------------------------------------------------------

    def _role_chosen(self) -> None:
        role_id = self.role.currentData()
        self.push(lambda: edits.set_role(self.push.doc, role_id))

    def set_role(self, role_id: str | None) -> bool:
        return self.push(lambda: edits.set_role(self.push.doc, role_id))

    def _role_choice(self, choice_id: str, combo: QComboBox) -> None:
        attr = combo.currentData()
        self.push(lambda: edits.set_role_choice(self.push.doc, choice_id, attr))

    def _story(self, key: edits.StoryField, text: str) -> None:
        path: DataPath = ("character", "stories", key)
        self.push(lambda: edits.set_story(self.push.doc, key, text), merge_key=path)

    def _personality(self, key: edits.PersonalityField, text: str) -> None:
        path: DataPath = ("character", "personality", key)
        self.push(lambda: edits.set_personality(self.push.doc, key, text), merge_key=path)

    def add_text(self, kind: edits.TextList) -> bool:
        """A new empty line at the end, ready to type in."""
        editor = self.editors[kind]
        editor.view.setCurrentIndex(editor.model.index(-1, -1))
        return editor.add()

    def remove_text(self, kind: edits.TextList) -> bool:
        return self.editors[kind].remove()

    # --- showing ----------------------------------------------------------------------

    def refresh(self) -> None:
        doc = self.push.doc
        character = doc.character
        roles = [(None, "(choose a Role)")] + [
            (role.id, f"{role.name} — {role.kind}") for role in self.cats.roles.values()
        ]
        fill_combo(self.role, roles, character.role)
        role = self.cats.roles.get(character.role or "")
        if self._shown_role != (character.role,):
            # setHtml lays the browser out again: only when the Role changes.
            self._shown_role = (character.role,)
            self.role_text.setHtml(
                "<p><i>Pick a Role: the Lancer, Scout, Tank, Sentinel, Healer or Captain. "
                "Its rulebook text shows here.</i></p>"
                if role is None
                else "<br>".join(html.escape(line) for line in role.text.splitlines())
            )
        self._role_choices()
        set_text(self.background, character.stories.background)
        set_text(self.origin, character.stories.origin)
        for key, combo in self.personality.items():
            line = combo.lineEdit()
            assert line is not None
            value = getattr(character.personality, key)
            if line.text() != value:
                combo.blockSignals(True)
                line.setText(value)
                combo.blockSignals(False)
        training = self.document.evaluation.derived_value("training")
        self.training.setText(
            f"<b>Training:</b> {html.escape(str(training.value))}"
            f"<br><small>{html.escape(training.explanation)}. Add Training given by the GM "
            "or a System under Extra Training (matched by name).</small>"
        )

    def _role_choices(self) -> None:
        character = self.push.doc.character
        role = self.cats.roles.get(character.role or "")
        wanted = [c.id for c in role.adjustments.choices] if role else []
        if list(self.choice_boxes) != wanted:
            while self.choice_form.rowCount():
                self.choice_form.removeRow(0)
            self.marks.forget(list(self.choice_boxes.values()))
            self.choice_boxes = {}
            if role is not None:
                fixed = ", ".join(
                    f"{f.delta:+d} {f.attribute.upper()}" for f in role.adjustments.fixed
                )
                self.choice_form.addRow("Always:", QLabel(fixed))
                for chosen in role.adjustments.choices:
                    combo = combo_editor(f"role_choice_{chosen.id}")
                    combo.activated.connect(
                        lambda _row, c=chosen.id, box=combo: self._role_choice(c, box)
                    )
                    self.choice_boxes[chosen.id] = combo
                    self.choice_form.addRow(
                        "Choose:",
                        self.marks.field(combo, ("character", "role_choices", chosen.id)),
                    )
        if role is None:
            return
        for chosen in role.adjustments.choices:
            options = [(None, "(choose)")] + [
                (attr, f"{chosen.delta:+d} {attr.upper()}") for attr in chosen.options
            ]
            fill_combo(self.choice_boxes[chosen.id], options, character.role_choices.get(chosen.id))

    def line_edits(self) -> list[QLineEdit]:
        return [self.background, self.origin]
