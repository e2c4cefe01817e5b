"""Playing from the sheet: declared actions, dice typed or rolled, results with their
arithmetic, and the play state they record (see :mod:`sheetapp.play.actions`)."""
