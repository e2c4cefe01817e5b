"""Capital alpha2: a sci-fi game of six Roles, eight attributes and ten levels (seed 003)."""
