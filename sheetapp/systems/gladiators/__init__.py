"""Glorious Gladiators v6 (seed 000_5bffb215164afb79.txt). The system object is
``sheetapp.systems.gladiators.system.SYSTEM`` (the entry point), as for every system."""
