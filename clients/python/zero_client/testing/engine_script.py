"""Scripts for zero-engine's own `scripted` provider: ENGINE ONLY.

The fake model server (`zero_client.testing.script`) scripts the model, so its tests run against
zero-engine and the real `zero` alike. Some client tests need the *process* to misbehave instead
(crash without `run_end`, a huge line, a stderr flood, an ignored SIGTERM, a grandchild left
behind). Only zero-engine can do that: its `scripted` provider (ZERO_PROVIDER=scripted,
ZERO_SCRIPT=file; format in docs/scripted-provider.md) runs `misbehave` steps. This module
builds those scripts with types:

    from zero_client.testing import engine_script as es
    script = es.EngineScript([es.turn(es.text("Hello"), es.misbehave.crash(code=7))])
    script.write(path)    # then run zero-engine with ZERO_PROVIDER=scripted ZERO_SCRIPT=path

With the pytest plugin, the `zero_engine_client` fixture does the writing and the environment,
and skips the test when `--zero-bin` names a real binary. Stdlib only.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Step = dict[str, Any]
"""One step of a turn, in its JSON form (`{"text": "hi"}`, `{"misbehave": {...}}`)."""


@dataclass(frozen=True)
class Turn:
    """One model request's answer: its steps, in order."""

    steps: tuple[Step, ...]

    def to_json(self) -> dict[str, Any]:
        return {"steps": [dict(step) for step in self.steps]}


def turn(*steps: Step) -> Turn:
    return Turn(tuple(steps))


def text(delta: str) -> Step:
    return {"text": delta}


def reasoning(delta: str) -> Step:
    return {"reasoning": delta}


def tool_call(name: str, args: Mapping[str, Any] | str, *, id: str) -> Step:
    """A tool call; a string `args` is passed raw (so invalid JSON can be scripted)."""
    if isinstance(args, str):
        return {"tool_call": {"id": id, "name": name, "raw_args": args}}
    return {"tool_call": {"id": id, "name": name, "args": dict(args)}}


def usage(prompt: int, completion: int) -> Step:
    return {"usage": {"prompt": prompt, "completion": completion}}


def sleep(seconds: float) -> Step:
    return {"sleep": seconds}


def error(message: str) -> Step:
    """The provider fails with `message` (`provider_error`, exit 3)."""
    return {"error": message}


def finish_reason(reason: str) -> Step:
    return {"finish_reason": reason}


class misbehave:
    """The `misbehave` steps: what the engine process does wrong, on purpose."""

    @staticmethod
    def _step(kind: str, **params: Any) -> Step:
        return {"misbehave": {"kind": kind, **{k: v for k, v in params.items() if v is not None}}}

    @staticmethod
    def crash(code: int = 1) -> Step:
        """Exit at once with `code`: no terminal events, no `run_end`."""
        return misbehave._step("exit", code=code)

    @staticmethod
    def kill_self(signal: str = "KILL") -> Step:
        return misbehave._step("kill_self", signal=signal)

    @staticmethod
    def hang() -> Step:
        """Sleep forever (SIGTERM still ends the run unless `ignore_sigterm` ran first)."""
        return misbehave._step("hang")

    @staticmethod
    def garbage(line: str = "not json") -> Step:
        return misbehave._step("garbage", line=line)

    @staticmethod
    def stderr_flood(nbytes: int) -> Step:
        return misbehave._step("stderr_flood", bytes=nbytes)

    @staticmethod
    def huge_line(nbytes: int) -> Step:
        """One valid `text` event whose delta is `nbytes` ASCII `x` characters."""
        return misbehave._step("huge_line", bytes=nbytes)

    @staticmethod
    def drip(text: str, delay: float) -> Step:
        return misbehave._step("drip", text=text, delay=delay)

    @staticmethod
    def tiny_writes(count: int) -> Step:
        return misbehave._step("tiny_writes", count=count)

    @staticmethod
    def partial_line() -> Step:
        return misbehave._step("partial_line")

    @staticmethod
    def ignore_sigterm() -> Step:
        return misbehave._step("ignore_sigterm")

    @staticmethod
    def spawn_child(pidfile: str | Path | None = None) -> Step:
        """Start a grandchild (`sleep 3600`) in the engine's process group."""
        return misbehave._step("spawn_child", pidfile=None if pidfile is None else str(pidfile))

    @staticmethod
    def write_stdout_raw(data: str) -> Step:
        return misbehave._step("write_stdout_raw", data=data)


@dataclass(frozen=True)
class EngineScript:
    """A whole `scripted` provider script: one `Turn` per model request."""

    turns: tuple[Turn, ...]
    model: str = "scripted"

    def __init__(self, turns: Iterable[Turn], model: str = "scripted") -> None:
        object.__setattr__(self, "turns", tuple(turns))
        object.__setattr__(self, "model", model)

    def to_json(self) -> dict[str, Any]:
        return {"model": self.model, "turns": [one.to_json() for one in self.turns]}

    def write(self, path: str | Path) -> Path:
        target = Path(path)
        target.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
        return target
