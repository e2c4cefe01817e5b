"""The level-up wizard (earn, spend under the same live rules, review, commit)."""

from ui.wizard.wizard import LevelUpWizard

__all__ = ["LevelUpWizard"]
