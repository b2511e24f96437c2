"""The OpenAI-compatible provider: streaming Chat Completions over plain HTTP(S).

Selection follows Zero's env handling (docs/protocol.md 1.3, 1.10): any of OPENAI_API_KEY,
OPENAI_BASE_URL or OPENAI_MODEL configures the provider; a base URL other than the official
one turns the kind into `openai-compatible`, which has no default model.

Failure handling follows Zero (docs/protocol.md, provider errors), per schema version:
- retried: HTTP 429, 503 and 529 only (the server did not accept the request), 6 attempts at
  schemaVersion 2 with waits of 2 s, 4 s, 8 s, 16 s, 30 s (a Retry-After wins; every wait is
  capped at 30 s), 3 attempts at v1 with waits of 0.4 s, 0.8 s. Other 5xx are never replayed: a
  completion POST may already have been processed.
- at v2 a connection that provably never carried the request (refused, unreachable, a failed
  DNS lookup other than "no such host") is retried twice more after 0.5 s and 1 s; v1 never
  retries a transport failure;
- errors are worded as Zero words them (`provider error: ...`, `rate limit error: ...`,
  `auth error: ...`, `provider request error: ...`, `provider stream error: ...`,
  `upstream unreachable: ...`), after Zero's provider-level redaction;
- a stream that ends without `[DONE]` or a finish_reason is a normal end; non-`data:` lines are
  ignored; a malformed JSON payload is `provider stream error: malformed JSON: <Go's message>`.

The HTTP client is the standard library's http.client: one POST per attempt, the body read
incrementally with `read1`. All waits are blocking socket reads or `sleep` in the calling thread,
so the engine's signal handler (which raises in the main thread) interrupts them at once.

Environment knobs:
  ZERO_STREAM_IDLE_TIMEOUT     Zero's own: longest silence on a stream, a Go duration ("90s",
                               "5m") or seconds; 0/off/none/disabled turns it off (default 5m;
                               v1 used a fixed 90s and ignores it)
  ZERO_OPENAI_CONNECT_TIMEOUT  engine-only: TCP/TLS connect timeout in seconds (10)
  ZERO_OPENAI_MAX_RETRIES      engine-only: extra attempts on 429/503/529 (Zero: 5 at v2, 2 at v1)
  ZERO_OPENAI_RETRY_BACKOFF    engine-only: the first wait in seconds (Zero: 2 at v2, 0.4 at v1).
                               Zero's schedule takes a minute on a persistent 503; tests shrink it
                               with this knob. The pre-send waits scale with it.
  ZERO_MODEL_VISION            engine-only: force image support on (1/true/yes) or off (0/false/no)
"""

from __future__ import annotations

import base64
import contextlib
import email.utils
import http.client
import json
import math
import socket
import ssl
import time
import urllib.parse
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from zero_engine import gojson, gotext
from zero_engine.provider import (
    ChatMessage,
    ModelRequest,
    Provider,
    ProviderChunk,
    ProviderError,
    ProviderInfo,
    ReasoningDelta,
    TextDelta,
    ToolCallRequest,
    TurnEnd,
    Usage,
)
from zero_engine.providers import catalog

OFFICIAL_OPENAI_BASE_URL = "https://api.openai.com/v1"
# The model used against the official API when neither OPENAI_MODEL nor --model names one.
DEFAULT_OPENAI_MODEL = "gpt-5"

KIND_OPENAI = "openai"
KIND_OPENAI_COMPATIBLE = "openai-compatible"

RETRYABLE_STATUSES = frozenset({429, 503, 529})
MAX_BACKOFF_SECONDS = 30.0
_READ_SIZE = 64 * 1024
_ERROR_BODY_LIMIT = 64 * 1024
_MAX_SSE_LINE_BYTES = 16 * 1024 * 1024


class ProviderConfigError(ProviderError):
    """The OpenAI provider settings cannot work (missing model, bad URL, bad env number)."""


class ForeignModelError(ProviderConfigError):
    """The model is another provider's; `model` is the one the run resolved to (Zero still gives
    the --reasoning-effort advisory for it before the provider fails)."""

    def __init__(self, message: str, model: str) -> None:
        super().__init__(message)
        self.model = model


# --------------------------------------------------------------------------------------------
# Configuration


