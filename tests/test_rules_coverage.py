"""Each system's rules-coverage table (``docs/rules-coverage/<system id>.md``) is held to
its rulebook and to the code.

The table is written by reading the rulebook from start to end, one row per rule
paragraph. It is one Markdown table with the columns

    | lines | rule | implemented by | tests | status |

- **lines**: one or more ranges of the seed, ``L120-L134`` or ``L57``, comma-separated;
- **rule**: the rule in words;
- **implemented by**: backticked names: issue codes (``capital.strengths_count``),
  derived-value keys or printed fields (any name that stands in the system's code,
  catalogs or templates);
- **tests**: backticked test ids, ``tests/capital/test_rules.py::test_strengths``;
- **status**: ``done``, ``out of scope: why`` or ``no rule: why`` (prose, examples,
  headings, tables of contents).

What this test holds:
- the ranges of a table, taken together, cover every non-blank line of its seed;
- every issue code a row names is declared, every other name stands in the system's
  files, every test a row names exists;
- a ``done`` row names what implements it and a test;
- every declared issue code's cited lines fall inside a ``done`` row.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from sheetapp.core.codes import IssueCode
from sheetapp.core.system import installed_systems
from tests.rulebooks import SEEDS, needs_rulebooks

REPO = Path(__file__).resolve().parents[1]
TABLES = REPO / "docs" / "rules-coverage"
COLUMNS = ["lines", "rule", "implemented by", "tests", "status"]
_RANGE = re.compile(r"^L(\d+)(?:\s*[-–]\s*L?(\d+))?$")
_TICKED = re.compile(r"`([^`]+)`")
_STATUS = re.compile(r"^(done|out of scope: \S.*|no rule: \S.*)$")

pytestmark = needs_rulebooks


@dataclass(frozen=True)
class Row:
    number: int  # line of the Markdown file
    ranges: tuple[tuple[int, int], ...]
    implemented: tuple[str, ...]
    tests: tuple[str, ...]
    status: str

    def covers(self, first: int, last: int) -> bool:
        return any(start <= first and last <= end for start, end in self.ranges)


def cells(line: str) -> list[str]:
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") else inner
    # a pipe inside backticks or escaped (\|) belongs to its cell
    parts, cell, ticked, escaped = [], "", False, False
    for char in inner:
        if escaped:
            cell, escaped = cell + char, False
        elif char == "\\":
            cell, escaped = cell + char, True
        elif char == "`":
            cell, ticked = cell + char, not ticked
        elif char == "|" and not ticked:
            parts.append(cell.strip())
            cell = ""
        else:
            cell += char
    parts.append(cell.strip())
    return parts


def parse_ranges(text: str) -> tuple[tuple[int, int], ...]:
    ranges = []
    for part in text.split(","):
        found = _RANGE.match(part.strip())
        if not found:
            raise ValueError(f"not a range of lines: {part.strip()!r}")
        first = int(found.group(1))
        last = int(found.group(2) or first)
        if last < first:
            raise ValueError(f"range runs backwards: {part.strip()!r}")
        ranges.append((first, last))
    return tuple(ranges)


def read_table(path: Path) -> list[Row]:
    rows: list[Row] = []
    header_seen = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.lstrip().startswith("|"):
            continue
        row = cells(line)
        if not header_seen:
            assert [c.lower() for c in row] == COLUMNS, f"{path.name}:{number}: header {row}"
            header_seen = True
            continue
        if all(set(c) <= set("-: ") for c in row):
            continue
        assert len(row) == len(COLUMNS), f"{path.name}:{number}: {len(row)} cells, not 5"
        lines, _rule, implemented, tests, status = row
        try:
            ranges = parse_ranges(lines)
        except ValueError as error:
            raise AssertionError(f"{path.name}:{number}: {error}") from None
        assert _STATUS.match(status), (
            f"{path.name}:{number}: status {status!r} is not 'done', "
            "'out of scope: why' or 'no rule: why'"
        )
        rows.append(
            Row(
                number,
                ranges,
                tuple(_TICKED.findall(implemented)),
                tuple(_TICKED.findall(tests)),
                status,
            )
        )
    assert header_seen, f"{path.name}: no table with the columns {COLUMNS}"
    return rows


def tables() -> list[str]:
    ids = set(installed_systems().ids())
    found = sorted(path.stem for path in TABLES.glob("*.md")) if TABLES.is_dir() else []
    unknown = [name for name in found if name not in ids and name != "README"]
    assert not unknown, f"coverage tables for no installed system: {unknown}"
    return [name for name in found if name in ids]


def package(system_id: str) -> str:
    return system_id.replace("-", "_")


def declared_codes(system_id: str) -> dict[str, IssueCode]:
    module = importlib.import_module(f"sheetapp.systems.{package(system_id)}.codes")
    codes: dict[str, IssueCode] = module.CODES
    return codes


def system_text(system_id: str) -> str:
    """Everything a name in 'implemented by' may stand in: the system's package, its
    window code, catalogs and sheet templates, and the shared domain."""
    roots = [
        REPO / "sheetapp",
        REPO / "ui",
        REPO / "resources" / system_id,
        REPO / "resources" / package(system_id),
        REPO / "templates",
    ]
    texts = []
    for root in roots:
        if root.is_dir():
            for path in root.rglob("*"):
                if path.is_file() and path.suffix in {".py", ".json", ".toml", ".yaml", ".md"}:
                    texts.append(path.read_text(encoding="utf-8", errors="replace"))
    return "\n".join(texts)


def named_test_exists(test_id: str) -> bool:
    path_part, _, name = test_id.partition("::")
    path = REPO / path_part
    if not path.is_file():
        return False
    if not name:
        return True
    function = name.split("[", 1)[0].split("::")[-1]
    return (
        re.search(
            rf"^\s*(async\s+)?def {re.escape(function)}\(", path.read_text(encoding="utf-8"), re.M
        )
        is not None
    )


def seed_of(system_id: str) -> list[str]:
    seed = installed_systems().get(system_id).seed
    return (SEEDS / seed).read_text(encoding="utf-8", errors="replace").split("\n")


@pytest.mark.parametrize("system_id", tables() if TABLES.is_dir() else [])
def test_the_table_covers_every_line_of_the_seed(system_id: str) -> None:
    rows = read_table(TABLES / f"{system_id}.md")
    lines = seed_of(system_id)
    covered: set[int] = set()
    for row in rows:
        for first, last in row.ranges:
            assert last <= len(lines), f"row at line {row.number}: L{last} is past the seed's end"
            covered.update(range(first, last + 1))
    missed = [n for n, text in enumerate(lines, 1) if text.strip() and n not in covered]
    spans: list[str] = []
    for n in missed:
        if spans and spans[-1].endswith(f"-L{n - 1}"):
            spans[-1] = spans[-1].rsplit("-", 1)[0] + f"-L{n}"
        elif spans and spans[-1] == f"L{n - 1}":
            spans[-1] = f"L{n - 1}-L{n}"
        else:
            spans.append(f"L{n}")
    assert not missed, (
        f"{len(missed)} non-blank lines of the seed are in no row: {', '.join(spans[:40])}"
    )


@pytest.mark.parametrize("system_id", tables() if TABLES.is_dir() else [])
def test_every_name_and_test_a_row_names_exists(system_id: str) -> None:
    rows = read_table(TABLES / f"{system_id}.md")
    codes = declared_codes(system_id)
    text = system_text(system_id)
    wrong = []
    for row in rows:
        if row.status == "done":
            if not row.implemented:
                wrong.append(f"line {row.number}: a done row names nothing that implements it")
            if not row.tests:
                wrong.append(f"line {row.number}: a done row names no test")
        for name in row.implemented:
            if name.startswith(f"{system_id}."):
                if name not in codes:
                    wrong.append(f"line {row.number}: issue code {name} is not declared")
            elif name not in text:
                wrong.append(f"line {row.number}: {name!r} stands nowhere in the code or catalogs")
        for test_id in row.tests:
            if not named_test_exists(test_id):
                wrong.append(f"line {row.number}: test {test_id} does not exist")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("system_id", tables() if TABLES.is_dir() else [])
def test_every_cited_rule_falls_in_a_done_row(system_id: str) -> None:
    rows = [row for row in read_table(TABLES / f"{system_id}.md") if row.status == "done"]
    outside = [
        f"{code} ({code.citation.where()})"
        for code in declared_codes(system_id).values()
        if code.citation is not None
        and not any(row.covers(code.citation.first, code.citation.last) for row in rows)
    ]
    assert not outside, "issue codes citing lines no done row covers:\n" + "\n".join(outside)


def test_the_format_is_checked() -> None:
    """The reader refuses what the format forbids (so a malformed table cannot pass)."""
    assert parse_ranges("L3, L10-L12") == ((3, 3), (10, 12))
    with pytest.raises(ValueError):
        parse_ranges("3-10")
    with pytest.raises(ValueError):
        parse_ranges("L12-L10")
    assert cells("| L1 | a \\| b | `x|y` | | done |") == ["L1", "a \\| b", "`x|y`", "", "done"]
    assert _STATUS.match("out of scope: card deck")
    assert not _STATUS.match("todo")
    row = Row(1, ((5, 9),), (), (), "done")
    assert row.covers(6, 9) and not row.covers(4, 6)
