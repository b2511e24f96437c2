"""Zero's hooks (`hooks.json`), run as Zero 0.8.0 runs them (docs/engine.md, "Hooks").

Two layers: `$XDG_CONFIG_HOME/zero/hooks.json` (else `~/.config/zero/hooks.json`) and the
workspace's `.zero/hooks.json`, which loads only in a trusted workspace. A layer that is missing,
unreadable, not JSON or not a valid hooks document is skipped (Zero fails open: a broken hooks
file never stops a run). A hook of the project layer with the id of a user hook replaces it.

Each hook is a command (`command` + `args`, no shell) run in the workspace, in the run's OS
sandbox, with the event's JSON on stdin and 30 seconds to finish:

- `beforeTool` (optional `matcher`: `*`, an exact tool name, or a pattern with `*`): runs before a
  call that is about to run; a non-zero exit, a timeout or a command that cannot start vetoes the
  call, whose result reads `Error: "<tool>" was blocked by hook "<id>": <stderr, else stdout>`;
- `afterTool`: runs after the tool; what it prints (stdout, else stderr) is appended to the
  result under "Hook output:";
- `sessionStart` / `sessionEnd`: advisory, once per run.

Every run of a hook is recorded in `$XDG_DATA_HOME/zero/hooks/audit.jsonl`
(`hook_execution_started` / `hook_execution_completed`, numbered). Plan mode suppresses every
hook but `beforeTool`.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from .config_processes import launch as launch_process
from .gojson import GoStruct, go_quote, marshal
from .tools.args import ToolFailure
from .tools.process_sandbox import ToolProcesses

HOOK_TIMEOUT = 30.0
EVENTS = ("beforeTool", "afterTool", "sessionStart", "sessionEnd", "specialistStart", "specialistStop")
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


class _Invalid(Exception):
    pass


@dataclass(frozen=True)
class Hook:
    id: str
    event: str
    command: str
    args: tuple[str, ...] = ()
    matcher: str = ""
    enabled: bool = True
    # A plugin's hook (plugins.py): third-party code, contained as a model's command is (the
    # sandbox's unix-socket rule always applies; hooks.json hooks get it with blockUnixSockets).
    from_plugin: bool = False


@dataclass
class HookConfig:
    enabled: bool = True
    hooks: list[Hook] = field(default_factory=list)


def hook_paths(env: Mapping[str, str], workspace: str) -> tuple[str, str, str]:
    """(user hooks.json, project hooks.json, audit file), as Zero's hooks.ResolvePaths."""
    home = env.get("HOME", "").strip() or env.get("USERPROFILE", "").strip() or os.path.expanduser("~")

    def env_dir(key: str, fallback: str) -> str:
        value = env.get(key, "").strip()
        if not value:
            return fallback
        return os.path.normpath(value) if os.path.isabs(value) else os.path.join(workspace, value)

    config_home = env_dir("XDG_CONFIG_HOME", os.path.join(home, ".config"))
    data_home = env_dir("XDG_DATA_HOME", os.path.join(home, ".local", "share"))
    return (
        os.path.join(config_home, "zero", "hooks.json"),
        os.path.join(workspace, ".zero", "hooks.json"),
        os.path.join(data_home, "zero", "hooks", "audit.jsonl"),
    )


def _text(obj: Mapping[str, Any], key: str, where: str, required: bool) -> str:
    value = obj.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or not value.strip():
        raise _Invalid(f"{where}: Expected a non-empty string.")
    return value.strip()


