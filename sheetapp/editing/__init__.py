"""System-neutral editing helpers (no Qt): document fields as changes, explanations, autosaves."""
