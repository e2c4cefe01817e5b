"""The 2d10 page: the tabs built from the declared lists (the rolls are on the Play tab,
built from the system's declared actions, as in every system)."""

from __future__ import annotations

from ui.systems.collections_page import CollectionsPage


class Twod10Page(CollectionsPage):
    pass
