"""sheetapp: the pure-Python domain of the character-sheet application (no Qt here)."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("sheetapp")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"

__all__ = ["__version__"]
