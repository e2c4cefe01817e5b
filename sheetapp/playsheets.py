"""The short forms of a character: the one-page play card a player fights with, and the
statblock a game master keeps for an NPC (on paper, several to a page, or as plain text
to paste into notes and forums). Both are cut from the printable sheet
(:mod:`sheetapp.sheet`), so every number is the evaluation's; a system may write its own
statblock lines (the :class:`~sheetapp.core.system.WritesStatblock` capability, in the
rulebook's own notation)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from sheetapp.core.document import CharacterDocument
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import Severity
from sheetapp.core.system import GameSystem, WritesStatblock, capability
from sheetapp.sheet import (
    DERIVED,
    KeyValueSection,
    Section,
    Sheet,
    TableSection,
    TextSection,
    build_sheet,
    header,
    table_text,
    typed_strings,
)

#: sections a table does not play from: bookkeeping, and long explanations
NOT_FOR_PLAY = frozenset(
    {
        "costs",
        "notes",
        "history",
        "issues",
        "gm_notes",
        "rounding",
        "status_effects",
        "derived_explained",
    }
)


def _for_play(section: Section) -> bool:
    if section.key in NOT_FOR_PLAY or section.empty:
        return False
    # a table whose rows belong to no item of the character is a rules reference
    return not (isinstance(section, TableSection) and not any(row.path for row in section.rows))


def play_card_sheet(
    system: GameSystem[Any], document: CharacterDocument[Any, Any], evaluation: Evaluation
) -> Sheet:
    """The sheet's sections a fight needs, in the sheet's order; the renderer fits them
    on one page and says which went to the full sheet."""
    # the cost breakdown (7,000 rows at 1,000 Gladiators abilities) is not for play:
    # not built
    sheet = build_sheet(system, document, evaluation, lambda key: key not in NOT_FOR_PLAY)
    kept = tuple(section for section in sheet.sections if _for_play(section))
    return replace(sheet, sections=kept, issues=())


def too_much_note(dropped: Sequence[Section | str], errors: int) -> TextSection:
    """What the card leaves to the full sheet, said on the card: sections left off
    (``Section``) and tables cut short ("Abilities (12 of 300 on this card)")."""
    parts = []
    short = [item for item in dropped if isinstance(item, str)]
    whole = [item.title for item in dropped if not isinstance(item, str)]
    if short:
        parts.append(f"Only the first rows on this card: {', '.join(short)}.")
    if whole:
        parts.append(f"Not on this card (see the full sheet): {', '.join(whole)}.")
    if errors:
        parts.append(
            f"This character breaks {errors} rule{'s' if errors != 1 else ''}: see the full sheet."
        )
    return TextSection("card_note", "On the full sheet", " ".join(parts))


@dataclass(frozen=True, slots=True)
class Statblock:
    """An NPC in a few lines: ``(label, text)`` pairs under the name."""

    name: str
    system_name: str
    lines: tuple[tuple[str, str], ...]
    errors: int = 0
    #: the character's one-line pitch, under the name
    concept: str = ""
    #: who plays the character (the PDF's author)
    player: str = ""

    def text(self) -> str:
        head = f"{self.name} ({self.system_name})"
        if self.concept.strip():
            head += f"\n{' '.join(self.concept.split())}"
        body = [f"{label}: {text}" if label else text for label, text in self.lines]
        if self.errors:
            body.append(f"(breaks {self.errors} rule{'s' if self.errors != 1 else ''})")
        return "\n".join([head, *body])


def statblock(
    system: GameSystem[Any], document: CharacterDocument[Any, Any], evaluation: Evaluation
) -> Statblock:
    own = capability(system, WritesStatblock)
    lines = (
        own.statblock(document, evaluation)
        if own is not None
        else generic_lines(system, document, evaluation)
    )
    name = document.meta.name.strip() or "Unnamed character"
    concept = header(system, document).concept
    return Statblock(
        name,
        system.name,
        tuple(lines),
        evaluation.count(Severity.ERROR),
        concept,
        document.meta.player,
    )


def generic_lines(
    system: GameSystem[Any], document: CharacterDocument[Any, Any], evaluation: Evaluation
) -> list[tuple[str, str]]:
    """From the play card's sections: totals, then each section in one line, every value
    whole and with its label ("STR (Value: 15, Base: 10, Cost: 5)"); a value a section
    already printed above is not repeated (the "how the numbers are worked out" list);
    the entries of a table that cost nothing are named, without their columns."""
    sheet = play_card_sheet(system, document, evaluation)
    lines = [("", "; ".join(_total(t) for t in sheet.totals))] if sheet.totals else []
    typed = typed_strings(document)
    said: set[str] = set()
    own = len(sheet.sections) > 1
    for section in sheet.sections:
        if own and section.key == DERIVED:
            continue  # the system's own sections have printed every derived value
        if isinstance(section, KeyValueSection):
            parts = [f"{e.label} {e.value}".strip() for e in section.entries]
            text = "; ".join(part for part in parts if part not in said)
            said.update(parts)
        elif isinstance(section, TableSection):
            text = table_text(section, typed)
        elif isinstance(section, TextSection):
            lines_of = section.text.splitlines()
            text = "; ".join(" ".join(line.split()) for line in lines_of if line.strip())
        else:  # boxes to tick are for the card
            continue
        if text:
            lines.append((section.title, text))
    return lines


def _total(total: Any) -> str:
    unit = f" {total.unit}" if total.unit else ""
    value = f"{total.spent}" if total.budget is None else f"{total.spent}/{total.budget}"
    return f"{total.label} {value}{unit}"
