"""What a printed sheet says, independent of any game system and of PDF.

A system may offer ``sheet(document, evaluation) -> Sheet`` (the
:class:`~sheetapp.core.system.PrintsSheet` capability, not a required
:class:`~sheetapp.core.system.GameSystem` member).
:func:`build_sheet` calls it when present and otherwise builds a generic sheet from
the :class:`~sheetapp.core.evaluation.Evaluation`; either way it adds the sections
every system shares (cost breakdown, notes, advancement history, remaining issues).
Every number comes from the evaluation, so paper and window agree.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel

from sheetapp.core.changes import Change, ChangeError
from sheetapp.core.costs import CostLine, Total
from sheetapp.core.document import CharacterDocument, HistoryEntry
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import DataPath, Issue, Severity, format_path
from sheetapp.core.system import GameSystem, choice_labels, sheet_builder

if TYPE_CHECKING:
    from sheetapp.advancement.report import LedgerLine, LedgerReport

Align = Literal["left", "right", "center"]

#: Keys of the sections :func:`build_sheet` adds for every system.
COSTS = "costs"
NOTES = "notes"
HISTORY = "history"
ISSUES = "issues"
GM_NOTES = "gm_notes"
DERIVED = "derived"


@dataclass(frozen=True, slots=True)
class Column:
    """A table column: ``key`` names the cell in each row, ``label`` heads the column."""

    key: str
    label: str
    align: Align = "left"


@dataclass(frozen=True, slots=True)
class Row:
    """One table row: cell texts by column key, plus where it lives and how bad it is.

    ``detail`` is a secondary line printed under the first cell (a note, an
    explanation), or under the section's ``detail_column``; ``depth`` indents the
    first cell (cost-line trees); ``severity`` is the worst issue at ``path``, so a
    renderer can mark the row.
    """

    cells: Mapping[str, str]
    path: DataPath = ()
    severity: Severity | None = None
    detail: str = ""
    depth: int = 0
    emphasis: bool = False


@dataclass(frozen=True, slots=True)
class TableSection:
    key: str
    title: str
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    #: the column whose cell a row's ``detail`` goes under (the first when empty)
    detail_column: str = ""

    @property
    def empty(self) -> bool:
        return not self.rows

    def column(self, key: str) -> Column:
        for column in self.columns:
            if column.key == key:
                return column
        raise KeyError(key)


@dataclass(frozen=True, slots=True)
class Entry:
    """One labelled value of a key/value section (``Hits: 5``)."""

    label: str
    value: str
    explanation: str = ""
    path: DataPath = ()
    severity: Severity | None = None


@dataclass(frozen=True, slots=True)
class KeyValueSection:
    key: str
    title: str
    entries: tuple[Entry, ...]

    @property
    def empty(self) -> bool:
        return not self.entries


@dataclass(frozen=True, slots=True)
class TextSection:
    key: str
    title: str
    text: str

    @property
    def empty(self) -> bool:
        return not self.text.strip()


@dataclass(frozen=True, slots=True)
class Track:
    """A value ticked off in play (Hits, HP, STUN): ``boxes`` empty boxes, the first
    ones labelled by ``marks`` when the track is a row of steps (4+, 7+, 10+)."""

    label: str
    boxes: int
    marks: tuple[str, ...] = ()
    path: DataPath = ()


@dataclass(frozen=True, slots=True)
class TrackSection:
    """Tracks to tick on a play card."""

    key: str
    title: str
    tracks: tuple[Track, ...]

    @property
    def empty(self) -> bool:
        return not self.tracks


Section = TableSection | KeyValueSection | TextSection | TrackSection


@dataclass(frozen=True, slots=True)
class SheetHeader:
    """Who and what the sheet is about. ``portrait`` is the file's base64 image, if any."""

    name: str
    player: str
    system_id: str
    system_name: str
    campaign: tuple[Entry, ...] = ()
    portrait: str | None = None
    concept: str = ""


@dataclass(frozen=True, slots=True)
class Sheet:
    header: SheetHeader
    totals: tuple[Total, ...] = ()
    sections: tuple[Section, ...] = ()
    issues: tuple[Issue, ...] = ()
    #: each issue's place in the window's words ("Pistol › Level"), by its data path
    places: Mapping[DataPath, str] = field(default_factory=dict)

    def where(self, path: DataPath) -> str:
        """The place of ``path`` as the window names it (the data path if unnamed)."""
        return self.places.get(path) or format_path(path)

    def section(self, key: str) -> Section:
        for section in self.sections:
            if section.key == key:
                return section
        raise KeyError(key)

    def section_keys(self) -> list[str]:
        return [section.key for section in self.sections]

    @property
    def errors(self) -> tuple[Issue, ...]:
        return tuple(i for i in self.issues if i.severity is Severity.ERROR)


