"""The file tools through ToolRegistry.execute: happy paths, argument errors and output bounds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from zero_engine.tools.base import ToolExecution
from zero_engine.tools.interaction import HEADLESS_ANSWER
from zero_engine.tools.registry import ToolRegistry


def call(registry: ToolRegistry, name: str, **arguments: object) -> ToolExecution:
    return registry.execute("call_1", name, json.dumps(arguments))


@pytest.fixture()
def registry(tmp_path: Path) -> ToolRegistry:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "app.py").write_text("import os\n\ndef main():\n    return 1\n")
    (tmp_path / "src" / "util.py").write_text("def helper():\n    return 'Main'\n")
    (tmp_path / "README.md").write_text("line 1\nline 2\nline 3\nline 4\n")
    return ToolRegistry(tmp_path, "unsafe", environ={})


def test_read_file_line_and_byte_windows(registry: ToolRegistry) -> None:
    assert call(registry, "read_file", path="README.md").result.output == "line 1\nline 2\nline 3\nline 4\n"
    assert (
        call(registry, "read_file", path="README.md", offset=2, limit=2).result.output == "line 2\nline 3\n"
    )
    assert (
        call(registry, "read_file", file_path="README.md", byte_offset=5, byte_limit=3).result.output
        == "1\nl"
    )


@pytest.mark.parametrize(
    ("arguments", "fragment"),
    [
        ({}, '"path" is required'),
        ({"path": 3}, '"path" must be a string'),
        ({"path": "README.md", "offset": 0}, '"offset" must be at least 1'),
        ({"path": "README.md", "limit": "2"}, '"limit" must be an integer'),
        ({"path": "README.md", "offset": 1, "byte_limit": 2}, "not both"),
    ],
)
def test_read_file_argument_errors(
    registry: ToolRegistry, arguments: dict[str, object], fragment: str
) -> None:
    execution = call(registry, "read_file", **arguments)
    assert execution.result.status == "error"
    assert execution.result.output.startswith("Error: Invalid arguments for read_file: ")
    assert fragment in execution.result.output
    assert execution.permission is None


@pytest.mark.parametrize("raw", ["{", "[1, 2]", '"path"', '{"path": }'])
def test_invalid_json_arguments_become_an_error_result(registry: ToolRegistry, raw: str) -> None:
    execution = registry.execute("c", "read_file", raw)
    assert execution.result.status == "error"
    assert execution.result.output.startswith("Error: Invalid arguments for read_file: ")


def test_read_file_missing_directory_and_binary(registry: ToolRegistry, tmp_path: Path) -> None:
    (tmp_path / "blob.bin").write_bytes(b"\x00\x01\x02")
    assert call(registry, "read_file", path="nope.txt").result.output == "Error: nope.txt does not exist."
    assert "is a directory" in call(registry, "read_file", path="src").result.output
    assert "binary" in call(registry, "read_file", path="blob.bin").result.output


def test_list_directory_flat_and_recursive(registry: ToolRegistry) -> None:
    assert call(registry, "list_directory").result.output == "README.md\nsrc/"
    recursive = call(registry, "list_directory", path=".", recursive=True, max_depth=2).result.output
    assert recursive.splitlines() == ["README.md", "src/", "src/app.py", "src/util.py"]
    assert (
        '"max_depth" must be at most 5'
        in call(registry, "list_directory", recursive=True, max_depth=9).result.output
    )


def test_search_tools_skip_vcs_and_dependency_dirs(tmp_path: Path) -> None:
    # As upstream's workspace index: such folders are neither listed nor searched.
    for skipped in (".git", "node_modules", "Build"):
        (tmp_path / skipped).mkdir()
        (tmp_path / skipped / "main.py").write_text("main\n")
    (tmp_path / "app.py").write_text("main\n")
    registry = ToolRegistry(workspace=tmp_path, permission_mode="auto")
    assert call(registry, "list_directory", recursive=True).result.output == "app.py"
    assert call(registry, "glob", pattern="**/*.py").result.output == "app.py"
    assert call(registry, "grep", pattern="main").result.output == "app.py"


def test_glob_with_double_star_limit_and_cwd(registry: ToolRegistry) -> None:
    assert call(registry, "glob", pattern="**/*.py").result.output == "src/app.py\nsrc/util.py"
    assert call(registry, "glob", pattern="*.py", cwd="src").result.output == "src/app.py\nsrc/util.py"
    assert call(registry, "glob", pattern="*.py").result.output == "No files matched."
    limited = call(registry, "glob", pattern="**/*.py", limit=1).result
    assert limited.output.startswith("src/app.py\n") and limited.truncated
    assert call(registry, "glob", pattern="{README,x}.md").result.output == "README.md"
    assert '"pattern" is required' in call(registry, "glob").result.output


def test_grep_output_modes_case_and_head_limit(registry: ToolRegistry) -> None:
    assert call(registry, "grep", pattern="main").result.output == "src/app.py"
    assert (
        call(registry, "grep", pattern="main", case_insensitive=True).result.output
        == "src/app.py\nsrc/util.py"
    )
    content = call(registry, "grep", pattern="return", output_mode="content").result.output
    assert content == "src/app.py:4:    return 1\nsrc/util.py:2:    return 'Main'"
    assert (
        call(registry, "grep", pattern="e", output_mode="count", glob="*.md").result.output == "README.md:4"
    )
    limited = call(registry, "grep", pattern="line", output_mode="content", head_limit=2).result
    assert limited.output.startswith("README.md:1:line 1\nREADME.md:2:line 2\n") and limited.truncated
    assert "not a valid regular expression" in call(registry, "grep", pattern="(").result.output
    assert (
        '"output_mode" must be one of'
        in call(registry, "grep", pattern="x", output_mode="lines").result.output
    )


def test_write_file_refuses_to_overwrite_unless_asked(registry: ToolRegistry, tmp_path: Path) -> None:
    refused = call(registry, "write_file", path="README.md", content="new")
    assert refused.result.status == "error" and "already exists" in refused.result.output
    assert (tmp_path / "README.md").read_text().startswith("line 1")
    replaced = call(registry, "write_file", filename="README.md", content="new", overwrite=True)
    assert replaced.result.status == "ok" and (tmp_path / "README.md").read_text() == "new"
    assert replaced.checkpoint_files == ("README.md",)
    assert '"content" is required' in call(registry, "write_file", path="x.txt").result.output
    assert (
        '"overwrite" must be a boolean'
        in call(registry, "write_file", path="x", content="", overwrite="yes").result.output
    )


def test_edit_file_replaces_unique_or_all(registry: ToolRegistry, tmp_path: Path) -> None:
    target = tmp_path / "src" / "app.py"
    ambiguous = call(registry, "edit_file", path="src/app.py", old_string="r", new_string="R")
    assert "occurs" in ambiguous.result.output and ambiguous.result.status == "error"
    edited = call(registry, "edit_file", file="src/app.py", old_string="return 1", new_string="return 2")
    assert edited.result.status == "ok" and "return 2" in target.read_text()
    assert edited.result.changed_files == ("src/app.py",)
    call(registry, "edit_file", path="src/app.py", old_string="r", new_string="R", replace_all=True)
    assert "r" not in target.read_text()
    missing = call(registry, "edit_file", path="src/app.py", old_string="zzz", new_string="y")
    assert "was not found" in missing.result.output


def test_apply_patch_begin_patch_format(registry: ToolRegistry, tmp_path: Path) -> None:
    patch = (
        "*** Begin Patch\n"
        "*** Update File: src/app.py\n"
        "@@ def main():\n"
        "-    return 1\n"
        "+    return 42\n"
        "*** Add File: docs/new.md\n"
        "+# New\n"
        "*** Delete File: src/util.py\n"
        "*** Update File: README.md\n"
        "*** Move to: NOTES.md\n"
        "@@\n"
        " line 1\n"
        "-line 2\n"
        "+line two\n"
        "*** End Patch\n"
    )
    execution = call(registry, "apply_patch", patch=patch)
    assert execution.result.status == "ok", execution.result.output
    assert (tmp_path / "src" / "app.py").read_text() == "import os\n\ndef main():\n    return 42\n"
    assert (tmp_path / "docs" / "new.md").read_text() == "# New\n"
    assert not (tmp_path / "src" / "util.py").exists()
    assert not (tmp_path / "README.md").exists()
    assert (tmp_path / "NOTES.md").read_text() == "line 1\nline two\nline 3\nline 4\n"
    assert set(execution.checkpoint_files) == {
        "src/app.py",
        "docs/new.md",
        "src/util.py",
        "README.md",
        "NOTES.md",
    }
    assert set(execution.result.changed_files) == set(execution.checkpoint_files)


def test_apply_patch_unified_diff_with_diff_alias(registry: ToolRegistry, tmp_path: Path) -> None:
    diff = (
        "--- a/src/util.py\n+++ b/src/util.py\n@@ -1,2 +1,2 @@\n"
        " def helper():\n-    return 'Main'\n+    return 'main'\n"
        "--- /dev/null\n+++ b/added.txt\n@@ -0,0 +1 @@\n+hello\n"
    )
    execution = call(registry, "apply_patch", diff=diff)
    assert execution.result.status == "ok", execution.result.output
    assert (tmp_path / "src" / "util.py").read_text() == "def helper():\n    return 'main'\n"
    assert (tmp_path / "added.txt").read_text() == "hello\n"


def test_apply_patch_failure_changes_nothing(registry: ToolRegistry, tmp_path: Path) -> None:
    patch = (
        "*** Begin Patch\n*** Add File: created.txt\n+x\n"
        "*** Update File: src/app.py\n@@\n-not there\n+y\n*** End Patch"
    )
    execution = call(registry, "apply_patch", patch=patch)
    assert execution.result.status == "error"
    assert "hunk 1 does not apply" in execution.result.output
    assert not (tmp_path / "created.txt").exists()
    malformed = call(registry, "apply_patch", patch="*** Begin Patch\nnonsense\n*** End Patch")
    assert malformed.result.output.startswith(
        "Error: Invalid arguments for apply_patch: the patch could not be parsed"
    )
    assert malformed.permission is None


def test_interaction_tools(registry: ToolRegistry) -> None:
    assert call(registry, "ask_user", questions=[{"question": "Which DB?"}]).result.output == HEADLESS_ANSWER
    assert '"questions" must be a non-empty array' in call(registry, "ask_user", questions=[]).result.output
    plan = call(
        registry, "update_plan", plan=[{"content": "Read", "status": "completed"}, {"content": "Write"}]
    )
    assert plan.result.output == "Plan updated.\n[x] Read\n[ ] Write"
    bad = call(registry, "update_plan", plan=[{"content": "x", "status": "done"}])
    assert '"plan[0].status" must be one of' in bad.result.output
    granted = call(registry, "request_permissions", permissions={"network": True})
    assert json.loads(granted.result.output) == {"permissions": {}}


def test_output_ceiling_bounds_the_model_view(tmp_path: Path) -> None:
    (tmp_path / "big.txt").write_text("é" * 300)  # 600 bytes
    registry = ToolRegistry(tmp_path, "auto", environ={"ZERO_TOOL_OUTPUT_CEILING_TOKENS": "25"})
    result = call(registry, "read_file", path="big.txt").result
    assert result.truncated is True
    assert result.meta["raw_bytes"] == "600"
    assert result.meta["emitted_bytes"] == "100"
    assert result.meta["estimated_tokens"] == "25"
    assert result.output.startswith("é" * 50)
    small = call(ToolRegistry(tmp_path, "auto", environ={}), "read_file", path="big.txt").result
    assert small.truncated is False and "raw_bytes" not in small.meta