def _hook(raw: Any, where: str) -> tuple[Hook, bool]:
    if not isinstance(raw, dict):
        raise _Invalid(f"{where}: Expected hook definition to be an object.")
    hook_id = _text(raw, "id", f"{where}.id", True)
    if not _ID.match(hook_id):
        raise _Invalid(f"{where}.id: Use letters, numbers, dots, dashes, or underscores.")
    _text(raw, "name", f"{where}.name", False)
    _text(raw, "description", f"{where}.description", False)
    event = raw.get("event")
    if not isinstance(event, str) or not event.strip() or event.strip() not in EVENTS:
        raise _Invalid(f"{where}.event: Expected a hook event.")
    event = event.strip()
    matcher = _text(raw, "matcher", f"{where}.matcher", False)
    if matcher and event not in ("beforeTool", "afterTool"):
        raise _Invalid(f"{where}.matcher: matcher is only supported for beforeTool and afterTool hooks.")
    command = _text(raw, "command", f"{where}.command", True)
    args = raw.get("args")
    if args is None:
        args = []
    if not isinstance(args, list) or not all(isinstance(item, str) for item in args):
        raise _Invalid(f"{where}.args: Expected an array of strings.")
    enabled = raw.get("enabled", True)
    if not isinstance(enabled, bool):
        raise _Invalid(f"{where}.enabled: Expected a boolean.")
    return Hook(hook_id, event, command, tuple(args), matcher, enabled), "enabled" in raw


@dataclass
class _Layer:
    config: HookConfig
    enabled_set: bool
    enabled_set_ids: set[str]


def _read_layer(path: str) -> _Layer | None:
    """A layer, or None when it is missing or broken (Zero records a diagnostic and goes on)."""
    try:
        with open(path, "rb") as handle:
            raw = json.loads(handle.read() or b"null")
    except (OSError, ValueError):
        return None
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        return None
    try:
        enabled = raw.get("enabled", True)
        if not isinstance(enabled, bool):
            raise _Invalid("enabled: Expected a boolean.")
        items = raw.get("hooks")
        if items is None:
            items = []
        if not isinstance(items, list):
            raise _Invalid("hooks: Expected an array.")
        hooks, marked = [], set()
        for index, item in enumerate(items):
            hook, enabled_marked = _hook(item, f"hooks.{index}")
            hooks.append(hook)
            if enabled_marked:
                marked.add(hook.id)
    except _Invalid:
        return None
    return _Layer(HookConfig(enabled, sorted(hooks, key=lambda h: h.id)), "enabled" in raw, marked)


def load_hooks(env: Mapping[str, str], workspace: str, include_project: bool) -> HookConfig:
    """The merged hooks of both layers (Zero's LoadConfig + mergeLayers)."""
    user_path, project_path, _audit = hook_paths(env, workspace)
    layers = [layer for layer in (_read_layer(user_path),) if layer is not None]
    if include_project and (project := _read_layer(project_path)) is not None:
        layers.append(project)
    enabled = True
    by_id: dict[str, Hook] = {}
    for layer in layers:
        if layer.enabled_set:
            enabled = layer.config.enabled
        for hook in layer.config.hooks:
            if hook.id in by_id and hook.id not in layer.enabled_set_ids:
                hook = Hook(
                    hook.id, hook.event, hook.command, hook.args, hook.matcher, by_id[hook.id].enabled
                )
            by_id[hook.id] = hook
    return HookConfig(enabled, sorted(by_id.values(), key=lambda h: h.id))


def project_hooks_exist(workspace: str) -> bool:
    return os.path.isfile(os.path.join(workspace, ".zero", "hooks.json"))


def matches(matcher: str, tool: str) -> bool:
    """Zero's matcher: `*` matches all, no `*` is an exact name, else `*` is any run of characters."""
    if matcher == "*":
        return True
    if "*" not in matcher:
        return matcher == tool
    pattern = "".join(".*" if part == "*" else re.escape(part) for part in re.split(r"(\*)", matcher))
    return re.fullmatch(pattern, tool, re.S) is not None


def select(config: HookConfig, event: str, tool: str = "") -> list[Hook]:
    if not config.enabled:
        return []
    chosen = []
    for hook in config.hooks:
        if not hook.enabled or hook.event != event:
            continue
        if not hook.matcher or (tool and matches(hook.matcher, tool)):
            chosen.append(hook)
    return chosen


@dataclass
class _Result:
    exit_code: int
    stdout: str
    stderr: str
    failed_to_start: bool = False
    timed_out: bool = False


@dataclass
class Outcome:
    blocked_by: str = ""
    reason: str = ""
    messages: list[str] = field(default_factory=list)


