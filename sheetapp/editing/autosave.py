"""Autosave files: a dirty document's data with when it was saved and where it belongs.

One file per open document in the autosave folder (``sheetapp.paths.autosave_dir``):
``{"format": "sheetapp.autosave", "saved_at", "original_path", "title", "pid",
"document"}``. A clean save or close deletes it; a file left behind means the program
did not end normally, and the next start offers to recover it. The process id lets a
second running sheetapp leave the first one's autosaves alone.

Offering an orphaned autosave claims it first (:func:`claim_autosave`): it is renamed to
a name carrying the offering process's id (of two processes renaming one file only one
succeeds) and rewritten with that process's id, so a second sheetapp starting while the
first one's recovery question is open sees it claimed and does not offer it too.
"""

from __future__ import annotations

import json
import os
import re
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sheetapp.core.document import CharacterDocument
from sheetapp.core.system import SystemRegistry
from sheetapp.storage.atomic import atomic_write
from sheetapp.storage.errors import CharacterFileError
from sheetapp.storage.files import LoadedDocument, parse_document

AUTOSAVE_FORMAT = "sheetapp.autosave"
SUFFIX = ".autosave.json"
#: the name of an autosave a process claimed to offer it: ``<uuid>.<pid>.claimed<SUFFIX>``
_CLAIMED = re.compile(r"[0-9a-f]{32}\.([0-9]{1,10})\.claimed" + re.escape(SUFFIX))


@dataclass(frozen=True, slots=True)
class AutosaveRecord:
    """What an autosave file says about itself (its document is read on recovery)."""

    file: Path
    saved_at: datetime
    original_path: Path | None
    title: str
    pid: int
    #: what identifies that process beyond its id (boot and start time), "" if unknown
    process: str = ""
    #: the process that claimed it to offer it (from its file name), 0 if none did
    claimant: int = 0

    def describe(self) -> str:
        when = self.saved_at.astimezone().strftime("%Y-%m-%d %H:%M:%S")
        where = str(self.original_path) if self.original_path else "never saved"
        return f"{self.title or 'Untitled'} — autosaved {when} ({where})"


def new_autosave_file(folder: Path) -> Path:
    return folder / f"{uuid.uuid4().hex}{SUFFIX}"


def write_autosave(
    file: Path,
    document: CharacterDocument[Any, Any],
    original_path: Path | None,
    title: str,
    now: datetime | None = None,
) -> None:
    """Write (atomically, without a backup) the autosave of one document."""
    payload = {
        "format": AUTOSAVE_FORMAT,
        "saved_at": (now or datetime.now(UTC)).isoformat(),
        "original_path": str(original_path) if original_path else None,
        "title": title,
        "pid": os.getpid(),
        "process": process_identity(os.getpid()),
        "document": document.model_dump(mode="json"),
    }
    file.parent.mkdir(parents=True, exist_ok=True)
    data = (json.dumps(payload, ensure_ascii=False) + "\n").encode("utf-8")
    atomic_write(file, data, keep_backup=False)


def discard_autosave(file: Path) -> None:
    file.unlink(missing_ok=True)


def process_identity(pid: int) -> str:
    """The boot and the start time of process ``pid`` (Linux: /proc), so a process id
    the system gave again to another program is not taken for the sheetapp that wrote
    an autosave; "" where the system does not tell."""
    try:
        boot = Path("/proc/sys/kernel/random/boot_id").read_text(encoding="ascii").strip()
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return ""
    # the start time is field 22, counted after the command name's closing parenthesis
    fields = stat[stat.rfind(")") + 2 :].split()
    return f"{boot}:{fields[19]}" if len(fields) > 19 else ""


def _writer_alive(record: AutosaveRecord) -> bool:
    """Whether the sheetapp that wrote ``record``, or one that claimed it and has not yet
    rewritten it with its own id, still runs (and so owns it)."""
    if record.claimant and record.claimant != record.pid and _running(record.claimant):
        return True
    pid = record.pid
    if not _running(pid):
        return False
    # alive: the same process only if its identity, when both are known, matches
    if record.process:
        now = process_identity(pid)
        return not now or now == record.process
    return True


def _running(pid: int) -> bool:
    """Whether another process of that id runs (this one's own id: an earlier process
    that had it)."""
    if pid <= 0 or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        pass
    return True


def claim_autosave(record: AutosaveRecord) -> AutosaveRecord | None:
    """Make an orphaned autosave this process's before offering it; None when another
    process claimed (or discarded) it first. The file is renamed to a name carrying this
    process's id, which only one of two processes can do, then rewritten with this
    process's id and identity (a crash in between leaves a name whose process is gone:
    offered again next time)."""
    claimed = record.file.with_name(f"{uuid.uuid4().hex}.{os.getpid()}.claimed{SUFFIX}")
    try:
        os.rename(record.file, claimed)
    except FileNotFoundError:
        return None
    try:
        raw = json.loads(claimed.read_text(encoding="utf-8"))
        raw["pid"] = os.getpid()
        raw["process"] = process_identity(os.getpid())
        data = (json.dumps(raw, ensure_ascii=False) + "\n").encode("utf-8")
        atomic_write(claimed, data, keep_backup=False)
    except (OSError, ValueError, TypeError):
        pass  # still claimed by its name; recovery reads what is there
    return read_record(claimed)


def read_record(file: Path) -> AutosaveRecord | None:
    """The header of an autosave file; None when it is not one (it is then left alone)."""
    try:
        raw = json.loads(file.read_text(encoding="utf-8"))
        if not isinstance(raw, dict) or raw.get("format") != AUTOSAVE_FORMAT:
            return None
        saved_at = datetime.fromisoformat(str(raw["saved_at"]))
        original = raw.get("original_path")
        return AutosaveRecord(
            file,
            saved_at,
            Path(original) if isinstance(original, str) else None,
            str(raw.get("title", "")),
            int(raw.get("pid", 0)),
            str(raw.get("process", "")),
            _claimant(file),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _claimant(file: Path) -> int:
    found = _CLAIMED.fullmatch(file.name)
    return int(found.group(1)) if found else 0


def orphaned_autosaves(folder: Path) -> list[AutosaveRecord]:
    """Autosaves left by a sheetapp that is no longer running, newest first."""
    if not folder.is_dir():
        return []
    records = [read_record(file) for file in sorted(folder.glob(f"*{SUFFIX}"))]
    found = [r for r in records if r is not None and not _writer_alive(r)]
    return sorted(found, key=lambda record: record.saved_at, reverse=True)


def recover(record: AutosaveRecord, registry: SystemRegistry) -> LoadedDocument:
    """The autosaved document, through the same loader as any file."""
    try:
        raw = json.loads(record.file.read_text(encoding="utf-8"))
        data = json.dumps(raw["document"]).encode("utf-8")
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise CharacterFileError(f"the autosave '{record.file.name}'", str(exc)) from None
    return parse_document(data, registry, source=f"the autosave of '{record.title}'")
