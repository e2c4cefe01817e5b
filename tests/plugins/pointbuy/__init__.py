"""Point Buy: the tiny game system that ``docs/adding-a-system.md`` walks through, kept
here as a real plug-in the tests install and run (``tests/plugins/conftest.py``)."""
