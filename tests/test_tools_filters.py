"""--enabled-tools/--disabled-tools validation and the --list-tools listing."""

from __future__ import annotations

from pathlib import Path

import pytest
from zero_engine.tools.base import ToolSpec
from zero_engine.tools.filters import (
    ToolFilterError,
    parse_tool_filter,
    render_tool_listing,
    validate_tool_filters,
)
from zero_engine.tools.registry import ToolRegistry


def registered(tmp_path: Path) -> list[str]:
    return [spec.name for spec in ToolRegistry(tmp_path, "auto").all_specs()]


def test_separators_and_duplicates() -> None:
    assert parse_tool_filter("read_file, grep\tglob\r\nread_file,,") == ("read_file", "grep", "glob")
    assert parse_tool_filter(["a", "b a"]) == ("a", "b")
    assert parse_tool_filter("") == ()


@pytest.mark.parametrize(
    ("enabled", "disabled", "message"),
    [
        ("read_file,bad.name", "", 'Invalid tool name "bad.name".'),
        ("", "rm*", 'Invalid tool name "rm*".'),
        ("read_file,frobnicate", "", "Unknown tool: frobnicate"),
        ("read file!", "", "Unknown tool: read"),  # each name in turn: syntax, then existence
        ("", "frobnicate", "Unknown tool: frobnicate"),
        ("grep bash", "bash", "Tool cannot be both enabled and disabled: bash"),
    ],
)
def test_filter_errors_have_exact_messages(tmp_path: Path, enabled: str, disabled: str, message: str) -> None:
    with pytest.raises(ToolFilterError) as raised:
        validate_tool_filters(enabled, disabled, registered(tmp_path))
    assert raised.value.message == message


def test_valid_filters_and_tool_search_is_always_accepted(tmp_path: Path) -> None:
    filters = validate_tool_filters("read_file grep tool_search", "edit_file", registered(tmp_path))
    assert filters.enabled == ("read_file", "grep", "tool_search")
    assert filters.disabled == ("edit_file",)


def test_listing_of_visible_tools(tmp_path: Path) -> None:
    registry = ToolRegistry(tmp_path, "auto", enabled=("read_file", "grep", "bash"))
    listing = render_tool_listing(registry.visible_specs())
    lines = listing.splitlines()
    assert lines[0] == "Tools visible to model:"
    assert [line.split()[0] for line in lines[1:]] == ["grep", "read_file"]  # bash is hidden in auto
    assert lines[2].startswith("  read_file [read/allow] - ")
    assert render_tool_listing([]).splitlines() == ["Tools visible to model:", "  (none)"]


def test_listing_is_sorted_by_name() -> None:
    specs = [ToolSpec("zeta", "Z.", "shell", "prompt", {}), ToolSpec("alpha", "A.", "read", "allow", {})]
    assert render_tool_listing(specs) == (
        "Tools visible to model:\n  alpha [read/allow] - A.\n  zeta [shell/prompt] - Z."
    )  # no final newline: stream-json's final.text is this string as it is


def test_tool_parameters_are_json_schemas_with_required_keys(tmp_path: Path) -> None:
    for spec in ToolRegistry(tmp_path, "unsafe").all_specs():
        assert spec.parameters["type"] == "object"
        for name in spec.parameters.get("required", []):
            assert name in spec.parameters["properties"], (spec.name, name)
        assert spec.parameters["additionalProperties"] is False, spec.name  # as Zero sends them
        for name, schema in spec.parameters["properties"].items():
            assert "type" in schema, (spec.name, name)
