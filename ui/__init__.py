"""The Qt window of sheetapp. The only package that imports PySide6."""

import PySide6  # noqa: F401  (its import hook is in place from here on)

from ui.pyside_imports import quicken_source_check

quicken_source_check()
