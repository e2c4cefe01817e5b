PYTHON ?= python3

.PHONY: run test dist icons

run:
	$(PYTHON) packaging/dev.py run

test:
	$(PYTHON) packaging/dev.py test

dist:
	$(PYTHON) packaging/dev.py dist

icons:
	.venv/bin/python tools/render_icons.py
