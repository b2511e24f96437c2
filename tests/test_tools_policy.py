"""Workspace confinement, visibility by mode and permission outcomes of the tool registry."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from zero_engine.tools.base import ToolExecution
from zero_engine.tools.policy import Decision, PolicyRequest, evaluate
from zero_engine.tools.registry import ToolRegistry


@pytest.fixture()
def layout(tmp_path: Path) -> tuple[Path, Path]:
    """A workspace and a sentinel directory next to it that nothing may write into."""
    workspace = tmp_path / "ws"
    sentinel = tmp_path / "sentinel"
    workspace.mkdir()
    sentinel.mkdir()
    (sentinel / "secret.txt").write_text("outside\n")
    (workspace / ".git").mkdir()
    return workspace, sentinel


def call(registry: ToolRegistry, name: str, **arguments: object) -> ToolExecution:
    return registry.execute("call_1", name, json.dumps(arguments))


def sentinel_state(sentinel: Path) -> dict[str, str]:
    return {str(p.relative_to(sentinel)): p.read_text() for p in sentinel.rglob("*") if p.is_file()}


# (label, path, block code, whether auto mode only prompts). Outside-workspace paths are prompts
# in auto mode (headless: refused unless the tool is granted) and denies in unsafe mode; symlink
# traversals are always denies.
ESCAPES = [
    ("dotdot", "../sentinel/new.txt", "outside_workspace", True),
    ("absolute", "{sentinel}/new.txt", "outside_workspace", True),
    ("symlink", "link/new.txt", "symlink_traversal", False),
    ("symlinked_parent", "inner/deeper/new.txt", "symlink_traversal", False),
    ("dangling_symlink_file", "dangling.txt", "symlink_traversal", False),
    ("proc", "/proc/self/cwd/new.txt", "outside_workspace", True),
]


def registry_at(workspace: Path, mode: str, **options: object) -> ToolRegistry:
    """A registry without the default /tmp roots: pytest's scratch directories live in /tmp."""
    return ToolRegistry(workspace, mode, temp_roots=(), **options)  # type: ignore[arg-type]


@pytest.mark.parametrize(("label", "raw_path", "code", "promptable"), ESCAPES, ids=[e[0] for e in ESCAPES])
@pytest.mark.parametrize("mode", ["auto", "unsafe"])
def test_every_escape_is_blocked_and_nothing_is_written(
    layout: tuple[Path, Path], label: str, raw_path: str, code: str, promptable: bool, mode: str
) -> None:
    workspace, sentinel = layout
    os.symlink(sentinel, workspace / "link")
    (workspace / "inner").mkdir()
    os.symlink(sentinel, workspace / "inner" / "deeper")
    os.symlink(sentinel / "dangling-target.txt", workspace / "dangling.txt")
    before = sentinel_state(sentinel)
    path = raw_path.format(sentinel=sentinel)
    registry = registry_at(workspace, mode)

    for name, arguments in [
        ("write_file", {"path": path, "content": "escaped"}),
        ("edit_file", {"path": path, "old_string": "outside", "new_string": "x"}),
        ("apply_patch", {"patch": f"*** Begin Patch\n*** Add File: {path}\n+escaped\n*** End Patch"}),
        ("read_file", {"path": path}),
    ]:
        execution = call(registry, name, **arguments)
        assert execution.result.status == "error", (name, execution.result.output)
        assert execution.permission is not None
        block = execution.permission.block
        assert block is not None and block.code == code, (name, block)
        assert block.tool_name == name
        prompted = promptable and mode == "auto" and name != "apply_patch"
        assert execution.permission.action == block.action == ("prompt" if prompted else "deny")
        assert block.recoverable is prompted
        if prompted and name == "read_file":  # granted, so the tool runs: Zero resolves symlinks first,
            # so a missing file is Go's lstat error before any "must stay inside the workspace"
            output = execution.result.output
            assert output.startswith(f"Error reading file {path}: lstat "), output
            assert output.endswith(": no such file or directory"), output
        elif prompted:
            assert execution.result.output.startswith(f"Error: Sandbox approval required for {name}: ")
        else:
            assert execution.result.output.startswith(f"Sandbox block [{code}] for {name}")
    assert sentinel_state(sentinel) == before
    assert not (sentinel / "new.txt").exists()
    assert not (sentinel / "dangling-target.txt").exists()


