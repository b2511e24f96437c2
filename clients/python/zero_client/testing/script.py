"""Scripts of model replies for the fake model server (`zero_client.testing.fake_model`).

A script is a list of replies; the server plays one reply per POST to `/v1/chat/completions`.
Every reply has a JSON form (the format is in docs/testing.md) and a typed Python form built
with the functions below; `Script.to_json()` / `Script.from_json()` convert between them.

    from zero_client.testing import script as s
    replies = s.Script([
        s.tool_calls(s.call("read_file", {"path": "a.txt"}), usage=(10, 2)),
        s.text("Done.", usage=(20, 3)),
        s.http_error(429, "slow down", retry_after="1"),
    ])

Each reply is a `Reply`: the SSE `data:` payloads to stream (`events`), or a raw body, plus the
HTTP status, headers, and what goes wrong (drop the connection, stall, wait before answering).
The builders only fill in `events`; everything on the wire is visible in the `Reply`.
Stdlib only: this module must not import the engine or the generator.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

DONE = "[DONE]"
"""The SSE payload that terminates an OpenAI stream."""

SSEPayload = dict[str, Any] | str
"""One SSE `data:` payload: a dict is sent JSON-encoded, a string exactly as it is."""

_REPLY_KEYS = frozenset(
    {
        "text",
        "reasoning",
        "tool_calls",
        "usage",
        "finish_reason",
        "done",
        "model",
        "error",
        "events",
        "raw",
        "status",
        "headers",
        "drop_after",
        "reset_after",
        "stall_after",
        "stall_seconds",
        "delay_seconds",
    }
)


class ScriptError(ValueError):
    """A script that cannot be played; the message names the reply and the field."""


@dataclass(frozen=True)
class ToolCall:
    """One tool call in a reply. `arguments` is sent as it is when it is a string (so broken
    JSON can be scripted), else JSON-encoded; it is streamed in `split` fragments."""

    name: str
    arguments: str | Mapping[str, Any] = ""
    id: str = ""
    split: int = 2


@dataclass(frozen=True)
class Reply:
    """One scripted HTTP response.

    events: SSE payloads in order (`DONE` sends the terminator).
    raw: bytes sent instead of `events` (malformed streams, error bodies).
    status / headers: the status line and extra headers (Content-Type defaults to
        text/event-stream).
    drop_after: close the socket abruptly after this many events (no terminating chunk).
    reset_after: reset the connection (TCP RST: SO_LINGER 0, then close) after this many events;
        the client's read fails with "connection reset by peer".
    stall_after: stop after this many events and hold the connection open until the client
        hangs up, the server closes, or `stall_seconds` pass (then end the stream normally).
    delay_seconds: wait this long before sending the status line.
    spec: the JSON form this reply was built from (what `to_json` writes back).
    """

    events: tuple[SSEPayload, ...] = ()
    raw: bytes | None = None
    status: int = 200
    headers: tuple[tuple[str, str], ...] = ()
    drop_after: int | None = None
    reset_after: int | None = None
    stall_after: int | None = None
    stall_seconds: float | None = None
    delay_seconds: float = 0.0
    spec: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def dropped_after(self, events: int) -> Reply:
        """This reply, with the connection dropped after `events` SSE events."""
        return self._with(drop_after=events)

    def reset_after_events(self, events: int) -> Reply:
        """This reply, with the connection reset (TCP RST) after `events` SSE events."""
        return self._with(reset_after=events)

    def stalled_after(self, events: int, seconds: float | None = None) -> Reply:
        """This reply, stalled after `events` SSE events (for `seconds`, or until hang-up)."""
        return self._with(stall_after=events, stall_seconds=seconds)

    def delayed(self, seconds: float) -> Reply:
        return self._with(delay_seconds=seconds)

    def _with(self, **changes: Any) -> Reply:
        spec = {**self.spec, **{key: value for key, value in changes.items() if value is not None}}
        return replace(self, spec=spec, **changes)

    def to_json(self) -> dict[str, Any]:
        if self.spec:
            return dict(self.spec)
        out: dict[str, Any] = {}
        if self.raw is not None:
            out["raw"] = self.raw.decode("utf-8", "surrogateescape")
        else:
            out["events"] = list(self.events)
        if self.status != 200:
            out["status"] = self.status
        if self.headers:
            out["headers"] = dict(self.headers)
        for key in ("drop_after", "reset_after", "stall_after", "stall_seconds"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.delay_seconds:
            out["delay_seconds"] = self.delay_seconds
        return out


# ------------------------------------------------------------------------------------------------
# Chunks


def chunk(
    delta: Mapping[str, Any], finish_reason: str | None = None, *, model: str = "fake-model"
) -> dict[str, Any]:
    """One `chat.completion.chunk` with a single choice."""
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion.chunk",
        "model": model,
        "choices": [{"index": 0, "delta": dict(delta), "finish_reason": finish_reason}],
    }


def usage_chunk(prompt_tokens: int, completion_tokens: int, *, model: str = "fake-model") -> dict[str, Any]:
    """The final usage-only chunk that `stream_options.include_usage` asks for."""
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion.chunk",
        "model": model,
        "choices": [],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


# ------------------------------------------------------------------------------------------------
# Builders

_UNSET: Any = object()


def call(name: str, arguments: str | Mapping[str, Any] = "", *, id: str = "", split: int = 2) -> ToolCall:
    """A tool call; without `id` the reply numbers it `call_<n>` (n counts from 1 per script)."""
    return ToolCall(name=name, arguments=arguments, id=id, split=split)


def text(
    *pieces: str,
    reasoning: Sequence[str] = (),
    usage: tuple[int, int] | None = None,
    finish_reason: str | None = _UNSET,
    done: bool = True,
    model: str = "fake-model",
) -> Reply:
    """Reasoning pieces, then text pieces, then the finish chunk, usage and [DONE].
    `finish_reason=None` sends no finish chunk; `done=False` sends no [DONE]."""
    spec: dict[str, Any] = {"text": list(pieces)}
    if reasoning:
        spec["reasoning"] = list(reasoning)
    if usage is not None:
        spec["usage"] = list(usage)
    if finish_reason is not _UNSET:
        spec["finish_reason"] = finish_reason
    if not done:
        spec["done"] = False
    if model != "fake-model":
        spec["model"] = model
    return reply_from_json(spec)


def tool_calls(
    *calls: ToolCall,
    text: str = "",
    reasoning: Sequence[str] = (),
    usage: tuple[int, int] | None = None,
    finish_reason: str | None = _UNSET,
    done: bool = True,
) -> Reply:
    """Optional text, then the tool calls (arguments streamed in fragments), finish, usage, [DONE]."""
    spec: dict[str, Any] = {"tool_calls": [_call_json(one) for one in calls]}
    if text:
        spec["text"] = [text]
    if reasoning:
        spec["reasoning"] = list(reasoning)
    if usage is not None:
        spec["usage"] = list(usage)
    if finish_reason is not _UNSET:
        spec["finish_reason"] = finish_reason
    if not done:
        spec["done"] = False
    return reply_from_json(spec)


def answer(
    arguments: str | Mapping[str, Any], *, then: str = "Done.", server: str = "sdk", id: str = ""
) -> list[Reply]:
    """The model's typed answer to a run with `output_type=` (zero_client.structured): a call of
    the output tool `mcp_<server>_final_result` with `arguments` (an object, or a string sent as
    it is), then the closing text `then`. `zero_model.enqueue(*s.answer({"ok": True}))`."""
    return [tool_calls(call(f"mcp_{server}_final_result", arguments, id=id)), text(then)]


def http_error(
    status: int, message: str, *, retry_after: str | None = None, body: str | None = None
) -> Reply:
    """An HTTP error with OpenAI's `{"error": {...}}` JSON body (or `body` as it is)."""
    error: dict[str, Any] = {"status": status, "message": message}
    if retry_after is not None:
        error["retry_after"] = retry_after
    if body is not None:
        error["body"] = body
    return reply_from_json({"error": error})


