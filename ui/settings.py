"""Every persistent window setting declared once (key, default, meaning), read and written
through :class:`Settings`; widgets never use raw ``QSettings`` keys."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings

from sheetapp.paths import config_dir

MAX_RECENT = 10


@dataclass(frozen=True, slots=True)
class Setting:
    key: str
    default: Any
    title: str


THEME = Setting("view/theme", "system", "Colour theme: system, light or dark")
RECENT_FILES = Setting("files/recent", [], "Recently opened character files, newest first")
GEOMETRY = Setting("window/geometry", QByteArray(), "Main window position and size")
WINDOW_STATE = Setting("window/state", QByteArray(), "Dock and toolbar layout")
LAST_FOLDER = Setting("files/last_folder", "", "Folder of the last open or save dialog")
LAST_SYSTEM = Setting("files/last_system", "", "Game system of the last new character")
ALL_SETTINGS = (THEME, RECENT_FILES, GEOMETRY, WINDOW_STATE, LAST_FOLDER, LAST_SYSTEM)


class Settings:
    def __init__(self, path: Path | None = None) -> None:
        file = path or config_dir() / "sheetapp.ini"
        self.qsettings = QSettings(str(file), QSettings.Format.IniFormat)

    def get(self, setting: Setting) -> Any:
        value = self.qsettings.value(setting.key, setting.default)
        if isinstance(setting.default, list):
            if value is None or value == "":
                return []
            return [str(v) for v in value] if isinstance(value, list) else [str(value)]
        if isinstance(setting.default, str):
            return str(value) if value is not None else setting.default
        return value

    def set(self, setting: Setting, value: Any) -> None:
        # No sync() here: QSettings writes the file from the event loop a moment later
        # (and when it is destroyed), so opening a file does not wait for a disk write.
        self.qsettings.setValue(setting.key, value)

    def flush(self) -> None:
        """Write pending changes to the file now."""
        self.qsettings.sync()

    def recent_files(self) -> list[Path]:
        return [Path(p) for p in self.get(RECENT_FILES)]

    def add_recent(self, path: Path) -> list[Path]:
        text = str(Path(path).resolve())
        recent = [text, *(p for p in self.get(RECENT_FILES) if p != text)][:MAX_RECENT]
        self.set(RECENT_FILES, recent)
        return [Path(p) for p in recent]

    def clear_recent(self) -> None:
        self.set(RECENT_FILES, [])