def test_dotdot_after_a_symlink_is_cleaned_first_and_stays_inside(layout: tuple[Path, Path]) -> None:
    # Go cleans `link/../sentinel/new.txt` to `sentinel/new.txt` before resolving: a workspace path.
    workspace, sentinel = layout
    os.symlink(sentinel, workspace / "link")
    registry = registry_at(workspace, "auto")
    execution = call(registry, "write_file", path="link/../sentinel/new.txt", content="x")
    assert execution.result.status == "ok", execution.result.output
    assert (workspace / "sentinel" / "new.txt").read_text() == "x"
    assert not (sentinel / "new.txt").exists()


def test_outside_reasons_match_upstream_wording(layout: tuple[Path, Path]) -> None:
    workspace, sentinel = layout
    target = str(sentinel / "secret.txt")
    read = call(registry_at(workspace, "auto"), "read_file", path=target).permission
    write = call(registry_at(workspace, "auto"), "write_file", path=target, content="x").permission
    assert read is not None and read.reason == f"Reading {target} requires access outside the workspace."
    assert write is not None and write.reason == (
        f"Writing to {target} requires access outside the workspace. "
        "Use /add-dir or --add-dir to allow writes there."
    )
    v1 = call(registry_at(workspace, "auto", schema_version=1), "read_file", path=target).permission
    assert v1 is not None and v1.action == "deny"
    assert v1.reason == f"{target} is outside the workspace (use /add-dir or --add-dir to allow writes there)"
    relative = call(registry_at(workspace, "auto", schema_version=1), "read_file", path="../x").permission
    assert relative is not None and relative.reason == "../x is outside the workspace"


def test_temp_and_add_dir_roots_are_writable(layout: tuple[Path, Path], tmp_path: Path) -> None:
    workspace, sentinel = layout
    extra = tmp_path / "extra"
    extra.mkdir()
    registry = ToolRegistry(workspace, "auto", temp_roots=(str(sentinel),), add_dirs=(str(extra),))
    for target in (sentinel / "made.txt", extra / "made.txt"):
        execution = call(registry, "write_file", path=str(target), content="x")
        assert execution.result.status == "ok", execution.result.output
        assert execution.permission is not None
        assert execution.permission.reason == "workspace write is allowed"
        assert execution.permission.risk.categories == ("absolute_path", "write")
    v1 = ToolRegistry(workspace, "auto", schema_version=1, add_dirs=(str(extra),))
    written = call(v1, "write_file", path=str(extra / "v1.txt"), content="x")
    assert written.result.status == "ok"
    assert written.permission is not None
    assert written.permission.reason == "workspace write permitted by sandbox policy"
    refused = call(v1, "write_file", path=str(sentinel / "v1.txt"), content="x")
    assert refused.permission is not None and refused.permission.action == "deny"
    assert not (sentinel / "v1.txt").exists()


def test_symlink_traversal_names_the_segment(layout: tuple[Path, Path]) -> None:
    workspace, sentinel = layout
    os.symlink(sentinel, workspace / "link")
    outcome = call(registry_at(workspace, "auto"), "read_file", path="link/secret.txt").permission
    assert outcome is not None and outcome.block is not None
    assert outcome.reason == "link/secret.txt must not traverse symlink link"


def test_exec_command_does_not_exist_in_schema_v1(layout: tuple[Path, Path]) -> None:
    workspace, _ = layout
    execution = call(ToolRegistry(workspace, "auto", schema_version=1), "exec_command", cmd="ls")
    assert execution.result.output == 'Error: Unknown tool "exec_command".'
    assert execution.permission is None


def test_block_text_names_path_and_uses_violation_in_schema_v1(layout: tuple[Path, Path]) -> None:
    workspace, _ = layout
    v2 = call(ToolRegistry(workspace, "unsafe", schema_version=2), "read_file", path="../x")
    v1 = call(ToolRegistry(workspace, "auto", schema_version=1), "read_file", path="../x")
    assert v2.result.output == (
        "Sandbox block [outside_workspace] for read_file at ../x: "
        "Reading ../x requires access outside the workspace."
    )
    assert v1.result.output == (
        "Sandbox violation [outside_workspace] for read_file at ../x: ../x is outside the workspace"
    )
    assert v2.permission is not None and v2.permission.block is not None
    assert v2.permission.block.path == "../x"
    assert set(v2.permission.risk.categories) == {"out_of_workspace", "path_escape", "read"}


