"""Issue marks on plain form fields: a severity icon beside the field, the messages and
the seed's text as its tooltip. Each field is bound to a document path, so the issues
panel can also jump to it."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from sheetapp.core.issues import DataPath
from sheetapp.editing.explain import worst_severity
from ui.document import EditorDocument
from ui.roles import issues_tooltip, severity_icon

ICON_SIZE = 16


@dataclass(slots=True)
class Bound:
    widget: QWidget
    path: DataPath
    icon: QLabel
    help_text: str
    exact: bool
    #: the severity and tooltip shown now (None: not shown yet)
    shown: tuple[str, str] | None = None


class FieldMarks:
    def __init__(self, document: EditorDocument) -> None:
        self.document = document
        self.fields: list[Bound] = []

    def field(
        self, widget: QWidget, path: DataPath, help_text: str = "", *, exact: bool = False
    ) -> QWidget:
        """``widget`` with a mark beside it (put the returned widget in the layout)."""
        box = QWidget()
        layout = QHBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        icon = QLabel()
        icon.setFixedSize(ICON_SIZE, ICON_SIZE)
        icon.setObjectName(f"mark_{'_'.join(str(p) for p in path[1:])}")
        layout.addWidget(widget, 1)
        layout.addWidget(icon)
        # A form's label has the box as its buddy: its Alt key must reach the field (a
        # buddy without a focus policy takes no focus; one with a proxy is not a Tab stop).
        if widget.focusPolicy() != Qt.FocusPolicy.NoFocus:
            box.setFocusProxy(widget)
            box.setFocusPolicy(widget.focusPolicy())
        self.fields.append(Bound(widget, path, icon, help_text, exact))
        self._show(self.fields[-1])
        return box

    def forget(self, widgets: list[QWidget]) -> None:
        self.fields = [b for b in self.fields if b.widget not in widgets]

    def refresh(self) -> None:
        for bound in self.fields:
            self._show(bound)

    def _show(self, bound: Bound) -> None:
        issues = self.document.issues_at(bound.path, below=not bound.exact)
        severity = worst_severity(issues)
        text = "\n\n".join(p for p in (issues_tooltip(issues), bound.help_text) if p)
        shown = (severity.value if severity else "", text)
        if shown == bound.shown:
            return  # setting the same icon again would repaint it
        bound.shown = shown
        if severity is None:
            bound.icon.clear()
        else:
            bound.icon.setPixmap(severity_icon(severity).pixmap(ICON_SIZE, ICON_SIZE))
        bound.icon.setToolTip(text)
        bound.widget.setToolTip(text)
        bound.widget.setProperty("severity", shown[0])

    def best_match(self, path: DataPath) -> Bound | None:
        """The field showing ``path`` or the closest place above it."""
        best: Bound | None = None
        for bound in self.fields:
            size = len(bound.path)
            if path[:size] == bound.path and (best is None or size > len(best.path)):
                best = bound
        return best
