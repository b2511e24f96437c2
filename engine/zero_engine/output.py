"""Where events go: a latched, unbuffered fd writer and the three output dialects.

`Sink` is what the runner and the agent loop talk to; `StreamJsonSink`, `JsonSink` and `TextSink`
turn each happening into the lines of `-o stream-json`, `-o json` and the default text output.
"""

from __future__ import annotations

import errno
import os
import re
from typing import Any, Protocol

from zero_engine import events as ev
from zero_engine import gojson, gotext
from zero_engine.tools.base import PermissionOutcome, ToolResult


class FdWriter:
    """One os.write per line, no buffering; the first failure is latched and later writes skipped."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.error: OSError | ev.EventFormatError | None = None

    def write(self, data: bytes) -> None:
        if self.error is not None:
            return
        try:
            view = memoryview(data)
            while view:  # a pipe can accept less than a full large line; keep going
                written = os.write(self.fd, view)
                view = view[written:]
        except OSError as exc:
            if exc.errno == errno.EINTR:
                return self.write(bytes(view))
            self.error = exc

    def latch(self, error: ev.EventFormatError) -> None:
        if self.error is None:
            self.error = error


class Sink(Protocol):
    """Every observable happening of an exec run, in the order the loop produces them."""

    stdout: FdWriter
    stderr: FdWriter

    def run_start(
        self, cwd: str, session_id: str, provider: str, model: str, api_model: str, permission_mode: str
    ) -> None: ...
    def warning(self, message: str) -> None: ...
    def text(self, delta: str) -> None: ...
    def reasoning(self, delta: str) -> None: ...
    def tool_call(self, call_id: str, name: str, arguments: str, raw_side_effect: str | None) -> None: ...
    def checkpoint(self, sequence: int, tool: str, files: tuple[str, ...]) -> None: ...
    def permission(self, call_id: str, name: str, outcome: PermissionOutcome, session_id: str) -> None: ...
    def tool_result(self, call_id: str, name: str, result: ToolResult) -> None: ...
    def usage(self, prompt_tokens: int, completion_tokens: int) -> None: ...
    def final(self, text: str) -> None: ...
    def run_error(self, code: str, message: str, exit_code: int, status: str) -> None: ...
    def success(self) -> None: ...
    def incomplete(self, final_text: str, reason: str) -> None: ...
    def pre_run_error(self, code: str, message: str, exit_code: int) -> None: ...
    def text_delta_line(self, delta: str) -> bytes: ...


class StreamJsonSink:
    def __init__(
        self, events: ev.StreamJsonEvents, stdout: FdWriter, stderr: FdWriter, autonomy: str
    ) -> None:
        self.events = events
        self.stdout = stdout
        self.stderr = stderr
        self.autonomy = autonomy

    def emit(self, fields: dict[str, Any]) -> None:
        try:
            line = self.events.encode(fields)
        except ev.EventFormatError as exc:
            self.stdout.latch(exc)
            return
        self.stdout.write(line)

    def text_delta_line(self, delta: str) -> bytes:
        return self.events.encode(self.events.text(delta))

    def run_start(
        self, cwd: str, session_id: str, provider: str, model: str, api_model: str, permission_mode: str
    ) -> None:
        self.emit(self.events.run_start(cwd, session_id, provider, model, api_model))

    def warning(self, message: str) -> None:
        self.emit(self.events.warning(message))

    def text(self, delta: str) -> None:
        self.emit(self.events.text(delta))

    def reasoning(self, delta: str) -> None:
        if self.events.schema_version >= 2:  # v1 had no reasoning event type
            self.emit(self.events.reasoning(delta))

    def tool_call(self, call_id: str, name: str, arguments: str, raw_side_effect: str | None) -> None:
        self.emit(self.events.tool_call(call_id, name, arguments, raw_side_effect))

    def checkpoint(self, sequence: int, tool: str, files: tuple[str, ...]) -> None:
        self.emit(self.events.checkpoint(sequence, tool, files))

    def permission(self, call_id: str, name: str, outcome: PermissionOutcome, session_id: str) -> None:
        self.emit(self.events.permission(call_id, name, outcome, self.autonomy, session_id))

    def tool_result(self, call_id: str, name: str, result: ToolResult) -> None:
        self.emit(self.events.tool_result(call_id, name, result))

    def usage(self, prompt_tokens: int, completion_tokens: int) -> None:
        self.emit(self.events.usage(prompt_tokens, completion_tokens))

    def final(self, text: str) -> None:
        self.emit(self.events.final(text))

    def run_error(self, code: str, message: str, exit_code: int, status: str) -> None:
        self.emit(self.events.error(code, message))
        self.emit(self.events.run_end(status, exit_code))

    def success(self) -> None:
        self.emit(self.events.run_end("success", 0))

    def incomplete(self, final_text: str, reason: str) -> None:
        self.final(final_text)
        self.run_error("incomplete", reason, 4, "incomplete")

    def pre_run_error(self, code: str, message: str, exit_code: int) -> None:
        self.run_error(code, message, exit_code, "error")


class JsonSink:
    """`-o json`: snake_case NDJSON, no schemaVersion/runId/run_end, unredacted (3.8)."""

    def __init__(self, stdout: FdWriter, stderr: FdWriter, autonomy: str, schema_version: int = 2) -> None:
        self.stdout = stdout
        self.stderr = stderr
        self.autonomy = autonomy
        self.schema_version = schema_version

    def emit(self, fields: dict[str, Any]) -> None:
        self.stdout.write(ev.json_line(fields))

    def text_delta_line(self, delta: str) -> bytes:
        return ev.json_line(ev.json_simple("text", delta=delta))

    def run_start(
        self, cwd: str, session_id: str, provider: str, model: str, api_model: str, permission_mode: str
    ) -> None:
        self.emit(ev.json_run_start(cwd, provider, model, api_model, permission_mode))

    def warning(self, message: str) -> None:
        self.emit(ev.json_simple("warning", message=message))

    def text(self, delta: str) -> None:
        self.emit(ev.json_simple("text", delta=delta))

    def reasoning(self, delta: str) -> None:
        if self.schema_version >= 2:  # the v1-era binary wrote no reasoning in -o json either
            self.emit(ev.json_simple("reasoning", delta=delta))

    def tool_call(self, call_id: str, name: str, arguments: str, raw_side_effect: str | None) -> None:
        self.emit(ev.json_tool_call(call_id, name, arguments))

    def checkpoint(self, sequence: int, tool: str, files: tuple[str, ...]) -> None:
        self.emit(ev.json_checkpoint(sequence, tool, files))

    def permission(self, call_id: str, name: str, outcome: PermissionOutcome, session_id: str) -> None:
        self.emit(ev.json_permission(call_id, name, outcome, self.autonomy, self.schema_version))

    def tool_result(self, call_id: str, name: str, result: ToolResult) -> None:
        self.emit(ev.json_tool_result(call_id, name, result))

    def usage(self, prompt_tokens: int, completion_tokens: int) -> None:
        self.emit(ev.json_usage(prompt_tokens, completion_tokens))

    def final(self, text: str) -> None:
        self.emit(ev.json_simple("final", text=text))

    def run_error(self, code: str, message: str, exit_code: int, status: str) -> None:
        self.emit(ev.json_simple("error", code=code, message=message))
        self.emit(ev.json_simple("done", exit_code=exit_code))

    def success(self) -> None:
        self.emit(ev.json_simple("done", exit_code=0))

    def incomplete(self, final_text: str, reason: str) -> None:
        self.final(final_text)
        self.run_error("incomplete", reason, 4, "incomplete")

    def pre_run_error(self, code: str, message: str, exit_code: int) -> None:
        if code == "usage_error":  # usage errors in json mode are plain text on stderr
            self.stderr.write(f"[zero] {message}\n".encode())
        else:
            self.run_error(code, message, exit_code, "error")


RESULT_SUMMARY_LIMIT = 200

# Zero 0.8.0 follows a provider failure in text mode with a one-line next step (v1 had none).
# The category is chosen from the message the way Zero's classifier does: only messages with a
# provider-origin prefix qualify, then the first matching category wins.
_PROVIDER_MARKERS = (
    "auth error:",
    "rate limit error:",
    "provider error:",
    "provider request error:",
    "provider stream error:",
)
_HINTS = (
    (
        ("auth error:", "unauthorized", "api key", "api_key", "invalid_api_key", "authentication",
         "permission denied", "forbidden"),
        ("401", "403"),
        "API key rejected — run `zero setup`, `zero auth openrouter` for OpenRouter, "
        "or set the provider's API key",
    ),
    (
        ("rate limit", "rate_limit", "too many requests", "quota", "resource_exhausted", "overloaded"),
        ("429", "529"),
        "Rate limited — wait a moment, or switch model with --model",
    ),
    (
        ("context length", "context window", "maximum context", "context_length_exceeded", "too many tokens",
         "prompt is too long", "reduce the length", "maximum context length"),
        (),
        "Context window full — shorten the prompt or start a fresh session",
    ),
    (
        ("model not found", "model_not_found", "does not exist", "unknown model", "no such model",
         "unsupported model", "invalid model", "model is not"),
        (),
        "Model unavailable — run `zero doctor` or pick another with --model",
    ),
    (
        ("dial tcp", "no such host", "connection refused", "network is unreachable", "i/o timeout",
         "context deadline exceeded", "tls handshake", "connection reset", "unexpected eof", "lookup ",
         "timeout"),
        (),
        "Can't reach the provider — run `zero doctor`",
    ),
)  # fmt: skip


def _has_status_code(text: str, codes: tuple[str, ...]) -> bool:
    return any(re.search(rf"(?<![0-9]){code}(?![0-9])", text) for code in codes)


def cli_hint(message: str) -> str:
    """The next-step line Zero prints after a provider error in text mode, or ""."""
    lowered = message.lower()
    if not any(marker in lowered for marker in _PROVIDER_MARKERS):
        return ""
    for words, codes, hint in _HINTS:
        if any(word in lowered for word in words) or _has_status_code(lowered, codes):
            return hint
    return ""


class TextSink:
    """The default human output (3.9): deltas on stdout, everything else on stderr."""

    def __init__(self, stdout: FdWriter, stderr: FdWriter, schema_version: int = 2) -> None:
        self.stdout = stdout
        self.stderr = stderr
        self.hints = schema_version >= 2
        self.streamed = False
        self.ends_with_newline = True

    def note(self, line: str) -> None:
        self.stderr.write(gojson.to_utf8(f"{line}\n"))

    def text_delta_line(self, delta: str) -> bytes:
        return gojson.to_utf8(delta)

    def run_start(
        self, cwd: str, session_id: str, provider: str, model: str, api_model: str, permission_mode: str
    ) -> None:
        pass

    def warning(self, message: str) -> None:
        self.note(f"[zero] WARNING: {message}")

    def text(self, delta: str) -> None:
        if delta:
            self.streamed = True
            self.ends_with_newline = delta.endswith("\n")
            self.stdout.write(gojson.to_utf8(delta))

    def reasoning(self, delta: str) -> None:
        pass

    def tool_call(self, call_id: str, name: str, arguments: str, raw_side_effect: str | None) -> None:
        self.note(f"[tool] {name}")

    def checkpoint(self, sequence: int, tool: str, files: tuple[str, ...]) -> None:
        pass

    def permission(self, call_id: str, name: str, outcome: PermissionOutcome, session_id: str) -> None:
        if outcome.action != "allow":
            self.note(f"[permission] {name} {outcome.action}: {outcome.reason}")

    def tool_result(self, call_id: str, name: str, result: ToolResult) -> None:
        summary = " ".join(gotext.fields(result.output))  # Go's strings.Fields: not Python's \s
        encoded = gojson.to_raw_bytes(summary)  # invalid bytes go out as they came, as in Zero
        if len(encoded) > RESULT_SUMMARY_LIMIT:
            encoded = encoded[:RESULT_SUMMARY_LIMIT].decode("utf-8", "ignore").encode() + b"..."
        self.stderr.write(b"[result] " + encoded + b"\n")

    def usage(self, prompt_tokens: int, completion_tokens: int) -> None:
        pass

    def final(self, text: str) -> None:
        if not self.streamed and text:
            self.stdout.write(gojson.to_utf8(text))
            self.ends_with_newline = text.endswith("\n")
        if not self.ends_with_newline:
            self.stdout.write(b"\n")
            self.ends_with_newline = True

    def run_error(self, code: str, message: str, exit_code: int, status: str) -> None:
        if code == "interrupted":
            self.note("Interrupted.")
        else:
            self.note(f"[zero] {message}")
            hint = cli_hint(message) if self.hints and code == "provider_error" else ""
            if hint:
                self.note(f"[zero] {hint}")

    def success(self) -> None:
        pass

    def incomplete(self, final_text: str, reason: str) -> None:
        self.final(final_text)
        self.note(f"Run incomplete (not reported as success): {reason}")

    def pre_run_error(self, code: str, message: str, exit_code: int) -> None:
        self.run_error(code, message, exit_code, "error")