def test_risk_categories_are_sorted_and_name_absolute_paths(layout: tuple[Path, Path]) -> None:
    workspace, sentinel = layout
    execution = call(registry_at(workspace, "auto"), "read_file", path=str(sentinel / "secret.txt"))
    assert execution.permission is not None
    categories = execution.permission.risk.categories
    assert list(categories) == sorted(categories)
    assert "absolute_path" in categories
    assert execution.permission.risk.reason == "critical risk: " + ", ".join(categories)


def test_absolute_path_inside_the_workspace_is_allowed(layout: tuple[Path, Path]) -> None:
    workspace, _ = layout
    (workspace / "a.txt").write_text("inside\n")
    execution = call(ToolRegistry(workspace, "auto"), "read_file", path=str(workspace / "a.txt"))
    assert execution.result.status == "ok"
    assert execution.result.output == "File: a.txt (1 lines)\n\n1 | inside"
    assert execution.permission is None


def test_symlink_inside_the_workspace_is_followed(layout: tuple[Path, Path]) -> None:
    workspace, _ = layout
    (workspace / "real.txt").write_text("target\n")
    os.symlink(workspace / "real.txt", workspace / "alias.txt")
    execution = call(ToolRegistry(workspace, "auto"), "read_file", path="alias.txt")
    assert execution.result.output == "File: real.txt (1 lines)\n\n1 | target"


def test_workspace_write_is_auto_allowed_in_auto_mode(layout: tuple[Path, Path]) -> None:
    workspace, _ = layout
    execution = call(ToolRegistry(workspace, "auto"), "write_file", path="src/new.py", content="x = 1\n")
    assert execution.result.status == "ok"
    assert (workspace / "src" / "new.py").read_text() == "x = 1\n"
    outcome = execution.permission
    assert outcome is not None
    assert outcome.action == "allow"
    assert outcome.permission == "prompt"
    assert outcome.permission_mode == "auto"
    assert outcome.side_effect == "write"
    assert outcome.permission_granted is False
    assert outcome.reason == "workspace write is allowed"
    assert outcome.block is None
    assert execution.result.changed_files == ("src/new.py",)


def test_unsafe_mode_grants_the_write(layout: tuple[Path, Path]) -> None:
    workspace, _ = layout
    execution = call(ToolRegistry(workspace, "unsafe"), "write_file", path="a.txt", content="x")
    assert execution.permission is not None
    assert execution.permission.action == "allow"
    assert execution.permission.permission_granted is True


@pytest.mark.parametrize("mode", ["auto", "ask", "member-auto"])
def test_writes_into_git_metadata_are_prompted_and_refused(layout: tuple[Path, Path], mode: str) -> None:
    workspace, _ = layout
    execution = call(ToolRegistry(workspace, mode), "write_file", path=".git/hooks/pre-commit", content="x")  # type: ignore[arg-type]
    assert execution.result.status == "error"
    assert (
        execution.result.output
        == "Error: Sandbox approval required for write_file: Creates or overwrites files."
    )
    assert execution.permission is not None
    assert execution.permission.action == "prompt"
    assert execution.permission.reason == "Creates or overwrites files."
    assert execution.permission.permission_granted is False
    assert not (workspace / ".git" / "hooks" / "pre-commit").exists()


def test_read_only_tools_emit_no_permission_event(layout: tuple[Path, Path]) -> None:
    workspace, _ = layout
    (workspace / "a.txt").write_text("hello\n")
    registry = ToolRegistry(workspace, "auto")
    for name, arguments in [
        ("read_file", {"path": "a.txt"}),
        ("list_directory", {}),
        ("glob", {"pattern": "*.txt"}),
        ("grep", {"pattern": "hello"}),
        ("ask_user", {"questions": [{"question": "Which?"}]}),
    ]:
        execution = registry.execute("call_1", name, json.dumps(arguments))
        assert execution.result.status == "ok", (name, execution.result.output)
        assert execution.permission is None
        assert registry.mutation_targets(name, json.dumps(arguments)) == []  # nothing to checkpoint


# An engine whose tool commands would run on the host (no OS sandbox): the policy cannot lean on one.
UNSANDBOXED = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "ZERO_ENGINE_SANDBOX": "off"}


