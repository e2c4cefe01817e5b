"""The ``pointbuy`` fixture: the installed systems with the guide's Point Buy plug-in
among them, for one test (see ``tests/plugins/install.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from sheetapp.core.system import SystemRegistry
from tests.plugins.install import installed, write_site


@pytest.fixture(scope="session")
def pointbuy_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_site(tmp_path_factory.mktemp("pointbuy-site"))


@pytest.fixture
def pointbuy(pointbuy_site: Path) -> Iterator[SystemRegistry]:
    with installed(pointbuy_site) as registry:
        yield registry
