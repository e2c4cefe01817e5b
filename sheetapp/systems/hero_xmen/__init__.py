"""X-Men Campaign house rules over HERO System 5th Edition."""
