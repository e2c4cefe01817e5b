"""The portable JSON export: the character plus everything computed from it, for other tools."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from sheetapp import __version__
from sheetapp.core.evaluation import Evaluation
from sheetapp.storage.files import EXPORT_FORMAT_ID, LoadedDocument

EXPORT_VERSION = 1


def export_data(loaded: LoadedDocument, evaluation: Evaluation) -> dict[str, Any]:
    return {
        "format": EXPORT_FORMAT_ID,
        "export_version": EXPORT_VERSION,
        "generator": f"sheetapp {__version__}",
        "exported_at": datetime.now(UTC).replace(microsecond=0).isoformat(),
        "system": {
            "id": loaded.system.id,
            "name": loaded.system.name,
            "version": loaded.system.system_version,
        },
        "document": loaded.document.model_dump(mode="json"),
        "evaluation": evaluation.to_json(),
    }


def export_bytes(loaded: LoadedDocument, evaluation: Evaluation) -> bytes:
    text = json.dumps(export_data(loaded, evaluation), ensure_ascii=False, indent=2)
    return (text + "\n").encode("utf-8")
