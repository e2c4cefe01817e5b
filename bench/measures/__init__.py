"""The registered measurements; importing this package registers all of them."""

from bench.measures import cards_and_statblocks, domain, pdf, process, storage, window

__all__ = ["cards_and_statblocks", "domain", "pdf", "process", "storage", "window"]
