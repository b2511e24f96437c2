"""Runs as ATIF trajectories (Agent Trajectory Interchange Format, Harbor's RFC 0001).

    from zero_client.atif import to_trajectory, transcript_to_trajectory, write_trajectory
    trajectory = to_trajectory(client.run(prompt), prompt=prompt)
    write_trajectory(trajectory, "run.atif.json")

A trajectory is a plain dict, ready for `json.dump`, that Harbor's `TrajectoryValidator` accepts
(the test suite checks every export against a JSON Schema generated from Harbor's models). What
maps to what, and what Zero's stream has that ATIF cannot hold, is in docs/trajectories.md.

The stream is cut into steps the way the model produced it: one `agent` step per model response
(its text and reasoning deltas, the `usage` event that closes it, then the tool calls it asked for
with their results, paired by call id). The prompt is input, not on the stream: give it (and the
image files it attached) to get the opening `user` step. An `error` event becomes a `system`
step at the point it happened.

`version` picks the ATIF version written: `ATIF-v1.8` (the default, the latest) or `lowest`, the
oldest version that can hold the run (ATIF-v1.2, or ATIF-v1.6 when the prompt has images); in
versions before 1.7, which have no `extra` on tool calls and observation results, the per-call
details go to the step's `extra`, keyed by call id.

This module is not imported by `import zero_client`; it needs nothing beyond the client.
"""

from __future__ import annotations

import json
import mimetypes
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from zero_client.core import RunResult, read_transcript

__all__ = [
    "ATIF_LATEST",
    "ATIF_LOWEST",
    "LOWEST",
    "AtifError",
    "check_version",
    "prompt_text",
    "to_trajectory",
    "transcript_to_trajectory",
    "write_trajectory",
]

#: The latest ATIF version, written by default.
ATIF_LATEST = "ATIF-v1.8"
#: The oldest version any run is written in (the oldest whose models the tests know: Harbor's
#: ATIF-v1.2 models are a subset of v1.8's that a run without images fits).
ATIF_LOWEST = "ATIF-v1.2"
_OLDEST, _LATEST = (1, 2), (1, 8)  # ATIF_LOWEST, ATIF_LATEST
#: `version=` value asking for the oldest version that can hold the run.
LOWEST = "lowest"
#: Content parts (images) arrived in ATIF-v1.6; `extra` on tool calls and results in v1.7.
_MULTIMODAL_SINCE = (1, 6)
_CALL_EXTRA_SINCE = (1, 7)
#: The agent's name in `agent.name` (and in tracing's `gen_ai.agent.name`).
AGENT_NAME = "zero"
#: `agent.version` when the caller does not know the binary's version (the stream does not say).
UNKNOWN_VERSION = "unknown"
#: ATIF's image media types.
_IMAGE_TYPES = ("image/jpeg", "image/png", "image/gif", "image/webp")


class AtifError(ValueError):
    """A run or an argument that cannot become a trajectory (the message says which and why)."""


def _version_tuple(version: str) -> tuple[int, int]:
    """(major, minor) of an `ATIF-vM.N` this module writes; AtifError for anything else."""
    try:
        if not version.startswith("ATIF-v"):
            raise ValueError
        major, minor = version.removeprefix("ATIF-v").split(".")
        parsed = (int(major), int(minor))
    except ValueError:
        raise AtifError(
            f"unknown ATIF version {version!r}: give 'lowest' or one of {ATIF_LOWEST} ... {ATIF_LATEST}"
        ) from None
    if not _OLDEST <= parsed <= _LATEST:
        raise AtifError(f"ATIF version {version!r} is outside {ATIF_LOWEST} ... {ATIF_LATEST}")
    return parsed


def check_version(version: str) -> None:
    """Raises `AtifError` unless `version` is `lowest` or an ATIF version this module writes."""
    if version != LOWEST:
        _version_tuple(version)


def _value(value: Any) -> Any:
    """A field's value, None when it is unset."""
    return None if value is msgspec.UNSET else value


def _image_part(path: str | os.PathLike[str]) -> dict[str, Any]:
    """An image content part referencing a file, as ATIF allows (a path or a URL, no inline data)."""
    text = os.fspath(path)
    media_type = mimetypes.guess_type(text)[0]
    if media_type not in _IMAGE_TYPES:
        raise AtifError(
            f"image {text!r}: ATIF images are {', '.join(_IMAGE_TYPES)}; "
            f"this one is {media_type or 'of unknown type'}"
        )
    if "://" not in text and not os.path.isfile(text):
        raise AtifError(f"image {text!r}: no such file")
    return {"type": "image", "source": {"media_type": media_type, "path": text}}