def events(*payloads: SSEPayload) -> Reply:
    """Exactly these SSE payloads (add `DONE` yourself)."""
    return reply_from_json({"events": list(payloads)})


def raw(body: str | bytes, *, status: int = 200, content_type: str | None = None) -> Reply:
    """A raw response body (malformed SSE, HTML error pages)."""
    spec: dict[str, Any] = {"raw": body.decode() if isinstance(body, bytes) else body}
    if status != 200:
        spec["status"] = status
    if content_type is not None:
        spec["headers"] = {"Content-Type": content_type}
    return reply_from_json(spec)


def retried(
    reply: Reply, *, status: int = 503, message: str = "upstream busy", times: int = 1
) -> list[Reply]:
    """`times` HTTP errors (`status`, retryable) followed by `reply`: a client that retries sees
    `reply`. Splice it into a script: `Script([*s.retried(s.text("Hi.")), ...])`."""
    return [*(http_error(status, message) for _ in range(times)), reply]


def malformed_stream(text_before: str = "") -> Reply:
    """A stream whose chunk after `text_before` is not JSON (then `[DONE]`)."""
    payloads: list[SSEPayload] = [chunk({"content": text_before})] if text_before else []
    return events(*payloads, '{"choices": [oops', DONE)


def stalled(reply: Reply, after_events: int = 1, seconds: float | None = None) -> Reply:
    """`reply`, holding the connection open after `after_events` events (see `Reply.stalled_after`)."""
    return reply.stalled_after(after_events, seconds)


