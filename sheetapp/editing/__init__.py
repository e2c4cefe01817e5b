"""System-neutral editing helpers (no Qt): document fields as changes, one edit applied and
evaluated (`apply.py`), explanations, autosaves."""
