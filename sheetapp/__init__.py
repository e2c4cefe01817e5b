"""sheetapp: the pure-Python domain of the character-sheet application (no Qt here)."""

from sheetapp._version import __version__

__all__ = ["__version__"]
