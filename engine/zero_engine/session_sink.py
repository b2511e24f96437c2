"""`RecordingSink`: records a run's events in its session while passing them to the real sink.

It wraps whichever output dialect the run uses, so the agent loop and the runner need not know
about sessions. What it records, with Zero's event types and payloads (docs/protocol.md 1.9,
`zero_engine.sessions`): the user prompt and the final answer as `message` events, tool calls and
results, permission requests and decisions, provider usage, checkpoints and errors.

Checkpoints: the loop hands over the files a write call is about to change, right after its
`tool_call`; this sink snapshots them into the session (`session_checkpoint`) and reports that
entry's sequence as `checkpoint.sequence`, or nothing when no file could be snapshotted.

A failed write to the session log stops the recording for the rest of the run and, as in Zero,
is reported once on stderr when the run ends: `[zero] WARNING: session not fully recorded: ...`.
"""

from __future__ import annotations

import posixpath
from typing import Any
from urllib.parse import urlsplit

from zero_engine import gotext
from zero_engine.gojson import GoStruct
from zero_engine.output import FdWriter, Sink
from zero_engine.sessions import OpenSession, SessionError
from zero_engine.tools.base import Block, PermissionOutcome, Risk, ToolResult
from zero_engine.tools.gojson_errors import unmarshal_object

# The arguments a permission's `scope` is read from, most specific first (v1 had no `workdir`).
_SCOPE_KEYS = ("path", "file", "directory", "dir", "cwd", "workdir")
_SCOPE_KEYS_V1 = ("path", "file", "directory", "dir", "cwd")
_SCOPE_RUNES = 80


def permission_scope(tool: str, arguments: str, schema_version: int) -> str:
    """Zero's `permissionScope`: the host of a web_fetch URL, else the first path-like argument
    that is not the workspace root, cut to 80 characters; "" when there is none."""
    values = unmarshal_object(arguments) or {}
    raw = ""
    if tool == "web_fetch" and isinstance(values.get("url"), str):
        try:
            host = urlsplit(gotext.trim_space(values["url"])).hostname or ""
        except ValueError:
            host = ""
        raw = gotext.trim_space(host.strip("[]").removesuffix(".")).lower()
    if not raw:
        for key in _SCOPE_KEYS if schema_version >= 2 else _SCOPE_KEYS_V1:
            value = values.get(key)
            if not isinstance(value, str):
                continue
            trimmed = gotext.trim_space(value)
            if trimmed and posixpath.normpath(trimmed) != ".":
                raw = trimmed
                break
    return raw if len(raw) <= _SCOPE_RUNES else raw[: _SCOPE_RUNES - 1] + "…"


def _risk(risk: Risk) -> GoStruct:
    fields = GoStruct(level=risk.level)
    if risk.categories:
        fields["categories"] = list(risk.categories)
    if risk.reason:
        fields["reason"] = risk.reason
    return fields


def _block(block: Block) -> GoStruct:
    fields = GoStruct(code=block.code)
    if block.tool_name:
        fields["toolName"] = block.tool_name
    fields["action"] = block.action
    fields["risk"] = _risk(block.risk)
    if block.path:
        fields["path"] = block.path
    fields["reason"] = block.reason
    fields["recoverable"] = block.recoverable
    return fields


def permission_payload(
    call_id: str, name: str, outcome: PermissionOutcome, autonomy: str, scope: str, schema_version: int
) -> GoStruct:
    """Zero's PermissionEvent struct, as its session log stores it (fields in struct order, the
    empty optional ones left out). Shell commands' `commandPrefix` is not reproduced."""
    fields = GoStruct(toolCallId=call_id, name=name, action=outcome.action)
    fields["permission"] = outcome.permission
    if outcome.permission_granted:
        fields["permissionGranted"] = True
    fields["permissionMode"] = outcome.permission_mode
    if autonomy:
        fields["autonomy"] = autonomy
    fields["sideEffect"] = outcome.side_effect
    for key, value in (
        ("reason", outcome.reason),
        ("scope", scope),
        ("decisionReason", outcome.decision_reason),
    ):
        if value:
            fields[key] = value
    fields["risk"] = _risk(outcome.risk)
    if outcome.block is not None:
        fields["block" if schema_version >= 2 else "violation"] = _block(outcome.block)
    if outcome.grant_matched:
        fields["grantMatched"] = True
    return fields


def permission_event_type(action: str) -> str:
    """Zero's sessionPermissionEventType (the same at both schema versions)."""
    if action == "prompt":
        return "permission_request"
    if action in ("allow", "deny", "cancel"):
        return "permission_decision"
    return "permission"


