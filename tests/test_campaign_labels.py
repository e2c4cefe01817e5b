"""Campaign settings show human labels in every system (issue 17): Capital showed
``roll_and_assign`` and ``gained_per_level``. The form reads titles and ``choice_labels``
from the model; this checks each installed system's campaign model gives them."""

from __future__ import annotations

import re
import typing
from typing import Literal

import pytest

from sheetapp.core.system import installed_systems

SYSTEM_IDS = ("capital", "gladiators")
RAW = re.compile(r"_|\blines? \d|\bseed\b")


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_every_campaign_setting_has_words_for_people(system_id: str) -> None:
    model = installed_systems().get(system_id).document_model()
    campaign = model.model_fields["campaign"].annotation
    assert campaign is not None
    for key, info in campaign.model_fields.items():
        if key in ("system", "schema_version"):
            continue
        assert info.title and not RAW.search(info.title), key
        assert not RAW.search(info.description or ""), (key, info.description)
        if typing.get_origin(info.annotation) is Literal:
            extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
            labels = extra.get("choice_labels")
            assert isinstance(labels, dict), key
            for value in typing.get_args(info.annotation):
                label = labels.get(value)
                assert label and not RAW.search(str(label)), (key, value)
