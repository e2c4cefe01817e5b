"""The play state in words, for every reader (the sheet, the card, ``validate``)."""

from __future__ import annotations

from sheetapp.core.document import Contact, PlayState


def contact_text(contact: Contact) -> str:
    parts = [contact.target]
    if contact.power:
        parts.append(f"by {contact.power}")
    if contact.target_spirit is not None:
        parts.append(f"SPIRIT {contact.target_spirit}")
    if contact.distance_m is not None:
        parts.append(f"{contact.distance_m}m")
    if not contact.line_of_sight:
        parts.append("no line of sight")
    if contact.dropping == "dropped":
        parts.append("dropped: ends at the end of the next phase")
    elif contact.dropping == "ending":
        parts.append("dropped: ends at the end of this phase")
    return ", ".join(parts)


def play_state_lines(play: PlayState) -> list[str]:
    """One line per condition, contact and use; none when nothing happened yet."""
    lines = [
        f"Condition: {c.name}" + (f" ({c.effect})" if c.effect else "") for c in play.conditions
    ]
    lines += [f"Contact: {contact_text(contact)}" for contact in play.contacts]
    lines += [f"{use.name}: {use.spent}" for use in play.uses]
    return lines


def play_entries(play: PlayState) -> list[tuple[tuple[str, int], str]]:
    """Each condition, contact and use with its place under ``play`` and its line."""
    lines = play_state_lines(play)
    places = [("conditions", i) for i in range(len(play.conditions))]
    places += [("contacts", i) for i in range(len(play.contacts))]
    places += [("uses", i) for i in range(len(play.uses))]
    return list(zip(places, lines, strict=True))
