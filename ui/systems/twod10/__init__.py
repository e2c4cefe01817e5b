"""The 2d10 system's page: the declared lists plus the roll helper."""
