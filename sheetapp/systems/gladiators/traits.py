"""Advantage and disadvantage costs (seed lines 272-290).

"Frequent (Fre) ... 2, Common (Com) ... 1, Rare (Rar) ... 0, Major (Maj) ... 2,
Significant (Sig) ... 1, Minor (Min) ... 0" — an advantage costs frequency +
severity (e.g. "Ageless ... Com, Maj 3"); a disadvantage gives as many points back
(e.g. "Aggressive ... Fre, Maj -4").
"""

from __future__ import annotations

from sheetapp.systems.gladiators.model import TraitChoice

FREQUENCY_VALUE = {"fre": 2, "com": 1, "rar": 0}
SEVERITY_VALUE = {"maj": 2, "sig": 1, "min": 0}
FREQUENCY_LABEL = {"fre": "Fre", "com": "Com", "rar": "Rar"}
SEVERITY_LABEL = {"maj": "Maj", "sig": "Sig", "min": "Min"}


def trait_points(trait: TraitChoice) -> int:
    return FREQUENCY_VALUE[trait.frequency] + SEVERITY_VALUE[trait.severity]


def trait_explanation(trait: TraitChoice) -> str:
    f, s = trait.frequency, trait.severity
    return (
        f"{FREQUENCY_LABEL[f]} {FREQUENCY_VALUE[f]} + {SEVERITY_LABEL[s]} {SEVERITY_VALUE[s]}"
        f" = {trait_points(trait)}"
    )