@dataclass(frozen=True)
class HttpSettings:
    """Timeouts and retry policy of one provider. Seconds throughout; defaults are Zero 0.8.0's."""

    connect_timeout: float = 10.0
    idle_timeout: float = 300.0  # 0 disables the idle watchdog
    status_attempts: int = 6  # attempts on 429/503/529
    backoff_base: float = 2.0  # the first wait on 429/503/529
    exponential_backoff: bool = True  # v2 doubles the wait; v1 grows it linearly
    presend_attempts: int = 3  # attempts when the connection never carried the request
    schema_version: int = 2

    @classmethod
    def for_schema(cls, schema_version: int) -> HttpSettings:
        if schema_version >= 2:
            return cls()
        return cls(
            idle_timeout=90.0,
            status_attempts=3,
            backoff_base=0.4,
            exponential_backoff=False,
            presend_attempts=1,
            schema_version=1,
        )

    @classmethod
    def from_env(cls, env: Mapping[str, str], schema_version: int = 2) -> HttpSettings:
        base = cls.for_schema(schema_version)
        retries = _env_count(env, "ZERO_OPENAI_MAX_RETRIES", base.status_attempts - 1)
        return cls(
            connect_timeout=_env_seconds(env, "ZERO_OPENAI_CONNECT_TIMEOUT", base.connect_timeout),
            idle_timeout=_idle_timeout(env) if schema_version >= 2 else base.idle_timeout,
            status_attempts=retries + 1,
            backoff_base=_env_seconds(env, "ZERO_OPENAI_RETRY_BACKOFF", base.backoff_base, allow_zero=True),
            exponential_backoff=base.exponential_backoff,
            presend_attempts=base.presend_attempts,
            schema_version=base.schema_version,
        )

    def status_wait(self, attempt: int, retry_after: float) -> float:
        """The wait before retrying a 429/503/529 after `attempt` failed attempts (1-based)."""
        if retry_after > 0:
            wait = retry_after
        elif self.exponential_backoff:
            wait = self.backoff_base * float(2 ** min(max(attempt - 1, 0), 5))
        else:
            wait = self.backoff_base * attempt
        return min(wait, MAX_BACKOFF_SECONDS)

    def presend_wait(self, attempt: int) -> float:
        """The wait before replaying a request that never left this host (v2: 0.5 s, 1 s)."""
        wait: float = self.backoff_base / 4 * 2 ** min(max(attempt - 1, 0), 5)
        return min(wait, MAX_BACKOFF_SECONDS)


def _idle_timeout(env: Mapping[str, str]) -> float:
    """ZERO_STREAM_IDLE_TIMEOUT as Zero reads it; an unusable value keeps the default (5m)."""
    raw = env.get("ZERO_STREAM_IDLE_TIMEOUT", "").strip()
    if not raw:
        return 300.0
    if raw.lower() in ("0", "off", "none", "disabled"):
        return 0.0
    seconds = _go_duration_seconds(raw)
    if seconds is not None and seconds > 0:
        return seconds
    if raw.isdigit() and int(raw) > 0:
        return float(int(raw))
    return 300.0


_DURATION_UNITS = {"ns": 1e-9, "us": 1e-6, "µs": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0, "h": 3600.0}


def _go_duration_seconds(text: str) -> float | None:
    """time.ParseDuration for the positive forms (`1m30s`, `1.5s`, `500ms`), else None."""
    import re

    if not re.fullmatch(r"\+?(?:[0-9]*\.?[0-9]+(?:ns|us|µs|ms|s|m|h))+", text):
        return None
    total = 0.0
    for number, unit in re.findall(r"([0-9]*\.?[0-9]+)(ns|us|µs|ms|s|m|h)", text):
        total += float(number) * _DURATION_UNITS[unit]
    return total


def _env_seconds(env: Mapping[str, str], name: str, default: float, *, allow_zero: bool = False) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0 or (value == 0 and not allow_zero):
        expected = "a non-negative number of seconds" if allow_zero else "a positive number of seconds"
        raise ProviderConfigError(f"invalid {name} {raw!r}: expected {expected}")
    return value


