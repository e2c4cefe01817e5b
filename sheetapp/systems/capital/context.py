"""What every Capital rule reads."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sheetapp.core.codes import IssueCode
from sheetapp.core.issues import DataPath, Issue, Severity
from sheetapp.systems.capital.catalog import Catalogs
from sheetapp.systems.capital.model import CapitalCampaign, CapitalCharacter
from sheetapp.systems.capital.money import Money
from sheetapp.systems.capital.sheet import Sheet


@dataclass(frozen=True, slots=True)
class RuleContext:
    character: CapitalCharacter
    campaign: CapitalCampaign
    sheet: Sheet
    catalogs: Catalogs
    money: Money


Rule = Callable[[RuleContext], list[Issue]]


def char_path(*rest: str | int) -> DataPath:
    return ("character", *rest)


def error(code: IssueCode, message: str, path: DataPath, hint: str = "") -> Issue:
    return Issue(Severity.ERROR, code, message, path, hint)


def warning(code: IssueCode, message: str, path: DataPath, hint: str = "") -> Issue:
    return Issue(Severity.WARNING, code, message, path, hint)


#: The creation steps (the seed's headings, lines 66-217) and what each to-do error belongs to
STEP_ROLE = "Step 1: Role"
STEP_PERSONALITY = "Step 3: Personality"
STEP_STRENGTHS = "Step 4: Strengths, Weaknesses and Training"
STEP_ATTRIBUTES = "Step 5: Attribute Scores"
STEP_EQUIPMENT = "Step 7: Equipment"
STEP_SYSTEMS = "Systems"


def todo(code: IssueCode, message: str, path: DataPath, hint: str, step: str) -> Issue:
    """A stated minimum not met yet: an error, listed as the step ``step`` still to do."""
    return Issue(Severity.ERROR, code, message, path, hint, step)


def info(code: IssueCode, message: str, path: DataPath, hint: str = "") -> Issue:
    return Issue(Severity.INFO, code, message, path, hint)
