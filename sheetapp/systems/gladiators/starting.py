"""The four free starting abilities (seed lines 258-270).

"All characters start with the following at no cost: Walk/Run Level 1 = Movement,
Solid, Ground, Conventional. Normal Senses Level 1 = Detection, Vision, Always On,
Conventional. Punch/Kick Level 1 = Damaging Attack, Solid, Direct, Touch, Melee,
Conventional. Grapple Level 1 = Grab Attack, Solid, Direct, Touch, Melee,
Conventional." "These standard abilities may be upgraded using modifiers and
abilities." An upgraded starting ability costs what it costs minus what the standard
one would cost.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict

from sheetapp.core.catalog import CatalogError, load_catalog
from sheetapp.systems.gladiators.model import AbilityChoice

FILE = "gladiators/starting.json"


class StartingCatalog(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    starting_abilities: dict[str, AbilityChoice]


@cache
def starting_abilities() -> dict[str, AbilityChoice]:
    templates = load_catalog(FILE, StartingCatalog).starting_abilities
    for key, template in templates.items():
        if template.starting != key:
            raise CatalogError(FILE, key, "the template's 'starting' must be its own key")
    return templates
