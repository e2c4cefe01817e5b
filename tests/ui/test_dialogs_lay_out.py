"""Every dialog of every system, at 1280×720 and at QT_SCALE_FACTOR=2 (issue 31): "A test
that opens every dialog of every system at both sizes and checks no two child widgets of
a form overlap" — and that the dialog fits the screen.

In a child process per screen (tests/ui/screen_runs.py), each shipped example is opened
and every action of its Character menu is triggered (the pickers, custom-entry forms,
dice dialogs, the level-up wizard and print preview), then File ▸ New for every system
and Help's windows. A dialog run with ``exec`` is inspected and dismissed in place of
running its loop; one opened modeless (the wizard, print preview, help) is inspected
when its action returns, then closed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFileDialog,
    QMessageBox,
    QWidget,
    QWizard,
)
from pytestqt.qtbot import QtBot
from shiboken6 import isValid

from tests.ui.conftest import REPO, make_main_window
from tests.ui.screen_runs import SCREENS, assert_passed, current_run, run_on_screen
from ui.main_window import MainWindow
from ui.new_dialog import NewCharacterDialog

RUN = current_run()
EXAMPLES = sorted((REPO / "resources" / "examples").rglob("*.json"))


@pytest.mark.slow
@pytest.mark.skipif(bool(RUN), reason="the parent of the runs")
@pytest.mark.parametrize("run", sorted(SCREENS))
def test_dialogs_lay_out(run: str, tmp_path: Path) -> None:
    assert_passed(run_on_screen(run, Path(__file__), "in_child", tmp_path))


# --- the child -------------------------------------------------------------------------------

in_child = pytest.mark.skipif(not RUN, reason="runs in the child processes")


def settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


def overlaps(dialog: QWidget) -> list[str]:
    """Pairs of visible widgets laid out side by side in one layout whose rectangles
    intersect (a label under a field, two settings forms drawn over each other)."""
    found = []
    for holder in [dialog, *dialog.findChildren(QWidget)]:
        if not isValid(holder):
            continue
        layout = holder.layout()
        if layout is None or not holder.isVisible():
            continue
        placed = []
        stack = [layout]
        while stack:
            current = stack.pop()
            for number in range(current.count()):
                item = current.itemAt(number)
                if item.layout() is not None:
                    stack.append(item.layout())
                elif item.widget() is not None and item.widget().isVisible():
                    placed.append(item.widget())
        # and any visible child outside the layout (a form left behind)
        extra = [
            child
            for child in holder.findChildren(QWidget, options=_direct())
            if child.isVisible() and not child.isWindow() and child not in placed
        ]
        shown = [w for w in placed + extra if isValid(w) and w.width() > 0 and w.height() > 0]
        for first, a in enumerate(shown):
            for b in shown[first + 1 :]:
                shared = a.geometry().intersected(b.geometry())
                if shared.width() > 1 and shared.height() > 1:
                    found.append(f"{_name(a)} overlaps {_name(b)} in {_name(holder)}")
    return found


def _direct() -> object:
    from PySide6.QtCore import Qt

    return Qt.FindChildOption.FindDirectChildrenOnly


def _name(widget: QWidget) -> str:
    text = getattr(widget, "text", None)
    label = text() if callable(text) and isinstance(text(), str) else ""
    return f"{type(widget).__name__}({widget.objectName() or label[:30]!r})"


def fits(dialog: QWidget) -> list[str]:
    screen = dialog.screen().availableGeometry()
    frame = dialog.frameGeometry()
    needs = dialog.minimumSizeHint().expandedTo(dialog.minimumSize())
    problems = []
    if needs.width() > screen.width() or needs.height() > screen.height():
        problems.append(f"needs {needs.width()}×{needs.height()} of {screen.size()}")
    if not screen.contains(QRect(frame.topLeft(), dialog.size())):
        problems.append(f"opens at {frame} beyond the screen {screen}")
    return problems


class Inspector:
    def __init__(self) -> None:
        self.problems: list[str] = []
        self.seen: list[str] = []
        self.where = ""

    def inspect(self, dialog: QWidget) -> None:
        dialog.show()
        settle()
        title = f"{self.where}: {dialog.windowTitle() or type(dialog).__name__}"
        self.seen.append(title)
        self.problems.extend(f"{title}: {p}" for p in overlaps(dialog) + fits(dialog))
        if isinstance(dialog, QWizard):
            for _page in dialog.pageIds():
                if not dialog.currentPage().isComplete():
                    break
                dialog.next()
                settle()
                page = f"{title}, page {dialog.currentId()}"
                self.problems.extend(f"{page}: {p}" for p in overlaps(dialog) + fits(dialog))

    def exec_(self, dialog: QDialog) -> int:
        if isinstance(dialog, NewCharacterDialog):
            for row in range(dialog.system_combo.count()):
                dialog.system_combo.setCurrentIndex(row)
                settle()
                self.inspect(dialog)
        else:
            self.inspect(dialog)
        dialog.hide()
        return 0

    def modeless(self, before: set[int]) -> None:
        for widget in QApplication.topLevelWidgets():
            if not isValid(widget) or id(widget) in before or not widget.isVisible():
                continue
            if isinstance(widget, QDialog):
                self.inspect(widget)
                widget.close()
                settle()


def patch_dialogs(monkeypatch: pytest.MonkeyPatch, inspector: Inspector) -> None:
    def run(dialog: QDialog) -> int:  # a function, so the patched method gets the dialog
        return inspector.exec_(dialog)

    monkeypatch.setattr(QDialog, "exec", run)
    monkeypatch.setattr(QMessageBox, "exec", lambda box: int(QMessageBox.StandardButton.Cancel))
    for name in ("question", "warning", "information", "critical"):
        monkeypatch.setattr(
            QMessageBox, name, staticmethod(lambda *a, **k: QMessageBox.StandardButton.Cancel)
        )
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: ("", "")))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: ("", "")))
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", staticmethod(lambda *a, **k: ([], "")))


def trigger(inspector: Inspector, action: QAction, where: str) -> None:
    if not action.isEnabled() or action.isSeparator() or action.menu() is not None:
        return
    inspector.where = f"{where} ▸ {action.text().replace('&', '')}"
    before = {id(w) for w in QApplication.topLevelWidgets() if w.isVisible()}
    action.trigger()
    settle()
    inspector.modeless(before)


@pytest.mark.qt_log_ignore("This plugin does not support")
@in_child
def test_in_child_every_dialog(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    inspector = Inspector()
    patch_dialogs(monkeypatch, inspector)
    window: MainWindow = make_main_window(qtbot, tmp_path)
    window.show()
    settle()
    for example in EXAMPLES:
        view = window.open_path(example)
        assert view is not None
        settle()
        actions: list[QAction] = [*view.page.edit_actions(), window.level_up_action]
        actions.append(window.print_action)
        for action in actions:
            trigger(inspector, action, example.stem)
        window.close_tab(window.tabs.indexOf(view))
        settle()
    extra: list[tuple[str, Callable[[], object]]] = [
        ("File ▸ New", window.new_action.trigger),
        ("Help ▸ User Manual", window.manual_action.trigger),
        ("Help ▸ Keyboard Shortcuts", window.shortcuts_action.trigger),
    ]
    for where, run in extra:
        inspector.where = where
        before = {id(w) for w in QApplication.topLevelWidgets() if w.isVisible()}
        run()
        settle()
        inspector.modeless(before)
    assert len(inspector.seen) > 30, inspector.seen
    assert not inspector.problems, "\n".join(inspector.problems)
