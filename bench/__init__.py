"""sheetapp's benchmark suite: large generated fixtures and timed measurements.

Run ``python -m bench`` (``--quick`` for a smoke run). Measurements are registered
functions (:mod:`bench.registry`); see ``bench/README.md`` for adding one.
"""
