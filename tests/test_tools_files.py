"""The file tools through ToolRegistry.execute: happy paths, argument errors and output bounds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from zero_engine.tools.base import Display, ToolExecution
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
    # Zero 0.8.0's format: a header, a blank line, then right-aligned line numbers.
    whole = call(registry, "read_file", path="README.md").result
    assert whole.output == "File: README.md (4 lines)\n\n1 | line 1\n2 | line 2\n3 | line 3\n4 | line 4"
    assert whole.meta["seen_lines"] == "1-4" and len(whole.meta["file_version"]) == 64
    window = call(registry, "read_file", path="README.md", offset=2, limit=2).result.output
    assert window == "File: README.md (lines 2-3 of 4)\n\n2 | line 2\n3 | line 3"
    assert (
        call(registry, "read_file", file_path="README.md", byte_offset=5, byte_limit=3).result.output
        == "File: README.md (bytes 5-7 of 28)\n\n1\nl\n\n[continue with byte_offset=8]"
    )
    past = call(registry, "read_file", path="README.md", offset=9).result.output
    assert past == "File: README.md\n(offset 9 is past the end of the file, which has 4 lines)"
    limited = call(registry, "read_file", path="README.md", max_lines=1).result
    assert limited.truncated and limited.output.endswith(
        "[truncated: 3 more line(s) in the requested range not shown; set offset=2 to continue]"
    )
    assert "seen_lines" not in limited.meta  # a cut read gives no read-before-write credit


def test_read_file_pads_line_numbers_to_the_widest(tmp_path: Path) -> None:
    (tmp_path / "ten.txt").write_text("".join(f"{n}\n" for n in range(1, 11)))
    output = call(ToolRegistry(tmp_path, "auto"), "read_file", path="ten.txt", offset=9).result.output
    assert output == "File: ten.txt (lines 9-10 of 10)\n\n 9 | 9\n10 | 10"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({}, "path is required"),
        ({"path": 3}, "path must be a string"),
        ({"path": ""}, "path must be a non-empty string"),
        ({"path": "README.md", "offset": 0}, "offset must be at least 1"),
        ({"path": "README.md", "limit": "x"}, "limit must be an integer"),
        ({"path": "README.md", "offset": 1, "start_line": 1}, "use either offset or start_line, not both"),
    ],
)
def test_read_file_argument_errors(
    registry: ToolRegistry, arguments: dict[str, object], message: str
) -> None:
    execution = call(registry, "read_file", **arguments)
    assert execution.result.status == "error"
    assert execution.result.output == f"Error: Invalid arguments for read_file: {message}"
    assert execution.permission is None


@pytest.mark.parametrize(
    ("raw", "error"),
    [
        ("{", "unexpected end of JSON input"),
        ("{bad json", "invalid character 'b' looking for beginning of object key string"),
        ("[1, 2]", "json: cannot unmarshal array into Go value of type map[string]interface {}"),
        ('"path"', "json: cannot unmarshal string into Go value of type map[string]interface {}"),
        ('{"path": }', "invalid character '}' looking for beginning of value"),
    ],
)
def test_invalid_json_arguments_use_go_wording(registry: ToolRegistry, raw: str, error: str) -> None:
    result = registry.execute("c", "read_file", raw).result
    assert result.status == "error"
    assert result.output == f"Error: Failed to parse arguments for read_file: {error}"
    assert result.meta == {}  # the agent loop answers before the registry's output budget


def test_concatenated_json_arguments_use_the_first_object(registry: ToolRegistry) -> None:
    result = registry.execute("c", "read_file", '{"path": "README.md"}{"path": "x"}').result
    assert result.output.startswith("File: README.md (4 lines)")


def test_read_file_missing_and_directory(registry: ToolRegistry, tmp_path: Path) -> None:
    root = tmp_path.resolve()
    missing = call(registry, "read_file", path="nope/x.txt").result.output
    assert missing == f"Error reading file nope/x.txt: lstat {root}/nope: no such file or directory"
    directory = call(registry, "read_file", path="src").result.output
    assert directory == f"Error reading file src: read {root}/src: is a directory"


def test_every_result_carries_the_output_budget_meta(registry: ToolRegistry) -> None:
    result = call(registry, "read_file", path="README.md").result
    size = str(len(result.output.encode()))
    assert result.meta["output_budget_category"] == "file"
    assert result.meta["output_budget_original_bytes"] == result.meta["emitted_bytes"] == size
    assert result.meta["output_budget_spill_created"] == "false"
    unknown = call(registry, "no_such_tool").result
    assert unknown.output == 'Error: Unknown tool "no_such_tool".'
    assert unknown.meta["output_budget_category"] == "default"
    assert unknown.display is None


def test_list_directory_flat_and_recursive(registry: ToolRegistry, tmp_path: Path) -> None:
    assert call(registry, "list_directory").result.output == "Contents of .:\n\nsrc/\nREADME.md"
    recursive = call(registry, "list_directory", path=".", recursive=True, max_depth=2).result.output
    assert recursive == "Contents of .:\n\nsrc/\n  app.py\n  util.py\nREADME.md"
    assert (
        call(registry, "list_directory", recursive=True, max_depth=9).result.output
        == "Error: Invalid arguments for list_directory: max_depth must be at most 5"
    )
    (tmp_path / "empty").mkdir()
    assert call(registry, "list_directory", path="empty").result.output == "Directory is empty: empty"


def test_search_tools_skip_vcs_and_dependency_dirs(tmp_path: Path) -> None:
    # As upstream: such folders are neither listed nor searched.
    for skipped in (".git", "node_modules", "Build", "tmp"):
        (tmp_path / skipped).mkdir()
        (tmp_path / skipped / "main.py").write_text("main\n")
    (tmp_path / "app.py").write_text("main\n")
    registry = ToolRegistry(workspace=tmp_path, permission_mode="auto")
    assert call(registry, "list_directory", recursive=True).result.output == "Contents of .:\n\napp.py"
    assert call(registry, "glob", pattern="**/*.py").result.output == "app.py"
    assert call(registry, "grep", pattern="main").result.output == "app.py:1: main"


def test_glob_with_double_star_limit_and_cwd(registry: ToolRegistry) -> None:
    assert call(registry, "glob", pattern="**/*.py").result.output == "src/app.py\nsrc/util.py"
    # Matches are relative to cwd, as in Zero.
    assert call(registry, "glob", pattern="*.py", cwd="src").result.output == "app.py\nutil.py"
    assert call(registry, "glob", pattern="*.py").result.output == "No matches found for *.py"
    limited = call(registry, "glob", pattern="**/*.py", limit=1).result
    assert limited.output == (
        "src/app.py\n\n[truncated: showing first 1 of 2 matches; increase limit or narrow cwd/pattern]"
    )
    assert limited.truncated and limited.meta["pattern"] == "**/*.py"
    assert call(registry, "glob").result.output == "Error: Invalid arguments for glob: pattern is required"


def test_grep_output_modes_case_and_head_limit(registry: ToolRegistry) -> None:
    content = call(registry, "grep", pattern="return").result.output  # content is the default mode
    assert content == "src/app.py:4:     return 1\nsrc/util.py:2:     return 'Main'"
    assert (
        call(
            registry, "grep", pattern="main", output_mode="files_with_matches", case_insensitive=True
        ).result.output
        == "src/app.py\nsrc/util.py"
    )
    assert (
        call(registry, "grep", pattern="e", output_mode="count", glob="*.md").result.output
        == "4 matches found"
    )
    limited = call(registry, "grep", pattern="line", head_limit=2).result
    assert limited.output == (
        "README.md:1: line 1\nREADME.md:2: line 2\n\n"
        "[truncated: showing first 2 matches; narrow path/glob/pattern or increase head_limit]"
    )
    assert limited.truncated and limited.meta["truncation_reason"] == "head_limit"
    assert call(registry, "grep", pattern="zzz").result.output == "No matches found."
    assert (
        call(registry, "grep", pattern="(").result.output
        == "Error running grep: error parsing regexp: missing closing ): `(`"
    )
    assert (
        call(registry, "grep", pattern="x", output_mode="lines").result.output
        == "Error: Invalid arguments for grep: output_mode must be content, files_with_matches, or count"
    )


def test_write_file_refuses_to_overwrite_unless_asked_and_read(
    registry: ToolRegistry, tmp_path: Path
) -> None:
    refused = call(registry, "write_file", path="README.md", content="new")
    assert refused.result.output == "Error: README.md already exists. Pass overwrite: true to replace it."
    unseen = call(registry, "write_file", filename="README.md", content="new", overwrite=True).result
    assert unseen.output == (
        "Error writing README.md: the intended change depends on content that has not been read exactly "
        "in this session. Read the affected lines with read_file using offset/limit (or "
        "byte_offset/byte_limit for a very long line), then retry the edit."
    )
    assert (tmp_path / "README.md").read_text().startswith("line 1")
    call(registry, "read_file", path="README.md")
    replaced = call(registry, "write_file", filename="README.md", content="new", overwrite=True)
    assert replaced.result.output == "Overwrote README.md (1 lines)."
    assert replaced.result.display == Display(summary="Overwrote README.md (1 lines).", kind="file")
    assert (tmp_path / "README.md").read_text() == "new"
    created = call(registry, "write_file", path="d/new.txt", content="a\nb\n").result
    assert created.output == "Created d/new.txt (2 lines)." and created.changed_files == ("d/new.txt",)
    assert (
        call(registry, "write_file", path="x.txt").result.output
        == "Error: Invalid arguments for write_file: content is required"
    )
    assert (
        call(registry, "write_file", path="x", content="", overwrite="maybe").result.output
        == "Error: Invalid arguments for write_file: overwrite must be a boolean"
    )


def test_write_file_refuses_a_file_changed_since_it_was_read(registry: ToolRegistry, tmp_path: Path) -> None:
    call(registry, "read_file", path="README.md")
    (tmp_path / "README.md").write_text("changed behind our back\n")
    result = call(registry, "write_file", path="README.md", content="x", overwrite=True).result
    assert result.output == (
        "Error writing README.md: the file changed on disk since you last read it (it may have been edited "
        "outside Zero). Re-read it with read_file, then re-apply your change so you do not overwrite the "
        "newer content."
    )


def test_v1_writes_need_no_prior_read_and_report_bytes(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("old\n")
    registry = ToolRegistry(tmp_path, "unsafe", schema_version=1, environ={})
    result = call(registry, "write_file", path="a.txt", content="new\n", overwrite=True).result
    assert result.output == "Overwrote a.txt (4 bytes)."
    assert result.meta == {}  # the v1-era registry had no output budget


def test_edit_file_replaces_unique_or_all(registry: ToolRegistry, tmp_path: Path) -> None:
    target = tmp_path / "src" / "app.py"
    unseen = call(registry, "edit_file", path="src/app.py", old_string="return 1", new_string="return 2")
    assert unseen.result.output.startswith("Error writing src/app.py: the intended change depends on content")
    call(registry, "read_file", path="src/app.py")
    ambiguous = call(registry, "edit_file", path="src/app.py", old_string="r", new_string="R")
    assert ambiguous.result.output == (
        "Error: old_string matches 3 locations in src/app.py. Either make old_string more specific, "
        "or pass replace_all: true to replace every occurrence."
    )
    edited = call(registry, "edit_file", file="src/app.py", old_string="return 1", new_string="return 2")
    assert edited.result.output == "Successfully edited src/app.py (replaced 1 occurrence)."
    assert edited.result.display == Display(summary="Edited src/app.py", kind="diff")
    assert "return 2" in target.read_text() and edited.result.changed_files == ("src/app.py",)
    every = call(registry, "edit_file", path="src/app.py", old_string="r", new_string="R", replace_all=True)
    assert every.result.output == "Successfully edited src/app.py (replaced 3 occurrences)."
    assert "r" not in target.read_text()
    missing = call(registry, "edit_file", path="src/app.py", old_string="zzz", new_string="y")
    assert missing.result.output == (
        "Error: Could not find the exact string to replace in src/app.py. The old_string must match the "
        "file byte-for-byte."
    )


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
    targets = registry.mutation_targets("apply_patch", json.dumps({"patch": patch}))
    execution = call(registry, "apply_patch", patch=patch)
    assert execution.result.status == "ok", execution.result.output
    assert (tmp_path / "src" / "app.py").read_text() == "import os\n\ndef main():\n    return 42\n"
    assert (tmp_path / "docs" / "new.md").read_text() == "# New\n"
    assert not (tmp_path / "src" / "util.py").exists()
    assert not (tmp_path / "README.md").exists()
    assert (tmp_path / "NOTES.md").read_text() == "line 1\nline two\nline 3\nline 4\n"
    # what a checkpoint snapshots before the call: every file named, in the patch's order
    assert targets == ["src/app.py", "docs/new.md", "src/util.py", "README.md", "NOTES.md"]
    assert set(execution.result.changed_files) == set(targets)


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


def test_a_unified_diff_is_applied_by_git(tmp_path: Path) -> None:
    # As Zero: `git apply` applies a unified diff, and its own words are the error.
    (tmp_path / "a.txt").write_text("hello\nworld\n")
    registry = ToolRegistry(tmp_path, "unsafe", environ={})
    stale = "--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-not there\n+x\n"
    failed = call(registry, "apply_patch", patch=stale).result
    assert failed.status == "error"
    assert (
        failed.output
        == "Error applying patch: error: patch failed: a.txt:1\nerror: a.txt: patch does not apply"
    )
    assert (tmp_path / "a.txt").read_text() == "hello\nworld\n"
    no_git = ToolRegistry(tmp_path, "unsafe", environ={"PATH": str(tmp_path / "empty")})
    missing = call(no_git, "apply_patch", patch=stale).result.output
    assert missing == 'Error applying patch: exec: "git": executable file not found in $PATH'


def test_v1_sends_every_patch_to_git(tmp_path: Path) -> None:
    registry = ToolRegistry(tmp_path, "unsafe", schema_version=1, environ={})
    begin = "*** Begin Patch\n*** Add File: x.txt\n+x\n*** End Patch\n"
    assert call(registry, "apply_patch", patch=begin).result.output == (
        'Error applying patch: error: No valid patches in input (allow with "--allow-empty")'
    )
    assert not (tmp_path / "x.txt").exists()


def test_a_patched_file_seen_whole_stays_known(tmp_path: Path) -> None:
    """v2: a file the model had read whole, or one the patch creates whole, may be overwritten
    after the patch without another read; any other patched file must be read again."""
    (tmp_path / "seen.txt").write_text("one\ntwo\n")
    (tmp_path / "unseen.txt").write_text("one\ntwo\n")
    registry = ToolRegistry(tmp_path, "unsafe", environ={})
    call(registry, "read_file", path="seen.txt")
    diff = (
        "--- a/seen.txt\n+++ b/seen.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n"
        "--- a/unseen.txt\n+++ b/unseen.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n"
        "--- /dev/null\n+++ b/created.txt\n@@ -0,0 +1 @@\n+new\n"
    )
    applied = call(registry, "apply_patch", patch=diff).result
    assert applied.status == "ok" and applied.changed_files == ("seen.txt", "unseen.txt", "created.txt")
    for name, allowed in (("seen.txt", True), ("created.txt", True), ("unseen.txt", False)):
        result = call(registry, "write_file", path=name, content="over\n", overwrite=True).result
        assert (result.status == "ok") is allowed, (name, result.output)


def test_apply_patch_failure_changes_nothing(registry: ToolRegistry, tmp_path: Path) -> None:
    patch = (
        "*** Begin Patch\n*** Add File: created.txt\n+x\n"
        "*** Update File: src/app.py\n@@\n-not there\n+y\n*** End Patch"
    )
    execution = call(registry, "apply_patch", patch=patch)
    assert execution.result.status == "error"
    assert (
        execution.result.output
        == "Error applying patch: could not find expected lines in src/app.py:\nnot there"
    )
    assert not (tmp_path / "created.txt").exists()
    malformed = call(registry, "apply_patch", patch="*** Begin Patch\nnonsense\n*** End Patch")
    # Like every tool error, a patch that cannot be parsed is reported after the permission decision.
    assert malformed.result.output.startswith("Error applying patch: ")
    assert malformed.permission is not None
    assert (
        registry.mutation_targets(
            "apply_patch", json.dumps({"patch": "*** Begin Patch\nnonsense\n*** End Patch"})
        )
        == []
    )


def test_interaction_tools(registry: ToolRegistry) -> None:
    asked = call(registry, "ask_user", questions=[{"question": "Which DB?"}]).result
    assert asked.output == HEADLESS_ANSWER and asked.display is None
    empty = call(registry, "ask_user", questions=[]).result
    assert (
        empty.output == "Error: Invalid arguments for ask_user: questions must contain at least one question"
    )
    assert empty.meta == {}  # checked by the agent loop, before the registry
    plan = call(
        registry,
        "update_plan",
        plan=[{"content": "Read", "status": "done", "notes": "n"}, {"content": "Write", "status": "wip"}],
    )
    assert plan.result.output == "Current Plan:\n1. [completed] Read\n   Notes: n\n2. [in_progress] Write"
    bad = call(registry, "update_plan", plan=[{"status": "done"}])
    assert bad.result.output == "Error: Invalid arguments for update_plan: plan item 1 content is required"
    assert call(registry, "update_plan", plan=[]).result.output == "Plan is currently empty."
    granted = call(registry, "request_permissions", permissions={"network": {"enabled": True}}).result
    assert granted.output == '{"permissions":{},"scope":"turn"}'
    nothing = call(registry, "request_permissions").result
    assert nothing.output == "Error: request_permissions requires at least one permission."


def test_output_budget_cuts_head_and_tail_and_spills(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    spill_tmp = str(tmp_path_factory.mktemp("TMPDIR"))  # the spill goes under TMPDIR: the test's, not /tmp
    registry = ToolRegistry(
        tmp_path, "auto", environ={"ZERO_TOOL_OUTPUT_CEILING_TOKENS": "25", "TMPDIR": spill_tmp}
    )
    steps = [{"content": f"step {n} " + "x" * 40} for n in range(10)]
    result = call(registry, "update_plan", plan=steps).result
    assert result.truncated is True
    assert result.meta["truncated"] == "true"
    assert result.meta["output_budget_reason"] == "token_and_byte_budget"
    assert int(result.meta["estimated_tokens"]) <= 25 and int(result.meta["emitted_bytes"]) <= 100
    assert "[zero] output truncated" in result.output or "saved to" in result.output
    assert result.output.startswith("Current Plan:")
    if result.meta["output_budget_spill_created"] == "true":
        assert Path(result.meta["spill_path"]).is_relative_to(spill_tmp)
        spilled = Path(result.meta["spill_path"]).read_text()
        assert spilled.startswith("Current Plan:\n1. [pending] step 0") and "step 9" in spilled
    small = call(ToolRegistry(tmp_path, "auto", environ={}), "update_plan", plan=steps).result
    assert small.truncated is False and "raw_bytes" not in small.meta
