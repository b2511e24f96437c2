"""The scripted provider (`ZERO_PROVIDER=scripted`): replays docs/scripted-provider.md scripts.

Besides model behaviour (text, reasoning, tool calls, usage, errors, finish reasons) a script can
make the whole process misbehave on purpose, so clients can test their robustness.
"""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zero_engine.provider import (
    ModelRequest,
    ProviderChunk,
    ProviderError,
    ProviderInfo,
    ReasoningDelta,
    TextDelta,
    ToolCallRequest,
    TurnEnd,
    Usage,
)

STEP_KINDS = (
    "text",
    "reasoning",
    "echo_prompt",
    "tool_call",
    "usage",
    "sleep",
    "error",
    "finish_reason",
    "misbehave",
)
MISBEHAVIOUR_KINDS = (
    "exit",
    "kill_self",
    "hang",
    "garbage",
    "stderr_flood",
    "huge_line",
    "drip",
    "tiny_writes",
    "partial_line",
    "ignore_sigterm",
    "spawn_child",
    "write_stdout_raw",
)
STDERR_CHUNK = 64 * 1024


class ScriptError(ProviderError):
    """The script file is missing or malformed; the message names the file and the problem."""


@dataclass
class OutputHooks:
    """What misbehaviours need from the writer: the encoded line of a `text` event."""

    text_line: Callable[[str], bytes]


Step = dict[str, Any]


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


