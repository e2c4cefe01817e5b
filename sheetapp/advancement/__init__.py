"""Advancement for every system: earn, spend under the system's rules, keep a ledger.

- :mod:`~sheetapp.advancement.spec`: how a system declares what it earns and sells;
- :mod:`~sheetapp.advancement.commit`: preview and commit an advancement;
- :mod:`~sheetapp.advancement.ledger`: entry zero, the character at any entry;
- :mod:`~sheetapp.advancement.replay`: rebuild from entry zero, revert an entry;
- :mod:`~sheetapp.advancement.report`: the ledger as lines to show or print.

No Qt here: the window's wizard, the CLI and the tests call the same functions.
"""

from sheetapp.advancement.commit import (
    Advancement,
    AdvancementError,
    CommitRefused,
    Preview,
    commit,
    commit_preview,
    preview,
)
from sheetapp.advancement.ledger import (
    LedgerError,
    character_at,
    drift,
    has_entry_zero,
    start_ledger,
)
from sheetapp.advancement.pricing import PricedChange, price_changes
from sheetapp.advancement.replay import Refusal, RevertResult, rebuild, revert
from sheetapp.advancement.report import LedgerLine, LedgerReport, ledger_report
from sheetapp.advancement.review import ReviewRow, TotalChange
from sheetapp.core.document import earned_total
from sheetapp.core.system import AdvancementRules, Currency, SpendOption, advancement_of

__all__ = [
    "Advancement",
    "AdvancementError",
    "AdvancementRules",
    "CommitRefused",
    "Currency",
    "LedgerError",
    "LedgerLine",
    "LedgerReport",
    "Preview",
    "PricedChange",
    "Refusal",
    "RevertResult",
    "ReviewRow",
    "SpendOption",
    "TotalChange",
    "advancement_of",
    "character_at",
    "commit",
    "commit_preview",
    "drift",
    "earned_total",
    "has_entry_zero",
    "ledger_report",
    "preview",
    "price_changes",
    "rebuild",
    "revert",
    "start_ledger",
]
