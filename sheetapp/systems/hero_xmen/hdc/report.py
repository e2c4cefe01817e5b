"""The mapping report of an import: every element of a Hero Designer file that did not
map one to one, with what was done about it. Never a silent loss."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Action = Literal["converted", "custom", "kept", "dropped", "cost", "default"]

#: how each action reads in the report
ACTION_WORDS: dict[str, str] = {
    "converted": "Converted",
    "custom": "Kept as a custom entry",
    "kept": "Kept for the export, not on the sheet",
    "dropped": "Dropped",
    "cost": "Costs differ",
    "default": "Filled in",
}


@dataclass(frozen=True, slots=True)
class ReportEntry:
    section: str
    element: str
    action: Action
    detail: str

    def line(self) -> str:
        detail = self.detail[:1].upper() + self.detail[1:]
        return f"{self.section}: {self.element}: {ACTION_WORDS[self.action]}. {detail}"


@dataclass(slots=True)
class MappingReport:
    source: str = ""
    entries: list[ReportEntry] = field(default_factory=list)
    #: elements that mapped one to one, by section
    mapped: dict[str, int] = field(default_factory=dict)

    def add(self, section: str, element: str, action: Action, detail: str) -> None:
        self.entries.append(ReportEntry(section, element, action, detail))

    def count(self, section: str) -> None:
        self.mapped[section] = self.mapped.get(section, 0) + 1

    def text(self) -> str:
        lines = [
            f"Hero Designer import of {self.source}" if self.source else "Hero Designer import"
        ]
        if self.mapped:
            done = ", ".join(f"{count} {section.lower()}" for section, count in self.mapped.items())
            lines.append(f"Mapped as they were: {done}.")
        if not self.entries:
            lines.append("Everything mapped; nothing was changed, kept aside or dropped.")
        else:
            lines.append(f"{len(self.entries)} element(s) did not map as they were:")
            lines.extend(f"- {entry.line()}" for entry in self.entries)
        return "\n".join(lines) + "\n"
