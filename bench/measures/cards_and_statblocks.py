"""The short forms and the ledger, through the commands a user runs (issue 37, defect
10): the play card (``export-pdf --layout card``), the GM statblock (``--layout
statblock``) and ``export-text`` of the 300- and 1,000-item characters, and the full
sheet of a character with a 3,000-entry advancement ledger. The time includes opening
the file."""

from __future__ import annotations

import contextlib
import io
from functools import partial
from pathlib import Path

from bench import targets
from bench.fixtures import Fixture
from bench.registry import Context, Row, measurement, module_probe
from bench.stats import time_ms
from sheetapp.cli import main as sheetapp_main

PROBE = module_probe("sheetapp.pdf.playsheet_renderer", "the play card and statblocks")
#: the ledger's length: a long campaign played for years, session by session
LEDGER_ENTRIES = 3000


class CommandFailed(RuntimeError):
    pass


def run(arguments: list[str]) -> None:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = sheetapp_main(arguments)
    if code not in (0, 1):
        raise CommandFailed(f"{arguments[0]} exited with {code}: {err.getvalue().strip()}")


def _forms(fixture: Fixture, scratch: Path) -> list[tuple[str, list[str]]]:
    out = scratch / "playsheets" / f"{fixture.system}-{fixture.name}"
    out.parent.mkdir(parents=True, exist_ok=True)
    source = str(fixture.path)
    return [
        ("play card (export-pdf --layout card)", ["export-pdf", source, "--layout", "card",
                                                  "-o", f"{out}-card.pdf", "--force"]),
        ("statblock (export-pdf --layout statblock)", ["export-pdf", source, "--layout",
                                                       "statblock", "-o", f"{out}-sb.pdf",
                                                       "--force"]),
        ("statblock as text (export-text)", ["export-text", source, "-o", f"{out}.txt",
                                             "--force"]),
    ]  # fmt: skip


@measurement(
    "playsheets", "play card, statblock and export-text", probe=PROBE, target=targets.SHORT_FORMS
)
def short_forms(context: Context) -> list[Row]:
    rows = []
    sizes = [f for f in context.scaling if f.name in ("scale-300", "scale-1000")]
    for fixture in sizes:
        for title, arguments in _forms(fixture, context.scratch):
            try:
                run(arguments)
            except CommandFailed as exc:
                rows.append(Row("playsheets", title, fixture.label, note=f"failed: {exc}"))
                continue
            stats = time_ms(partial(run, arguments), context.slow)
            target = targets.SHORT_FORMS if fixture.name == "scale-1000" else None
            rows.append(Row("playsheets", title, fixture.label, stats=stats, target=target))
    return rows


def ledger_fixture(folder: Path, entries: int = LEDGER_ENTRIES) -> Path:
    """Night Owl with ``entries`` sessions in her ledger, each earning 1 GP (built
    directly: committing them one by one copies the growing ledger each time)."""
    from sheetapp.advancement import Advancement, commit
    from sheetapp.core.system import installed_systems
    from sheetapp.storage.examples import load_example
    from sheetapp.storage.files import dump_document

    systems = installed_systems()
    system = systems.get("gladiators")
    document = load_example("gladiators", "night-owl", systems).document
    first = Advancement(earned={"gp": 1}, label="Session 1", note="", date="2024-05-01")
    document = commit(system, document, first)
    zero, one = document.history
    history = [zero] + [
        one.model_copy(
            update={"id": f"session-{n}", "label": f"Session {n}", "note": f"Bout {n} won"}
        )
        for n in range(1, entries + 1)
    ]
    path = folder / f"ledger-{entries}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(dump_document(document.model_copy(update={"history": history})))
    return path


@measurement(
    "ledger", "full sheet of a 3,000-entry ledger", probe=PROBE, target=targets.LEDGER_SHEET
)
def ledger_sheet(context: Context) -> list[Row]:
    source = ledger_fixture(context.scratch / "ledger")
    output = context.scratch / "ledger" / "sheet.pdf"
    arguments = ["export-pdf", str(source), "-o", str(output), "--force"]
    title = f"full sheet with a {LEDGER_ENTRIES:,}-entry ledger (export-pdf)"
    run(arguments)
    stats = time_ms(partial(run, arguments), context.slow)
    size = output.stat().st_size / 1024
    return [
        Row(
            "ledger",
            title,
            f"gladiators/ledger-{LEDGER_ENTRIES}",
            stats=stats,
            target=targets.LEDGER_SHEET,
            note=f"{size:.0f} kB",
        )
    ]