def test_shell_in_auto_mode_runs_when_the_sandbox_is_active(layout: tuple[Path, Path]) -> None:
    workspace, _ = layout
    execution = call(registry_at(workspace, "auto"), "bash", command="touch ran.txt")
    assert execution.result.status == "ok", execution.result.output
    assert execution.permission is not None and execution.permission.action == "allow"
    assert execution.permission.reason == "auto-allowed: sandbox is active for this shell command"
    assert not execution.permission.permission_granted  # the sandbox allowed it, nobody granted it
    assert execution.result.meta["sandbox_backend"] == "linux-bwrap"
    assert (workspace / "ran.txt").exists()


@pytest.mark.parametrize(
    ("additional", "event"),
    [
        ({"network": {"enabled": True}}, "prompt"),
        ({"file_system": {"write": ["/elsewhere/x.txt"]}}, "prompt"),
        ({"file_system": {"entries": [{"path": {"path": "/elsewhere"}, "access": " Read "}]}}, "prompt"),
        # No-ops Zero drops before deciding: nothing asked, or only what the sandbox already gives.
        ({}, "allow"),
        ({"network": {"enabled": False}}, "allow"),
        ({"file_system": {"read": ["a.txt"], "write": ["sub"], "deny_read": ["/etc"]}}, "allow"),
        ({"file_system": {"entries": [{"path": {"path": "/elsewhere"}, "access": "deny"}]}}, "allow"),
    ],
)
def test_an_inline_elevation_request_is_reported_as_a_prompt_and_still_runs(
    layout: tuple[Path, Path], additional: dict[str, object], event: str
) -> None:
    """Zero 0.8.0 reports a sandbox-allowed shell call asking for more access as a prompt (its TUI
    must ask); headless exec runs it under the sandbox's own decision."""
    workspace, _ = layout
    (workspace / "sub").mkdir()
    arguments = {"cmd": "touch ran.txt", "sandbox_permissions": "with_additional_permissions"}
    execution = call(
        registry_at(workspace, "auto"), "exec_command", **arguments, additional_permissions=additional
    )
    assert execution.result.status == "ok", execution.result.output
    assert (workspace / "ran.txt").exists()
    assert execution.permission is not None
    assert execution.permission.action == event
    assert execution.permission.reason == "auto-allowed: sandbox is active for this shell command"
    assert not execution.permission.permission_granted
    unsafe = call(
        registry_at(workspace, "unsafe"), "exec_command", **arguments, additional_permissions=additional
    )
    assert unsafe.permission is not None and unsafe.permission.action == "allow"  # granted: nothing to ask
    v1 = call(
        registry_at(workspace, "auto", schema_version=1),
        "write_file",
        path="v1.txt",
        content="x",
        sandbox_permissions="with_additional_permissions",
    )
    assert v1.permission is not None and v1.permission.action == "allow"  # the v1 era had no such request


def test_shell_in_auto_mode_is_prompted_without_reason_and_not_run(layout: tuple[Path, Path]) -> None:
    workspace, _ = layout
    execution = call(ToolRegistry(workspace, "auto", environ=UNSANDBOXED), "bash", command="touch ran.txt")
    assert execution.result.output == (
        "Error: Sandbox approval required for bash: Shell commands can read, write, or execute programs."
    )
    assert execution.permission is not None
    assert execution.permission.action == "prompt"
    assert execution.permission.reason == ""  # it would only repeat the tool's safety text
    v1 = call(ToolRegistry(workspace, "auto", schema_version=1), "bash", command="touch ran.txt")
    # The v1 era had no sandbox auto-allow: its auto mode prompts whether or not a sandbox runs.
    assert v1.permission is not None
    assert v1.permission.reason == "Shell commands can read, write, or execute programs."
    assert execution.permission.side_effect == "shell"
    assert not (workspace / "ran.txt").exists()


@pytest.mark.parametrize("command", ["curl https://example.com", "wget http://x/y", "git clone https://x/y"])
def test_network_commands_prompt_without_block_and_deny_in_unsafe(
    layout: tuple[Path, Path], command: str
) -> None:
    workspace, _ = layout
    prompted = call(ToolRegistry(workspace, "ask"), "bash", command=command)
    assert prompted.permission is not None
    assert prompted.permission.action == "prompt"
    assert prompted.permission.reason == "network access requires approval"
    assert prompted.permission.block is None
    assert "network" in prompted.permission.risk.categories
    assert (
        prompted.result.output
        == "Error: Sandbox approval required for bash: network access requires approval"
    )

    denied = call(ToolRegistry(workspace, "unsafe"), "exec_command", cmd=command)
    assert denied.permission is not None and denied.permission.block is not None
    assert denied.permission.action == "deny"
    assert denied.permission.block.code == "network"
    assert denied.result.output.startswith("Sandbox block [network] for exec_command: ")


