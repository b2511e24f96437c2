"""The workspace sandbox, driven through a real `zero-engine exec -o stream-json` process.

Scripted tool calls try to leave the workspace: `..`, absolute paths, symlinks to outside,
symlinked parents, dangling links, paths through /proc and /dev/fd, writes to protected metadata
(.git/) and shell commands that leave the workspace, in auto, ask and unsafe modes and both schema
versions. Path escapes are hard denies (`permission_decision` deny + `block`, `violation` in v1,
with the right code) in every mode; nothing appears in a sentinel directory next to the workspace.

Shell commands that leave the workspace are allowed where Zero allows them (every v2 mode, since
the OS sandbox is active; v1 unsafe mode) and then run inside the OS sandbox, which stops the
write: the tool fails and nothing appears outside. A `.git/` write through write_file is allowed
in unsafe mode (protected metadata only stops the workspace-write auto-allow; documented exception).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from adversarial_support import engine_env, prompt_line, run_engine, write_script

ESCAPES: list[tuple[str, str, dict[str, Any], str]] = [
    # (id, tool, args, expected block code); {S} is the sentinel dir, {W} the workspace
    ("w-dotdot", "write_file", {"path": "../sentinel/a.txt", "content": "x"}, "outside_workspace"),
    (
        "w-dotdot-deep",
        "write_file",
        {"path": "sub/../../sentinel/b.txt", "content": "x"},
        "outside_workspace",
    ),
    ("w-absolute", "write_file", {"path": "{S}/c.txt", "content": "x"}, "outside_workspace"),
    ("w-symlink", "write_file", {"path": "link/d.txt", "content": "x"}, "symlink_traversal"),
    ("w-symlinked-parent", "write_file", {"path": "inner/deeper/e.txt", "content": "x"}, "symlink_traversal"),
    ("w-dangling", "write_file", {"path": "dangling.txt", "content": "x"}, "symlink_traversal"),
    ("w-proc-root", "write_file", {"path": "/proc/self/root{S}/g.txt", "content": "x"}, "outside_workspace"),
    ("w-devfd", "write_file", {"path": "/dev/fd/1", "content": "x"}, "outside_workspace"),
    (
        "e-symlink",
        "edit_file",
        {"path": "link/secret.txt", "old_string": "outside", "new_string": "pwned"},
        "symlink_traversal",
    ),
    (
        "p-dotdot",
        "apply_patch",
        {"patch": "*** Begin Patch\n*** Add File: ../sentinel/i.txt\n+x\n*** End Patch"},
        "outside_workspace",
    ),
    ("r-absolute", "read_file", {"path": "{S}/secret.txt"}, "outside_workspace"),
    ("r-symlink", "read_file", {"path": "link/secret.txt"}, "symlink_traversal"),
    ("r-proc", "read_file", {"path": "/proc/self/environ"}, "outside_workspace"),
    ("l-dotdot", "list_directory", {"path": ".."}, "outside_workspace"),
    ("x-workdir", "exec_command", {"cmd": "touch j.txt", "workdir": "../sentinel"}, "outside_workspace"),
    ("b-cwd", "bash", {"command": "touch k.txt", "cwd": "{S}"}, "outside_workspace"),
]
SHELL_ESCAPES = [
    ("x-shell-redirect", "exec_command", {"cmd": "echo x > ../sentinel/shell1.txt"}, "shell1.txt"),
    ("b-shell-cd", "bash", {"command": "cd .. && touch sentinel/shell2.txt"}, "shell2.txt"),
]
GIT_WRITE = ("w-git", "write_file", {"path": ".git/config", "content": "[core]\n"})


def fill(value: Any, sentinel: Path, ws: Path) -> Any:
    if isinstance(value, str):
        return value.replace("{S}", str(sentinel)).replace("{W}", str(ws))
    if isinstance(value, dict):
        return {k: fill(v, sentinel, ws) for k, v in value.items()}
    return value


def snapshot(directory: Path) -> dict[str, bytes]:
    return {str(p.relative_to(directory)): p.read_bytes() for p in directory.rglob("*") if p.is_file()}


@pytest.mark.parametrize("version", [1, 2])
@pytest.mark.parametrize("mode", ["auto", "ask", "unsafe"])
def test_escapes_are_blocked_through_the_engine(tmp_path: Path, mode: str, version: int) -> None:
    ws, sentinel = tmp_path / "ws", tmp_path / "sentinel"
    (ws / ".git").mkdir(parents=True)
    (ws / "inner").mkdir()
    (ws / "sub").mkdir()
    sentinel.mkdir()
    (sentinel / "secret.txt").write_text("outside\n")
    os.symlink(sentinel, ws / "link")
    os.symlink(sentinel, ws / "inner" / "deeper")
    os.symlink(sentinel / "dangling-target.txt", ws / "dangling.txt")
    before = snapshot(sentinel)

    # The .git write comes before the shell calls: a sandboxed command leaves an empty read-only
    # mount point at .git/config when the file is missing, as Zero's does.
    calls = [*[(i, t, a) for i, t, a, _ in ESCAPES], GIT_WRITE, *[(i, t, a) for i, t, a, _ in SHELL_ESCAPES]]
    steps = [{"tool_call": {"id": i, "name": t, "args": fill(a, sentinel, ws)}} for i, t, a in calls]
    script = write_script(tmp_path, [steps, [{"text": "done"}]])
    env = engine_env(tmp_path, version, script)
    env["ZERO_ENGINE_TEMP_ROOTS"] = ""  # pytest's tmp_path is under /tmp, a default extra root in v2
    if version == 1 and mode == "ask":
        pytest.skip("the v1-era binary had no ask mode (and no --permission-mode)")
    # The v1-era binary had no --permission-mode: unsafe was --skip-permissions-unsafe, auto the default.
    mode_flags = (
        ["--permission-mode", mode]
        if version >= 2
        else {"auto": [], "unsafe": ["--skip-permissions-unsafe"]}[mode]
    )
    result = run_engine(
        ["exec", "-i", "stream-json", "-o", "stream-json", *mode_flags],
        env,
        ws,
        stdin=prompt_line(version),
    )
    assert result.returncode == 0, result.stderr.decode()
    by_id: dict[str, list[dict[str, Any]]] = {}
    for event in result.events:
        if "id" in event:
            by_id.setdefault(event["id"], []).append(event)
    block_key = "block" if version == 2 else "violation"
    noun = "block" if version == 2 else "violation"

    for call_id, tool, _, code in ESCAPES:
        if version == 1 and tool == "exec_command":  # the v1-era Zero had no exec_command
            assert by_id[call_id][-1]["output"] == 'Error: Unknown tool "exec_command".'
            continue
        events = {e["type"]: e for e in by_id[call_id]}
        if version == 1 and tool == "apply_patch":  # the v1-era sandbox did not read patch paths:
            assert events["tool_result"]["status"] == "error"  # the tool itself refuses
            continue
        # v2 only prompts for a plain read/write outside the workspace (not apply_patch, not a
        # shell, not in unsafe mode); every other escape is a deny.
        prompted = (
            version == 2
            and mode != "unsafe"
            and code == "outside_workspace"
            and tool in ("write_file", "edit_file", "read_file", "list_directory")
        )
        permission = events.get("permission_request" if prompted else "permission_decision")
        assert permission is not None, (call_id, by_id[call_id])
        assert permission["action"] == ("prompt" if prompted else "deny"), (call_id, permission)
        assert permission[block_key]["code"] == code, (call_id, permission)
        assert permission[block_key]["recoverable"] is prompted
        assert ("violation" if version == 2 else "block") not in permission
        result_event = events["tool_result"]
        assert result_event["status"] == "error"
        if not prompted:
            assert result_event["output"].startswith(f"Sandbox {noun} [{code}] for {tool}"), result_event

    for call_id, tool, _, name in SHELL_ESCAPES:
        if version == 1 and tool == "exec_command":
            continue
        events = {e["type"]: e for e in by_id[call_id]}
        if mode == "unsafe" or version >= 2:  # allowed, then contained by the OS sandbox
            assert events["permission_decision"]["action"] == "allow", events
            assert events["tool_result"]["meta"]["sandbox_backend"] == "linux-bwrap"
        else:  # the v1 era's auto mode prompts, and headless turns the prompt into a refusal
            assert events["permission_request"]["action"] == "prompt"
        assert events["tool_result"]["status"] == "error" and not (sentinel / name).exists()

    git = {e["type"]: e for e in by_id["w-git"]}
    if mode == "unsafe":  # the policy allows it (as Zero's), the file tool refuses (docs/engine.md)
        assert git["permission_decision"]["action"] == "allow" and git["tool_result"]["status"] == "error"
        assert "do not write git's metadata (.git)" in git["tool_result"]["output"], git
        assert not (ws / ".git" / "config").is_file()
    else:
        assert git["permission_request"]["action"] == "prompt" and git["tool_result"]["status"] == "error"
        assert not (ws / ".git" / "config").is_file()

    after = snapshot(sentinel)
    if mode == "unsafe":
        after = {k: v for k, v in after.items() if k not in {name for *_, name in SHELL_ESCAPES}}
    assert "h.txt" not in after
    assert after == before, f"written outside the workspace: {sorted(set(after) - set(before))}"


# Regression: a NUL byte in a path crashed the engine with a traceback (ValueError from realpath).
@pytest.mark.parametrize("tool", ["read_file", "write_file"])
def test_nul_byte_in_a_tool_path_is_a_tool_error(tmp_path: Path, tool: str) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    args = {"path": "a\u0000b.txt", "content": "x"} if tool == "write_file" else {"path": "a\u0000b.txt"}
    script = write_script(
        tmp_path, [[{"tool_call": {"id": "n1", "name": tool, "args": args}}], [{"text": "ok"}]]
    )
    result = run_engine(
        ["exec", "-i", "stream-json", "-o", "stream-json", "--permission-mode", "unsafe"],
        engine_env(tmp_path, 2, script),
        ws,
        stdin=prompt_line(2),
    )
    assert b"Traceback" not in result.stderr, result.stderr.decode()[-500:]
    assert result.returncode == 0
    (tool_result,) = [e for e in result.events if e["type"] == "tool_result"]
    assert tool_result["status"] == "error"
