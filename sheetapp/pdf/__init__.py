"""Printable PDF sheets (reportlab; no Qt).

``sheetapp.pdf.export.render_pdf(system, document, evaluation, options)`` is the one
entry point the CLI and the window's print preview share, so both print the same
pages. This package's ``__init__`` imports nothing, so reading layouts and options
(``layout``, ``options``) does not load reportlab.
"""
