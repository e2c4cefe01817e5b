"""The guide to adding a system is an example that runs: each code block marked
``<!-- file: PATH -->`` is that file of the Point Buy plug-in (``tests/plugins/pointbuy``,
run end to end by ``tests/plugins/test_pointbuy.py``), each marked ``<!-- excerpt: PATH -->``
stands in it verbatim, and the guide names every capability of the contract."""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from sheetapp.core import system as contract

REPO = Path(__file__).resolve().parents[1]
GUIDE = REPO / "docs" / "adding-a-system.md"
PLUGIN = REPO / "tests" / "plugins" / "pointbuy"
_BLOCK = re.compile(
    r"^<!-- (?P<kind>file|excerpt): (?P<path>\S+) -->\n```[a-z]*\n(?P<body>.*?)^```$",
    re.MULTILINE | re.DOTALL,
)


@dataclass(frozen=True)
class Block:
    kind: str
    path: str
    body: str


def blocks(guide: str) -> list[Block]:
    return [Block(m["kind"], m["path"], m["body"]) for m in _BLOCK.finditer(guide)]


def mismatches(guide: str) -> list[str]:
    """Every marked block that is not what its file holds."""
    wrong = []
    for block in blocks(guide):
        source = REPO / block.path
        if not source.is_file():
            wrong.append(f"{block.path}: no such file")
            continue
        text = source.read_text(encoding="utf-8")
        if block.kind == "file" and block.body != text:
            wrong.append(f"{block.path}: the guide's copy differs from the file")
        if block.kind == "excerpt" and block.body not in text:
            wrong.append(f"{block.path}: the excerpt does not stand in the file")
    return wrong


def test_every_marked_block_is_the_plugin_s_file() -> None:
    guide = GUIDE.read_text(encoding="utf-8")
    assert len(blocks(guide)) >= 10
    assert mismatches(guide) == []


def test_a_guide_that_differs_from_the_plugin_fails() -> None:
    guide = GUIDE.read_text(encoding="utf-8")
    assert "    body = document.character.attributes.body\n" in guide
    changed = guide.replace(
        "    body = document.character.attributes.body\n",
        "    body = document.character.attributes.mind\n",
    )
    assert any("rules.py" in problem for problem in mismatches(changed))


def test_the_guide_shows_every_file_of_the_plugin() -> None:
    shown = {block.path for block in blocks(GUIDE.read_text(encoding="utf-8"))}
    files = {
        str(path.relative_to(REPO))
        for path in PLUGIN.iterdir()
        if path.suffix in {".py", ".json"} and path.name != "__init__.py"
    }
    assert files - shown == set()


def test_the_guide_names_every_capability_of_the_contract() -> None:
    """Each runtime-checkable protocol of ``sheetapp.core.system`` is in the guide, and
    the guide's one way to ask is the module's."""
    guide = GUIDE.read_text(encoding="utf-8")
    protocols = [
        name
        for name, value in vars(contract).items()
        if inspect.isclass(value)
        and value.__module__ == contract.__name__
        and issubclass(value, Protocol)
        and getattr(value, "_is_runtime_protocol", False)
    ]
    assert len(protocols) >= 12
    assert [name for name in protocols if f"`{name}`" not in guide] == []
    assert "`capability(system, PrintsSheet)`" in guide and callable(contract.capability)
    assert "sheet_pdf.py" in guide and "declared(globals())" in guide
