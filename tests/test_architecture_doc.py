"""docs/architecture.md stays true to the code: its layers table is the import-linter
contract, and every file, module and name it points at exists."""

from __future__ import annotations

import importlib
import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DOC = REPO / "docs" / "architecture.md"
_TICKED = re.compile(r"`([^`]+)`")


def _layers_contract() -> list[str]:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    for contract in config["tool"]["importlinter"]["contracts"]:
        if contract["type"] == "layers":
            return list(contract["layers"])
    raise AssertionError("no layers contract in pyproject.toml")


def _layers_table() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Layers and their import rules", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `(sheetapp[\w.]*)` \|", section, flags=re.MULTILINE)


def test_the_layers_table_is_the_contract_in_order() -> None:
    assert _layers_table() == _layers_contract()


def test_every_path_named_exists() -> None:
    text = DOC.read_text(encoding="utf-8")
    missing = []
    for ticked in _TICKED.findall(text):
        if re.fullmatch(r"[\w./-]+\.(py|md|json)|[\w./-]+/", ticked) is None:
            continue
        if "<" in ticked or ticked.startswith("../") or ticked.startswith("*"):
            continue
        if "/" in ticked:
            found = any((top / ticked).exists() for top in (REPO, REPO / "sheetapp"))
        else:  # a file named in the section of its package (``attacks.py`` of Capital)
            found = any(any(top.rglob(ticked)) for top in (REPO / "sheetapp", REPO / "ui"))
        if not found:
            missing.append(ticked)
    assert missing == []


def test_every_module_named_imports() -> None:
    text = DOC.read_text(encoding="utf-8")
    modules = {
        found
        for ticked in _TICKED.findall(text)
        for found in re.findall(r"^(?:sheetapp|ui)(?:\.\w+)+$", ticked)
    }
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    modules -= set(config["project"]["entry-points"])  # entry point groups, not modules
    wrong = []
    for name in sorted(modules - {"sheetapp.__main__"}):  # importing it runs the CLI
        try:
            importlib.import_module(name)
        except ImportError:
            # a name inside a module (``sheetapp.core.system.GameSystem``)
            module, _, attribute = name.rpartition(".")
            try:
                if not hasattr(importlib.import_module(module), attribute):
                    wrong.append(name)
            except ImportError:
                wrong.append(name)
    assert wrong == []
