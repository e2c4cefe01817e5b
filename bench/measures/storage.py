"""Open (read + migrate + validate, as the window and CLI do) and save of each large file."""

from __future__ import annotations

from functools import partial

from bench import targets
from bench.registry import Context, Row, measurement
from bench.stats import time_ms
from sheetapp.core.system import installed_systems
from sheetapp.storage.files import load_document, save_document


@measurement("open", "open: load_document", target=targets.OPEN)
def open_file(context: Context) -> list[Row]:
    registry = installed_systems()
    rows = []
    for fixture in context.targeted():
        stats = time_ms(partial(load_document, fixture.path, registry), context.fast)
        rows.append(
            Row(
                "open",
                "open: load_document (read, migrate, validate)",
                fixture.label,
                stats=stats,
                target=targets.OPEN,
                note=f"{fixture.bytes / 1024:.0f} kB",
            )
        )
    return rows


@measurement("save", "save: save_document")
def save_file(context: Context) -> list[Row]:
    rows = []
    for fixture in context.large():
        target = context.scratch / "save" / fixture.system / fixture.path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        stats = time_ms(partial(save_document, fixture.document, target), context.fast)
        rows.append(
            Row(
                "save",
                "save: save_document (atomic, with backup)",
                fixture.label,
                stats=stats,
                note="includes two fsyncs (backup and file); no target in DESIGN.md",
            )
        )
    return rows
