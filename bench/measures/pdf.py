"""PDF export of each large fixture, through the `export-pdf` command (DESIGN.md contract).

Available once ``sheetapp.pdf`` exists and the command no longer answers "not
available" (exit 3) for the fixture's system. The time includes opening the file, as
a user waits for both.
"""

from __future__ import annotations

import contextlib
import io
from functools import partial

from bench import targets
from bench.registry import Context, Row, measurement, module_probe
from bench.stats import time_ms
from sheetapp.cli import EXIT_UNAVAILABLE
from sheetapp.cli import main as sheetapp_main

PROBE = module_probe("sheetapp.pdf", "the PDF renderer, issue 5, has not landed")


class ExportFailed(RuntimeError):
    pass


def export(source: str, output: str) -> None:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = sheetapp_main(["export-pdf", source, "-o", output, "--force"])
    if code == EXIT_UNAVAILABLE:
        raise ExportFailed(err.getvalue().strip() or "export-pdf answered 'not available'")
    if code not in (0, 1):
        raise ExportFailed(f"export-pdf exited with {code}: {err.getvalue().strip()}")


@measurement("pdf", "PDF export (export-pdf)", probe=PROBE, target=targets.PDF)
def pdf_export(context: Context) -> list[Row]:
    rows = []
    for fixture in context.targeted():
        target = targets.PDF if fixture.kind == "large" else targets.PDF_THOUSAND
        output = context.scratch / "pdf" / f"{fixture.system}-{fixture.name}.pdf"
        output.parent.mkdir(parents=True, exist_ok=True)
        title = "PDF export: export-pdf FILE -o OUT.pdf (open + render + write)"
        try:
            export(str(fixture.path), str(output))
        except ExportFailed as exc:
            rows.append(
                Row("pdf", title, fixture.label, target=target, note=f"not available: {exc}")
            )
            continue
        stats = time_ms(partial(export, str(fixture.path), str(output)), context.slow)
        size = output.stat().st_size / 1024
        rows.append(
            Row("pdf", title, fixture.label, stats=stats, target=target, note=f"{size:.0f} kB")
        )
    return rows
