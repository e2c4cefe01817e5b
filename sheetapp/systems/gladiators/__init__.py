"""Glorious Gladiators v6 (seed 000_5bffb215164afb79.txt)."""

from sheetapp.systems.gladiators.system import SYSTEM, GladiatorsSystem

__all__ = ["SYSTEM", "GladiatorsSystem"]
