"""The New Character dialog shows one system's settings at a time (issue 31, defect 4).

It opened on the first system, then switched to the one chosen last time; the first
system's forms were only scheduled for deletion, and while the dialog runs its own event
loop (``exec``) that deletion waits, so Capital's campaign fields stayed drawn over the
chosen system's and caught the clicks."""

from __future__ import annotations

from PySide6.QtCore import QEventLoop, QRect, QTimer
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from sheetapp.core.system import installed_systems
from ui.forms import ModelForm
from ui.new_dialog import NewCharacterDialog


def _shown_forms(dialog: NewCharacterDialog) -> list[ModelForm]:
    return [
        form for form in dialog.settings_box.findChildren(ModelForm) if form.isVisibleTo(dialog)
    ]


def _overlaps(widgets: list[QWidget], top: QWidget) -> list[tuple[str, str]]:
    rects: list[tuple[str, QRect]] = [
        (w.objectName(), QRect(w.mapTo(top, w.rect().topLeft()), w.size())) for w in widgets
    ]
    return [
        (a, b) for i, (a, ra) in enumerate(rects) for b, rb in rects[i + 1 :] if ra.intersects(rb)
    ]


def test_one_systems_settings_at_a_time_inside_the_dialogs_own_loop(qtbot: QtBot) -> None:
    """As File ▸ New runs it, from inside the main event loop: the dialog opens, selects
    the system chosen last time, then runs its own loop (``exec``), where a deferred
    deletion does not happen; then the user switches through every system."""
    systems = installed_systems()
    order = [s.id for s in systems]
    seen: dict[str, list[str]] = {}
    overlaps: dict[str, list[tuple[str, str]]] = {}

    def scenario() -> None:
        dialog = NewCharacterDialog(systems)
        qtbot.addWidget(dialog)
        todo = [s for s in order if s != dialog.system.id] + [dialog.system.id]

        def look() -> None:
            forms = _shown_forms(dialog)
            seen[dialog.system.id] = [f.objectName() for f in forms]
            if forms != [dialog.campaign_form, dialog.character_form]:
                seen[dialog.system.id].append("(not this system's)")
            overlaps[dialog.system.id] = _overlaps(list(forms), dialog)
            if todo:
                assert dialog.select_system(todo.pop(0))
                QTimer.singleShot(0, look)
            else:
                dialog.reject()

        assert dialog.select_system(todo.pop(0))
        QTimer.singleShot(0, look)
        dialog.exec()
        loop.quit()

    loop = QEventLoop()
    QTimer.singleShot(0, scenario)
    loop.exec()
    assert seen == {s: ["campaign_form", "character_form"] for s in order}
    assert overlaps == {s: [] for s in order}
