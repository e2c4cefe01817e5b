"""What the window shows with no character open: start a new one (the New dialog also
offers the shipped examples), open a file, or pick a recent one — by keyboard too."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

PATH_ROLE = Qt.ItemDataRole.UserRole


class StartPage(QWidget):
    new_requested = Signal()
    open_requested = Signal()
    recent_chosen = Signal(object)  # Path

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("start_page")
        title = QLabel("<h2>No character is open</h2>")
        hint = QLabel(
            "Start a new character (the New dialog also offers the shipped examples), open "
            "a character file, or pick one you opened before. You can also drop a file here."
        )
        hint.setWordWrap(True)
        self.new_button = QPushButton("&New Character…")
        self.new_button.setToolTip("Ctrl+N")
        self.new_button.clicked.connect(self.new_requested.emit)
        self.open_button = QPushButton("&Open…")
        self.open_button.setToolTip("Ctrl+O")
        self.open_button.clicked.connect(self.open_requested.emit)
        buttons = QHBoxLayout()
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.open_button)
        buttons.addStretch(1)
        self.recent_label = QLabel("&Recent characters (Enter opens):")
        self.recent = QListWidget()
        self.recent.setObjectName("start_recent")
        self.recent_label.setBuddy(self.recent)
        self.recent.itemActivated.connect(self._activated)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 24, 24, 24)
        layout.addWidget(title)
        layout.addWidget(hint)
        layout.addLayout(buttons)
        layout.addSpacing(12)
        layout.addWidget(self.recent_label)
        layout.addWidget(self.recent, 1)

    def set_recent(self, paths: list[Path]) -> None:
        self.recent.clear()
        for path in paths:
            item = QListWidgetItem(f"{path.name}   —   {path.parent}")
            item.setData(PATH_ROLE, str(path))
            item.setToolTip(str(path))
            self.recent.addItem(item)
        has_recent = bool(paths)
        self.recent.setVisible(has_recent)
        self.recent_label.setVisible(has_recent)
        if has_recent:
            self.recent.setCurrentRow(0)

    def _activated(self, item: QListWidgetItem) -> None:
        self.recent_chosen.emit(Path(item.data(PATH_ROLE)))