@dataclass(frozen=True)
class Script:
    """The replies in the order the server plays them."""

    replies: tuple[Reply, ...] = ()

    def __init__(self, replies: Iterable[Reply] = ()) -> None:
        object.__setattr__(self, "replies", tuple(replies))

    def to_json(self) -> dict[str, Any]:
        return {"replies": [one.to_json() for one in self.replies]}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=2)

    @classmethod
    def from_json(cls, data: Any) -> Script:
        """A script from its JSON form: `{"replies": [...]}` or a bare list of replies."""
        if isinstance(data, Mapping):
            unknown = set(data) - {"replies"}
            if unknown:
                raise ScriptError(f"script: unknown field {sorted(unknown)[0]!r}")
            data = data.get("replies", [])
        if not isinstance(data, list):
            raise ScriptError("script: expected an object with 'replies' or a list of replies")
        counter = _CallCounter()
        return cls(reply_from_json(one, index=index, counter=counter) for index, one in enumerate(data))

    @classmethod
    def loads(cls, text: str) -> Script:
        try:
            return cls.from_json(json.loads(text))
        except json.JSONDecodeError as error:
            raise ScriptError(f"script: not JSON: {error}") from None


# ------------------------------------------------------------------------------------------------
# JSON form -> Reply


@dataclass
class _CallCounter:
    next: int = 1


def _call_json(one: ToolCall) -> dict[str, Any]:
    out: dict[str, Any] = {"name": one.name, "arguments": one.arguments}
    if one.id:
        out["id"] = one.id
    if one.split != 2:
        out["split"] = one.split
    return out


def reply_from_json(spec: Any, *, index: int = 0, counter: _CallCounter | None = None) -> Reply:
    """Expand one reply's JSON form. Raises `ScriptError` naming the reply and the field."""
    where = f"reply {index}"
    if not isinstance(spec, Mapping):
        raise ScriptError(f"{where}: expected an object, got {type(spec).__name__}")
    unknown = set(spec) - _REPLY_KEYS
    if unknown:
        raise ScriptError(f"{where}: unknown field {sorted(unknown)[0]!r}")
    counter = counter or _CallCounter()
    kinds = [key for key in ("error", "events", "raw") if key in spec]
    streamed = any(
        key in spec for key in ("text", "reasoning", "tool_calls", "usage", "finish_reason", "done")
    )
    if len(kinds) > 1 or (kinds and streamed):
        raise ScriptError(f"{where}: 'error', 'events', 'raw' and text/tool_calls are exclusive")
    status = _int(spec, "status", where, 200)
    headers = _headers(spec.get("headers", {}), where)
    body: bytes | None = None
    payloads: list[SSEPayload] = []
    if "error" in spec:
        error = spec["error"]
        if not isinstance(error, Mapping):
            raise ScriptError(f"{where}: field 'error' must be an object")
        status = _int(error, "status", f"{where}: error", 500)
        message = error.get("message", "fake model error")
        if "body" in error:
            body = _str(error, "body", f"{where}: error").encode()
        else:
            body = json.dumps({"error": {"message": message, "type": "fake_error", "code": None}}).encode()
            headers = (("Content-Type", "application/json"), *headers)
        if "retry_after" in error:
            headers = (*headers, ("Retry-After", _str(error, "retry_after", f"{where}: error")))
    elif "raw" in spec:
        body = _str(spec, "raw", where).encode("utf-8", "surrogateescape")
    elif "events" in spec:
        items = spec["events"]
        if not isinstance(items, list) or not all(isinstance(item, dict | str) for item in items):
            raise ScriptError(f"{where}: field 'events' must be a list of objects and strings")
        payloads = list(items)
    else:
        payloads = _streamed(spec, where, counter)
    stall_seconds = spec.get("stall_seconds")
    if stall_seconds is not None and not isinstance(stall_seconds, int | float):
        raise ScriptError(f"{where}: field 'stall_seconds' must be a number")
    delay = spec.get("delay_seconds", 0)
    if not isinstance(delay, int | float):
        raise ScriptError(f"{where}: field 'delay_seconds' must be a number")
    return Reply(
        events=tuple(payloads),
        raw=body,
        status=status,
        headers=headers,
        drop_after=_opt_int(spec, "drop_after", where),
        reset_after=_opt_int(spec, "reset_after", where),
        stall_after=_opt_int(spec, "stall_after", where),
        stall_seconds=None if stall_seconds is None else float(stall_seconds),
        delay_seconds=float(delay),
        spec=dict(spec),
    )


