"""The version, in one place: pyproject.toml reads it (hatch), the program imports it.

Reading it from the installed package's metadata instead would cost every start-up a
scan of site-packages.
"""

__version__ = "0.1.0"