def build_sheet(
    system: GameSystem[Any],
    document: CharacterDocument[Any, Any],
    evaluation: Evaluation,
    prints: Callable[[str], bool] | None = None,
) -> Sheet:
    """The complete sheet: the system's own (or the generic one) plus the shared sections.
    ``prints`` (a section key: whether it will be printed) leaves out the cost breakdown
    when it will not be: a line per item and modifier (7,000 rows for 1,000 Gladiators
    abilities), off on the PDF unless asked for."""
    builder = sheet_builder(system)
    sheet = (
        builder(document, evaluation)
        if builder is not None
        else generic_sheet(system, document, evaluation)
    )
    from sheetapp.editing.places import place_name  # editing builds on core

    places = {issue.path: place_name(system, document, issue.path) for issue in evaluation.issues}
    costs: list[Section] = []
    if prints is None or prints(COSTS):
        costs.append(cost_section(evaluation.costs, evaluation))
    extra = [
        section
        for section in (
            *costs,
            play_section(document),
            notes_section(document),
            history_section(document.history, system, document),
            issues_section(evaluation.issues, places),
            gm_notes_section(evaluation.issues, places, system.name),
        )
        if section.key not in sheet.section_keys()
    ]
    return replace(sheet, sections=(*sheet.sections, *extra), places=places)


def play_section(document: CharacterDocument[Any, Any]) -> KeyValueSection:
    """What happened at the table (the file's play state): conditions, contacts, uses.
    Empty, and so not printed, until something has."""
    from sheetapp.play.state import contact_text

    play = document.play
    entries = [
        Entry("Condition", c.name, c.effect, ("play", "conditions", i))
        for i, c in enumerate(play.conditions)
    ]
    entries += [
        Entry("Contact", contact_text(c), "", ("play", "contacts", i))
        for i, c in enumerate(play.contacts)
    ]
    entries += [
        Entry(use.name, str(use.spent), "", ("play", "uses", i)) for i, use in enumerate(play.uses)
    ]
    return KeyValueSection("play", "In play", tuple(entries))


def gm_notes_section(
    issues: Iterable[Issue], places: Mapping[DataPath, str] | None = None, book: str = ""
) -> TableSection:
    """For the game master, off unless asked for (``--with gm-notes``): each issue with
    the rule it checks in the rulebook's own words (``book`` names the rulebook) and what
    to do about it. In the reader's words like every page: no file places, issue codes or
    rulebook line numbers (those are for us, in the window's log and ``validate --json``)."""
    from sheetapp.editing.wording import user_note  # editing builds on core

    named = places or {}
    rows = []
    for issue in issues:
        citation = getattr(issue.code, "citation", None)
        rule = user_note(str(getattr(issue.code, "rule", "") or ""))
        if citation is not None and citation.quote and citation.quote not in rule:
            rule = " ".join(part for part in (rule, f"The rulebook: “{citation.quote}”.") if part)
        source = f"({book})" if book and rule else ""
        rows.append(
            Row(
                {
                    "where": named.get(issue.path) or "The character",
                    "rule": " ".join(part for part in (rule, source) if part) or "—",
                    "kind": issue.severity.value.capitalize(),
                },
                issue.path,
                issue.severity,
                detail=" ".join(part for part in (issue.message, issue.hint) if part),
            )
        )
    return TableSection(
        GM_NOTES,
        "GM notes: the rules behind the notes",
        (Column("where", "Where"), Column("rule", "Rule"), Column("kind", "Kind")),
        tuple(rows),
        detail_column="rule",
    )


def generic_sheet(
    system: GameSystem[Any], document: CharacterDocument[Any, Any], evaluation: Evaluation
) -> Sheet:
    """For a system without its own ``sheet``: header, totals and derived values.

    The cost breakdown, added by :func:`build_sheet`, then lists every item."""
    return Sheet(
        header=header(system, document),
        totals=evaluation.totals,
        sections=(derived_section(evaluation),),
        issues=evaluation.issues,
    )


