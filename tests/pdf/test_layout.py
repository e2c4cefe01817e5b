"""Layouts are data: validated at load, with messages that say what and where."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sheetapp import sheet as sheet_module
from sheetapp.pdf.export import render_pdf, render_pdf_reporting, render_sheet
from sheetapp.pdf.layout import Layout, LayoutError, layout_for, parse_layout, shipped_layouts
from sheetapp.pdf.options import PdfOptions
from sheetapp.sheet import build_sheet
from tests.pdf.helpers import REPO, flat, load_sample, page_texts


def _layout(**section: Any) -> dict[str, Any]:
    return {
        "format": "sheetapp.layout",
        "layout_version": 1,
        "system": "gladiators",
        "sections": [{"key": "abilities", **section}],
    }


def test_every_shipped_layout_is_valid() -> None:
    files = sorted((REPO / "templates").glob("*.json"))
    assert {f.stem for f in files} >= {"gladiators", "default"}
    assert len(shipped_layouts()) == len(files)


def test_a_system_without_a_layout_uses_the_default() -> None:
    assert layout_for("no-such-system").system == "default"
    assert layout_for("gladiators").system == "gladiators"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (
            "{not json",
            "is not valid JSON: Expecting property name enclosed in double quotes "
            "(line 1, column 2)",
        ),
        (json.dumps({"layout_version": 1}), "format: Field required"),
        (
            json.dumps(_layout(columns=[{"key": "level", "width": 0}])),
            "sections.0.columns.0.width: Input should be greater than 0",
        ),
        (
            json.dumps(_layout(default=False)),
            "the section 'abilities' is off by default, so it must be optional",
        ),
        (json.dumps(_layout(columns=["level", "level"])), "repeats the column(s) ['level']"),
        (json.dumps(_layout(colour="red")), "sections.0.colour: Extra inputs are not permitted"),
        (
            json.dumps({**_layout(), "sections": [{"key": "a"}, {"key": "a"}]}),
            "the section(s) ['a'] appear more than once",
        ),
    ],
)
def test_invalid_layouts_are_refused_with_a_clear_message(raw: str, expected: str) -> None:
    with pytest.raises(LayoutError) as caught:
        parse_layout(raw, "'broken.json'")
    assert "'broken.json'" in str(caught.value)
    assert expected in str(caught.value)


def test_a_column_the_section_does_not_have_is_named() -> None:
    layout = Layout.model_validate(_layout(columns=["ability", "colour"]))
    loaded = load_sample()
    sheet = build_sheet(loaded.system, loaded.document, loaded.evaluate())
    with pytest.raises(
        LayoutError,
        match=r"names the column\(s\) \['colour'\] in the section "
        "'abilities'",
    ):
        render_sheet(sheet, layout=layout)


def test_layout_orders_sections_and_keeps_the_ones_it_does_not_name() -> None:
    layout = Layout.model_validate(
        {
            "format": "sheetapp.layout",
            "layout_version": 1,
            "system": "gladiators",
            "sections": [{"key": "disadvantages"}, {"key": "abilities", "columns": ["ability"]}],
        }
    )
    loaded = load_sample()
    sheet = build_sheet(loaded.system, loaded.document, loaded.evaluate())
    text = flat(" ".join(page_texts(render_sheet(sheet, layout=layout))))
    assert text.index("Disadvantages") < text.index("Abilities") < text.index("Advantages")
    assert "Conventional" not in text.split("Advantages")[0]  # no source column


def test_optional_sections_switch_on_and_off() -> None:
    loaded = load_sample()
    sheet = build_sheet(loaded.system, loaded.document, loaded.evaluate())
    plain = flat(" ".join(page_texts(render_sheet(sheet))))
    assert "Notes" in plain and "Cost breakdown" not in plain
    options = PdfOptions(include=frozenset({"costs"}), exclude=frozenset({"notes"}))
    changed = flat(" ".join(page_texts(render_sheet(sheet, options))))
    assert "Cost breakdown" in changed and loaded.document.meta.notes not in changed


def test_empty_sections_hide_or_say_none() -> None:
    loaded = load_sample()
    loaded.document.character.advantages = []
    loaded.document.meta.notes = ""
    sheet = build_sheet(loaded.system, loaded.document, loaded.evaluate())
    text = flat(" ".join(page_texts(render_sheet(sheet))))
    assert "Advantages None" in text  # hide_when_empty is false for advantages
    assert "Notes" not in text.split("Disadvantages")[1]


def test_layout_file_read_from_disk(tmp_path: Path) -> None:
    from sheetapp.pdf.layout import load_layout_file

    path = tmp_path / "mine.json"
    path.write_text(json.dumps(_layout()), encoding="utf-8")
    assert load_layout_file(path).sections[0].key == "abilities"
    with pytest.raises(LayoutError, match="cannot be read"):
        load_layout_file(tmp_path / "missing.json")


def test_the_cost_breakdown_is_built_only_when_it_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    """It has a row per item and modifier: the export leaves it out of the sheet unless
    asked for (``--with costs``), and prints it when asked."""
    loaded = load_sample()
    made: list[object] = []
    original = sheet_module.cost_section

    def counted(*args: Any, **kwargs: Any) -> Any:
        made.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(sheet_module, "cost_section", counted)
    evaluation = loaded.evaluate()
    plain = flat(" ".join(page_texts(render_pdf(loaded.system, loaded.document, evaluation))))
    assert "Cost breakdown" not in plain and not made
    options = PdfOptions(include=frozenset({"costs"}))
    data, _missing = render_pdf_reporting(loaded.system, loaded.document, evaluation, options)
    assert "Cost breakdown" in flat(" ".join(page_texts(data))) and len(made) == 1
    # the window and other readers still get it
    assert "costs" in build_sheet(loaded.system, loaded.document, evaluation).section_keys()
