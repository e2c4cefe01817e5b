"""What a character file was when the window last read or wrote it: its size, its
modification time and a hash of its bytes. The window compares it before saving, so a
change another program made meanwhile (``sheetapp advance`` on the same file) is never
overwritten without the user's word."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

#: read in pieces: a character file is at most 20 MB
CHUNK = 1 << 20


@dataclass(frozen=True, slots=True)
class Fingerprint:
    size: int
    modified_ns: int
    sha256: str


def fingerprint(path: Path) -> Fingerprint | None:
    """The file's fingerprint now; None when it does not exist (or cannot be read)."""
    try:
        info = os.stat(path)
        digest = hashlib.sha256()
        with open(path, "rb") as handle:
            while chunk := handle.read(CHUNK):
                digest.update(chunk)
    except OSError:
        return None
    return Fingerprint(info.st_size, info.st_mtime_ns, digest.hexdigest())


def changed_since(path: Path, seen: Fingerprint | None) -> bool:
    """Whether the file is not the one ``seen`` (a file that appeared or vanished counts;
    the same bytes with another time do not)."""
    now = fingerprint(path)
    if now is None or seen is None:
        return now != seen
    return (now.size, now.sha256) != (seen.size, seen.sha256)
