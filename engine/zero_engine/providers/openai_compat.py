"""The OpenAI-compatible provider: streaming Chat Completions over plain HTTP(S).

Selection follows Zero's env handling (docs/protocol.md 1.3, 1.10): any of OPENAI_API_KEY,
OPENAI_BASE_URL or OPENAI_MODEL configures the provider; a base URL other than the official
one turns the kind into `openai-compatible`, which has no default model.

The HTTP client is the standard library's http.client. It is deliberately small: one POST per
attempt, the body read incrementally with `read1`, retries only before anything was yielded.
All waits are blocking socket reads or `time.sleep` in the calling thread, so the engine's
signal handler (which raises in the main thread) interrupts them at once.

Environment knobs (all optional; an unparsable value is a configuration error):
  ZERO_OPENAI_TIMEOUT          idle read timeout in seconds: longest silence between bytes (120)
  ZERO_OPENAI_CONNECT_TIMEOUT  TCP/TLS connect timeout in seconds (10)
  ZERO_OPENAI_MAX_RETRIES      extra attempts after a transient failure (3)
  ZERO_OPENAI_RETRY_BACKOFF    first backoff in seconds, doubled per retry up to 8 s (0.5)
  ZERO_OPENAI_RETRY_AFTER_MAX  longest Retry-After we honour, in seconds (30)
  ZERO_MODEL_VISION            force image support on (1/true/yes) or off (0/false/no)
"""

from __future__ import annotations

import base64
import contextlib
import email.utils
import http.client
import json
import math
import re
import ssl
import time
import urllib.parse
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

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
from zero_engine.providers._sse import SSEFormatError, SSEParser

OFFICIAL_OPENAI_BASE_URL = "https://api.openai.com/v1"
# The model used against the official API when neither OPENAI_MODEL nor --model names one.
DEFAULT_OPENAI_MODEL = "gpt-5"

KIND_OPENAI = "openai"
KIND_OPENAI_COMPATIBLE = "openai-compatible"

RETRYABLE_STATUSES = frozenset({429, 500, 502, 503, 504})
_READ_SIZE = 64 * 1024
_ERROR_BODY_LIMIT = 64 * 1024
_BACKOFF_CAP_SECONDS = 8.0


class ProviderConfigError(ProviderError):
    """The OpenAI provider settings cannot work (missing model, bad URL, bad env number)."""


# --------------------------------------------------------------------------------------------
# Configuration


@dataclass(frozen=True)
class HttpSettings:
    """Timeouts and retry policy of one provider. Seconds throughout."""

    connect_timeout: float = 10.0
    read_timeout: float = 120.0
    max_retries: int = 3
    backoff_base: float = 0.5
    retry_after_max: float = 30.0

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> HttpSettings:
        defaults = cls()
        return cls(
            connect_timeout=_env_seconds(env, "ZERO_OPENAI_CONNECT_TIMEOUT", defaults.connect_timeout),
            read_timeout=_env_seconds(env, "ZERO_OPENAI_TIMEOUT", defaults.read_timeout),
            max_retries=_env_count(env, "ZERO_OPENAI_MAX_RETRIES", defaults.max_retries),
            backoff_base=_env_seconds(
                env, "ZERO_OPENAI_RETRY_BACKOFF", defaults.backoff_base, allow_zero=True
            ),
            retry_after_max=_env_seconds(
                env, "ZERO_OPENAI_RETRY_AFTER_MAX", defaults.retry_after_max, allow_zero=True
            ),
        )


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


# A name-based rule for image support, because there is no model catalog in the engine. It
# recognizes the well-known multimodal families and refuses everything else, so an unknown
# text-only model never receives images it would reject (docs/protocol.md 1.11 drops them instead).
_VISION_NAME_PATTERNS = tuple(
    re.compile(pattern)
    for pattern in (
        r"gpt-4o",
        r"gpt-4\.1",
        r"gpt-4-turbo",
        r"gpt-5",
        r"^o[134](-|$)",
        r"gemini",
        r"claude-(3|4|opus|sonnet|haiku)",
        r"grok-4",
        r"llava",
        r"pixtral",
        r"qwen[0-9.]*-?vl",
        r"internvl",
        r"minicpm-v",
        r"moondream",
        r"gemma-?3[-:](4b|12b|27b)",
        r"llama-?4",
        r"(^|[-_])vl($|[-_])",
    )
)
_NEGATED_VISION = re.compile(r"(no|non|vision)-?(vision|less)")


