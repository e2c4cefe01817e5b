"""Issue 8: "move PDF export and file loading off the UI thread with a progress
indication when they can take more than a blink" (ui.background)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication, QProgressDialog, QPushButton
from pytestqt.qtbot import QtBot

from tests.ui.conftest import SAMPLE
from ui import background
from ui.background import run_in_background
from ui.main_window import MainWindow


def wait_for_workers(qtbot: QtBot) -> None:
    """Wait until every background worker thread has ended, then deliver what they
    queued to the UI thread (no fixed sleep: the test waits exactly as long as the work)."""
    qtbot.waitUntil(
        lambda: not any(t.name.startswith("sheetapp: ") for t in threading.enumerate()),
        timeout=30_000,
    )
    QApplication.processEvents()


def test_the_work_runs_on_another_thread_and_the_result_comes_back_on_the_ui_thread(
    window: MainWindow, qtbot: QtBot
) -> None:
    ui_thread = threading.get_ident()
    worked_on: list[int] = []
    delivered: list[tuple[int, int]] = []

    def work() -> int:
        worked_on.append(threading.get_ident())
        return 42

    job = run_in_background(
        window,
        "Counting…",
        work,
        lambda value: delivered.append((value, threading.get_ident())),
        print,
    )
    qtbot.waitUntil(lambda: not job.running, timeout=5000)
    assert worked_on and worked_on[0] != ui_thread
    assert delivered == [(42, ui_thread)]


def test_a_failure_reaches_on_failed_and_not_on_done(window: MainWindow, qtbot: QtBot) -> None:
    failures: list[BaseException] = []
    done: list[object] = []

    def work() -> None:
        raise ValueError("no such sheet")

    job = run_in_background(window, "Failing…", work, done.append, failures.append)
    qtbot.waitUntil(lambda: not job.running, timeout=5000)
    assert done == [] and [str(error) for error in failures] == ["no such sheet"]


def test_slow_work_shows_a_window_modal_progress_dialog_and_cancel_drops_the_result(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(background, "SHOW_AFTER_MS", 0)
    release = threading.Event()
    done: list[object] = []
    job = run_in_background(
        window, "Waiting…", lambda: release.wait(10) and "late", done.append, print
    )
    qtbot.waitUntil(job.progress.isVisible, timeout=5000)
    assert job.progress.labelText() == "Waiting…"
    assert job.progress.windowModality() == Qt.WindowModality.WindowModal
    cancel = job.progress.findChild(QPushButton)
    assert cancel is not None and cancel.text() == "Cancel"
    cancel.click()
    assert not job.running and job.cancelled
    release.set()
    wait_for_workers(qtbot)
    assert done == []  # the result after Cancel is dropped
    assert not [w for w in window.findChildren(QProgressDialog) if w.isVisible()]


def test_pdf_export_runs_in_the_background_and_writes_the_file(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    assert window.open_path(SAMPLE) is not None
    target = tmp_path / "owl.pdf"
    job = window.export_pdf(target)
    assert job is not None and window.pdf_job is job
    # one sheet at a time: a second export or a preview waits for the first
    assert window.export_pdf(tmp_path / "second.pdf") is None
    assert "still being made" in window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: not job.running, timeout=30_000)
    assert window.pdf_job is None
    assert target.read_bytes().startswith(b"%PDF")
    assert not (tmp_path / "second.pdf").exists()
    assert window.statusBar().currentMessage() == f"Exported {target}"


def test_a_cancelled_pdf_export_writes_nothing(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    assert window.open_path(SAMPLE) is not None
    target = tmp_path / "owl.pdf"
    job = window.export_pdf(target)
    assert job is not None
    job.cancel()
    assert window.pdf_job is None
    wait_for_workers(qtbot)  # the render finished and its result was dropped
    assert not target.exists()


def test_opening_in_the_background_shows_the_character_with_the_same_evaluation(
    window: MainWindow, qtbot: QtBot
) -> None:
    job = window.open_in_background(SAMPLE)
    assert job is not None
    qtbot.waitUntil(lambda: window.tabs.count() == 1, timeout=10_000)
    view = window.current_view()
    assert view is not None and view.document.path == SAMPLE
    fresh = view.document.system.evaluate(view.document.document)
    assert view.document.evaluation.totals == fresh.totals
    assert view.document.evaluation.issues == fresh.issues
    assert "28 / 40 GP" in view.totals.text()
    assert window.open_in_background(SAMPLE) is None  # already open: shown, not reopened


def test_a_broken_file_opened_in_the_background_says_why_and_opens_nothing(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json", encoding="utf-8")
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(
        "ui.open_actions.show_error", lambda _parent, title, text: shown.append((title, text))
    )
    job = window.open_in_background(broken)
    assert job is not None
    qtbot.waitUntil(lambda: not job.running, timeout=10_000)
    assert window.tabs.count() == 0
    assert shown and shown[0][0] == "Cannot open the character" and "broken.json" in shown[0][1]


def test_asking_to_open_the_same_file_twice_opens_it_once(window: MainWindow, qtbot: QtBot) -> None:
    first = window.open_in_background(SAMPLE)
    assert first is not None
    assert window.open_in_background(SAMPLE) is None  # still being opened
    qtbot.waitUntil(lambda: not first.running, timeout=10_000)
    wait_for_workers(qtbot)
    assert window.tabs.count() == 1


def test_a_result_arriving_after_its_window_closed_is_dropped_quietly(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QWidget

    thread_errors: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: thread_errors.append(args.exc_value))
    parent = QWidget()
    release = threading.Event()
    done: list[object] = []

    def work() -> str:
        release.wait(10)
        return "late"

    run_in_background(parent, "Orphaned…", work, done.append, print)
    worker = next(t for t in threading.enumerate() if t.name == "sheetapp: Orphaned…")
    parent.deleteLater()
    # the window and the job's objects are deleted now, not after some time
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    assert not shiboken6.isValid(parent)
    release.set()
    worker.join(5)
    QApplication.processEvents()
    assert not worker.is_alive()
    assert thread_errors == [] and done == []


def test_the_play_card_is_exported_from_the_window(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    """File › Export Play Card: one page, made off the UI thread like the sheet."""
    import io

    from pypdf import PdfReader

    assert window.open_path(SAMPLE) is not None
    assert window.export_card_action.isEnabled()
    target = tmp_path / "owl-card.pdf"
    job = window.export_card(target)
    assert job is not None
    qtbot.waitUntil(lambda: not job.running, timeout=30_000)
    pages = PdfReader(io.BytesIO(target.read_bytes())).pages
    assert len(pages) == 1 and "Night Owl" in pages[0].extract_text()


def test_characters_no_font_has_are_said_after_the_export(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sheetapp.core.changes import Change
    from ui import export_actions

    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(
        export_actions, "show_error", lambda _p, title, text: shown.append((title, text))
    )
    view = window.open_path(SAMPLE)
    assert view is not None
    before = view.document.document.meta.notes
    view.document.push([Change("set", ("meta", "notes"), before, "Hero 🦸")], "notes")
    target = tmp_path / "owl.pdf"
    job = window.export_pdf(target)
    assert job is not None
    qtbot.waitUntil(lambda: not job.running, timeout=30_000)
    assert target.exists()
    assert shown and "🦸 (U+1F9B8)" in shown[0][1]


def test_the_progress_window_is_gone_before_a_failure_is_said(
    window: MainWindow, qtbot: QtBot
) -> None:
    """The "Opening…" window used to stay above the error dialog."""
    seen: list[bool] = []

    def work() -> None:
        raise ValueError("broken")

    job = run_in_background(
        window, "Opening…", work, lambda _r: None, lambda _e: seen.append(job.running)
    )
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    assert seen == [False]  # already finished (its dialog closed) when the error is shown