def _streamed(spec: Mapping[str, Any], where: str, counter: _CallCounter) -> list[SSEPayload]:
    model = _str(spec, "model", where, "fake-model")
    pieces = _pieces(spec, "text", where)
    reasoning = _pieces(spec, "reasoning", where)
    calls = spec.get("tool_calls", [])
    if not isinstance(calls, list):
        raise ScriptError(f"{where}: field 'tool_calls' must be a list")
    out: list[SSEPayload] = []
    if calls:
        out.append(chunk({"role": "assistant", "content": "".join(pieces) or None}, model=model))
        pieces = []
    else:
        out.append(chunk({"role": "assistant", "content": ""}, model=model))
    out += [chunk({"reasoning_content": piece}, model=model) for piece in reasoning]
    out += [chunk({"content": piece}, model=model) for piece in pieces]
    for position, item in enumerate(calls):
        here = f"{where}: tool_calls[{position}]"
        if not isinstance(item, Mapping):
            raise ScriptError(f"{here}: expected an object")
        unknown = set(item) - {"id", "name", "arguments", "split"}
        if unknown:
            raise ScriptError(f"{here}: unknown field {sorted(unknown)[0]!r}")
        name = _str(item, "name", here)
        arguments = item.get("arguments", "")
        if not isinstance(arguments, str | Mapping | list):
            raise ScriptError(f"{here}: field 'arguments' must be a string or an object")
        args_text = arguments if isinstance(arguments, str) else json.dumps(arguments, separators=(",", ":"))
        call_id = _str(item, "id", here, "") or f"call_{counter.next}"
        counter.next += 1
        split = max(1, _int(item, "split", here, 2))
        step = max(1, -(-len(args_text) // split))
        fragments = [args_text[start : start + step] for start in range(0, len(args_text), step)] or [""]
        first = {
            "index": position,
            "id": call_id,
            "type": "function",
            "function": {"name": name, "arguments": ""},
        }
        out.append(chunk({"tool_calls": [first]}, model=model))
        out += [
            chunk({"tool_calls": [{"index": position, "function": {"arguments": part}}]}, model=model)
            for part in fragments
        ]
    default_finish = "tool_calls" if calls else "stop"
    finish = spec.get("finish_reason", default_finish)
    if finish is not None:
        if not isinstance(finish, str):
            raise ScriptError(f"{where}: field 'finish_reason' must be a string or null")
        out.append(chunk({}, finish, model=model))
    usage = spec.get("usage")
    if usage is not None:
        if isinstance(usage, Mapping):
            usage = [usage.get("prompt_tokens"), usage.get("completion_tokens")]
        if not (isinstance(usage, list) and len(usage) == 2 and all(isinstance(n, int) for n in usage)):
            raise ScriptError(f"{where}: field 'usage' must be [prompt_tokens, completion_tokens]")
        out.append(usage_chunk(usage[0], usage[1], model=model))
    done = spec.get("done", True)
    if not isinstance(done, bool):
        raise ScriptError(f"{where}: field 'done' must be true or false")
    if done:
        out.append(DONE)
    return out


def _pieces(spec: Mapping[str, Any], key: str, where: str) -> list[str]:
    value = spec.get(key, [])
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list) or not all(isinstance(piece, str) for piece in value):
        raise ScriptError(f"{where}: field {key!r} must be a string or a list of strings")
    return list(value)


def _headers(value: Any, where: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    ):
        raise ScriptError(f"{where}: field 'headers' must be an object of strings")
    return tuple(value.items())


def _str(spec: Mapping[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = spec.get(key, default)
    if not isinstance(value, str):
        raise ScriptError(f"{where}: field {key!r} must be a string")
    return value


def _int(spec: Mapping[str, Any], key: str, where: str, default: int) -> int:
    value = spec.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScriptError(f"{where}: field {key!r} must be an integer")
    return value


def _opt_int(spec: Mapping[str, Any], key: str, where: str) -> int | None:
    if spec.get(key) is None:
        return None
    return _int(spec, key, where, 0)