def model_supports_vision(model: str, env: Mapping[str, str]) -> bool:
    """ZERO_MODEL_VISION overrides; otherwise the model name decides (provider prefix ignored)."""
    override = env.get("ZERO_MODEL_VISION", "").strip().lower()
    if override in ("1", "true", "yes", "on"):
        return True
    if override in ("0", "false", "no", "off"):
        return False
    if override:
        raise ProviderConfigError(f"invalid ZERO_MODEL_VISION {override!r}: expected true or false")
    name = model.strip().lower().rsplit("/", 1)[-1]
    if "vision" in name:
        return _NEGATED_VISION.search(name) is None
    return any(pattern.search(name) for pattern in _VISION_NAME_PATTERNS)


def provider_from_env(env: Mapping[str, str], model: str | None) -> Provider | None:
    """Build the provider Zero would pick from OPENAI_* env vars, or None if none is set.

    `model` is the --model value; it wins over OPENAI_MODEL. On its own it configures nothing,
    as in Zero, where --model only picks a model for an already configured provider.
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
    return OpenAICompatibleProvider(
        base_url=OFFICIAL_OPENAI_BASE_URL if official else base_url,
        api_key=api_key,
        model=selected,
        supports_vision=model_supports_vision(selected, env),
        settings=HttpSettings.from_env(env),
    )


# --------------------------------------------------------------------------------------------
# Redaction of error text


_SECRET_PATTERNS = (
    re.compile(r"\bsk-[A-Za-z0-9_-]{8,}"),
    re.compile(r"(?i)(bearer\s+)[A-Za-z0-9._~+/=-]{8,}"),
)


def _redact(text: str, secrets: tuple[str, ...]) -> str:
    """Remove the API key (and anything shaped like one) from text we are about to show."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, "[REDACTED]")
    text = _SECRET_PATTERNS[0].sub("[REDACTED]", text)
    return _SECRET_PATTERNS[1].sub(lambda match: match.group(1) + "[REDACTED]", text)


def _display_url(url: urllib.parse.SplitResult) -> str:
    """The URL without userinfo or query, which may hold credentials."""
    host = url.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    port = f":{url.port}" if url.port else ""
    return f"{url.scheme}://{host}{port}{url.path}"


# --------------------------------------------------------------------------------------------
# Request encoding


def _encode_message(message: ChatMessage) -> dict[str, Any]:
    if message.role == "tool":
        return {"role": "tool", "tool_call_id": message.tool_call_id, "content": message.content}
    if message.role == "assistant":
        encoded: dict[str, Any] = {"role": "assistant", "content": message.content or None}
        if message.tool_calls:
            encoded["tool_calls"] = [
                {
                    "id": call.id,
                    "type": "function",
                    "function": {"name": call.name, "arguments": call.arguments},
                }
                for call in message.tool_calls
            ]
        return encoded
    if message.role == "user" and message.images:
        parts: list[dict[str, Any]] = []
        if message.content:
            parts.append({"type": "text", "text": message.content})
        for image in message.images:
            data = base64.b64encode(image.data).decode("ascii")
            parts.append(
                {"type": "image_url", "image_url": {"url": f"data:{image.media_type};base64,{data}"}}
            )
        return {"role": "user", "content": parts}
    return {"role": message.role, "content": message.content}


def encode_request_body(request: ModelRequest, api_model: str) -> dict[str, Any]:
    """The JSON body of POST /chat/completions for one model request."""
    body: dict[str, Any] = {
        "model": api_model,
        "messages": [_encode_message(message) for message in request.messages],
        "stream": True,
        "stream_options": {"include_usage": True},
    }
    if request.tools:
        body["tools"] = [
            {
                "type": "function",
                "function": {
                    "name": tool.name,
                    "description": tool.description,
                    "parameters": tool.parameters,
                },
            }
            for tool in request.tools
        ]
    return body


# --------------------------------------------------------------------------------------------
# Response decoding


@dataclass
class _ToolCallBuilder:
    id: str = ""
    name: str = ""
    arguments: list[str] = field(default_factory=list)


@dataclass
class _StreamState:
    """What one streamed response has said so far."""

    tool_calls: dict[int, _ToolCallBuilder] = field(default_factory=dict)
    finish_reason: str = ""
    usage: Usage | None = None
    done: bool = False

    def turn_end(self) -> TurnEnd:
        calls = []
        for index in sorted(self.tool_calls):
            builder = self.tool_calls[index]
            if not builder.name:
                raise ProviderError(f"the model streamed a tool call (index {index}) without a function name")
            calls.append(
                ToolCallRequest(builder.id or f"call_{index}", builder.name, "".join(builder.arguments))
            )
        reason = self.finish_reason or ("tool_calls" if calls else "stop")
        return TurnEnd(tool_calls=tuple(calls), finish_reason=reason)


def _int_field(source: Mapping[str, Any], *names: str) -> int:
    for name in names:
        value = source.get(name)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return value
    return 0