class RecordingSink:
    def __init__(
        self,
        inner: Sink,
        session: OpenSession,
        *,
        prompt: str,
        autonomy: str,
        workspace_root: str,
        schema_version: int,
    ) -> None:
        self.inner = inner
        self.stdout: FdWriter = inner.stdout
        self.stderr: FdWriter = inner.stderr
        self.session = session
        self.prompt = prompt  # the user's own request, without the resume/fork prefix
        self.autonomy = autonomy
        self.workspace_root = workspace_root
        self.schema_version = schema_version
        self._arguments: dict[str, str] = {}  # call id -> raw arguments, for a permission's scope

    def _record(self, event_type: str, payload: Any) -> None:
        self.session.append(event_type, payload)

    def _close(self) -> None:
        error = self.session.record_error
        if error is None:
            return
        detail = str(error) if isinstance(error, SessionError) else (error.strerror or str(error))
        self.inner.stderr.write(
            f"[zero] WARNING: session not fully recorded: {detail}\n".encode("utf-8", "replace")
        )

    # -- the Sink protocol --------------------------------------------------------------------
    def run_start(
        self, cwd: str, session_id: str, provider: str, model: str, api_model: str, permission_mode: str
    ) -> None:
        self.inner.run_start(cwd, session_id, provider, model, api_model, permission_mode)
        self._record("message", {"content": self.prompt, "role": "user"})

    def warning(self, message: str) -> None:
        self.inner.warning(message)

    def text(self, delta: str) -> None:
        self.inner.text(delta)

    def reasoning(self, delta: str) -> None:
        self.inner.reasoning(delta)

    def tool_call(self, call_id: str, name: str, arguments: str, raw_side_effect: str | None) -> None:
        self.inner.tool_call(call_id, name, arguments, raw_side_effect)
        self._arguments[call_id] = arguments
        self._record("tool_call", {"arguments": arguments, "id": call_id, "name": name})

    def checkpoint(self, sequence: int, tool: str, files: tuple[str, ...]) -> None:
        del sequence  # the session's own sequence of the checkpoint entry is what is reported
        taken = self.session.checkpoint(self.workspace_root, tool, files)
        if taken is not None:
            session_sequence, snapshotted = taken
            self.inner.checkpoint(session_sequence, tool, tuple(snapshotted))

    def permission(self, call_id: str, name: str, outcome: PermissionOutcome, session_id: str) -> None:
        self.inner.permission(call_id, name, outcome, session_id)
        scope = permission_scope(name, self._arguments.get(call_id, ""), self.schema_version)
        payload = permission_payload(call_id, name, outcome, self.autonomy, scope, self.schema_version)
        self._record(permission_event_type(outcome.action), payload)

    def tool_result(self, call_id: str, name: str, result: ToolResult) -> None:
        self.inner.tool_result(call_id, name, result)
        payload: dict[str, Any] = {
            "toolCallId": call_id,
            "name": name,
            "status": result.status,
            "output": result.output,
        }
        if result.meta:
            payload["meta"] = dict(result.meta)
        if result.truncated:
            payload["truncated"] = True
        if result.redacted:
            payload["redacted"] = True
        if result.changed_files:
            payload["changedFiles"] = list(result.changed_files)
        self._record("tool_result", payload)

    def usage(self, prompt_tokens: int, completion_tokens: int) -> None:
        self.inner.usage(prompt_tokens, completion_tokens)
        self._record(
            "provider_usage",
            {
                "completionTokens": completion_tokens,
                "promptTokens": prompt_tokens,
                "totalTokens": prompt_tokens + completion_tokens,
            },
        )

    def final(self, text: str) -> None:
        self._record("message", {"content": text, "role": "assistant"})
        self.inner.final(text)

    def run_error(self, code: str, message: str, exit_code: int, status: str) -> None:
        self._record("error", {"message": "interrupted" if code == "interrupted" else message})
        self.inner.run_error(code, message, exit_code, status)
        self._close()

    def success(self) -> None:
        self.inner.success()
        self._close()

    def incomplete(self, final_text: str, reason: str) -> None:
        self._record("message", {"content": final_text, "role": "assistant"})
        self._record("error", {"message": f"incomplete: {reason}"})
        self.inner.incomplete(final_text, reason)
        self._close()

    def pre_run_error(self, code: str, message: str, exit_code: int) -> None:
        self.inner.pre_run_error(code, message, exit_code)

    def text_delta_line(self, delta: str) -> bytes:
        return self.inner.text_delta_line(delta)
