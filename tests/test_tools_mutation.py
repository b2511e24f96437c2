"""What a checkpoint snapshots: the workspace files a write call names (Zero's MutationTargets),
read from the raw arguments before the call is judged or run."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from zero_engine.tools.diffheaders import patch_header_paths, workspace_target
from zero_engine.tools.mutation import mutation_targets


@pytest.fixture
def root(tmp_path: Path) -> str:
    workspace = tmp_path / "ws"
    (workspace / "src").mkdir(parents=True)
    (workspace / "src" / "app.py").write_text("x = 1\n")
    (workspace / "a.txt").write_text("hello\n")
    (tmp_path / "elsewhere").mkdir()
    (workspace / "link").symlink_to(tmp_path / "elsewhere")
    return os.path.realpath(workspace)


def targets(root: str, tool: str, arguments: object, version: int = 2) -> list[str]:
    text = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return mutation_targets(root, tool, text, version)


@pytest.mark.parametrize("tool", ["write_file", "edit_file"])
def test_a_write_names_its_file_inside_the_workspace(root: str, tool: str) -> None:
    assert targets(root, tool, {"path": "a.txt"}) == ["a.txt"]
    assert targets(root, tool, {"file_path": "new/dir/b.txt"}) == ["new/dir/b.txt"]  # an alias key
    assert targets(root, tool, {"path": f"{root}/src/app.py"}) == ["src/app.py"]  # absolute inside
    assert targets(root, tool, {"path": "./src/../a.txt"}) == ["a.txt"]
    assert targets(root, tool, {"path": "."}) == ["."]  # the session drops a directory later


@pytest.mark.parametrize(
    "arguments",
    [
        {"path": "../outside.txt"},
        {"path": "/tmp/elsewhere.txt"},  # a temp root is not the workspace
        {"path": "link/x.txt"},  # crosses a symlink
        {"path": "a.txt/x"},  # a parent that is a file
        {"path": "a\u0000b.txt"},  # the OS refuses a NUL byte
        {"path": ""},
        {"path": 7},
        {"content": "no path"},
        '{"path": "a.txt"}{"path": "b.txt"}',  # Go's Unmarshal refuses two values
        '{"path": "a.txt"',
        "null",
        "",
    ],
)
def test_no_target_outside_the_workspace_or_without_a_path(root: str, arguments: object) -> None:
    assert targets(root, "write_file", arguments) == []


def test_only_write_tools_have_targets(root: str) -> None:
    for tool in ("read_file", "bash", "exec_command", "list_directory", "nonexistent"):
        assert targets(root, tool, {"path": "a.txt", "command": "touch a.txt"}) == []


def test_a_structured_patch_names_every_file_it_touches(root: str) -> None:
    patch = (
        "*** Begin Patch\n*** Update File: src/app.py\n@@\n-x = 1\n+x = 2\n"
        "*** Add File: docs/new.md\n+# New\n*** Delete File: a.txt\n"
        "*** Update File: src/app.py\n*** Move to: src/main.py\n@@\n-x\n+y\n*** End Patch\n"
    )
    assert targets(root, "apply_patch", {"patch": patch}) == [
        "src/app.py",
        "docs/new.md",
        "a.txt",
        "src/main.py",
    ]
    assert targets(root, "apply_patch", {"diff": patch, "cwd": "src"}) == [
        "src/src/app.py",
        "src/docs/new.md",
        "src/a.txt",
        "src/src/main.py",
    ]
    # the v1-era binary reads every patch as a unified diff: no headers, no targets
    assert targets(root, "apply_patch", {"patch": patch}, version=1) == []


@pytest.mark.parametrize(
    "arguments",
    [
        {"patch": "*** Begin Patch\n*** Add File: ../x.txt\n+x\n*** End Patch"},  # escapes
        {"patch": "*** Begin Patch\n*** Add File: link/x.txt\n+x\n*** End Patch"},  # symlink
        {"patch": "*** Begin Patch\nnonsense\n*** End Patch"},  # does not parse
        {"patch": "*** Begin Patch\n*** Add File: x.txt\n+x\n*** End Patch", "cwd": "missing"},
        {"patch": "*** Begin Patch\n*** Add File: x.txt\n+x\n*** End Patch", "cwd": ""},
        {"patch": "*** Begin Patch\n*** Add File: x.txt\n+x\n*** End Patch", "cwd": "../"},
        {"patch": "--- a/../x.txt\n+++ b/../x.txt\n@@ -1 +1 @@\n-a\n+b\n"},
        {"patch": "--- /etc/passwd\n+++ /etc/passwd\n@@ -1 +1 @@\n-a\n+b\n"},
        {"patch": ""},
        {"cwd": "src"},
    ],
)
def test_a_patch_outside_the_workspace_has_no_targets(root: str, arguments: dict[str, str]) -> None:
    assert targets(root, "apply_patch", arguments) == []


def test_a_unified_diff_names_its_header_files(root: str) -> None:
    diff = "--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n hello\n-world\n+planet\n"
    assert targets(root, "apply_patch", {"patch": diff}) == ["a.txt"]
    assert targets(root, "apply_patch", {"patch": diff, "cwd": "src"}) == ["src/a.txt"]
    added = "--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1 @@\n+x\n"
    assert targets(root, "apply_patch", {"patch": added}, version=1) == ["new.txt"]
    assert targets(root, "apply_patch", {"patch": added}, version=2) == ["new.txt"]


def test_header_paths_skip_hunk_bodies_by_their_counts() -> None:
    # "--- x" inside the hunk is a removed line "-- x", not a file header
    diff = "--- a/notes.md\n+++ b/notes.md\n@@ -1,2 +1,1 @@\n--- x\n keep\n"
    assert patch_header_paths(diff, 2) == ["notes.md", "notes.md"]
    git = 'diff --git a/old.txt b/new.txt\n--- a/old.txt\t2026-01-01\n+++ "b/sp ace\\303\\251.txt"\n'
    assert patch_header_paths(git, 2) == ["old.txt", "new.txt", "old.txt", "sp aceé.txt"]
    # v1 took the first word after the marker, quotes and all
    assert patch_header_paths(git, 1) == ["old.txt", "new.txt", "old.txt", '"b/sp']
    # a section heading after the closing @@ cannot change the counts
    tricky = "--- a/x\n+++ b/x\n@@ -1 +1 @@ +1,99\n-a\n+b\n--- a/y\n+++ b/y\n"
    assert patch_header_paths(tricky, 2) == ["x", "x", "y", "y"]


def test_workspace_target_refuses_symlinks_and_escapes(root: str) -> None:
    assert workspace_target(root, "src/new/deep.txt") == "src/new/deep.txt"
    assert workspace_target(root, "link") is None
    assert workspace_target(root, "..") is None
    assert workspace_target(root, "//" + root.lstrip("/") + "/a.txt") == "a.txt"  # Go cleans //
