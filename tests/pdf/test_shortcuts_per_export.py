"""reportlab's two shortcuts (``split_strings``, ``split_words``) are in place while a
PDF is built and reportlab's own functions are back afterwards (issue 38, item 4):
importing sheetapp changes nothing in reportlab."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import paragraph

from sheetapp.core.system import installed_systems
from sheetapp.pdf import shortcuts, split_strings, split_words
from sheetapp.pdf.export import render_pdf
from sheetapp.pdf.playsheet_renderer import render_statblocks
from sheetapp.playsheets import statblock
from sheetapp.storage.files import load_document

EXAMPLE = Path(__file__).parents[2] / "resources" / "examples" / "gladiators" / "night-owl.json"


def _reportlabs_own() -> bool:
    return (
        TTFont.__dict__["splitString"] is split_strings.REPORTLAB_SPLIT_STRING
        and paragraph._splitWord is split_words.REPORTLAB_SPLIT_WORD
    )


def _counting(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Each shortcut counts its calls (the one put in place is the counting one)."""
    calls = {"split_string": 0, "split_word": 0}

    def counted(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            calls[name] += 1
            return function(*args, **kwargs)

        return run

    monkeypatch.setattr(
        split_strings, "split_string", counted("split_string", split_strings.split_string)
    )
    monkeypatch.setattr(split_words, "split_word", counted("split_word", split_words.split_word))
    return calls


def _loaded_with_a_long_word() -> Any:
    loaded = load_document(EXAMPLE, installed_systems())
    loaded.document.meta.notes = "no-space-" * 400  # a word far longer than its line
    return loaded


def test_importing_the_pdf_modules_leaves_reportlab_as_it_is() -> None:
    assert _reportlabs_own()


def test_an_export_uses_the_shortcuts_and_puts_reportlab_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _counting(monkeypatch)
    loaded = _loaded_with_a_long_word()
    pdf = render_pdf(loaded.system, loaded.document, loaded.system.evaluate(loaded.document))
    assert pdf.startswith(b"%PDF")
    assert calls["split_string"] > 0
    assert calls["split_word"] > 0
    assert _reportlabs_own()


def test_the_statblocks_export_uses_them_too(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch)
    loaded = _loaded_with_a_long_word()
    block = statblock(loaded.system, loaded.document, loaded.system.evaluate(loaded.document))
    assert render_statblocks([block]).startswith(b"%PDF")
    assert calls["split_string"] > 0
    assert _reportlabs_own()


def test_an_export_inside_another_leaves_them_to_the_outer_one() -> None:
    with shortcuts.during_export():
        with shortcuts.during_export():
            assert TTFont.__dict__["splitString"] is split_strings.split_string
            assert paragraph._splitWord is split_words.split_word
        assert TTFont.__dict__["splitString"] is split_strings.split_string
        assert paragraph._splitWord is split_words.split_word
    assert _reportlabs_own()


def test_they_are_put_back_when_an_export_fails() -> None:
    with pytest.raises(RuntimeError), shortcuts.during_export():
        raise RuntimeError("the export broke")
    assert _reportlabs_own()