class _Step:
    """An agent step being assembled from the stream."""

    __slots__ = ("calls", "has_usage", "metrics", "reasoning", "results", "text")

    def __init__(self) -> None:
        self.text: list[str] = []
        self.reasoning: list[str] = []
        self.calls: list[dict[str, Any]] = []
        self.results: list[dict[str, Any]] = []
        self.metrics: dict[str, Any] | None = None
        self.has_usage = False


def _permission(event: Any) -> dict[str, Any]:
    """A permission event's decision, as it goes into an observation result's `extra`."""
    risk, block = _value(event.risk), _value(event.block)
    fields = {
        "event": event.type,
        "action": _value(event.action),
        "granted": _value(event.permission_granted),
        "mode": _value(event.permission_mode),
        "reason": _value(event.reason),
        "decision_reason": _value(event.decision_reason),
        "risk_level": _value(risk.level) if risk is not None else None,
        "block_code": _value(block.code) if block is not None else None,
    }
    return {key: value for key, value in fields.items() if value is not None}


class _Builder:
    def __init__(self, inline_call_extra: bool) -> None:
        self.inline_call_extra = inline_call_extra
        self.steps: list[dict[str, Any]] = []
        self.current: _Step | None = None
        self.permissions: dict[str, list[dict[str, Any]]] = {}
        self.open_calls: dict[str, dict[str, Any]] = {}  # call id -> its tool_call entry
        self.call_step: dict[str, _Step] = {}
        self.final: str | None = None
        self.warnings: list[str] = []

    def _step(self, *, new: bool = False) -> _Step:
        if new or self.current is None:
            self._close()
            self.current = _Step()
        return self.current

    def _close(self) -> None:
        step = self.current
        if step is None:
            return
        self.current = None
        entry: dict[str, Any] = {"source": "agent", "message": "".join(step.text)}
        if step.reasoning:
            entry["reasoning_content"] = "".join(step.reasoning)
        calls, results = step.calls, step.results
        if calls:
            entry["tool_calls"] = calls
        if results:
            entry["observation"] = {"results": results}
        if not self.inline_call_extra:  # before ATIF-v1.7: no extra on calls and results
            moved = {
                "tool_calls": {c["tool_call_id"]: c.pop("extra") for c in calls if "extra" in c},
                "observation_results": {
                    r.get("source_call_id") or str(i): r.pop("extra")
                    for i, r in enumerate(results)
                    if "extra" in r
                },
            }
            moved = {key: value for key, value in moved.items() if value}
            if moved:
                entry["extra"] = moved
        if step.metrics is not None:
            entry["metrics"] = step.metrics
        self.steps.append(entry)

    def event(self, event: Any) -> None:
        kind = event.type
        if kind in ("text", "reasoning"):
            delta = _value(event.delta)
            if not isinstance(delta, str):
                return
            step = self.current
            if step is None or step.has_usage or step.calls or step.results:
                step = self._step(new=True)
            (step.text if kind == "text" else step.reasoning).append(delta)
        elif kind == "usage":
            step = self.current
            if step is None or step.has_usage:
                step = self._step(new=True)
            step.has_usage = True
            metrics = {
                "prompt_tokens": _value(event.prompt_tokens),
                "completion_tokens": _value(event.completion_tokens),
                "cost_usd": _value(event.cost_usd),
            }
            metrics = {key: value for key, value in metrics.items() if value is not None}
            total = _value(event.total_tokens)
            if total is not None:
                metrics["extra"] = {"total_tokens": total}
            step.metrics = metrics
        elif kind == "tool_call":
            self._tool_call(event)
        elif kind in ("permission_request", "permission_decision", "permission"):
            call_id = _value(event.id)
            if isinstance(call_id, str):
                self.permissions.setdefault(call_id, []).append(_permission(event))
        elif kind == "tool_result":
            self._tool_result(event)
        elif kind == "error":
            self._close()
            code, message = _value(event.code), _value(event.message) or ""
            extra = {"zero_event": "error", "code": code, "recoverable": _value(event.recoverable)}
            self.steps.append(
                {
                    "source": "system",
                    "message": f"{code}: {message}" if code else message,
                    "extra": {key: value for key, value in extra.items() if value is not None},
                }
            )
        elif kind == "warning":
            message = _value(event.message)
            if isinstance(message, str):
                self.warnings.append(message)
        elif kind == "final":
            text = _value(event.text)
            if isinstance(text, str):
                self.final = text

    def _tool_call(self, event: Any) -> None:
        step = self._step()
        call_id = _value(event.id)
        call_id = call_id if isinstance(call_id, str) else ""
        args = _value(event.args)
        entry: dict[str, Any] = {
            "tool_call_id": call_id,
            "function_name": _value(event.name) or "",
            "arguments": args if isinstance(args, dict) else {"value": args},
        }
        extra = {"side_effect": _value(event.side_effect)}
        if not isinstance(args, dict):
            extra["arguments_not_an_object"] = True  # kept under "value"
        entry["extra"] = {key: value for key, value in extra.items() if value is not None}
        if not entry["extra"]:
            del entry["extra"]
        step.calls.append(entry)
        self.open_calls[call_id] = entry
        self.call_step[call_id] = step

    def _tool_result(self, event: Any) -> None:
        call_id = _value(event.id)
        call_id = call_id if isinstance(call_id, str) else ""
        output = _value(event.output)
        result: dict[str, Any] = {"content": output if isinstance(output, str) else json.dumps(output)}
        extra: dict[str, Any] = {
            "status": _value(event.status),
            "truncated": _value(event.truncated),
            "redacted": _value(event.redacted),
            "changed_files": _value(event.changed_files),
        }
        permissions = self.permissions.pop(call_id, None)
        if permissions:
            extra["permission"] = permissions[-1]
        step = self.call_step.pop(call_id, None)
        self.open_calls.pop(call_id, None)
        if step is not None and step is self.current:
            result["source_call_id"] = call_id
        else:  # a result without its call in this step: ATIF pairs only within a step
            extra["tool_call_id"] = call_id
            extra["tool_name"] = _value(event.name)
            step = self._step()
        result["extra"] = {key: value for key, value in extra.items() if value is not None}
        step.results.append(result)

    def finish(self) -> list[dict[str, Any]]:
        self._close()
        # Calls the run ended without a result for.
        for entry in self.open_calls.values():
            entry.setdefault("extra", {})["result"] = "none"
        if self.final:
            agent_messages = [s["message"] for s in self.steps if s["source"] == "agent" and s["message"]]
            if not agent_messages or agent_messages[-1].strip() != self.final.strip():
                # A final answer the text deltas did not carry (schemaVersion 1 sends it alone).
                self.steps.append(
                    {"source": "agent", "message": self.final, "extra": {"zero_event": "final"}}
                )
        return self.steps


