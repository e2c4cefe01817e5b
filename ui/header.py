"""The character header: portrait, name, player and concept, edited through the undo stack."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from sheetapp.core.changes import Change
from sheetapp.core.document import MAX_NAME_LENGTH
from sheetapp.editing.fields import meta_text, set_meta
from ui.document import EditorDocument
from ui.portrait_files import IMAGE_FILTER, PortraitError, load_portrait, portrait_pixmap

PORTRAIT_SIDE = 104
TEXT_FIELDS = (("name", "Name"), ("player", "Player"), ("concept", "Concept"))


class HeaderPanel(QFrame):
    def __init__(self, document: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = document
        self.setObjectName("header")
        self.portrait = QLabel()
        self.portrait.setObjectName("portrait")
        self.portrait.setFixedSize(PORTRAIT_SIDE, PORTRAIT_SIDE)
        self.portrait.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.portrait.setFrameShape(QFrame.Shape.StyledPanel)
        self.choose = QPushButton("Portrait…")
        self.choose.setToolTip("Pick an image; it is stored inside the character file")
        # clicked(bool) would arrive as ``path``: the button opens the file dialog.
        self.choose.clicked.connect(lambda _checked=False: self.choose_portrait())
        self.clear = QPushButton("Remove")
        self.clear.clicked.connect(
            lambda: self._push(set_meta(self.doc.document, "portrait", None))
        )
        picture = QVBoxLayout()
        picture.addWidget(self.portrait)
        picture.addStretch(1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.choose)
        buttons.addWidget(self.clear)
        buttons.addStretch(1)
        grid = self._text_fields(buttons, document.system.name)
        grid.setColumnStretch(1, 1)
        layout = QGridLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(picture, 0, 0)
        layout.addLayout(grid, 0, 1)
        layout.setColumnStretch(1, 1)
        QWidget.setTabOrder(self.edits["name"], self.edits["player"])
        QWidget.setTabOrder(self.edits["player"], self.edits["concept"])
        document.changed.connect(self._after_change)
        self.refresh()

    def _text_fields(self, buttons: QHBoxLayout, system_name: str) -> QGridLayout:
        """The Name, Player and Concept fields and the system row beside the portrait."""
        grid = QGridLayout()
        self.edits: dict[str, QLineEdit] = {}
        for row, (key, label) in enumerate(TEXT_FIELDS):
            edit = QLineEdit()
            edit.setObjectName(f"meta_{key}")
            # The file keeps at most this much: the field takes no more than it keeps.
            edit.setMaxLength(MAX_NAME_LENGTH)
            edit.setPlaceholderText(
                {"name": "Character name", "player": "Who plays it", "concept": "In one line"}[key]
            )
            edit.textEdited.connect(lambda text, k=key: self._edit(k, text))
            caption = QLabel(f"{label}:")
            caption.setBuddy(edit)
            grid.addWidget(caption, row, 0)
            grid.addWidget(edit, row, 1)
            self.edits[key] = edit
        self.system = QLabel(system_name)
        self.system.setObjectName("system_name")
        # a long system name wraps instead of widening the window past a small screen
        self.system.setWordWrap(True)
        self.system.setToolTip(system_name)
        grid.addWidget(QLabel("System:"), len(TEXT_FIELDS), 0)
        system_row = QHBoxLayout()
        system_row.addWidget(self.system, 1)
        system_row.addLayout(buttons)
        grid.addLayout(system_row, len(TEXT_FIELDS), 1)
        return grid

    def _after_change(self, changes: list[Change]) -> None:
        # The header shows only meta: an ability edit must not decode the portrait again.
        if any(change.path[:1] in ((), ("meta",)) for change in changes):
            self.refresh()

    def _edit(self, key: str, text: str) -> None:
        self._push(set_meta(self.doc.document, key, text), ("meta", key))

    def _push(self, changes: list[Change], merge: object | None = None) -> None:
        self.doc.push(changes, merge_key=merge)

    def choose_portrait(self, path: Path | None = None) -> bool:
        if path is None:
            name, _ = QFileDialog.getOpenFileName(self, "Choose a portrait", "", IMAGE_FILTER)
            if not name:
                return False
            path = Path(name)
        try:
            encoded = load_portrait(path)
        except PortraitError as exc:
            self.doc.edit_refused.emit(f"Cannot use this portrait: {exc}")
            return False
        self._push(set_meta(self.doc.document, "portrait", encoded))
        return True

    def refresh(self) -> None:
        for key, edit in self.edits.items():
            text = meta_text(self.doc.document, key)
            if edit.text() != text:
                edit.setText(text)
        pixmap = portrait_pixmap(self.doc.document.meta.portrait, PORTRAIT_SIDE - 4)
        if pixmap is None:
            self.portrait.clear()
            self.portrait.setText("No portrait")
        else:
            self.portrait.setPixmap(pixmap)
        self.clear.setEnabled(pixmap is not None)

    def focus_field(self, key: str) -> bool:
        edit = self.edits.get(key)
        if edit is None:
            return False
        edit.setFocus()
        edit.selectAll()
        return True
