"""`RecordingSink`: records a run's events in its session while passing them to the real sink.

It wraps whichever output dialect the run uses, so the agent loop and the runner need not know
about sessions. What it records (docs/protocol.md 1.9): the user prompt and the final answer as
`message` events, tool calls and results, permission decisions, checkpoints and errors. Strings
go through the same redaction as stream-json events before they reach the disk.

Checkpoints: the loop emits one right after a write tool's `tool_call` whenever a session exists;
this sink appends it to the session log and reports the log's sequence number of that entry as
`checkpoint.sequence` (the number the loop passes in is not used).
"""

from __future__ import annotations

from typing import Any

from zero_engine.output import FdWriter, Sink
from zero_engine.redact import Redactor
from zero_engine.sessions import OpenSession
from zero_engine.tools.base import PermissionOutcome, ToolResult


class RecordingSink:
    def __init__(
        self,
        inner: Sink,
        session: OpenSession,
        *,
        run_id: str,
        prompt: str,
        image_count: int,
        schema_version: int,
    ) -> None:
        self.inner = inner
        self.stdout: FdWriter = inner.stdout
        self.stderr: FdWriter = inner.stderr
        self.session = session
        self.run_id = run_id
        self.prompt = prompt  # the user's own request, without the resume/fork prefix
        self.image_count = image_count
        self._redactor = Redactor(schema_version)
        self._warned = False

    def _record(self, event_type: str, **fields: Any) -> int:
        event = {"type": event_type, "runId": self.run_id, **self._redactor.redact_value(fields)}
        sequence = self.session.append(event)
        if self.session.record_error is not None and not self._warned:
            self._warned = True
            self.inner.stderr.write(
                f"[zero] failed to record Zero session {self.session.id}: "
                f"{self.session.record_error}\n".encode("utf-8", "replace")
            )
        return sequence

    def _close(self) -> None:
        self.session.close()

    # -- the Sink protocol --------------------------------------------------------------------
    def run_start(
        self, cwd: str, session_id: str, provider: str, model: str, api_model: str, permission_mode: str
    ) -> None:
        self.inner.run_start(cwd, session_id, provider, model, api_model, permission_mode)
        fields: dict[str, Any] = {"role": "user", "content": self.prompt}
        if self.image_count:
            fields["images"] = self.image_count
        self._record("message", **fields)

    def warning(self, message: str) -> None:
        self.inner.warning(message)

    def text(self, delta: str) -> None:
        self.inner.text(delta)

    def reasoning(self, delta: str) -> None:
        self.inner.reasoning(delta)

    def tool_call(self, call_id: str, name: str, arguments: str, raw_side_effect: str | None) -> None:
        self._record("tool_call", id=call_id, name=name, args=arguments)
        self.inner.tool_call(call_id, name, arguments, raw_side_effect)

    def checkpoint(self, sequence: int, tool: str, files: tuple[str, ...]) -> None:
        del sequence  # the run-local count; the session's own sequence is what is reported
        session_sequence = self._record("checkpoint", tool=tool, files=list(files))
        self.inner.checkpoint(session_sequence, tool, files)

    def permission(self, call_id: str, name: str, outcome: PermissionOutcome, session_id: str) -> None:
        self._record(
            "permission",
            id=call_id,
            name=name,
            action=outcome.action,
            permissionGranted=outcome.permission_granted,
            permissionMode=outcome.permission_mode,
            reason=outcome.reason,
        )
        self.inner.permission(call_id, name, outcome, session_id)

    def tool_result(self, call_id: str, name: str, result: ToolResult) -> None:
        self._record("tool_result", id=call_id, name=name, status=result.status, output=result.output)
        self.inner.tool_result(call_id, name, result)

    def usage(self, prompt_tokens: int, completion_tokens: int) -> None:
        # Zero logs every usage report (provider_usage), so later events are numbered like its own.
        self._record(
            "provider_usage",
            promptTokens=prompt_tokens,
            completionTokens=completion_tokens,
            totalTokens=prompt_tokens + completion_tokens,
        )
        self.inner.usage(prompt_tokens, completion_tokens)

    def final(self, text: str) -> None:
        self._record("message", role="assistant", content=text)
        self.inner.final(text)

    def run_error(self, code: str, message: str, exit_code: int, status: str) -> None:
        self._record("error", message="interrupted" if code == "interrupted" else message)
        self._close()
        self.inner.run_error(code, message, exit_code, status)

    def success(self) -> None:
        self._close()
        self.inner.success()

    def incomplete(self, final_text: str, reason: str) -> None:
        self._record("message", role="assistant", content=final_text)
        self._record("error", message=f"incomplete: {reason}")
        self._close()
        self.inner.incomplete(final_text, reason)

    def pre_run_error(self, code: str, message: str, exit_code: int) -> None:
        self.inner.pre_run_error(code, message, exit_code)

    def text_delta_line(self, delta: str) -> bytes:
        return self.inner.text_delta_line(delta)
