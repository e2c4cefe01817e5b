"""Where sheetapp keeps its own files (settings, autosaves, logs), per platform."""

from __future__ import annotations

from pathlib import Path

from platformdirs import PlatformDirs

_DIRS = PlatformDirs(appname="sheetapp", appauthor=False)


def config_dir() -> Path:
    return Path(_DIRS.user_config_dir)


def autosave_dir() -> Path:
    return Path(_DIRS.user_data_dir) / "autosave"


def log_dir() -> Path:
    return Path(_DIRS.user_log_dir)


def log_file() -> Path:
    return log_dir() / "sheetapp.log"