def decide(workspace: Path, mode: str, tool: str, command: str, schema_version: int = 2) -> Decision:
    """The sandbox decision alone: a test must never `execute` a destructive command."""
    registry = registry_at(workspace, mode, schema_version=schema_version)
    spec = next(spec for spec in registry.all_specs() if spec.name == tool)
    request = PolicyRequest(
        spec=spec,
        mode=mode,  # type: ignore[arg-type]
        paths=(),
        command=command,
        granted=mode == "unsafe",
        schema_version=schema_version,
    )
    return evaluate(request, registry.workspace)


@pytest.mark.parametrize(
    "command",
    [
        "rm -rf /",
        "rm -rf ~",
        "rm -fr *",
        "chmod -R 777 /",
        "mkfs.ext4 /dev/sda1",
        "rm -rf build",
        "rm --recursive --force build",
        "sudo -u root rm -r -f build",
        "find build -delete",
        "ls && bash -c 'shred -u key'",
    ],
)
def test_destructive_commands_prompt_and_are_denied_in_unsafe(
    layout: tuple[Path, Path], command: str
) -> None:
    workspace, _ = layout
    prompted = decide(workspace, "auto", "exec_command", command)
    assert prompted.action == "prompt" and prompted.reason == "destructive shell command requires approval"
    assert "destructive" in prompted.risk.categories
    # Upstream grants (and runs) it in unsafe mode; the engine refuses it (a documented divergence).
    denied = decide(workspace, "unsafe", "bash", command)
    assert denied.action == "deny" and denied.block is not None
    assert denied.block.code == "destructive_command" and denied.risk.level == "critical"
    # The v1-era default policy denied destructive shell commands outright.
    v1 = decide(workspace, "auto", "bash", command, schema_version=1)
    assert v1.action == "deny" and v1.block is not None and v1.block.code == "destructive_command"
    assert v1.reason == "destructive shell command is blocked by sandbox policy"


@pytest.mark.parametrize(
    "command",
    ["rm -r build", "rm -f a.txt", "ls -la", "echo curling is a sport", "grep -r wget_like .", "grep -- -rf"],
)
def test_ordinary_commands_are_not_network_or_destructive(layout: tuple[Path, Path], command: str) -> None:
    workspace, _ = layout
    decision = decide(workspace, "auto", "bash", command)
    assert decision.action == "prompt"
    assert decision.risk.categories == ("shell",)


def test_shell_cwd_outside_the_workspace_is_denied_even_in_unsafe(layout: tuple[Path, Path]) -> None:
    workspace, sentinel = layout
    before = sentinel_state(sentinel)
    for name, arguments in [
        ("bash", {"command": "echo x > new.txt", "cwd": "../sentinel"}),
        ("exec_command", {"cmd": "echo x > new.txt", "workdir": str(sentinel)}),
    ]:
        execution = call(registry_at(workspace, "unsafe"), name, **arguments)
        assert execution.permission is not None and execution.permission.block is not None
        assert execution.permission.block.code == "outside_workspace"
        assert execution.permission.reason.startswith("Writing to ")
    assert sentinel_state(sentinel) == before


def test_shell_command_writing_outside_is_contained_by_the_sandbox_in_auto_mode(
    layout: tuple[Path, Path],
) -> None:
    workspace, sentinel = layout
    before = sentinel_state(sentinel)
    for command in ["echo x > ../sentinel/new.txt", f"cp /etc/hostname {sentinel}/new.txt"]:
        execution = call(registry_at(workspace, "auto"), "exec_command", cmd=command)
        assert execution.permission is not None and execution.permission.action == "allow"
        assert execution.result.status == "error"
        assert "Read-only file system" in execution.result.output, execution.result.output
    assert sentinel_state(sentinel) == before


