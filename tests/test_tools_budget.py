"""The pieces behind Zero-shaped tool results: the token estimate and output budget, Go's JSON
syntax errors for tool arguments, the read-before-write tracker and the v1 schema rewrites."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from zero_engine.tools.budget import Budget, apply_budget, budget_meta, estimate_tokens
from zero_engine.tools.gojson_errors import GoJSONError, decode_tool_arguments
from zero_engine.tools.read_tools import go_regexp_error
from zero_engine.tools.registry import ToolRegistry
from zero_engine.tools.tracker import FileTracker


@pytest.mark.parametrize(
    ("text", "tokens"),
    [("", 0), ("abcd", 1), ("abcde", 2), ("a b c d e", 2), ("é", 2), ("\udc80", 1), ("日本", 6)],
)
def test_token_estimate_charges_non_ascii_bytes_and_ignores_whitespace(text: str, tokens: int) -> None:
    assert estimate_tokens(text) == tokens


def test_small_output_passes_unchanged_with_its_sizes(tmp_path: Path) -> None:
    budgeted = apply_budget("grep", "a.py:1: x", "search", Budget(16_384, 65_536), str(tmp_path))
    assert budgeted.text == "a.py:1: x" and not budgeted.truncated
    assert budget_meta({"pattern": "p"}, budgeted) == {
        "pattern": "p",
        "output_budget_category": "search",
        "output_budget_original_bytes": "9",
        "output_budget_retained_bytes": "9",
        "output_budget_estimated_original_tokens": "2",
        "output_budget_estimated_retained_tokens": "2",
        "output_budget_spill_created": "false",
        "emitted_bytes": "9",
        "estimated_tokens": "2",
    }


def test_oversized_output_keeps_head_and_tail_and_spills_the_rest(tmp_path: Path) -> None:
    text = "".join(f"line {n}\n" for n in range(2000))
    budgeted = apply_budget("update_plan", text, "default", Budget(500, 2000), str(tmp_path))
    assert Path(budgeted.spill_path).parent == tmp_path  # the run's own directory, not a shared /tmp
    assert budgeted.truncated and budgeted.reason == "token_and_byte_budget"
    assert budgeted.retained_bytes <= 2000 and estimate_tokens(budgeted.text) <= 500
    assert budgeted.text.startswith("line 0\n") and "line 1999" in budgeted.text
    assert Path(budgeted.spill_path).read_text() == text
    assert budgeted.text.endswith(
        f"saved to {budgeted.spill_path} (grep or read_file it instead of re-running)"
    )
    meta = budget_meta({}, budgeted)
    assert (meta["truncated"], meta["raw_bytes"], meta["spill_path"]) == (
        "true",
        str(len(text)),
        budgeted.spill_path,
    )


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ('{"a": tru}', "invalid character '}' in literal true (expecting 'e')"),
        ('{"a": 1,}', "invalid character '}' looking for beginning of object key string"),
        ('{"a" 1}', "invalid character '1' after object key"),
        ('{"a": 1 "b"}', "invalid character '\"' after object key:value pair"),
        ('{"a": [1 2]}', "invalid character '2' after array element"),
        ('{"a": "\\q"}', "invalid character 'q' in string escape code"),
        ('{"a": 01}', "invalid character '1' after object key:value pair"),
        ('{"a": 1} x', "invalid character 'x' after top-level value"),
        ("true", "json: cannot unmarshal bool into Go value of type map[string]interface {}"),
    ],
)
def test_argument_json_errors_use_go_wording(raw: str, message: str) -> None:
    with pytest.raises(GoJSONError) as raised:
        decode_tool_arguments(raw)
    assert str(raised.value) == message


def test_arguments_null_and_empty_are_no_arguments() -> None:
    assert decode_tool_arguments("") == {} and decode_tool_arguments("null") == {}
    assert decode_tool_arguments('{"a":1} {"b":2}') == {"a": 1}


@pytest.mark.parametrize(
    ("pattern", "message"),
    [
        ("(", "missing closing ): `(`"),
        ("a)", "unexpected ): `a)`"),
        ("*", "missing argument to repetition operator: `*`"),
    ],
)
def test_grep_regex_errors_use_go_wording(pattern: str, message: str) -> None:
    with pytest.raises(re.error) as raised:
        re.compile(pattern)
    assert go_regexp_error(pattern, raised.value) == message


def test_tracker_credits_whole_files_from_ranges_and_forgets_changed_ones() -> None:
    tracker = FileTracker()
    tracker.record_hash("/f", "h1")
    tracker.record_lines("/f", 1, 2, 4)
    assert not tracker.seen_whole("/f") and tracker.seen_lines("/f", 1, 2)
    tracker.record_lines("/f", 3, 4, 4)
    assert tracker.seen_whole("/f")
    assert tracker.changed_on_disk("/f", b"other") and not tracker.changed_on_disk("/g", b"x")
    tracker.record_hash("/f", "h2")  # a new version: nothing of it has been seen
    assert not tracker.seen_whole("/f")
    tracker.record_bytes("/f", 0, 5, 10)
    tracker.record_bytes("/f", 5, 10, 10)
    assert tracker.seen_whole("/f")


def test_v1_schemas_are_rewritten_without_touching_the_v2_ones(tmp_path: Path) -> None:
    v1 = {
        spec.name: spec.parameters for spec in ToolRegistry(tmp_path, "unsafe", schema_version=1).all_specs()
    }
    v2 = {
        spec.name: spec.parameters for spec in ToolRegistry(tmp_path, "unsafe", schema_version=2).all_specs()
    }
    assert "recommended" not in v1["ask_user"]["properties"]["questions"]["items"]["properties"]
    assert "recommended" in v2["ask_user"]["properties"]["questions"]["items"]["properties"]
    assert set(v1["read_minified_file"]["properties"]) == {"path"}
    assert v1["web_fetch"]["properties"]["max_bytes"]["maximum"] == 524288
    assert "exec_command" not in v1 and "tool_search" not in v1 and "tool_search" in v2


def test_search_output_keeps_one_result_per_file_before_the_rest(tmp_path: Path) -> None:
    lines = [f"big.py:{n}: match {n}" for n in range(1, 400)] + ["small.py:7: match"]
    budgeted = apply_budget("grep", "\n".join(lines), "search", Budget(200, 800), str(tmp_path))
    assert budgeted.reason == "semantic_search_budget"
    assert "small.py:7: match" in budgeted.text and "big.py:1: match 1" in budgeted.text
    assert "section(s) omitted" in budgeted.text and budgeted.retained_bytes <= 800


def test_test_output_keeps_the_failure_and_its_context(tmp_path: Path) -> None:
    lines = (
        [f"ok pkg{n}" for n in range(300)]
        + ["--- FAIL: TestX", "    x_test.go:9: expected 1"]
        + [f"ok tail{n}" for n in range(30)]
    )
    budgeted = apply_budget("bash", "\n".join(lines), "test", Budget(120, 480), str(tmp_path))
    assert budgeted.reason == "semantic_test_budget"
    assert "--- FAIL: TestX" in budgeted.text and "x_test.go:9: expected 1" in budgeted.text
