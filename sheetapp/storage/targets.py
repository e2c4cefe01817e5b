"""Where an export may be written: never over a character it was made from or one that
is open (by any name for it: a symbolic link, a hard link), never onto a folder, a
device or a pipe. The command line and the window refuse the same targets."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path


def same_file(one: Path, other: Path) -> bool:
    """Whether two names reach one file (through links of either kind)."""
    try:
        return os.path.samefile(one, other)
    except OSError:  # one of them does not exist (or cannot be reached): not the same
        return False


def export_refusal(target: Path, characters: Iterable[Path]) -> str | None:
    """Why an export must not be written to ``target`` (None when it may be): it is one
    of ``characters`` (the input, or an open character), a folder, a device or a pipe."""
    for character in characters:
        if same_file(target, character):
            return (
                f"{target} is the character file {character.name}: writing the export "
                "there would replace the character. Choose another file name."
            )
    try:
        info = os.stat(target)
    except OSError:  # nothing there yet (or a dangling link): the write says what fails
        return None
    if stat.S_ISDIR(info.st_mode):
        return f"{target} is a folder: choose a file name inside it."
    if not stat.S_ISREG(info.st_mode):
        return f"{target} is not a regular file (a device or a pipe): choose another file."
    return None
