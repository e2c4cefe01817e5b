"""Fixture generators, one module per game system."""
