"""The range an integer editor offers: the file format's own limits, never a rule's.

A rule's limit (a Conventional ability's Level 5, a System gained no later than the
character's Level) is shown as an issue with its fix; an editor that refused the value
would hide the violation. The format's limits (``ge``/``le`` on the pydantic field) are
what a saved file may hold, so the editor may enforce those.
"""

from __future__ import annotations

from annotated_types import Ge, Gt, Le, Lt
from pydantic import BaseModel

#: used when the format states no limit on a side
DEFAULT_LOW = 0
DEFAULT_HIGH = 999_999


def format_bounds(model: type[BaseModel], field: str) -> tuple[int, int]:
    """(lowest, highest) value ``model.field`` accepts, from its ``ge``/``gt``/``le``/``lt``."""
    info = model.model_fields[field]
    low, high = DEFAULT_LOW, DEFAULT_HIGH
    for item in info.metadata:
        if isinstance(item, Ge):
            low = int(item.ge)  # type: ignore[call-overload]
        elif isinstance(item, Gt):
            low = int(item.gt) + 1  # type: ignore[call-overload]
        elif isinstance(item, Le):
            high = int(item.le)  # type: ignore[call-overload]
        elif isinstance(item, Lt):
            high = int(item.lt) - 1  # type: ignore[call-overload]
    return low, high