def _env_count(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit():
        raise ProviderConfigError(f"invalid {name} {raw!r}: expected a non-negative integer")
    return int(raw)


def is_official_openai_base_url(base_url: str) -> bool:
    """Zero treats an empty value, the word `openai` and the official URL as the official API."""
    normalized = base_url.strip().rstrip("/")
    return normalized in ("", "openai", OFFICIAL_OPENAI_BASE_URL)


def _vision_by_name(model: str) -> bool:
    """Zero's name rule for models its registry does not know (modelregistry.VisionCapableByName)."""
    name = model.strip().lower().rsplit("/", 1)[-1]
    if "gemini" in name:
        return True
    if any(
        marker in name for marker in ("claude-3", "claude-4", "claude-opus", "claude-sonnet", "claude-haiku")
    ):
        return True
    if any(marker in name for marker in ("gpt-4o", "gpt-4.1", "gpt-4-turbo", "gpt-4-vision", "gpt-5")):
        return True
    if name in ("o1", "o3") or name.startswith(("o1-", "o3-", "o4-")):
        return True
    if "grok-4" in name or ("grok" in name and _mentions_vision(name)):
        return True
    if "kimi-k2" in name or "minimax-m3" in name:
        return True
    markers = (
        "qwen2-vl", "qwen2.5-vl", "qwen-vl", "qwenvl", "llava", "pixtral", "internvl", "minicpm-v",
        "moondream", "bakllava", "-vl", "vl-",
    )  # fmt: skip
    return any(marker in name for marker in markers) or _mentions_vision(name)


def _mentions_vision(name: str) -> bool:
    if "vision" not in name:
        return False
    return not any(negation in name for negation in ("no-vision", "novision", "non-vision", "nonvision"))


def model_supports_vision(model: str, env: Mapping[str, str]) -> bool:
    """ZERO_MODEL_VISION overrides; a known model says; otherwise Zero's name rule decides."""
    override = env.get("ZERO_MODEL_VISION", "").strip().lower()
    if override in ("1", "true", "yes", "on"):
        return True
    if override in ("0", "false", "no", "off"):
        return False
    if override:
        raise ProviderConfigError(f"invalid ZERO_MODEL_VISION {override!r}: expected true or false")
    known = catalog.lookup(model)
    if known is not None:
        return known.vision
    return _vision_by_name(model)


def provider_from_env(
    env: Mapping[str, str],
    model: str | None,
    schema_version: int = 2,
    reasoning_effort: str = "",
) -> Provider | None:
    """Build the provider Zero would pick from OPENAI_* env vars, or None if none is set.

    `model` is the --model value, already resolved through the catalog; it wins over
    OPENAI_MODEL. On its own it configures nothing, as in Zero, where --model only picks a
    model for an already configured provider.
    """
    api_key = env.get("OPENAI_API_KEY", "").strip()
    base_url = env.get("OPENAI_BASE_URL", "").strip()
    env_model = env.get("OPENAI_MODEL", "").strip()
    if not (api_key or base_url or env_model):
        return None

    official = is_official_openai_base_url(base_url)
    selected = (model or "").strip() or env_model or (DEFAULT_OPENAI_MODEL if official else "")
    key_note = " (apiKey=[REDACTED])" if api_key else ""
    if not selected:
        raise ProviderConfigError(
            "provider openai requires model — OPENAI_BASE_URL names a custom endpoint, which has no "
            f"default model: set OPENAI_MODEL or pass --model{key_note}"
        )
    if official and not api_key:
        raise ProviderConfigError(
            f"provider openai requires OPENAI_API_KEY for {OFFICIAL_OPENAI_BASE_URL} "
            "(or set OPENAI_BASE_URL to an openai-compatible server)"
        )
    known = catalog.lookup(selected)
    if known is not None and known.provider != "openai":
        kind = KIND_OPENAI if official else KIND_OPENAI_COMPATIBLE
        raise ForeignModelError(f"zero model {known.id} belongs to {known.provider}, not {kind}", selected)
    return OpenAICompatibleProvider(
        base_url=OFFICIAL_OPENAI_BASE_URL if official else base_url,
        api_key=api_key,
        model=selected,
        api_model=known.api_model if known is not None else None,
        max_output_tokens=known.max_output_tokens if known is not None else 0,
        reasoning_effort=catalog.forwarded_reasoning_effort(selected, reasoning_effort, schema_version),
        supports_vision=model_supports_vision(selected, env),
        settings=HttpSettings.from_env(env, schema_version),
    )


# --------------------------------------------------------------------------------------------
# Error wording (Zero's providerio: Redact, ClassifiedError, UpstreamUnreachable)


def _looks_like_token(word: str) -> bool:
    word = word.strip(".,;:\"'`)(")
    if len(word) < 16 or not all(c.isascii() and (c.isalnum() or c in "._-") for c in word):
        return False
    return len(word) >= 24 or any(c.isdigit() for c in word)


def redact(message: str, secrets: tuple[str, ...], schema_version: int = 2) -> str:
    """Zero's provider-level redaction: the key itself, and the token after `Bearer`.

    Like Zero it rejoins the words with single spaces, so runs of white space (newlines too)
    collapse. v1 replaced every word after `Bearer` (and `Bearer` itself, with `authorization`).
    """
    for secret in secrets:
        if secret:
            message = message.replace(secret, "[REDACTED]")
    words = gotext.fields(message)
    for index in range(len(words) - 1):
        if words[index].rstrip(":").lower() != "bearer":
            continue
        if schema_version < 2:
            words[index] = "authorization"
            words[index + 1] = "[REDACTED]"
        elif _looks_like_token(words[index + 1]):
            words[index + 1] = "[REDACTED]"
    return " ".join(words)


_AUTH_ERROR = (
    "auth error: your API key is missing or invalid — run `zero setup`, `zero auth openrouter` for "
    "OpenRouter, or set the provider's API key, then retry."
)


def classified_error(status: int, message: str, secrets: tuple[str, ...], schema_version: int = 2) -> str:
    if status in (401, 403):
        if schema_version < 2:
            return redact("auth error: " + message, secrets, schema_version)
        detail = gotext.trim_space(redact(message, secrets, schema_version))
        return f"{_AUTH_ERROR} (provider said: {detail})" if detail else _AUTH_ERROR
    if status in RETRYABLE_STATUSES:
        return redact("rate limit error: " + message, secrets, schema_version)
    prefix = "provider request error: " if 400 <= status < 500 else "provider error: "
    return redact(prefix + message, secrets, schema_version)


_UPSTREAM_MARKERS = (
    "TLS handshake timeout",
    "context deadline exceeded",
    "connection refused",
    "no such host",
    "network is unreachable",
    "i/o timeout",
)


def upstream_unreachable(message: str) -> str | None:
    """Zero's rewrite of a connectivity failure into one actionable message, else None."""
    reason = next((marker for marker in _UPSTREAM_MARKERS if marker in message), "")
    host = _upstream_host(message)
    if not reason or not host:
        return None
    return (
        f"upstream unreachable: the model server could not connect to {host} ({reason}). The request "
        "never reached the model — this is a network failure between the model server and its "
        "upstream, not a model error. Verify the host is reachable from the machine running the model "
        "server (DNS/proxy/VPN/firewall); a local daemon proxying a cloud model — e.g. an Ollama daemon "
        'serving a "-cloud" model — must itself be able to reach the internet.'
    )


def _upstream_host(message: str) -> str:
    index = message.find('"http')
    if index >= 0:
        rest = message[index + 1 :]
        end = rest.find('"')
        if end >= 0:
            with contextlib.suppress(ValueError):
                host = urllib.parse.urlsplit(rest[:end]).netloc
                if host:
                    return host.rsplit("@", 1)[-1]
    index = message.find("dial tcp ")
    if index >= 0:
        rest = message[index + len("dial tcp ") :]
        end = rest.find(": ")
        if end >= 0:
            rest = rest[:end]
        host = rest.strip()
        if host and " " not in host:
            return host
    return ""


def _display_url(url: urllib.parse.SplitResult) -> str:
    """The URL without userinfo or query, which may hold credentials."""
    host = url.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    port = f":{url.port}" if url.port else ""
    return f"{url.scheme}://{host}{port}{url.path}"


# --------------------------------------------------------------------------------------------
# Request encoding


def _encode_message(message: ChatMessage, schema_version: int = 2) -> dict[str, Any]:
    encoded: dict[str, Any] = {"role": message.role}
    if message.role == "user" and message.images:
        parts: list[dict[str, Any]] = []
        if message.content:
            parts.append({"type": "text", "text": message.content})
        for image in message.images:
            data = base64.b64encode(image.data).decode("ascii")
            parts.append(
                {"type": "image_url", "image_url": {"url": f"data:{image.media_type};base64,{data}"}}
            )
        encoded["content"] = parts
    elif message.content or schema_version >= 2:
        # v2: always present, "" when empty (strict servers reject a message without content);
        # the v1-era encoder left an empty content out.
        encoded["content"] = message.content
    if message.tool_calls:
        encoded["tool_calls"] = [
            {"id": call.id, "type": "function", "function": {"name": call.name, "arguments": call.arguments}}
            for call in message.tool_calls
        ]
    if message.role == "tool" and message.tool_call_id:
        encoded["tool_call_id"] = message.tool_call_id
    return encoded


def _tool_parameters(parameters: Mapping[str, Any], schema_version: int) -> dict[str, Any]:
    """Every tool schema carries an object `properties`, as strict servers (LM Studio) require
    (Zero 0.8.0; the v1-era encoder sent the schema as it was)."""
    normalized = dict(parameters)
    if schema_version >= 2 and not isinstance(normalized.get("properties"), dict):
        normalized["properties"] = {}
    return normalized


def encode_request_body(
    request: ModelRequest,
    api_model: str,
    max_output_tokens: int = 0,
    reasoning_effort: str = "",
    schema_version: int = 2,
) -> dict[str, Any]:
    """The JSON body of POST /chat/completions for one model request, in Zero's field order."""
    body: dict[str, Any] = {
        "model": api_model,
        "messages": [
            _encode_message(message, schema_version)
            for message in request.messages
            # v2 drops a contentless assistant turn (no text, no tool calls); v1 sent it.
            if schema_version < 2
            or not (
                message.role == "assistant"
                and not gotext.trim_space(message.content)
                and not message.tool_calls
            )
        ],
    }
    if request.tools:
        body["tools"] = [
            {
                "type": "function",
                "function": {
                    "name": tool.name,
                    **({"description": tool.description} if tool.description else {}),
                    "parameters": _tool_parameters(tool.parameters, schema_version),
                },
            }
            for tool in request.tools
        ]
    if max_output_tokens > 0:
        body["max_completion_tokens"] = max_output_tokens
    if reasoning_effort:
        body["reasoning_effort"] = reasoning_effort
    body["stream"] = True
    body["stream_options"] = {"include_usage": True}
    return body


# --------------------------------------------------------------------------------------------
# Response decoding


# A streamed `error` payload's code, as the HTTP status Zero classifies it under (v2).
_STREAM_ERROR_STATUS = {
    "429": 429,
    "401": 401,
    "403": 403,
    "rate_limit_exceeded": 429,
    "insufficient_quota": 429,
    "invalid_api_key": 401,
}

# Models on an openai-compatible server that may wrap their reasoning in <think> tags.
_THINK_TAG_MARKERS = (
    "deepseek-r1", "deepseek-reasoner", "gpt-oss", "glm-z1", "kimi-k2-thinking", "magistral",
    "minimax-m2", "minimax-m3", "nemotron", "qwen3", "qwq", "reasoner", "reasoning", "thinking",
)  # fmt: skip


def model_may_emit_think_tags(model: str) -> bool:
    name = model.strip().lower()
    return any(marker in name for marker in _THINK_TAG_MARKERS)


class _ThinkSplitter:
    """Splits `<think>...</think>` (any case) out of streamed text into reasoning deltas."""

    def __init__(self) -> None:
        self.pending = ""
        self.in_thinking = False

    def push(self, text: str) -> list[ProviderChunk]:
        self.pending += text
        return self._drain(final=False)

    def flush(self) -> list[ProviderChunk]:
        return self._drain(final=True)

    def _emit(self, text: str, out: list[ProviderChunk]) -> None:
        if text:
            out.append(ReasoningDelta(text) if self.in_thinking else TextDelta(text))

    def _drain(self, final: bool) -> list[ProviderChunk]:
        out: list[ProviderChunk] = []
        while True:
            tag = "</think>" if self.in_thinking else "<think>"
            index = self.pending.lower().find(tag)
            if index >= 0:
                self._emit(self.pending[:index], out)
                self.pending = self.pending[index + len(tag) :]
                self.in_thinking = not self.in_thinking
                continue
            if final:
                self._emit(self.pending, out)
                self.pending = ""
                return out
            keep = 0
            for length in range(min(len(self.pending), len(tag) - 1), 0, -1):
                if self.pending[-length:].lower() == tag[:length]:
                    keep = length
                    break
            if keep == len(self.pending):
                return out
            self._emit(self.pending[: len(self.pending) - keep], out)
            self.pending = self.pending[len(self.pending) - keep :]
            return out


@dataclass
class _PendingCall:
    id: str = ""
    name: str = ""
    arguments: list[str] = field(default_factory=list)
    ended: bool = False


@dataclass
class _StreamState:
    """What one streamed response has said so far."""

    calls: dict[int, _PendingCall] = field(default_factory=dict)
    started: list[_PendingCall] = field(default_factory=list)  # complete calls, in start order
    arguments_by_id: dict[str, list[str]] = field(default_factory=dict)  # fragments of started calls
    dropped: int = 0
    finish_reason: str = ""
    prompt_tokens: int = 0
    completion_tokens: int = 0
    usage_seen: bool = False
    think: _ThinkSplitter | None = None

    def apply_tool_delta(self, delta: Mapping[str, Any]) -> None:
        index = delta.get("index") or 0
        call = self.calls.setdefault(index, _PendingCall())
        call_id = delta.get("id") or ""
        function = delta.get("function") or {}
        name = function.get("name") or ""
        arguments = function.get("arguments") or ""
        if call_id and not call.id:
            call.id = call_id
        if name and not call.name:
            call.name = name
        if arguments and not call.ended:
            call.arguments.append(arguments)
        if call.id and call.name and not call.ended:
            if call not in self.started:
                self.started.append(call)
            # Zero collects started calls by id: a second call streamed under an id already
            # seen is the same call (first name kept, arguments appended as they arrive).
            self.arguments_by_id.setdefault(call.id, []).extend(call.arguments)
            call.arguments = []

    def close_open(self) -> None:
        """End every open call; one without an id or a name is dropped (and counted)."""
        for index in sorted(self.calls):
            call = self.calls[index]
            if call.ended:
                continue
            call.ended = True
            if not (call.id and call.name) and (call.id or call.name or call.arguments):
                self.dropped += 1

    def merge_usage(self, usage: Mapping[str, Any]) -> None:
        self.usage_seen = True
        prompt = usage.get("prompt_tokens") or 0
        completion = usage.get("completion_tokens") or 0
        if prompt:
            self.prompt_tokens = prompt
        if completion:
            self.completion_tokens = completion

    def turn_end(self) -> TurnEnd:
        names: dict[str, str] = {}
        for call in self.started:
            names.setdefault(call.id, call.name)
        calls = tuple(
            ToolCallRequest(call_id, name, "".join(self.arguments_by_id.get(call_id, ())))
            for call_id, name in names.items()
        )
        return TurnEnd(tool_calls=calls, finish_reason=self.finish_reason, dropped_tool_calls=self.dropped)


# The Go types a stream chunk decodes into, for encoding/json's type-mismatch message.
_KIND_OF = {str: "string", bool: "bool", int: "number", float: "number", list: "array", dict: "object"}


def _go_kind(value: Any) -> str:
    return _KIND_OF.get(type(value), "object")


class _ChunkTypeError(Exception):
    pass


def _expect(value: Any, kind: str, struct: str, path: str, go_type: str) -> None:
    """Fail like encoding/json when a field has the wrong JSON type (null is always fine).

    Go names the innermost struct, then the field's full path: `streamDelta.choices.delta.content`.
    """
    if value is None:
        return
    ok = {
        "string": isinstance(value, str),
        "int": isinstance(value, int) and not isinstance(value, bool),
        "array": isinstance(value, list),
        "object": isinstance(value, dict),
    }[kind]
    if not ok:
        shown = _go_kind(value)
        if kind == "int" and isinstance(value, float):
            shown = f"number {value!r}"  # Go quotes the literal when a number does not fit an int
        raise _ChunkTypeError(
            f"json: cannot unmarshal {shown} into Go struct field {struct}.{path} of type {go_type}"
        )


_CHOICE_FIELDS = (("delta", "object", "openai.streamDelta"), ("finish_reason", "string", "string"))
_DELTA_FIELDS = (
    ("content", "string", "string"),
    ("reasoning_content", "string", "string"),
    ("reasoning", "string", "string"),
    ("tool_calls", "array", "[]openai.streamToolCallDelta"),
)
_TOOL_CALL_FIELDS = (
    ("index", "int", "int"),
    ("id", "string", "string"),
    ("function", "object", "openai.streamFunctionDelta"),
)
_FUNCTION_FIELDS = (("name", "string", "string"), ("arguments", "string", "string"))
_USAGE_FIELDS = (("prompt_tokens", "int", "int"), ("completion_tokens", "int", "int"))


def _check_fields(
    source: Mapping[str, Any], fields: tuple[tuple[str, str, str], ...], struct: str, prefix: str
) -> None:
    for name, kind, go_type in fields:
        _expect(source.get(name), kind, struct, prefix + name, go_type)


def _check_chunk_types(payload: Mapping[str, Any]) -> None:
    _expect(payload.get("choices"), "array", "streamChunk", "choices", "[]openai.streamChoice")
    _expect(payload.get("usage"), "object", "streamChunk", "usage", "openai.usage")
    _expect(payload.get("error"), "object", "streamChunk", "error", "openai.apiError")
    for choice in payload.get("choices") or ():
        _expect(choice, "object", "streamChunk", "choices", "openai.streamChoice")
        if not isinstance(choice, dict):
            continue
        _check_fields(choice, _CHOICE_FIELDS, "streamChoice", "choices.")
        delta = choice.get("delta") or {}
        _check_fields(delta, _DELTA_FIELDS, "streamDelta", "choices.delta.")
        for call in delta.get("tool_calls") or ():
            _expect(call, "object", "streamDelta", "choices.delta.tool_calls", "openai.streamToolCallDelta")
            if not isinstance(call, dict):
                continue
            _check_fields(call, _TOOL_CALL_FIELDS, "streamToolCallDelta", "choices.delta.tool_calls.")
            function = call.get("function") or {}
            _check_fields(
                function, _FUNCTION_FIELDS, "streamFunctionDelta", "choices.delta.tool_calls.function."
            )
    _check_fields(payload.get("usage") or {}, _USAGE_FIELDS, "usage", "usage.")
    _expect((payload.get("error") or {}).get("message"), "string", "apiError", "error.message", "string")


def _reject_constant(name: str) -> Any:
    raise ValueError(name)


def decode_payload(data: str) -> dict[str, Any] | str:
    """One SSE payload as a chunk object, or the text of Zero's malformed-JSON error."""
    try:
        payload = json.loads(data, parse_constant=_reject_constant)
    except ValueError:
        return "malformed JSON: " + (gotext.json_syntax_error(data) or "invalid JSON")
    if payload is None:
        return {}
    if not isinstance(payload, dict):
        kind = _go_kind(payload)
        return f"malformed JSON: json: cannot unmarshal {kind} into Go value of type openai.streamChunk"
    try:
        _check_chunk_types(payload)
    except _ChunkTypeError as exc:
        return f"malformed JSON: {exc}"
    return payload


# --------------------------------------------------------------------------------------------
# The provider


def _tcp_pair(sock: socket.socket | None) -> str:
    """`LOCAL->REMOTE` of a connected socket as Go prints a TCP address pair ("" when unknown)."""
    if sock is None:
        return ""
    try:
        local, remote = sock.getsockname(), sock.getpeername()
    except OSError:
        return ""

    def address(pair: Any) -> str:
        host, port = str(pair[0]), int(pair[1])
        return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"

    return f"{address(local)}->{address(remote)}"


class _TransportError(Exception):
    """A failure before a response arrived, worded like Go's `*url.Error`."""

    def __init__(self, message: str, presend: bool) -> None:
        super().__init__(message)
        self.presend = presend  # provably never carried the request: safe to replay


def _parse_retry_after(value: str | None) -> float:
    if not value:
        return 0.0
    value = value.strip()
    if value.lstrip("-").isdigit():
        return float(max(0, int(value)))
    with contextlib.suppress(TypeError, ValueError, IndexError):
        moment = email.utils.parsedate_to_datetime(value)
        return max(0.0, moment.timestamp() - time.time())
    return 0.0


def _http_error_message(status: int, reason: str, body: bytes) -> str:
    """Zero's text for a non-2xx response: `error.message` of a JSON body, else the body."""
    text = gotext.trim_space(body.decode("utf-8", errors="replace"))
    with contextlib.suppress(ValueError):
        decoded = json.loads(body)
        error = decoded.get("error") if isinstance(decoded, dict) else None
        if isinstance(error, dict) and isinstance(error.get("message"), str) and error["message"]:
            text = error["message"]
    return text or f"{status} {reason}".strip()


class OpenAICompatibleProvider:
    """Streams Chat Completions from api.openai.com or any compatible server."""

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str = "",
        api_model: str | None = None,
        max_output_tokens: int = 0,
        reasoning_effort: str = "",
        supports_vision: bool | None = None,
        settings: HttpSettings | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        parsed = urllib.parse.urlsplit(base_url.strip())
        if parsed.scheme not in ("http", "https") or not parsed.hostname:
            raise ProviderConfigError(
                f"invalid OpenAI base URL {redact(base_url, (api_key,))!r}: expected http(s)://host[:port]/path"
            )
        try:
            parsed.port  # noqa: B018 - raises ValueError on a malformed port
        except ValueError as exc:
            raise ProviderConfigError(f"invalid port in OpenAI base URL {_display_url(parsed)!r}") from exc
        if not model.strip():
            raise ProviderConfigError("the OpenAI provider needs a model id")
        self._url = parsed
        self._endpoint = _display_url(parsed).rstrip("/") + "/chat/completions"
        self._path = parsed.path.rstrip("/") + "/chat/completions"
        self._api_key = api_key
        self._settings = settings or HttpSettings()
        self._sleep = sleep
        self._max_output_tokens = max_output_tokens
        self._reasoning_effort = reasoning_effort
        self._tcp_pair = ""  # LOCAL->REMOTE of the request's connection, for Go's error wording
        kind = KIND_OPENAI if is_official_openai_base_url(base_url) else KIND_OPENAI_COMPATIBLE
        self._think_tags = kind == KIND_OPENAI_COMPATIBLE and model_may_emit_think_tags(api_model or model)
        self.info = ProviderInfo(
            kind=kind,
            model=model,
            api_model=api_model or model,
            supports_vision=model_supports_vision(model, {}) if supports_vision is None else supports_vision,
            extra={"baseURL": _display_url(parsed)},
        )

    @property
    def _v1(self) -> bool:
        return self._settings.schema_version < 2

    def _redact(self, message: str) -> str:
        return redact(message, (self._api_key,), self._settings.schema_version)

    def _classified(self, status: int, message: str) -> str:
        return classified_error(status, message, (self._api_key,), self._settings.schema_version)

    def stream(self, request: ModelRequest) -> Iterator[ProviderChunk]:
        # Invalid UTF-8 a tool read (kept as surrogate escapes) goes out as one U+FFFD per byte,
        # as Go's encoding/json writes it.
        body = gojson.to_utf8(
            json.dumps(
                encode_request_body(
                    request,
                    self.info.api_model,
                    self._max_output_tokens,
                    self._reasoning_effort,
                    self._settings.schema_version,
                ),
                ensure_ascii=False,
            )
        )
        connection, response = self._send_with_retry(body)
        try:
            if not 200 <= response.status < 300:
                raise ProviderError(self._http_error(response))
            yield from self._read_stream(response)
        finally:
            connection.close()

    # -- sending ---------------------------------------------------------------------------

    def _send_with_retry(self, body: bytes) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
        settings = self._settings
        presend_failures = 0
        status_failures = 0
        while True:
            connection = self._connect()
            try:
                response = self._send(connection, body)
            except _TransportError as failure:
                connection.close()
                if failure.presend:
                    presend_failures += 1
                    if presend_failures < settings.presend_attempts:
                        self._sleep(settings.presend_wait(presend_failures))
                        continue
                raise ProviderError(self._transport_message(str(failure))) from None
            presend_failures = 0
            if response.status in RETRYABLE_STATUSES:
                status_failures += 1
                if status_failures < settings.status_attempts:
                    wait = settings.status_wait(
                        status_failures, _parse_retry_after(response.getheader("Retry-After"))
                    )
                    connection.close()
                    self._sleep(wait)
                    continue
            return connection, response

    def _transport_message(self, error: str) -> str:
        humanized = upstream_unreachable(error)
        if humanized is not None:
            return self._redact(humanized)
        return self._redact("provider stream error: " + error)

    def _connect(self) -> http.client.HTTPConnection:
        host = self._url.hostname or ""
        if self._url.scheme == "https":
            return http.client.HTTPSConnection(
                host,
                self._url.port,
                timeout=self._settings.connect_timeout,
                context=ssl.create_default_context(),
            )
        return http.client.HTTPConnection(host, self._url.port, timeout=self._settings.connect_timeout)

    def _headers(self, body: bytes) -> dict[str, str]:
        headers = {
            "Content-Type": "application/json",
            "Accept": "text/event-stream",
            "Content-Length": str(len(body)),
            "User-Agent": "zero-engine",
        }
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        return headers

    def _dial_target(self) -> str:
        host = self._url.hostname or ""
        port = self._url.port or (443 if self._url.scheme == "https" else 80)
        return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"

    def _send(self, connection: http.client.HTTPConnection, body: bytes) -> http.client.HTTPResponse:
        """POST once; transport failures are worded like Go's `Post "<url>": <cause>`."""
        post = f'Post "{self._endpoint}": '
        try:
            connection.connect()
        except socket.gaierror:
            # Go: a failed lookup. "no such host" is permanent; other DNS failures may pass.
            raise _TransportError(
                post + f"dial tcp: lookup {self._url.hostname}: no such host", False
            ) from None
        except TimeoutError:
            raise _TransportError(post + f"dial tcp {self._dial_target()}: i/o timeout", True) from None
        except ConnectionRefusedError:
            raise _TransportError(
                post + f"dial tcp {self._dial_target()}: connect: connection refused", True
            ) from None
        except OSError as exc:
            cause = (exc.strerror or str(exc)).lower()
            presend = "unreachable" in cause or "no route" in cause
            raise _TransportError(
                post + f"dial tcp {self._dial_target()}: connect: {cause}", presend
            ) from None
        self._tcp_pair = _tcp_pair(connection.sock)
        try:
            if connection.sock is not None and self._settings.idle_timeout > 0:
                connection.sock.settimeout(self._settings.idle_timeout)
            elif connection.sock is not None:
                connection.sock.settimeout(None)
            connection.request("POST", self._path, body=body, headers=self._headers(body))
            return connection.getresponse()
        except TimeoutError:
            raise _TransportError(
                "idle timeout after "
                + gotext.duration(self._settings.idle_timeout)
                + " (upstream stopped sending data)",
                False,
            ) from None
        except (http.client.RemoteDisconnected, http.client.IncompleteRead):
            raise _TransportError(post + "EOF", False) from None
        except ConnectionResetError:
            raise _TransportError(post + self._read_reset(), False) from None
        except (OSError, http.client.HTTPException) as exc:
            raise _TransportError(post + (str(exc) or type(exc).__name__), False) from None

    def _read_reset(self) -> str:
        """A reset read worded as Go's *net.OpError: `read tcp LOCAL->REMOTE: read: connection
        reset by peer` (the addresses of the connection it happened on)."""
        prefix = f"read tcp {self._tcp_pair}: " if self._tcp_pair else ""
        return prefix + "read: connection reset by peer"

    def _http_error(self, response: http.client.HTTPResponse) -> str:
        try:
            body = response.read(_ERROR_BODY_LIMIT)
        except (OSError, http.client.HTTPException):
            body = b""
        message = _http_error_message(response.status, response.reason, body)
        humanized = upstream_unreachable(message)
        if humanized is not None:
            return self._redact(humanized)
        return self._classified(response.status, message)

    # -- reading ---------------------------------------------------------------------------

    def _lines(self, response: http.client.HTTPResponse) -> Iterator[str]:
        """The body split into lines as Go's bufio.Scanner does (\\n, a trailing \\r dropped)."""
        buffer = b""
        while True:
            try:
                raw = response.read1(_READ_SIZE)
            except TimeoutError:
                raise ProviderError(
                    self._redact(
                        "provider stream error: idle timeout after "
                        f"{gotext.duration(self._settings.idle_timeout)} (upstream stopped sending data)"
                    )
                ) from None
            except (http.client.IncompleteRead, http.client.RemoteDisconnected):
                raise ProviderError(self._redact("provider stream error: unexpected EOF")) from None
            except ConnectionResetError:
                raise ProviderError(self._redact("provider stream error: " + self._read_reset())) from None
            except (OSError, http.client.HTTPException) as exc:
                raise ProviderError(
                    self._redact(f"provider stream error: {exc or type(exc).__name__}")
                ) from None
            if not raw:
                break
            buffer += raw
            *complete, buffer = buffer.split(b"\n")
            for line in complete:
                yield line.removesuffix(b"\r").decode("utf-8", errors="replace")
            if len(buffer) > _MAX_SSE_LINE_BYTES:
                raise ProviderError(self._redact("provider stream error: bufio.Scanner: token too long"))
        if buffer:
            yield buffer.removesuffix(b"\r").decode("utf-8", errors="replace")

    def _payloads(self, response: http.client.HTTPResponse) -> Iterator[str]:
        """The `data:` payloads, joined per event and trimmed; `[DONE]` and blanks skipped."""
        data_lines: list[str] = []
        for line in self._lines(response):
            line = line.rstrip("\r")
            if line == "":
                if data_lines:
                    data = gotext.trim_space("\n".join(data_lines))
                    data_lines = []
                    if data and data != "[DONE]":
                        yield data
                continue
            if line.startswith("data:"):
                data_lines.append(line[5:].lstrip(" \t"))
        if data_lines:
            data = gotext.trim_space("\n".join(data_lines))
            if data and data != "[DONE]":
                yield data

    def _read_stream(self, response: http.client.HTTPResponse) -> Iterator[ProviderChunk]:
        state = _StreamState(think=_ThinkSplitter() if self._think_tags else None)
        try:
            for data in self._payloads(response):
                payload = decode_payload(data)
                if isinstance(payload, str):
                    yield from self._flush(state)
                    raise ProviderError(self._redact("provider stream error: " + payload))
                error = payload.get("error")
                if error is not None:
                    yield from self._flush(state)
                    raise ProviderError(self._stream_error(error))
                yield from self._chunk(payload, state)
            yield from self._flush(state)
        except ProviderError:
            # Usage is reported even when the stream failed, as Zero's collector does.
            if state.usage_seen:
                yield Usage(state.prompt_tokens, state.completion_tokens)
            raise
        if state.usage_seen:
            yield Usage(state.prompt_tokens, state.completion_tokens)
        yield state.turn_end()

    def _stream_error(self, error: Mapping[str, Any]) -> str:
        message = error.get("message") or ""
        status = 500
        code = error.get("code")
        if not self._v1 and code is not None:
            key = str(int(code)) if isinstance(code, (int, float)) and not isinstance(code, bool) else code
            if isinstance(key, str):
                status = _STREAM_ERROR_STATUS.get(key, 500)
        return self._classified(status, message)

    def _flush(self, state: _StreamState) -> Iterator[ProviderChunk]:
        if state.think is not None:
            yield from state.think.flush()
        state.close_open()

    def _chunk(self, payload: Mapping[str, Any], state: _StreamState) -> Iterator[ProviderChunk]:
        for choice in payload.get("choices") or ():
            delta = choice.get("delta") or {}
            reasoning = delta.get("reasoning_content") or delta.get("reasoning") or ""
            if reasoning:
                yield ReasoningDelta(reasoning)
            content = delta.get("content") or ""
            if content:
                if state.think is not None:
                    yield from state.think.push(content)
                else:
                    yield TextDelta(content)
            for fragment in delta.get("tool_calls") or ():
                state.apply_tool_delta(fragment)
            finish_reason = choice.get("finish_reason") or ""
            if finish_reason == "tool_calls":
                yield from self._flush(state)
            if finish_reason in ("length", "content_filter"):
                state.finish_reason = finish_reason
        usage = payload.get("usage")
        if usage is not None:
            if self._v1:  # the v1-era collector reported every usage chunk as it came
                yield Usage(usage.get("prompt_tokens") or 0, usage.get("completion_tokens") or 0)
            else:
                state.merge_usage(usage)
