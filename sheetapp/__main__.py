"""`python -m sheetapp` behaves exactly like the `sheetapp` command."""

import sys

from sheetapp.cli import main

sys.exit(main())
