"""Custom item-data roles every editor model declares, and how severities look.

A model tells the shared :class:`ui.delegates.EditDelegate` how to edit a cell through
these roles; the views never guess from column numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPalette
from PySide6.QtWidgets import QApplication, QStyle

from sheetapp.core.issues import Issue, Severity

#: Qt's own roles and alignments as plain ints, for the models' data(): it runs for every
#: painted cell, and looking up a Qt enum member costs about ten times comparing ints.
DISPLAY = int(Qt.ItemDataRole.DisplayRole)
EDIT = int(Qt.ItemDataRole.EditRole)
CHECK = int(Qt.ItemDataRole.CheckStateRole)
DECORATION = int(Qt.ItemDataRole.DecorationRole)
TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
BACKGROUND = int(Qt.ItemDataRole.BackgroundRole)
ALIGN_CENTER = int(Qt.AlignmentFlag.AlignCenter)
ALIGN_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

_USER = Qt.ItemDataRole.UserRole


def column_title(
    columns: Sequence[str], section: int, orientation: Qt.Orientation, role: int
) -> str | None:
    """A model's headerData() for column titles (and no row titles)."""
    if orientation == Qt.Orientation.Horizontal and role == DISPLAY:
        return columns[section] if 0 <= section < len(columns) else None
    return None


#: "text", "int", "choice", "bool" or None: what editor a cell wants.
EDIT_KIND_ROLE = _USER + 1
#: list[tuple[str, str]] of (value, label) for a "choice" cell.
CHOICES_ROLE = _USER + 2
#: (minimum, maximum) for an "int" cell.
RANGE_ROLE = _USER + 3
#: the document path of the value a cell shows (tuple).
PATH_ROLE = _USER + 4
#: worst Severity of the issues on the cell (None when there are none).
SEVERITY_ROLE = _USER + 5
#: the catalog/rule text shown as help for the item.
RULE_TEXT_ROLE = _USER + 6

SEVERITY_MARK = {Severity.ERROR: "✖", Severity.WARNING: "▲", Severity.INFO: "ℹ"}
SEVERITY_NAME = {Severity.ERROR: "Error", Severity.WARNING: "Warning", Severity.INFO: "Note"}
_ICONS = {
    Severity.ERROR: QStyle.StandardPixmap.SP_MessageBoxCritical,
    Severity.WARNING: QStyle.StandardPixmap.SP_MessageBoxWarning,
    Severity.INFO: QStyle.StandardPixmap.SP_MessageBoxInformation,
}
_TINTS = {
    Severity.ERROR: QColor(220, 50, 47),
    Severity.WARNING: QColor(230, 160, 0),
}


#: the icons of the style in use, by its name: painting a list asks for one per row
_ICON_CACHE: dict[tuple[str, Severity], QIcon] = {}


def severity_icon(severity: Severity) -> QIcon:
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return QIcon()
    style = app.style()
    key = (style.name(), severity)
    icon = _ICON_CACHE.get(key)
    if icon is None:
        icon = _ICON_CACHE[key] = style.standardIcon(_ICONS[severity])
    return icon


def is_dark() -> bool:
    palette = QGuiApplication.palette()
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def severity_background(severity: Severity | None) -> QColor | None:
    """A translucent tint behind an offending cell (errors red, warnings amber)."""
    base = _TINTS.get(severity) if severity else None
    if base is None:
        return None
    tint = QColor(base)
    tint.setAlpha(90 if is_dark() else 60)
    return tint


def issues_tooltip(issues: list[Issue]) -> str:
    lines = []
    for issue in issues:
        line = f"{SEVERITY_MARK[issue.severity]} {issue.message}"
        if issue.hint:
            line += f"\n    {issue.hint}"
        lines.append(line)
    return "\n".join(lines)