class ScriptedProvider:
    def __init__(self, path: Path, model: str, turns: list[list[Step]]) -> None:
        self.path = path
        self.turns = turns
        self.info = ProviderInfo(kind="scripted", model=model, api_model=model)
        self.hooks: OutputHooks | None = None
        self._next_turn = 0

    def attach_output(self, hooks: OutputHooks) -> None:
        self.hooks = hooks

    def stream(self, request: ModelRequest) -> Iterator[ProviderChunk]:
        if self._next_turn >= len(self.turns):
            yield TurnEnd()  # out of script: an empty answer ends the run
            return
        steps = self.turns[self._next_turn]
        self._next_turn += 1
        calls: list[ToolCallRequest] = []
        usage: Usage | None = None
        finish_reason = ""
        for step in steps:
            ((kind, value),) = step.items()
            if kind == "text":
                yield TextDelta(value)
            elif kind == "reasoning":
                yield ReasoningDelta(value)
            elif kind == "echo_prompt":
                yield TextDelta(_last_user_message(request))
            elif kind == "tool_call":
                calls.append(_tool_call(value))
            elif kind == "usage":
                usage = Usage(
                    prompt_tokens=value.get("prompt", 0), completion_tokens=value.get("completion", 0)
                )
            elif kind == "sleep":
                time.sleep(value)
            elif kind == "error":
                raise ProviderError(value)
            elif kind == "finish_reason":
                finish_reason = value
            else:
                self._misbehave(value)
        if usage is not None:
            yield usage
        yield TurnEnd(
            tool_calls=tuple(calls), finish_reason=finish_reason or ("tool_calls" if calls else "stop")
        )

    def _text_line(self, delta: str) -> bytes:
        if self.hooks is None:
            return delta.encode()
        return self.hooks.text_line(delta)

    def _misbehave(self, spec: dict[str, Any]) -> None:
        kind = spec["kind"]
        if kind == "exit":
            os._exit(int(spec.get("code", 1)))
        elif kind == "kill_self":
            name = str(spec.get("signal", "KILL")).upper()
            os.kill(os.getpid(), getattr(signal, name if name.startswith("SIG") else f"SIG{name}"))
        elif kind == "hang":
            while True:
                time.sleep(3600)
        elif kind == "garbage":
            _write_all(1, str(spec.get("line", "not json")).encode() + b"\n")
        elif kind == "stderr_flood":
            remaining = int(spec.get("bytes", 0))
            while remaining > 0:
                chunk = min(remaining, STDERR_CHUNK)
                _write_all(2, b"e" * chunk)
                remaining -= chunk
        elif kind == "huge_line":
            _write_all(1, self._text_line("x" * int(spec.get("bytes", 0))))
        elif kind == "drip":
            delay = float(spec.get("delay", 0.0))
            for byte in self._text_line(str(spec.get("text", ""))):
                _write_all(1, bytes([byte]))
                time.sleep(delay)
        elif kind == "tiny_writes":
            for index in range(int(spec.get("count", 1))):
                for byte in self._text_line(str(index)):
                    _write_all(1, bytes([byte]))
        elif kind == "partial_line":
            line = self._text_line("partial")
            _write_all(1, line[: len(line) // 2])
            os._exit(1)
        elif kind == "ignore_sigterm":
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        elif kind == "spawn_child":
            import subprocess  # only this misbehaviour needs it; keeps engine start-up lean

            # Same process group, inherited stdout/stderr: the pipes stay open while it lives.
            # An environment of its own: no process the engine starts inherits os.environ whole.
            child = subprocess.Popen(
                ["sleep", "3600"], stdin=subprocess.DEVNULL, env={"PATH": "/usr/local/bin:/usr/bin:/bin"}
            )
            pidfile = spec.get("pidfile")
            if pidfile:
                Path(pidfile).write_text(f"{child.pid}\n", encoding="utf-8")
        elif kind == "write_stdout_raw":
            _write_all(1, str(spec.get("data", "")).encode("utf-8", "surrogatepass"))


def _last_user_message(request: ModelRequest) -> str:
    """What the model was asked last: the content of the last user message ("" if none)."""
    return next((m.content for m in reversed(request.messages) if m.role == "user"), "")


def _tool_call(value: dict[str, Any]) -> ToolCallRequest:
    if "raw_args" in value:
        arguments = value["raw_args"]
    elif "args" in value:
        arguments = json.dumps(value["args"], ensure_ascii=False, separators=(",", ":"))
    else:
        arguments = ""
    return ToolCallRequest(id=value.get("id", ""), name=value["name"], arguments=arguments)


# -- loading and validating a script ------------------------------------------------------------

_PARAMETER_TYPES: dict[str, dict[str, type | tuple[type, ...]]] = {
    "exit": {"code": int},
    "kill_self": {"signal": (str, int)},
    "hang": {},
    "garbage": {"line": str},
    "stderr_flood": {"bytes": int},
    "huge_line": {"bytes": int},
    "drip": {"text": str, "delay": (int, float)},
    "tiny_writes": {"count": int},
    "partial_line": {},
    "ignore_sigterm": {},
    "spawn_child": {"pidfile": str},
    "write_stdout_raw": {"data": str},
}


def _check_type(
    value: Any, expected: type | tuple[type, ...], where: str, fail: Callable[[str], ScriptError]
) -> None:
    if isinstance(value, bool) or not isinstance(value, expected):
        names = expected.__name__ if isinstance(expected, type) else " or ".join(t.__name__ for t in expected)
        raise fail(f"{where} must be {_json_type_name(names)}")


def _json_type_name(python_names: str) -> str:
    return python_names.replace("str", "a string").replace("int", "an integer").replace("float", "a number")


def _validate_step(step: Any, where: str, fail: Callable[[str], ScriptError]) -> Step:
    if not isinstance(step, dict) or len(step) != 1:
        raise fail(f"{where} must be an object with exactly one key ({', '.join(STEP_KINDS)})")
    ((kind, value),) = step.items()
    if kind not in STEP_KINDS:
        raise fail(f"{where}: unknown step {kind!r} (expected one of {', '.join(STEP_KINDS)})")
    inner = f"{where}.{kind}"
    if kind in ("text", "reasoning", "error", "finish_reason"):
        _check_type(value, str, inner, fail)
    elif kind == "echo_prompt":
        if value is not True:
            raise fail(f"{inner} must be true")
    elif kind == "sleep":
        _check_type(value, (int, float), inner, fail)
        if value < 0:
            raise fail(f"{inner} must not be negative")
    elif kind == "usage":
        if not isinstance(value, dict):
            raise fail(f"{inner} must be an object with prompt and completion")
        for key, count in value.items():
            if key not in ("prompt", "completion"):
                raise fail(f"{inner}: unknown key {key!r}")
            _check_type(count, int, f"{inner}.{key}", fail)
    elif kind == "tool_call":
        if not isinstance(value, dict):
            raise fail(f"{inner} must be an object with id, name and args or raw_args")
        for key in value:
            if key not in ("id", "name", "args", "raw_args"):
                raise fail(f"{inner}: unknown key {key!r}")
        _check_type(value.get("name"), str, f"{inner}.name", fail)
        if "id" in value:
            _check_type(value["id"], str, f"{inner}.id", fail)
        if "raw_args" in value:
            _check_type(value["raw_args"], str, f"{inner}.raw_args", fail)
        if "args" in value and "raw_args" in value:
            raise fail(f"{inner}: give either args or raw_args, not both")
    else:
        if not isinstance(value, dict) or not isinstance(value.get("kind"), str):
            raise fail(f"{inner} must be an object with a string kind")
        kind_name = value["kind"]
        if kind_name not in MISBEHAVIOUR_KINDS:
            raise fail(
                f"{inner}: unknown kind {kind_name!r} (expected one of {', '.join(MISBEHAVIOUR_KINDS)})"
            )
        parameters = _PARAMETER_TYPES[kind_name]
        for key, parameter in value.items():
            if key == "kind":
                continue
            if key not in parameters:
                raise fail(f"{inner}: kind {kind_name!r} takes no parameter {key!r}")
            _check_type(parameter, parameters[key], f"{inner}.{key}", fail)
    return step


def load_script(path_text: str | None, model_override: str | None) -> ScriptedProvider:
    if not path_text:
        raise ScriptError(
            "scripted provider: ZERO_SCRIPT is not set (point it at a script file, "
            "see docs/scripted-provider.md)"
        )
    path = Path(path_text)

    def fail(problem: str) -> ScriptError:
        return ScriptError(f"scripted provider: script {path}: {problem}")

    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise fail("file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise fail(f"cannot read: {exc}") from None
    try:
        script = json.loads(text)
    except json.JSONDecodeError as exc:
        raise fail(f"invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    if not isinstance(script, dict):
        raise fail("must be a JSON object with model and turns")
    for key in script:
        if key not in ("model", "turns"):
            raise fail(f"unknown top-level key {key!r}")
    model = script.get("model", "scripted")
    _check_type(model, str, "model", fail)
    raw_turns = script.get("turns", [])
    if not isinstance(raw_turns, list):
        raise fail("turns must be an array")
    turns: list[list[Step]] = []
    for turn_index, turn in enumerate(raw_turns):
        where = f"turns[{turn_index}]"
        if not isinstance(turn, dict) or set(turn) - {"steps"}:
            raise fail(f"{where} must be an object with steps")
        steps = turn.get("steps", [])
        if not isinstance(steps, list):
            raise fail(f"{where}.steps must be an array")
        turns.append([_validate_step(step, f"{where}.steps[{i}]", fail) for i, step in enumerate(steps)])
    return ScriptedProvider(path, model_override or model, turns)