def header(
    system: GameSystem[Any],
    document: CharacterDocument[Any, Any],
    campaign: Iterable[Entry] | None = None,
) -> SheetHeader:
    """The header of ``document``; ``campaign`` defaults to every campaign setting."""
    items = tuple(campaign) if campaign is not None else campaign_entries(document.campaign)
    return SheetHeader(
        name=document.meta.name,
        player=document.meta.player,
        system_id=system.id,
        system_name=system.name,
        campaign=items,
        portrait=document.meta.portrait or None,
        concept=_concept(document),
    )


def _concept(document: CharacterDocument[Any, Any]) -> str:
    """The one-line pitch the window's header edits (a meta key the model keeps as an
    extra, see ``sheetapp.editing.fields``)."""
    value = (document.meta.model_extra or {}).get("concept")
    if isinstance(value, str) and value.strip():
        return value
    # a system may keep the concept with the character (2d10, X-Men HERO)
    own = getattr(document.character, "concept", "")
    return own if isinstance(own, str) else ""


def campaign_entries(campaign: BaseModel, *, only_changed: bool = False) -> tuple[Entry, ...]:
    """Campaign settings as entries: a ``name`` key first, then each declared field.

    With ``only_changed`` a setting left at its default is omitted."""
    entries: list[Entry] = []
    extra = campaign.model_extra or {}
    if isinstance(extra.get("name"), str) and extra["name"].strip():
        entries.append(Entry("Campaign", extra["name"], path=("campaign", "name")))
    for name, info in type(campaign).model_fields.items():
        value = getattr(campaign, name)
        if only_changed and value == info.get_default(call_default_factory=True):
            continue
        label = info.title or name.replace("_", " ").capitalize()
        # a choice in the user's words (the system's choice_labels), else the value
        shown = choice_labels(info).get(value) if isinstance(value, str) else None
        text = shown if shown is not None else display(value)
        entries.append(Entry(label, text, info.description or "", ("campaign", name)))
    return tuple(entries)


