"""A list's paint asks for a severity icon per row: the icon is made once per style."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QStyleFactory

from sheetapp.core.issues import Severity
from ui.roles import severity_icon


def test_one_icon_per_style_and_severity(qapp: QApplication) -> None:
    first = severity_icon(Severity.ERROR)
    assert not first.isNull()
    assert severity_icon(Severity.ERROR) is first
    assert severity_icon(Severity.WARNING) is not first
    before = qapp.style().name()
    styles = list(QStyleFactory.keys())
    other = next(k for k in styles if k.lower() != before.lower())
    qapp.setStyle(other)
    try:
        again = severity_icon(Severity.ERROR)
        assert again is not first and not again.isNull()
    finally:
        qapp.setStyle(before)
    assert severity_icon(Severity.ERROR) is first
