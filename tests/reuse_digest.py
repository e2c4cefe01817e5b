"""What a user sees of a character, as text: the evaluation's issues, derived values,
totals and cost lines, and the printed sheet's content. ``python -m tests.reuse_digest
FILE...`` prints each file's digest as JSON, worked out in a process that evaluated
nothing before (``tests/test_reuse_after_edits.py`` compares them)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from sheetapp.core.system import installed_systems
from sheetapp.sheet import build_sheet
from sheetapp.storage.files import load_document


def digest(system: Any, document: Any) -> dict[str, str]:
    evaluation = system.evaluate(document)
    return {
        "issues": repr(evaluation.issues),
        "derived": repr(evaluation.derived),
        "totals": repr(evaluation.totals),
        "costs": repr(evaluation.costs),
        "sheet": repr(build_sheet(system, document, evaluation)),
    }


def file_digest(path: Path) -> dict[str, str]:
    loaded = load_document(path, installed_systems())
    return digest(loaded.system, loaded.document)


def main(paths: list[str]) -> None:
    json.dump({path: file_digest(Path(path)) for path in paths}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1:])