def display(value: Any) -> str:
    """A stored value as a person reads it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "—"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, str | int | float):
        return str(value)
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def worst(issues: Iterable[Issue]) -> Severity | None:
    """The most severe of ``issues`` (None when there are none)."""
    found = sorted((i.severity for i in issues), key=lambda s: s.rank)
    return found[0] if found else None


def derived_section(evaluation: Evaluation, title: str = "Derived values") -> KeyValueSection:
    """Every derived value of the evaluation, in its order, with its explanation."""
    return KeyValueSection(
        DERIVED,
        title,
        tuple(
            Entry(
                value.label,
                display(value.value),
                value.explanation,
                value.path,
                worst(evaluation.issues_at(value.path)) if value.path else None,
            )
            for value in evaluation.derived
        ),
    )


def cost_section(
    costs: Iterable[CostLine], evaluation: Evaluation | None = None, unit: str = ""
) -> TableSection:
    """The cost-line tree flattened depth first, each line indented by its depth."""
    rows: list[Row] = []

    def visit(line: CostLine, depth: int) -> None:
        figures = ", ".join(f"{name} {amount}" for name, amount in line.figures)
        rows.append(
            Row(
                {
                    "item": line.label,
                    "explanation": "; ".join(p for p in (line.explanation, figures) if p),
                    "amount": str(line.amount),
                },
                line.path,
                worst(evaluation.issues_at(line.path)) if evaluation and line.path else None,
                depth=depth,
                emphasis=depth == 0,
            )
        )
        for child in line.children:
            visit(child, depth + 1)

    for line in costs:
        visit(line, 0)
    heading = unit or (evaluation.totals[0].unit if evaluation and evaluation.totals else "")
    return TableSection(
        COSTS,
        "Cost breakdown",
        (
            Column("item", "Item"),
            Column("explanation", "How it is priced"),
            Column("amount", heading or "Cost", "right"),
        ),
        tuple(rows),
    )


def notes_section(document: CharacterDocument[Any, Any]) -> TextSection:
    return TextSection(NOTES, "Notes", document.meta.notes)


def history_section(
    history: Iterable[HistoryEntry],
    system: GameSystem[Any] | None = None,
    document: CharacterDocument[Any, Any] | None = None,
) -> TableSection:
    """One row per ledger entry: entry zero (the starting build), then each advancement
    with what it earned, every change with its cost and the running totals after it
    (:func:`sheetapp.advancement.ledger_report`, the same lines as ``sheetapp history``
    and the window's Advancement dock). Without a system and document to replay, or
    when the ledger cannot be read, each entry prints as stored."""
    entries = list(history)
    rows = _ledger_rows(system, document) if system and document and entries else None
    if rows is None:
        rows = [_stored_row(index, entry) for index, entry in enumerate(entries)]
    return TableSection(
        HISTORY,
        "Advancement history",
        (
            Column("date", "Date"),
            Column("label", "Advancement"),
            Column("earned", "Earned", "right"),
            Column("changes", "Changes, costs and totals after"),
        ),
        tuple(rows),
    )


def _stored_row(index: int, entry: HistoryEntry) -> Row:
    earned = ", ".join(f"{key} {amount:+d}" for key, amount in entry.earned.items())
    return Row(
        {
            "date": entry.date,
            "label": f"#{index} {entry.label}".strip(),
            "earned": earned,
            "changes": "\n".join(describe_change(raw) for raw in entry.changes),
        },
        ("history", index),
        detail=entry.note,
    )


def _ledger_rows(
    system: GameSystem[Any], document: CharacterDocument[Any, Any]
) -> list[Row] | None:
    # Imported here: the advancement package builds on core (changes, costs, issues).
    from sheetapp.advancement import LedgerError, advancement_of, ledger_report
    from sheetapp.advancement.spec import priced_totals

    try:
        report = ledger_report(system, document)
    except LedgerError:
        return None
    rules = advancement_of(system)
    units = {t.key: t.unit or t.label for t in system.evaluate(document).totals}
    units.update({c.key: c.unit or c.label for c in rules.currencies} if rules else {})
    keys = priced_totals(rules)
    rows = [_ledger_line_row(line, units, keys) for line in report.lines]
    return rows + _ledger_notes(report, units)


def _ledger_line_row(line: LedgerLine, units: dict[str, str], keys: frozenset[str] | None) -> Row:
    """One ledger line: its changes, the totals after it and what is wrong with it."""
    from sheetapp.advancement.report import change_text, total_text

    entry = line.entry
    lines = [change_text(row, units) for row in line.rows]
    lines.extend(
        f"= {total_text(total, unspent=keys is None or total.key in keys)}" for total in line.totals
    )
    if line.problem:
        lines.append(f"! {line.problem}")
    label = entry.label or ("Starting build" if entry.kind == "creation" else "")
    return Row(
        {
            "date": entry.date,
            "label": f"#{line.index} {label}".strip(),
            "earned": line.earned_text,
            "changes": "\n".join(lines),
        },
        ("history", line.index),
        Severity.WARNING if line.problem else None,
        detail=entry.note,
    )


def _ledger_notes(report: LedgerReport, units: dict[str, str]) -> list[Row]:
    """The ledger's own problem (when no line has it) and the edits made outside it."""
    from sheetapp.advancement.report import change_text

    rows = []
    if report.problem and not any(line.problem for line in report.lines):
        rows.append(
            Row(
                {"date": "", "label": "", "earned": "", "changes": f"! {report.problem}"},
                ("history",),
                Severity.WARNING,
            )
        )
    if report.outside:
        rows.append(
            Row(
                {
                    "date": "",
                    "label": "Edits made outside the ledger",
                    "earned": "",
                    "changes": "\n".join(change_text(row, units) for row in report.outside),
                },
                ("history",),
            )
        )
    return rows


def describe_change(raw: Mapping[str, Any]) -> str:
    """One stored change as a line: its label, or ``where: before → after``."""
    label = raw.get("label")
    if isinstance(label, str) and label.strip():
        return label
    try:
        change = Change.from_json(raw)
    except ChangeError:
        return _short(raw)
    where = format_path(change.path)
    if change.op == "set":
        return f"{where}: {_short(change.before)} → {_short(change.after)}"
    if change.op == "insert":
        return f"{where}: added {_short(change.after)}"
    if change.op == "remove":
        return f"{where}: removed {_short(change.before)}"
    return f"{where}: moved to {change.to}"


def _short(value: Any, limit: int = 80) -> str:
    text = display(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def issues_section(
    issues: Iterable[Issue], places: Mapping[DataPath, str] | None = None
) -> TableSection:
    """Warnings and notes (errors are printed in their own box on page 1); ``places``
    names each issue's place in the window's words."""
    named = places or {}
    rows = tuple(
        Row(
            {
                "severity": issue.severity.value.capitalize(),
                "where": named.get(issue.path) or format_path(issue.path),
                "message": issue.message,
            },
            issue.path,
            issue.severity,
            detail=issue.hint,
        )
        for issue in issues
        if issue.severity is not Severity.ERROR
    )
    return TableSection(
        ISSUES,
        "Warnings and notes",
        (
            Column("severity", "Kind"),
            Column("where", "Where"),
            Column("message", "Message"),
        ),
        rows,
        # what to do reads after the message, not squeezed under the narrow Kind
        detail_column="message",
    )


def typed_strings(document: CharacterDocument[Any, Any]) -> frozenset[str]:
    """Every piece of text the player typed into the character (names, notes, choices
    written out), not the catalog ids and setting keys the file also holds."""
    found: set[str] = set()
    stack: list[Any] = [document.character.model_dump(mode="json")]
    while stack:
        value = stack.pop()
        kind = type(value)
        if kind is str:
            if value and is_typed(value):
                found.add(value.strip())
        elif kind is dict:
            stack.extend(value.values())
        elif kind is list:
            stack.extend(value)
    return frozenset(found)


_ID = re.compile(r"[a-z0-9_.:\-]*")


def is_typed(value: str) -> bool:
    """Whether a string of a character file is text a person wrote rather than an id
    ("damaging_attack", "ref", "2024-06-08")."""
    return bool(value.strip()) and _ID.fullmatch(value) is None


#: a table column holding an entry's price: an entry at 0 costs nothing
COST_COLUMNS = frozenset({"cost", "gp", "points", "real"})


def table_text(section: TableSection, typed: frozenset[str]) -> str:
    """A table in one line for a statblock: each row's first cell, then every other
    non-empty cell whole with its column's label, and the lines of the row's explanation
    the player typed (``typed``: :func:`typed_strings`). Skills at no cost are named
    only, at the end ("also, at no cost: ...")."""
    first, *rest = section.columns
    cost = next((column.key for column in rest if column.key in COST_COLUMNS), None)
    rows: list[str] = []
    free: list[str] = []
    # skills at no cost (HERO's Everyman skills at -3) change nothing a GM runs
    free_ok = cost is not None and section.key.startswith("skill")
    for row in section.rows:
        name = row.cells.get(first.key, "")
        notes = [line for line in row.detail.splitlines() if line.strip() in typed]
        if free_ok and row.cells.get(cost or "", "").strip() == "0" and not notes:
            # named, with what the player chose for it ("Driving (Cars)")
            chosen = typed_parts(row, typed, name)
            free.append(f"{name} ({', '.join(chosen)})" if chosen else name)
            continue
        cells = [
            f"{column.label}: {value}"
            for column in rest
            if (value := row.cells.get(column.key, "").strip()) and value != "—"
        ]
        cells += notes
        shown = " ".join([name, *cells])
        cells += typed_parts(row, typed, shown)
        rows.append(f"{name} ({', '.join(cells)})" if cells else name)
    if free:
        rows.append(f"also, at no cost: {', '.join(free)}")
    return "; ".join(rows)


_PARTS = re.compile(r"\n|; |, |: |\(|\)")


def typed_parts(row: Row, typed: frozenset[str], shown: str) -> list[str]:
    """What the player typed that a row holds inside a longer text (a vehicle chosen
    for Driving, a note in an explanation) and ``shown`` does not say yet."""
    found: list[str] = []
    for text in (*row.cells.values(), row.detail):
        if not text:
            continue
        coarse = [text, *text.split("\n"), *re.split(r"\n|; ", text)]
        for piece in [*coarse, *_PARTS.split(text)]:
            part = piece.strip()
            if part and part in typed and part not in shown and part not in found:
                found.append(part)
    return found


def system_sheet(
    system: GameSystem[Any],
    document: CharacterDocument[Any, Any],
    evaluation: Evaluation,
    sections: Iterable[Section],
    totals: Iterable[Total] | None = None,
) -> Sheet:
    """A system's own printed sheet: the header with the campaign settings changed from
    their defaults, ``totals`` (every total of the evaluation when None), the system's
    ``sections`` and the evaluation's issues; :func:`build_sheet` adds the shared ones."""
    return Sheet(
        header=header(system, document, campaign_entries(document.campaign, only_changed=True)),
        totals=evaluation.totals if totals is None else tuple(totals),
        sections=tuple(sections),
        issues=evaluation.issues,
    )