def _decode_chunk(payload: Mapping[str, Any], state: _StreamState) -> list[ProviderChunk]:
    """Apply one `chat.completion.chunk` to the state; return the deltas it carries."""
    error = payload.get("error")
    if error is not None:
        message = error.get("message") if isinstance(error, Mapping) else error
        raise ProviderError(f"the server reported an error mid-stream: {message}")
    usage = payload.get("usage")
    if isinstance(usage, Mapping):
        # Some servers repeat cumulative usage on every chunk; keep the last and report it once.
        state.usage = Usage(
            prompt_tokens=_int_field(usage, "prompt_tokens", "input_tokens"),
            completion_tokens=_int_field(usage, "completion_tokens", "output_tokens"),
        )
    choices = payload.get("choices")
    if choices is None:
        return []
    if not isinstance(choices, list):
        raise ProviderError("malformed stream chunk: `choices` is not an array")
    deltas: list[ProviderChunk] = []
    for choice in choices:
        if not isinstance(choice, Mapping) or choice.get("index", 0) != 0:
            continue  # we ask for one choice; ignore anything else
        delta = choice.get("delta") or {}
        if not isinstance(delta, Mapping):
            raise ProviderError("malformed stream chunk: `delta` is not an object")
        reasoning = delta.get("reasoning_content") or delta.get("reasoning")
        if isinstance(reasoning, str) and reasoning:
            deltas.append(ReasoningDelta(reasoning))
        content = delta.get("content")
        if isinstance(content, str) and content:
            deltas.append(TextDelta(content))
        for fragment in delta.get("tool_calls") or ():
            _apply_tool_call_fragment(fragment, state)
        finish_reason = choice.get("finish_reason")
        if isinstance(finish_reason, str) and finish_reason:
            state.finish_reason = finish_reason
    return deltas


def _apply_tool_call_fragment(fragment: Any, state: _StreamState) -> None:
    if not isinstance(fragment, Mapping):
        raise ProviderError("malformed stream chunk: a tool_calls entry is not an object")
    index = fragment.get("index")
    if not isinstance(index, int):
        index = len(state.tool_calls) if fragment.get("id") else max(state.tool_calls, default=0)
    builder = state.tool_calls.setdefault(index, _ToolCallBuilder())
    if isinstance(fragment.get("id"), str) and fragment["id"]:
        builder.id = fragment["id"]
    function = fragment.get("function") or {}
    if isinstance(function, Mapping):
        if isinstance(function.get("name"), str) and function["name"]:
            builder.name = function["name"]
        if isinstance(function.get("arguments"), str):
            builder.arguments.append(function["arguments"])


# --------------------------------------------------------------------------------------------
# The provider


class _RetryableFailure(Exception):
    """A failure before any output; another attempt may succeed."""

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def _parse_retry_after(value: str | None) -> float | None:
    if not value:
        return None
    value = value.strip()
    with contextlib.suppress(ValueError):
        return max(0.0, float(value))
    with contextlib.suppress(TypeError, ValueError, IndexError):
        moment = email.utils.parsedate_to_datetime(value)
        return max(0.0, moment.timestamp() - time.time())
    return None


def _server_error_message(body: bytes) -> str:
    """The `error.message` of a JSON error body, else a short excerpt of the body."""
    text = body.decode("utf-8", errors="replace").strip()
    with contextlib.suppress(ValueError):
        decoded = json.loads(text)
        if isinstance(decoded, Mapping):
            error = decoded.get("error")
            if isinstance(error, Mapping) and isinstance(error.get("message"), str):
                return str(error["message"])
            if isinstance(error, str):
                return error
            if isinstance(decoded.get("message"), str):
                return str(decoded["message"])
    return text if len(text) <= 300 else text[:297] + "..."


