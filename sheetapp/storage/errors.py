"""The one exception every failure to read a character file becomes."""

from __future__ import annotations

from sheetapp.core.issues import DataPath, format_path


class CharacterFileError(Exception):
    """A file could not be read as a character.

    ``problem`` says what is wrong in the user's words; the location is given as a
    line and column (JSON syntax), a data path (wrong type or value), or a catalog
    id (unknown item), whichever applies.
    """

    def __init__(
        self,
        source: str,
        problem: str,
        *,
        line: int | None = None,
        column: int | None = None,
        path: DataPath | None = None,
        catalog_id: str | None = None,
        hint: str = "",
    ) -> None:
        self.source = source
        self.problem = problem
        self.line = line
        self.column = column
        self.path = path
        self.catalog_id = catalog_id
        self.hint = hint
        super().__init__(self.user_message())

    @property
    def location(self) -> str:
        parts: list[str] = []
        if self.line is not None:
            parts.append(f"line {self.line}, column {self.column}")
        if self.path is not None:
            parts.append(f"at {format_path(tuple(_short(part) for part in self.path))}")
        if self.catalog_id is not None:
            parts.append(f"catalog id '{_short(self.catalog_id)}'")
        return "; ".join(parts)

    def user_message(self) -> str:
        """One paragraph: which file, what is wrong, where, and what to do."""
        text = f"Cannot open {self.source}: {self.problem}"
        if self.location:
            text += f" (where: {self.location})"
        if not text.endswith("."):
            text += "."
        if self.hint:
            text += f" {self.hint}"
        return text


MAX_SHOWN = 60


def shorten(text: str, limit: int = MAX_SHOWN) -> str:
    """Text from the file as a message quotes it: a 1 MB value must not make a 1 MB message."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def shown(value: object) -> str:
    """``repr`` of a value from the file, shortened (a 4,000-digit number included)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**MAX_SHOWN:
        return f"a number of {len(str(abs(value)))} digits"
    return shorten(repr(value))


def _short(part: str | int) -> str | int:
    return shorten(part) if isinstance(part, str) else part
