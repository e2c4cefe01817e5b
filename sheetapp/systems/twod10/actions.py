"""The 2d10 fragment's play, as declared actions (seed ../shared/seeds/002_2465630f321cfb59.txt):
checks, attacks and the hits a character takes, Shock and malfunction saves, influence,
Surprise, the phase order, psionic attacks, pings, detection and contact. Each resolver is
pure: the dice the player typed (or the app rolled), the character's sheet, and the seed's
arithmetic, every term shown.

The actions live by kind: checks and saves (:mod:`.action_checks`), attacks and hits
(:mod:`.action_attacks`), influence and the phase (:mod:`.action_phase`), psionics and
contacts (:mod:`.action_psionics`); this module lists them in the order the table shows."""

from __future__ import annotations

from sheetapp.play.actions import Action
from sheetapp.systems.twod10.action_attacks import Attacks
from sheetapp.systems.twod10.action_checks import Checks
from sheetapp.systems.twod10.action_phase import Phases
from sheetapp.systems.twod10.action_psionics import Psionics
from sheetapp.systems.twod10.model import Twod10Document
from sheetapp.systems.twod10.sheet import LAST_SHEET


def twod10_actions(document: Twod10Document) -> tuple[Action, ...]:
    sheet = LAST_SHEET.of(document)
    checks = Checks(document, sheet)
    attacks = Attacks(document, sheet)
    phases = Phases(document, sheet)
    psionics = Psionics(document, sheet)
    return (
        checks.check(),
        attacks.attack(),
        attacks.hit(),
        checks.shock(),
        checks.malfunction(),
        checks.surprise(),
        phases.influenced(),
        phases.phase(),
        psionics.psionic(),
        psionics.ping(),
        psionics.detect(),
        psionics.contact_dies(),
        psionics.drop_contact(),
    )