class OpenAICompatibleProvider:
    """Streams Chat Completions from api.openai.com or any compatible server."""

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str = "",
        api_model: str | None = None,
        supports_vision: bool | None = None,
        settings: HttpSettings | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        parsed = urllib.parse.urlsplit(base_url.strip())
        if parsed.scheme not in ("http", "https") or not parsed.hostname:
            raise ProviderConfigError(
                f"invalid OpenAI base URL {_redact(base_url, (api_key,))!r}: expected http(s)://host[:port]/path"
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
        kind = KIND_OPENAI if is_official_openai_base_url(base_url) else KIND_OPENAI_COMPATIBLE
        self.info = ProviderInfo(
            kind=kind,
            model=model,
            api_model=api_model or model,
            supports_vision=model_supports_vision(model, {}) if supports_vision is None else supports_vision,
            extra={"baseURL": _display_url(parsed)},
        )

    def stream(self, request: ModelRequest) -> Iterator[ProviderChunk]:
        body = json.dumps(encode_request_body(request, self.info.api_model)).encode("utf-8")
        attempts = self._settings.max_retries + 1
        for attempt in range(1, attempts + 1):
            try:
                yield from self._attempt(body)
                return
            except _RetryableFailure as failure:
                if attempt == attempts:
                    raise self._error(f"{failure} (gave up after {attempts} attempts)") from None
                self._sleep(self._retry_delay(attempt, failure.retry_after))

    def _retry_delay(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return min(retry_after, self._settings.retry_after_max)
        return float(min(self._settings.backoff_base * 2 ** (attempt - 1), _BACKOFF_CAP_SECONDS))

    def _error(self, message: str) -> ProviderError:
        return ProviderError(_redact(message, (self._api_key,)))

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

    def _attempt(self, body: bytes) -> Iterator[ProviderChunk]:
        """One HTTP exchange. Raises _RetryableFailure only while nothing has been yielded."""
        connection = self._connect()
        yielded = False
        try:
            try:
                connection.connect()
                if connection.sock is not None:
                    connection.sock.settimeout(self._settings.read_timeout)
                connection.request("POST", self._path, body=body, headers=self._headers(body))
                response = connection.getresponse()
            except TimeoutError as exc:
                raise _RetryableFailure(f"timed out talking to {self._endpoint}: {exc}") from None
            except (OSError, http.client.HTTPException) as exc:
                raise _RetryableFailure(f"cannot reach {self._endpoint}: {_describe(exc)}") from None

            if not 200 <= response.status < 300:
                self._raise_for_status(response)

            state = _StreamState()
            for chunk in self._read_events(response, state):
                yielded = True
                yield chunk
            if state.usage is not None:
                yield state.usage
            yield state.turn_end()
        except _RetryableFailure:
            if yielded:  # defensive: never replay a response the caller has partly seen
                raise self._error("the response failed after partial output") from None
            raise
        finally:
            connection.close()

    def _raise_for_status(self, response: http.client.HTTPResponse) -> None:
        try:
            detail = _server_error_message(response.read(_ERROR_BODY_LIMIT))
        except (OSError, http.client.HTTPException):
            detail = ""
        message = f"HTTP {response.status} {response.reason} from {self._endpoint}"
        if detail:
            message += f": {detail}"
        if response.status in RETRYABLE_STATUSES:
            raise _RetryableFailure(
                _redact(message, (self._api_key,)), _parse_retry_after(response.getheader("Retry-After"))
            )
        raise self._error(message)

    def _read_events(
        self, response: http.client.HTTPResponse, state: _StreamState
    ) -> Iterator[ProviderChunk]:
        parser = SSEParser()
        received_output = False
        while not state.done:
            try:
                raw = response.read1(_READ_SIZE)
            except TimeoutError:
                message = (
                    f"no data from {self._endpoint} for {self._settings.read_timeout:g}s "
                    "(read timeout; raise ZERO_OPENAI_TIMEOUT for slow models)"
                )
                if received_output:
                    raise self._error(message) from None
                raise _RetryableFailure(message) from None
            except (OSError, http.client.HTTPException) as exc:
                message = f"connection to {self._endpoint} lost mid-stream: {_describe(exc)}"
                if received_output:
                    raise self._error(message) from None
                raise _RetryableFailure(message) from None
            try:
                events = parser.feed(raw) if raw else parser.finish()
            except SSEFormatError as exc:
                raise self._error(f"malformed event stream from {self._endpoint}: {exc}") from None
            for event in events:
                for chunk in self._decode_event(event.data, state):
                    received_output = True
                    yield chunk
                if state.done:
                    break
            if not raw:
                break
        if not state.done and not state.finish_reason:
            raise self._error(
                f"the stream from {self._endpoint} ended before the response was complete "
                "(no [DONE] and no finish_reason)"
            )

    def _decode_event(self, data: str, state: _StreamState) -> list[ProviderChunk]:
        if data.strip() == "[DONE]":
            state.done = True
            return []
        if not data.strip():
            return []
        try:
            payload = json.loads(data)
        except ValueError:
            shown = data if len(data) <= 120 else data[:117] + "..."
            raise self._error(
                f"malformed JSON chunk in the stream from {self._endpoint}: {shown!r}"
            ) from None
        if not isinstance(payload, Mapping):
            raise self._error(f"malformed stream chunk from {self._endpoint}: expected a JSON object")
        try:
            return _decode_chunk(payload, state)
        except ProviderError as exc:
            raise self._error(str(exc)) from None


def _describe(exc: BaseException) -> str:
    if isinstance(exc, http.client.IncompleteRead):
        return "the server closed the connection before the response was complete"
    if isinstance(exc, http.client.RemoteDisconnected):
        return "the server closed the connection without a response"
    text = str(exc) or type(exc).__name__
    return f"{type(exc).__name__}: {text}" if not text.startswith(type(exc).__name__) else text
