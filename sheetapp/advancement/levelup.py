"""A numbered level gained, built the way the level-up wizard builds it, for the command
line (``sheetapp level-up``) and any other caller without a window.

The steps are the wizard's: the level is earned (one of the system's level currency), the
system's level step is applied with the dice given (or rolled), then the chosen spend
options are taken one after the other on the result; the advancement's changes are the
difference between the character with its earning and the character after the choices.
So the same dice and choices give the same ledger entry as the wizard.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from sheetapp.advancement.commit import Advancement, AdvancementError, with_earnings
from sheetapp.advancement.ledger import tracked
from sheetapp.advancement.spec import SpendOption, advancement_of, levelled
from sheetapp.core.changes import ChangeError, apply_to_document, diff, document_data
from sheetapp.core.document import CharacterDocument
from sheetapp.core.system import GameSystem


def spend_option_named(options: Sequence[SpendOption], wanted: str) -> SpendOption:
    """The option a user named: by what it adds (a System's id, ``cautious``) or by its
    label (``Take Cautious``, or ``Cautious``); AdvancementError listing them otherwise."""
    key = wanted.strip().casefold()
    for option in options:
        label = option.label.casefold()
        if key in (label, label.removeprefix("take ")):
            return option
        for change in option.changes:
            after = change.after
            if isinstance(after, Mapping) and any(
                isinstance(value, str) and value.casefold() == key for value in after.values()
            ):
                return option
    names = ", ".join(option.label.removeprefix("Take ") for option in options) or "none"
    raise AdvancementError(f"'{wanted}' is not something this level offers (it offers: {names})")


def level_up_advancement(
    system: GameSystem[Any],
    document: CharacterDocument[Any, Any],
    *,
    dice: Mapping[str, list[int]],
    choices: Sequence[str] = (),
    label: str = "",
    note: str = "",
    date: str | None = None,
    rng: random.Random | None = None,
) -> Advancement:
    """One level gained with ``dice`` (by the system's dice request keys; a missing one is
    rolled with ``rng``, or refused without it) and ``choices`` taken in order."""
    rules = advancement_of(system)
    levels = levelled(rules)
    if rules is None or levels is None:
        raise AdvancementError(f"{system.name} has no numbered levels to gain")
    earned = {rules.currencies[0].key: 1}
    try:
        start = with_earnings(document, earned, date=date)
        step = levels.level_step(start, dict(dice), rng)
        working = apply_to_document(start, step.changes)
        for wanted in choices:
            option = spend_option_named(rules.spend_options(system, working), wanted)
            working = apply_to_document(working, list(option.changes))
    except (ValueError, ChangeError) as exc:
        raise AdvancementError(str(exc)) from None
    changes = diff(tracked(document_data(start)), tracked(document_data(working)))
    return Advancement(earned, changes, label, note, date)
