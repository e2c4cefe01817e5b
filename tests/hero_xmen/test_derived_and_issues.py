"""The combat box and the issues' wording (../shared/seeds/001_83bd08b00b463b10.txt)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from sheetapp.cli import main

from .helpers import DisadvantageChoice, PowerChoice, SkillChoice, TalentChoice, blank, evaluate


def test_combat_values_from_dex_and_ego() -> None:
    """OCV = DCV = DEX/3 and ECV = EGO/3 (HERO 5e, campaign settings); Initiative is the
    Combat Value plus Lightning Reflexes (line 718)."""
    document = blank(dex=20, ego=14)
    evaluation = evaluate(document)
    assert evaluation.derived_value("ocv").value == 7  # 6.67
    assert evaluation.derived_value("dcv").value == 7
    assert evaluation.derived_value("ecv").value == 5  # 4.67
    assert evaluation.derived_value("initiative").value == 7
    document.campaign.combat_value_divisor = 4
    assert evaluate(document).derived_value("ocv").value == 5


def test_knockback_target_is_10_plus_resistance() -> None:
    """Line 977: "equal to ... 10 plus the defender's Knockback Resistance (usually 10, for a
    total of 20), the defender is Knocked Down"."""
    explanation = evaluate(blank()).derived_value("kb_resistance").explanation
    assert "3d6 + BODY rolled = 20" in explanation


def test_rolls_for_every_primary() -> None:
    evaluation = evaluate(blank(str=23, pre=2))
    assert evaluation.derived_value("roll.str").value == "+3"
    assert evaluation.derived_value("roll.pre").value == "-2"


def _broken() -> object:
    document = blank()
    document.character.skills.append(SkillChoice(skill="acrobatics", level=-2))
    document.character.skills.append(SkillChoice(skill="acrobatics", everyperson=True))
    document.character.talents.append(TalentChoice(talent="belief", level=-1))
    document.character.powers.append(PowerChoice(power="luck"))
    document.character.powers.append(PowerChoice(name="Flight"))
    document.character.disadvantages.append(
        DisadvantageChoice(kind="vulnerability", importance="greatly")
    )
    return document


def test_every_issue_speaks_the_users_words() -> None:
    """A message and a hint for each issue; no issue code, data path or line number."""
    issues = evaluate(_broken()).issues  # type: ignore[arg-type]
    assert len({i.code for i in issues}) >= 7
    for issue in issues:
        assert issue.message and issue.hint, issue.code
        for text in (issue.message, issue.hint):
            assert (
                "hero-xmen." not in text
                and "hero." not in text
                and "character." not in text
                and "[" not in text
            )
            assert not re.search(r"\bline \d", text), text


def test_validate_exits_1_on_a_broken_rule(tmp_path: Path, capsys: object) -> None:
    document = _broken()
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(document.model_dump(mode="json")), encoding="utf-8")  # type: ignore[attr-defined]
    assert main(["validate", str(path)]) == 1
    fine = tmp_path / "fine.json"
    assert main(["new", "hero-xmen", "-o", str(fine)]) == 0
    assert main(["validate", str(fine)]) == 0


def test_cost_summaries_count_in_words() -> None:
    """The Costs tree says "1 talent", not "1 talents"."""
    document = blank()
    document.character.talents.append(TalentChoice(talent="attractive_unattractive"))
    lines = {line.label: line.explanation for line in evaluate(document).costs}
    assert lines["Talents"] == "1 talent"
    assert lines["Skills"] == "0 skills"