def prompt_text(prompt: Any) -> str | None:
    """The text of a prompt as the client takes it (`Prompt`: a string, an input event, or a list
    of them): Zero trims every input event's content and joins them with blank lines, and so does
    this. None when it holds no text. Inline images of `message` events are not kept (ATIF
    references image files; pass their paths as `images`)."""
    if prompt is None:
        return None
    items = [prompt] if isinstance(prompt, str) or not isinstance(prompt, Sequence) else prompt
    parts = []
    for item in items:
        content = item if isinstance(item, str) else _value(getattr(item, "content", None))
        if isinstance(content, str) and content.strip():
            parts.append(content.strip())
    return "\n\n".join(parts) if parts else None


def _user_step(prompt: str | None, images: Sequence[str | os.PathLike[str]]) -> dict[str, Any] | None:
    if prompt is None and not images:
        return None
    if not images:
        return {"source": "user", "message": prompt}
    parts: list[dict[str, Any]] = []
    if prompt:
        parts.append({"type": "text", "text": prompt})
    parts.extend(_image_part(image) for image in images)
    return {"source": "user", "message": parts}


def to_trajectory(
    result: RunResult,
    *,
    prompt: Any = None,
    images: Sequence[str | os.PathLike[str]] = (),
    agent_version: str | None = None,
    version: str = ATIF_LATEST,
    notes: str | None = None,
) -> dict[str, Any]:
    """The ATIF trajectory of a run whose events were kept (`ZeroClient.run()`,
    `stream(keep_events=True)`, `read_transcript`).

    `prompt` (what was given to `run()`: a string, input events, or a list of them) and `images`
    (file paths or URLs; ATIF references images, it does not inline them) make the opening
    `user` step; `agent_version` is the Zero binary's version (the stream does not
    carry it; "unknown" otherwise); `version` is `ATIF-v1.8` (default), `lowest`, or an
    ATIF version from 1.2 to 1.8. Raises `AtifError` when the run cannot be written.
    """
    if not result.events_kept:
        raise AtifError(
            "the run's events were not kept: a trajectory needs them (use ZeroClient.run(), "
            "stream(..., keep_events=True), or read_transcript)"
        )
    has_images = bool(images)
    if version == LOWEST:
        target = _MULTIMODAL_SINCE if has_images else _OLDEST
    else:
        target = _version_tuple(version)
        if has_images and target < _MULTIMODAL_SINCE:
            raise AtifError(f"{version} cannot hold images (they arrived in ATIF-v1.6): use a later version")
    builder = _Builder(inline_call_extra=target >= _CALL_EXTRA_SINCE)
    start = None
    for event in result.events:
        if event.type == "run_start" and start is None:
            start = event
        builder.event(event)
    steps = builder.finish()
    user = _user_step(prompt_text(prompt), images)
    if user is not None:
        steps.insert(0, user)
    if not steps:
        raise AtifError(
            "the run has no step to record: no prompt was given and the stream has no model output"
        )
    steps = [{"step_id": number, **step} for number, step in enumerate(steps, start=1)]

    agent: dict[str, Any] = {"name": AGENT_NAME, "version": agent_version or UNKNOWN_VERSION}
    agent_extra: dict[str, Any] = {}
    if start is not None:
        model = _value(start.model)
        if isinstance(model, str) and model:
            agent["model_name"] = model
        for key, field in (("provider", "provider"), ("api_model", "api_model"), ("cwd", "cwd")):
            value = _value(getattr(start, field, None))
            if value is not None:
                agent_extra[key] = value
    if agent_extra:
        agent["extra"] = agent_extra

    usage = result.usage
    final_metrics: dict[str, Any] = {
        "total_prompt_tokens": usage.prompt_tokens,
        "total_completion_tokens": usage.completion_tokens,
        "total_steps": len(steps),
        "extra": {"total_tokens": usage.total_tokens, "requests": usage.requests},
    }
    costs = [s["metrics"]["cost_usd"] for s in steps if "cost_usd" in s.get("metrics", {})]
    if costs:
        final_metrics["total_cost_usd"] = sum(costs)

    run_extra: dict[str, Any] = {
        "run_id": result.run_id,
        "zero_schema_version": result.schema_version,
        "status": result.status,
        "exit_code": result.exit_code,
        "final": builder.final,
        "warnings": builder.warnings or None,
    }
    trajectory: dict[str, Any] = {
        "schema_version": f"ATIF-v{target[0]}.{target[1]}",
        "session_id": result.session_id or result.run_id or "unknown",
        "agent": agent,
        "steps": steps,
        "final_metrics": final_metrics,
        "extra": {key: value for key, value in run_extra.items() if value is not None},
    }
    if notes is not None:
        trajectory["notes"] = notes
    return trajectory


def transcript_to_trajectory(
    path: str | os.PathLike[str],
    *,
    prompt: Any = None,
    images: Sequence[str | os.PathLike[str]] = (),
    agent_version: str | None = None,
    version: str = ATIF_LATEST,
) -> dict[str, Any]:
    """The ATIF trajectory of a saved stream-json transcript (any schemaVersion: older ones are
    upgraded as `read_transcript` reads them). Raises `AtifError` for a file that is not a
    transcript."""
    try:
        result = read_transcript(path)
    except OSError as error:
        raise AtifError(f"{os.fspath(path)}: cannot read it: {error.strerror or error}") from None
    if result.event_count == 0 or result.run_id is None:
        first = result.protocol_errors[0].message if result.protocol_errors else "no event"
        raise AtifError(f"{os.fspath(path)}: not a stream-json transcript ({first})")
    return to_trajectory(result, prompt=prompt, images=images, agent_version=agent_version, version=version)


def write_trajectory(trajectory: dict[str, Any], path: str | os.PathLike[str]) -> Path:
    """Writes `trajectory` as indented JSON (UTF-8) to `path` and returns the path."""
    target = Path(path)
    target.write_text(json.dumps(trajectory, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return target
