"""The evaluation core shared by every game system."""

from sheetapp.core.costs import CostLine, Total
from sheetapp.core.evaluation import DerivedValue, Evaluation
from sheetapp.core.issues import Issue, Severity, format_path

__all__ = [
    "CostLine",
    "DerivedValue",
    "Evaluation",
    "Issue",
    "Severity",
    "Total",
    "format_path",
]
