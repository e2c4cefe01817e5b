"""A quicker look at each module imported after PySide6.

Once PySide6 is imported, every ``import`` statement goes through its hook, which asks
of each module it returns for the first time whether its source mentions "PySide6" (a
module that does may select PySide's ``__feature__`` options). It asks through
``inspect.getsource``: the file is read into ``linecache`` (kept for the whole run),
its encoding worked out, its lines split and joined again. For the ~120 modules the
window imports before its first paint that took 30 ms on the bench machine.

:func:`quicken_source_check` gives the hook the same answer, read as bytes straight
from the module's file; a module without a ``.py`` file is left to PySide's own check.
Nothing changes when PySide6 has no such check (another version).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

#: where PySide6 6.x keeps the check (``shibokensupport/feature.py``)
FEATURE_MODULE = "shibokensupport.feature"
CHECK = "_mod_uses_pyside"
MARKER = b"PySide6"


def quicken_source_check() -> bool:
    """Put the quicker check in place; False when PySide6 has no such check."""
    feature = sys.modules.get(FEATURE_MODULE)
    check: Callable[[ModuleType], bool] | None = getattr(feature, CHECK, None)
    if feature is None or check is None:
        return False
    if getattr(check, "quick", False):
        return True

    def uses_pyside(module: ModuleType) -> bool:
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and path.endswith(".py"):
            try:
                with open(path, "rb") as source:
                    return MARKER in source.read()
            except OSError:
                pass
        return check(module)

    uses_pyside.quick = True  # type: ignore[attr-defined]
    setattr(feature, CHECK, uses_pyside)
    return True