def test_shell_command_writing_outside_is_refused_in_auto_mode_without_a_sandbox(
    layout: tuple[Path, Path],
) -> None:
    workspace, sentinel = layout
    before = sentinel_state(sentinel)
    for command in ["echo x > ../sentinel/new.txt", f"cp /etc/hostname {sentinel}/new.txt"]:
        verdict = registry_at(workspace, "auto", environ=UNSANDBOXED).decide("exec_command", {"cmd": command})
        assert verdict.decision.action == "prompt" and not verdict.runs
    assert sentinel_state(sentinel) == before


VISIBILITY = {
    "auto": {
        "write_file": False,
        "apply_patch": False,
        "bash": False,
        "exec_command": True,
        "read_file": True,
        "update_plan": True,
        "request_permissions": True,
    },
    "member-auto": {"write_file": True, "apply_patch": True, "bash": True, "exec_command": True},
    "ask": {"write_file": True, "apply_patch": True, "bash": True, "exec_command": True},
    "unsafe": {"write_file": True, "apply_patch": True, "bash": True, "exec_command": True},
    "plan": {
        "write_file": False,
        "bash": False,
        "exec_command": False,
        "read_file": True,
        "grep": True,
        "update_plan": True,
        "request_permissions": False,
    },
    "spec-draft": {"update_plan": False, "ask_user": True, "read_file": True, "exec_command": False},
}


@pytest.mark.parametrize("mode", sorted(VISIBILITY))
def test_visibility_by_mode(tmp_path: Path, mode: str) -> None:
    visible = {spec.name for spec in ToolRegistry(tmp_path, mode).visible_specs()}  # type: ignore[arg-type]
    for name, expected in VISIBILITY[mode].items():
        assert (name in visible) is expected, (mode, name)
    assert "edit_file" not in visible


def test_edit_file_is_registered_but_never_visible(tmp_path: Path) -> None:
    registry = ToolRegistry(tmp_path, "unsafe", enabled=("edit_file",))
    assert "edit_file" in {spec.name for spec in registry.all_specs()}
    assert registry.visible_specs() == []


def test_filtered_and_mode_hidden_calls_are_refused_before_running(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("x")
    filtered = ToolRegistry(tmp_path, "auto", disabled=("read_file",))
    execution = call(filtered, "read_file", path="a.txt")
    assert execution.result.output == 'Error: Tool "read_file" is not enabled for this run.'
    assert execution.permission is None
    allow_listed = ToolRegistry(tmp_path, "auto", enabled=("grep",))
    assert (
        call(allow_listed, "glob", pattern="*").result.output
        == 'Error: Tool "glob" is not enabled for this run.'
    )
    plan = ToolRegistry(tmp_path, "plan")
    execution = call(plan, "write_file", path="b.txt", content="x")
    assert execution.result.output == 'Error: Tool "write_file" is not available in plan mode.'
    assert not (tmp_path / "b.txt").exists()
    spec_draft = ToolRegistry(tmp_path, "spec-draft")
    assert call(spec_draft, "update_plan", plan=[]).result.output == (
        'Error: Tool "update_plan" is not available in spec-draft mode.'
    )
    assert call(plan, "no_such_tool").result.output == 'Error: Unknown tool "no_such_tool".'


def test_hidden_tool_called_in_auto_still_goes_through_the_sandbox(tmp_path: Path) -> None:
    execution = call(
        ToolRegistry(tmp_path, "auto"), "edit_file", path="a.txt", old_string="a", new_string="b"
    )
    assert execution.permission is not None and execution.permission.action == "allow"
    assert execution.result.status == "error"  # the file does not exist
    assert "no such file or directory" in execution.result.output


def test_nul_byte_in_any_path_is_an_argument_error(tmp_path: Path) -> None:
    # Regression: a NUL byte reached os.path.realpath in the sandbox and crashed the engine.
    registry = ToolRegistry(workspace=tmp_path, permission_mode="unsafe")
    calls = {
        "apply_patch": {"patch": "*** Begin Patch\n*** Add File: a\x00b.txt\n+hi\n*** End Patch\n"},
        "grep": {"pattern": "x", "path": "a\x00"},
        "list_directory": {"path": "a\x00"},
        "edit_file": {"path": "a\x00", "old_string": "x", "new_string": "y"},
    }
    for name, args in calls.items():
        result = registry.execute("c1", name, json.dumps(args)).result
        assert result.status == "error"
        assert result.output.startswith(f"Error: Invalid arguments for {name}: "), result.output
        assert "NUL byte" in result.output
    assert list(tmp_path.iterdir()) == []
