"""A PDF export runs with the cyclic garbage collector off (each collection scanned the
millions of objects the export keeps until it ends) and leaves it as it found it."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sheetapp.core.system import installed_systems
from sheetapp.pdf import export
from sheetapp.pdf.renderer import SheetRenderer
from sheetapp.storage.files import load_document

OWL = Path(__file__).resolve().parents[2] / "resources/examples/gladiators/night-owl.json"


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bool]]:
    """Whether the collector was on while the sheet was rendered, per export."""
    states: list[bool] = []
    render = SheetRenderer.render

    def watched(self: SheetRenderer, sheet: Any) -> bytes:
        states.append(gc.isenabled())
        return render(self, sheet)

    monkeypatch.setattr(SheetRenderer, "render", watched)
    was_enabled = gc.isenabled()
    yield states
    if was_enabled:
        gc.enable()


def _export() -> bytes:
    loaded = load_document(OWL, installed_systems())
    evaluation = loaded.system.evaluate(loaded.document)
    return export.render_pdf(loaded.system, loaded.document, evaluation)


def test_the_collector_is_off_while_rendering_and_on_again_after(seen: list[bool]) -> None:
    gc.enable()
    assert _export().startswith(b"%PDF")
    assert seen == [False]
    assert gc.isenabled()


def test_a_collector_already_off_stays_off(seen: list[bool]) -> None:
    gc.disable()
    _export()
    assert seen == [False]
    assert not gc.isenabled()


def test_the_collector_is_back_on_after_a_failed_export(
    seen: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(self: SheetRenderer, sheet: Any) -> bytes:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(SheetRenderer, "render", broken)
    gc.enable()
    with pytest.raises(RuntimeError):
        _export()
    assert gc.isenabled()
