"""The registered measurements; importing this package registers all of them."""

from bench.measures import domain, pdf, playsheets, process, storage, window

__all__ = ["domain", "pdf", "playsheets", "process", "storage", "window"]
