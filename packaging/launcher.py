"""Entry script of the frozen application: the same `main` as the `sheetapp` command."""

from __future__ import annotations

import sys

from sheetapp.cli import main

if __name__ == "__main__":
    sys.exit(main())
