"""Bytes to a JSON object, defensively: every way the text can be bad is one
:class:`CharacterFileError` with a line and column (or a data path).

Each check is linear in the size of the file, so no input can make the loader hang:
the nesting depth is counted before parsing (a deep file cannot exhaust the stack),
the constants NaN/Infinity and numbers that overflow to infinity are refused (they
are not JSON and a save could not write them back), integers longer than Python
will convert are refused with their place, and strings holding half of a UTF-16
surrogate pair (``"\\ud800"``) are refused because no UTF-8 file can store them, so
the character could never be saved again.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Iterator
from itertools import accumulate
from typing import Any

from sheetapp.core.issues import DataPath
from sheetapp.storage.errors import CharacterFileError

MAX_NESTING = 64

# A string token (the closing quote is optional so an unterminated string is one
# token up to the end of the text, never rescanned from each quote inside it) or a
# bracket. Written as an unrolled loop: linear, no backtracking.
_STRUCTURE = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


class _BadNumber(ValueError):
    def __init__(self, literal: str, problem: str) -> None:
        self.literal = literal
        self.problem = problem
        super().__init__(problem)


def decode(data: bytes, source: str) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _position(data, exc.start)
        raise CharacterFileError(
            source, "it is not UTF-8 text (is it a character file?)", line=line, column=column
        ) from None
    text = text.removeprefix("\ufeff")
    if text.startswith("\ufeff"):
        raise CharacterFileError(
            source,
            "it starts with two byte-order marks (an invisible mark an editor adds); "
            "save it again as UTF-8 without a BOM",
            line=1,
            column=1,
        )
    return text


def _position(text: str | bytes, offset: int) -> tuple[int, int]:
    """1-based line and column of ``offset``."""
    newline: Any = b"\n" if isinstance(text, bytes) else "\n"
    line = text.count(newline, 0, offset) + 1
    column = offset - (text.rfind(newline, 0, offset) + 1) + 1
    return line, column


def check_nesting(text: str, source: str) -> None:
    """Refuse text nested deeper than :data:`MAX_NESTING`, before it is parsed.

    The usual file is counted at C speed: strings removed, then the brackets left
    summed as +1/-1; only a file found too deep is read token by token, to say where.
    """
    brackets = _brackets(text)
    if len(brackets) <= MAX_NESTING:
        return
    if max(accumulate(map(_BRACKET_STEP.__getitem__, brackets))) > MAX_NESTING:
        _refuse_nesting(text, source)


def _brackets(text: str) -> bytes:
    """The brackets of ``text`` outside its strings, in order."""
    # With no backslash before a quote, every quote opens or closes a string, so the text
    # outside the strings is every other part between quotes (a split, at C speed);
    # otherwise the strings are found token by token.
    outside = _STRING.sub("", text) if '\\"' in text else "".join(text.split('"')[::2])
    return outside.encode("utf-8", "surrogatepass").translate(None, _NOT_BRACKET_BYTES)


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKET_BYTES = bytes(code for code in range(256) if chr(code) not in "[]{}")
_BRACKET_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def _refuse_nesting(text: str, source: str) -> None:
    depth = 0
    for match in _STRUCTURE.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_NESTING:
                line, column = _position(text, match.start())
                raise CharacterFileError(
                    source,
                    f"the data is nested more than {MAX_NESTING} levels deep",
                    line=line,
                    column=column,
                )
        elif token in "]}":
            depth -= 1


#: the "system" field of a character file, as sheetapp writes it near the top (an id)
SYSTEM_FIELD = re.compile(rb'"system"\s*:\s*"([a-z0-9_-]{1,64})"')


def colons_in_strings(data: bytes, wanted: int) -> bool:
    """Whether at least ``wanted`` colons of the JSON text ``data`` stand surely inside
    its strings.

    Outside its strings a JSON text has a colon only after a key: right after the key's
    closing quote, or after whitespace. So a colon after any other character is inside a
    string (one after whitespace or after a quote may be a key's: not counted). Found by
    a C-speed search that stops only at colons not right after a quote, and no later
    than the ``wanted``-th; only valid JSON is counted (the caller has it parsed).
    """
    if wanted <= 0:
        return True
    found = 0
    for colon in _COLON_NOT_AFTER_QUOTE.finditer(data):
        if data[colon.start() - 1 : colon.start()] not in _MAYBE_A_KEY_BEFORE:
            found += 1
            if found >= wanted:
                return True
    return False


# a colon not right after a quote that is itself not right after a backslash
_COLON_NOT_AFTER_QUOTE = re.compile(rb':(?<![^\\]":)')
_MAYBE_A_KEY_BEFORE = frozenset({b"", b" ", b"\t", b"\n", b"\r", b'"'})


def _refuse_constant(name: str) -> Any:
    raise _BadNumber(name, f"{name} is not a valid JSON number")


def _parse_int(literal: str) -> int:
    digits = len(literal.lstrip("-"))
    if digits > sys.get_int_max_str_digits():
        raise _BadNumber(literal, f"a number has {digits} digits, far too many for any value")
    return int(literal)


def _parse_float(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        shown = literal if len(literal) < 30 else literal[:27] + "..."
        raise _BadNumber(literal, f"the number {shown} is too large to store")
    return value


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__(key)


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object, refused when a key appears twice (JSON leaves it open; the last one
    silently winning would lose the first)."""
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return found


def _loads(text: str, *, checked_ints: bool) -> Any:
    return json.loads(
        text,
        object_pairs_hook=_no_duplicate_keys,
        parse_constant=_refuse_constant,
        parse_float=_parse_float,
        parse_int=_parse_int if checked_ints else None,
    )


def _looks_like(text: str) -> str:
    """What a file that is not JSON seems to be, in a user's words."""
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith("%PDF"):
        return "a PDF document"
    if head.startswith("<"):
        return "a web page or XML document"
    if head.startswith(("#", "---", "* ", "- ")):
        return "a text document (Markdown)"
    return "plain text"


def parse_object(text: str, source: str) -> dict[str, Any]:
    """The JSON object in ``text`` (nesting already checked)."""
    if not text.strip():
        raise CharacterFileError(source, "the file is empty")
    start = text.lstrip("\ufeff \t\r\n")[:1]
    if start not in ("{", "["):
        raise CharacterFileError(
            source,
            f"it is {_looks_like(text)}, not a character file (sheetapp's character files "
            "are JSON text, which starts with '{')",
            line=1,
            column=1,
            hint="Open a character file saved by sheetapp (a .json file), or start a new "
            "character.",
        )
    try:
        try:
            raw = _loads(text, checked_ints=False)
        except ValueError as exc:
            if type(exc) is not ValueError:
                raise
            # an integer too long for Python to convert: parsed again, each integer
            # checked, to say which one and where
            raw = _loads(text, checked_ints=True)
    except json.JSONDecodeError as exc:
        raise CharacterFileError(
            source,
            f"it is not valid JSON ({exc.msg}); the file may be truncated or damaged",
            line=exc.lineno,
            column=exc.colno,
        ) from None
    except _BadNumber as exc:
        line, column = _locate_number(text, exc.literal)
        raise CharacterFileError(
            source, f"it is not valid JSON ({exc.problem})", line=line, column=column
        ) from None
    except _DuplicateKey as exc:
        line, column = _position(text, max(0, text.find(f'"{exc.key}"')))
        raise CharacterFileError(
            source,
            f"the key '{exc.key[:60]}' appears twice in one object; which one is meant "
            "cannot be told",
            line=line,
            column=column,
        ) from None
    except (ValueError, RecursionError) as exc:
        raise CharacterFileError(source, f"it is not valid JSON ({exc})") from None
    if not isinstance(raw, dict):
        raise CharacterFileError(
            source,
            f"it holds a JSON {type(raw).__name__.replace('dict', 'object')}, not a character",
            path=(),
        )
    if _SURROGATE_ESCAPE.search(text):
        _refuse_lone_surrogates(raw, source)
    return raw


def _locate_number(text: str, literal: str) -> tuple[int, int]:
    """Where the offending number literal stands: as a value (after a ':', '[' or ',',
    or first in the text) if it is found there, else its first occurrence anywhere."""
    pattern = re.compile(r"(?:^|[:\[,])\s*(" + re.escape(literal) + r")(?![0-9.eE+-])")
    match = pattern.search(text)
    if match is not None:
        return _position(text, match.start(1))
    return _position(text, max(0, text.find(literal)))


def _refuse_lone_surrogates(raw: dict[str, Any], source: str) -> None:
    for path, text in _strings(raw, ()):
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise CharacterFileError(
                source,
                "a text holds half of an escaped character pair (such as \\ud800), "
                "which cannot be stored in a UTF-8 file",
                path=path,
                hint="Another program wrote a broken escape; remove or retype that text.",
            ) from None


def _strings(node: Any, path: DataPath) -> Iterator[tuple[DataPath, str]]:
    """Every string (keys included) in a parsed JSON tree, with its path."""
    if isinstance(node, str):
        yield path, node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield path, key  # the key's own text must not appear in the message
            yield from _strings(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _strings(value, (*path, index))
