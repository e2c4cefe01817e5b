"""The Qt window of sheetapp. The only package that imports PySide6."""
