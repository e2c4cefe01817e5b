"""A repeated cell is parsed once: the PDF is the same, byte for byte (but for its
/ID and dates), with the parse cache on and off, on every shipped example and on a
character whose texts mix markup characters, right-to-left and italic-less scripts
repeated in many rows."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sheetapp.core.system import installed_systems
from sheetapp.pdf import flowables
from sheetapp.pdf.export import render_pdf
from sheetapp.storage.files import load_document, parse_document

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "resources" / "examples").rglob("*.json"))
NIGHT_OWL = REPO / "resources" / "examples" / "gladiators" / "night-owl.json"


def _comparable(pdf: bytes) -> bytes:
    pdf = re.sub(rb"/ID \n\[<[0-9a-f]+><[0-9a-f]+>\]", b"", pdf)
    return re.sub(rb"/(CreationDate|ModDate) \(D:[0-9+'Z-]*\)", b"", pdf)


def _both_ways(monkeypatch: pytest.MonkeyPatch, loaded: object) -> tuple[bytes, bytes]:
    system, document = loaded.system, loaded.document  # type: ignore[attr-defined]
    evaluation = system.evaluate(document)
    monkeypatch.setattr(flowables, "MAX_PARSED", 0)
    flowables._PARSED.clear()
    plain = render_pdf(system, document, evaluation)
    monkeypatch.setattr(flowables, "MAX_PARSED", 4_000)
    render_pdf(system, document, evaluation)  # fills the cache
    cached = render_pdf(system, document, evaluation)
    return _comparable(plain), _comparable(cached)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_the_sheet_is_the_same_with_the_parse_cache(
    example: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plain, cached = _both_ways(monkeypatch, load_document(example, installed_systems()))
    assert plain == cached


def test_repeated_mixed_scripts_and_markup(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = json.loads(NIGHT_OWL.read_text(encoding="utf-8"))
    texts = ["שלום <b>עולם</b>", "مرحبا & <i>x</i>", '*bold?* <tag> & "quotes"', "Ωμέγα"]
    abilities = raw["character"]["abilities"]
    for index, ability in enumerate(abilities):
        ability["label"] = texts[index % len(texts)]
        ability["note"] = texts[(index + 1) % len(texts)]
    raw["character"]["abilities"] = abilities + [dict(a) for a in abilities]
    loaded = parse_document(json.dumps(raw).encode(), installed_systems())
    plain, cached = _both_ways(monkeypatch, loaded)
    assert plain == cached