class AuditLog:
    """Zero's hooks audit file: one JSON line per started and completed hook run.

    Its directory is made and opened when the run's hooks load, before any command runs, and every
    write goes through that descriptor, never through a symbolic link: the log holds hook
    arguments, and where the data directory lies in a write root a command could otherwise move
    the directory aside and plant a link the engine would write through. The sandbox masks the
    directory from commands (process_sandbox)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._directory = -1
        with contextlib.suppress(OSError):
            os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
            self._directory = os.open(os.path.dirname(path), os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)

    def _open(self, flags: int) -> int:
        if self._directory < 0:
            raise OSError("the audit directory could not be opened")
        return os.open(
            os.path.basename(self.path), flags | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600, dir_fd=self._directory
        )

    def _last_sequence(self) -> int:
        try:
            with os.fdopen(self._open(os.O_RDONLY), "rb") as handle:
                lines = [
                    line for line in handle.read().decode("utf-8", "replace").splitlines() if line.strip()
                ]
        except OSError:
            return 0
        for line in reversed(lines):
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if isinstance(record, dict) and isinstance(record.get("sequence"), int):
                return int(record["sequence"])
        return 0

    def append(self, record: GoStruct) -> None:
        event = GoStruct(sequence=self._last_sequence() + 1, createdAt=_now())
        event.update(record)
        try:
            with os.fdopen(self._open(os.O_CREAT | os.O_APPEND | os.O_WRONLY), "ab") as handle:
                handle.write(marshal(event).encode() + b"\n")
        except OSError:
            pass  # Zero ignores an audit write that fails


def _now() -> str:
    stamp = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f").rstrip("0").rstrip(".")
    return stamp + "Z"


class HookDispatcher:
    """The hooks of one run: selects, runs (sandboxed) and audits them."""

    def __init__(
        self,
        config: HookConfig,
        processes: ToolProcesses,
        workspace: str,
        audit: AuditLog | None,
        plan_mode: bool = False,
        block_unix_sockets: bool = False,  # the configuration's sandbox.blockUnixSockets
    ) -> None:
        self.config = config
        self.block_unix_sockets = block_unix_sockets
        self.processes = processes
        self.workspace = workspace
        self.audit = audit
        self.plan_mode = plan_mode
        self.session_id = ""
        # The v1-era loop did not dispatch sessionStart/sessionEnd (schemaVersion 1: False).
        self.session_events = processes.schema_version >= 2

    @property
    def active(self) -> bool:
        return self.config.enabled and any(hook.enabled for hook in self.config.hooks)

    def _run(self, hook: Hook, stdin: bytes) -> _Result:
        try:
            launch = launch_process(
                self.processes,
                [hook.command, *hook.args],
                self.workspace,
                block_unix_sockets=self.block_unix_sockets or hook.from_plugin,
            )
        except ToolFailure as exc:
            return _Result(-1, "", str(exc), failed_to_start=True)
        with launch:
            try:
                process = subprocess.Popen(
                    launch.argv,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    cwd=self.workspace,
                    env=launch.env,
                    start_new_session=True,
                    pass_fds=launch.pass_fds,
                )
            except OSError as exc:
                return _Result(-1, "", exc.strerror or str(exc), failed_to_start=True)
            launch.started(process.pid)
            try:
                out, err = process.communicate(stdin, timeout=HOOK_TIMEOUT)
                timed_out = False
            except subprocess.TimeoutExpired:
                _kill(process)
                out, err = process.communicate()
                timed_out = True
            finally:
                _kill(process)
        code = process.returncode if process.returncode is not None else -1
        return _Result(
            code, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), timed_out=timed_out
        )

    def dispatch(self, event: str, payload: Mapping[str, Any], tool: str = "", call_id: str = "") -> Outcome:
        outcome = Outcome()
        hooks = select(self.config, event, tool)
        if not hooks:
            return outcome
        stdin = marshal(dict(payload)).encode()
        for hook in hooks:
            self._record_started(hook, event, call_id)
            started = time.monotonic()
            result = self._run(hook, stdin)
            duration = int((time.monotonic() - started) * 1000)
            failed = result.timed_out or result.failed_to_start or result.exit_code != 0
            blocks = event == "beforeTool" and failed
            status = "blocked" if blocks else ("error" if failed else "completed")
            self._record_completed(hook, event, call_id, status, result, duration)
            message = result.stdout.strip() or result.stderr.strip()
            if message:
                outcome.messages.append(message)
            if blocks:
                outcome.blocked_by = hook.id
                outcome.reason = _block_reason(result)
                return outcome
        return outcome

    def _record_started(self, hook: Hook, event: str, call_id: str) -> None:
        if self.audit is None:
            return
        record = GoStruct(type="hook_execution_started", hookId=hook.id, event=event)
        if hook.matcher:
            record["matcher"] = hook.matcher
        if call_id:
            record["toolCallId"] = call_id
        record["commands"] = [GoStruct(command=hook.command, args=list(hook.args) or None)]
        self.audit.append(record)

    def _record_completed(
        self, hook: Hook, event: str, call_id: str, status: str, result: _Result, duration: int
    ) -> None:
        if self.audit is None:
            return
        record = GoStruct(type="hook_execution_completed", hookId=hook.id, event=event)
        if hook.matcher:
            record["matcher"] = hook.matcher
        if call_id:
            record["toolCallId"] = call_id
        record["status"] = status
        entry = GoStruct(exitCode=result.exit_code)
        if result.stdout:
            entry["stdout"] = result.stdout
        if result.stderr:
            entry["stderr"] = result.stderr
        record["results"] = [entry]
        if duration:
            record["durationMs"] = duration
        self.audit.append(record)

    # The events the agent loop raises ----------------------------------------------------------

    def before_tool(self, call_id: str, tool: str, arguments: Mapping[str, Any]) -> Outcome:
        """Runs even in plan mode: a policy hook must not stop applying there."""
        payload = {
            "event": "beforeTool",
            "tool": tool,
            "toolCallId": call_id,
            "sessionId": self.session_id,
            "cwd": self.workspace,
            "args": dict(arguments),
        }
        return self.dispatch("beforeTool", payload, tool, call_id)

    def after_tool(self, call_id: str, tool: str, status: str, changed_files: Sequence[str]) -> str:
        if self.plan_mode:
            return ""
        payload = {
            "event": "afterTool",
            "tool": tool,
            "toolCallId": call_id,
            "sessionId": self.session_id,
            "cwd": self.workspace,
            "status": status,
            "changedFiles": list(changed_files) or None,
        }
        return "\n".join(self.dispatch("afterTool", payload, tool, call_id).messages).strip()

    def session_start(self, provider: str, model: str, title: str) -> None:
        if self.plan_mode or not self.session_events:
            return
        payload = {
            "event": "sessionStart",
            "sessionId": self.session_id,
            "cwd": self.workspace,
            "provider": provider,
            "model": model,
            "depth": 0,
            "tag": "",
            "sessionTitle": title,
        }
        self.dispatch("sessionStart", payload)

    def session_end(
        self,
        provider: str,
        model: str,
        turns: int,
        stop_reason: str,
        finish_reason: str,
        incomplete: bool,
        error: str,
    ) -> None:
        if self.plan_mode or not self.session_events:
            return
        payload: dict[str, Any] = {
            "event": "sessionEnd",
            "sessionId": self.session_id,
            "cwd": self.workspace,
            "provider": provider,
            "model": model,
            "turns": turns,
            "stopReason": stop_reason,
            "finishReason": finish_reason,
            "incomplete": incomplete,
        }
        if error:
            payload["error"] = error
        self.dispatch("sessionEnd", payload)


def blocked_result_text(tool: str, outcome: Outcome) -> str:
    reason = outcome.reason.strip() or "blocked by a beforeTool hook"
    return f"Error: {go_quote(tool)} was blocked by hook {go_quote(outcome.blocked_by)}: {reason}"


def with_hook_feedback(output: str, feedback: str) -> str:
    if not feedback.strip():
        return output
    if not output.strip():
        return "Hook output:\n" + feedback
    return output + "\n\nHook output:\n" + feedback


def _block_reason(result: _Result) -> str:
    if result.timed_out:
        stderr = result.stderr.strip()
        return "hook timed out: " + stderr if stderr else "hook timed out before returning a verdict"
    for candidate in (result.stderr, result.stdout):
        if candidate.strip():
            return candidate.strip()
    return "hook exited non-zero"


def _kill(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
