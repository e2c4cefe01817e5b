"""The built-in game systems, one package each (registered as entry points)."""
