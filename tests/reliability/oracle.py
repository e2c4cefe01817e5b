"""What every fuzzed load must satisfy, whatever the input.

A case ends in exactly one of two ways: a loaded document that evaluates and
survives a save/load cycle unchanged, or one :class:`CharacterFileError` whose user
message names the file and, where the problem has a place, the place. Anything
else (another exception, a hang, a changed input file) fails the test.
"""

from __future__ import annotations

import os
import signal
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from sheetapp.core.system import SystemRegistry
from sheetapp.storage.errors import CharacterFileError
from sheetapp.storage.files import LoadedDocument, dump_document, load_document, parse_document

SOURCE_NAME = "fuzzed.json"


def _placeless(problem: str) -> bool:
    """Problems of the whole file, with no place in it to point at."""
    return problem == "the file is empty" or "character files are refused above" in problem


#: Seconds one case may take before it counts as a hang. Not a performance bound: a
#: case takes milliseconds; this only turns an endless loop into a failure.
HANG_SECONDS = 20.0

#: An arbitrary old time stamp given to input files, so any write would change it.
OLD_MTIME_NS = 1_000_000_000 * 1_000_000_000


class Hang(AssertionError):
    pass


@contextmanager
def hang_guard(what: str, seconds: float = HANG_SECONDS) -> Iterator[None]:
    """Fail (instead of waiting forever) when the block runs longer than ``seconds``."""
    if sys.platform == "win32":  # no SIGALRM; CI runs the suite on Linux
        yield
        return

    def expired(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"no result after {seconds:.0f} s: {what}")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def check_refusal(error: CharacterFileError, source_name: str = SOURCE_NAME) -> None:
    message = error.user_message()
    assert message.strip(), "the user message is empty"
    assert source_name in message, f"the message does not name the file: {message!r}"
    message.encode("utf-8")  # printable anywhere: no lone surrogates
    assert len(message) < 2_000, f"a message of {len(message)} characters"
    if not _placeless(error.problem):
        assert error.location, f"the message names no place: {message!r}"


def check_loaded(loaded: LoadedDocument, registry: SystemRegistry) -> None:
    """It evaluates, and saving then loading gives back the same document."""
    evaluation = loaded.evaluate()
    evaluation.to_json()  # every number and text the readers show can be rendered
    for line in evaluation.costs:
        for part in line.walk():
            assert isinstance(part.amount, int)
    saved = dump_document(loaded.document)
    again = parse_document(saved, registry, source="the saved copy")
    assert again.document.model_dump() == loaded.document.model_dump(), "a save lost data"


#: files larger than this are loaded and saved but not printed (the print of a fuzzed
#: large file takes seconds; the hostile-text and never-truncated tests cover size)
PRINT_AT_MOST = 30_000


def check_outputs(loaded: LoadedDocument, size: int) -> None:
    """What a loaded file is used for also works on it: the PDF sheet and the statblock,
    and the ledger's report (a refusal of the ledger is a clear ``LedgerError``, never
    another exception)."""
    from sheetapp.advancement import LedgerError, ledger_report
    from sheetapp.pdf.export import render_pdf_reporting
    from sheetapp.playsheets import statblock

    evaluation = loaded.evaluate()
    if size <= PRINT_AT_MOST:
        data, _missing = render_pdf_reporting(loaded.system, loaded.document, evaluation)
        assert data.startswith(b"%PDF")
    assert statblock(loaded.system, loaded.document, evaluation).text()
    try:
        ledger_report(loaded.system, loaded.document)
    except LedgerError as error:
        assert str(error)


def check_bytes(data: bytes, registry: SystemRegistry, tally: Counter[str], kind: str) -> None:
    """Feed ``data`` to the loader in memory and check the outcome."""
    with hang_guard(f"{kind}, {len(data)} bytes"):
        try:
            loaded = parse_document(data, registry, source=f"'{SOURCE_NAME}'")
        except CharacterFileError as error:
            check_refusal(error)
            tally[f"{kind}: refused"] += 1
            return
        check_loaded(loaded, registry)
    tally[f"{kind}: loaded"] += 1


def check_file(
    data: bytes, folder: Path, registry: SystemRegistry, tally: Counter[str], kind: str
) -> None:
    """The same through a real file, which must be exactly as it was afterwards."""
    path = folder / SOURCE_NAME
    path.write_bytes(data)
    os.utime(path, ns=(OLD_MTIME_NS, OLD_MTIME_NS))
    before = set(folder.iterdir())
    with hang_guard(f"{kind} (file), {len(data)} bytes"):
        try:
            loaded = load_document(path, registry)
        except CharacterFileError as error:
            check_refusal(error)
            outcome = "refused"
        else:
            check_loaded(loaded, registry)
            check_outputs(loaded, len(data))
            outcome = "loaded"
    assert path.read_bytes() == data, "loading changed the file"
    assert path.stat().st_mtime_ns == OLD_MTIME_NS, "loading touched the file"
    assert set(folder.iterdir()) == before, "loading created or removed files"
    tally[f"{kind} via a file: {outcome}"] += 1
