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
from sheetapp.advancement.spec import levelled
from sheetapp.core.changes import ChangeError, apply_to_document, diff, document_data
from sheetapp.core.document import CharacterDocument
from sheetapp.core.system import GameSystem, SpendOption, advancement_of


def _names(option: SpendOption, key: str) -> bool:
    """``key`` (casefolded) names what ``option`` adds: its label, with or without
    ``Take``, its name without the choice, or a value it stores (a System's id)."""
    label = option.label.casefold()
    if key in (label, label.removeprefix("take "), option.name.casefold()):
        return True
    return any(_stores(change.after, key) for change in option.changes)


def _stores(after: Any, key: str) -> bool:
    return isinstance(after, Mapping) and any(
        isinstance(value, str) and value.casefold() == key for value in after.values()
    )


def spend_option_named(options: Sequence[SpendOption], wanted: str) -> SpendOption:
    """The option a user named: by what it adds (a System's id, ``cautious``) or by its
    label (``Take Cautious``, or ``Cautious``); one taken with a choice as
    ``name=choice`` (``Damage Resist=Heat``) or by its label (``Damage Resist (Heat)``).
    AdvancementError listing them otherwise, or listing the choices when one is needed."""
    key = wanted.strip().casefold()
    for option in options:
        if key in (option.label.casefold(), option.label.casefold().removeprefix("take ")):
            return option
    given_name, has_choice, given_choice = (part.strip() for part in wanted.partition("="))
    name, choice = given_name.casefold(), given_choice.casefold()
    named = [option for option in options if _names(option, name)]
    chosen = [option for option in named if option.choice]
    if chosen:
        found = [
            option
            for option in chosen
            if choice
            and (
                option.choice.casefold() == choice
                or any(_stores(change.after, choice) for change in option.changes)
            )
        ]
        if found:
            return found[0]
        valid = ", ".join(option.choice for option in chosen)
        title = chosen[0].name
        if not choice:
            raise AdvancementError(
                f"{title} is taken with a choice: write it as '{title}=<choice>', one of {valid}"
            )
        raise AdvancementError(f"'{given_choice}' is not a choice of {title} (it offers: {valid})")
    if named and not has_choice:
        return named[0]
    if named:
        title = named[0].name
        raise AdvancementError(f"{title} is taken without a choice: write '{title}'")
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
