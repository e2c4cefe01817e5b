"""Shared builders for the declared-action tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sheetapp.core.system import actions_of, installed_systems
from sheetapp.play.actions import Resolution, find_action, resolve
from sheetapp.storage.files import load_document

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"


def example(system: str, name: str) -> Any:
    return load_document(EXAMPLES / system / f"{name}.json", installed_systems()).document


def run(document: Any, name: str, **kwargs: Any) -> Resolution:
    """Resolve the action ``name`` of ``document``; options given as plain values."""
    system = installed_systems().get(document.system)
    options = {key: str(value) for key, value in kwargs.pop("options", {}).items()}
    return resolve(find_action(actions_of(system, document), name), options=options, **kwargs)
