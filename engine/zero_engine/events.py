"""Every output event the engine writes is built here (stream-json and the `json` dialect).

Stream-json events follow docs/protocol.md 3.3 (v2) and 8.4 (v1): only the fields the exec writer
sets, empty values omitted, then Go encoding/json bytes after redaction (5.1). The `json`
dialect (3.8) is snake_case, unversioned and unredacted.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from json.encoder import encode_basestring as _encode_basestring  # the C one when available
from typing import Any

from zero_engine import gojson
from zero_engine.redact import Redactor, is_sensitive_key, may_match_bytes
from zero_engine.tools.base import Block, PermissionOutcome, Risk, ToolResult

TOOL_OUTPUT_LIMIT = 10 * 1024
TRUNCATION_SUFFIX = "\n[truncated]"
_RUN_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$")
_WIRE_SIDE_EFFECTS = frozenset({"read", "write", "shell", "network", "none"})
# Event fields whose values can be nested structures (everything else is a scalar we set).
_NESTED_FIELDS = (
    "args",
    "meta",
    "risk",
    "block",
    "violation",
    "grant",
    "display",
    "checkpoint",
    "changedFiles",
)


class EventFormatError(Exception):
    """An event failed the writer's validation (the real writer latches this and exits 1)."""


def stream_side_effect(raw: str | None) -> str:
    """tool_call.sideEffect (docs/protocol.md 3.4): local-control kinds and unknown tools -> unknown."""
    return raw if raw in _WIRE_SIDE_EFFECTS else "unknown"


def parse_tool_args(arguments: str) -> tuple[bool, Any]:
    """tool_call.args: (present, value). Empty -> absent; valid JSON -> parsed; else the raw string."""
    if arguments == "":
        return False, None
    try:
        return True, gojson.unmarshal(arguments)
    except gojson.GoUnmarshalError:  # NaN, 1e999, broken text: Zero keeps the raw string
        return True, arguments


def truncate_tool_output(output: str) -> tuple[str, bool]:
    """Cut at the last UTF-8 boundary at or before 10 KiB and append the marker (3.7)."""
    encoded = output.encode("utf-8", "surrogatepass")
    if len(encoded) <= TOOL_OUTPUT_LIMIT:
        return output, False
    head = encoded[:TOOL_OUTPUT_LIMIT].decode("utf-8", "ignore")  # drops a split trailing rune
    return head + TRUNCATION_SUFFIX, True


def _scan_nested(value: Any) -> tuple[bool, bool]:
    """(needs the exact encoder, has a sensitive key) for a nested value, in one walk."""
    if type(value) is dict:
        exact = sensitive = False
        for key, item in value.items():
            sensitive |= is_sensitive_key(key)
            if type(item) is not str:
                item_exact, item_sensitive = _scan_nested(item)
                exact |= item_exact
                sensitive |= item_sensitive
        return exact, sensitive
    if type(value) is list:
        exact = sensitive = False
        for item in value:
            if type(item) is not str:
                item_exact, item_sensitive = _scan_nested(item)
                exact |= item_exact
                sensitive |= item_sensitive
        return exact, sensitive
    return gojson.needs_exact_encoding(value), False


def _risk(risk: Risk) -> dict[str, Any]:
    fields: dict[str, Any] = {"level": risk.level}
    if risk.categories:
        fields["categories"] = sorted(risk.categories)
    if risk.reason:
        fields["reason"] = risk.reason
    return fields


def _go_struct_risk(risk: dict[str, Any]) -> gojson.GoStruct:
    return gojson.GoStruct((key, risk[key]) for key in ("level", "categories", "reason") if key in risk)


def _block(block: Block) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "code": block.code,
        "action": block.action,
        "risk": _risk(block.risk),
        "reason": block.reason,
        "recoverable": block.recoverable,
    }
    if block.tool_name:
        fields["toolName"] = block.tool_name
    if block.path:
        fields["path"] = block.path
    return fields


class StreamJsonEvents:
    """Builds and encodes the stream-json events of one run (one runId, one schemaVersion)."""

    def __init__(self, schema_version: int, run_id: str) -> None:
        self.schema_version = schema_version
        self.run_id = run_id
        self._redactor = Redactor(schema_version)
        self._run_id_valid = _RUN_ID.match(run_id) is not None
        # The fast path of `encode` for {type: text|reasoning, delta}: the bytes after the
        # delta, built once by the full path. Off when the run's own fields could trip the
        # redaction precheck (then every line must take the full path to stay identical).
        self._delta_suffix: dict[str, bytes] = {}
        if self._run_id_valid:
            for kind in ("text", "reasoning"):
                full = self._encode_full({"type": kind, "delta": ""})
                prefix, _, suffix = full.partition(b'{"delta":""')
                if not prefix and not may_match_bytes(suffix):
                    self._delta_suffix[kind] = suffix

    # -- encoding -------------------------------------------------------------------------
    def encode(self, fields: Mapping[str, Any]) -> bytes:
        """One redacted line in Go encoding/json format, newline included.

        Text and reasoning deltas (most of a run's events) take a fast path: the Go-escaped
        JSON string of the delta between a fixed prefix and the per-run suffix, with the
        redaction precheck on the delta only. Its bytes are those of the full path; a delta
        that may hold a secret takes the full path.
        """
        if len(fields) == 2:
            delta = fields.get("delta")
            if type(delta) is str:
                suffix = self._delta_suffix.get(fields.get("type"))  # type: ignore[arg-type]
                if suffix is not None:
                    body = gojson.to_utf8(gojson.go_escape(_encode_basestring(delta)))
                    if not may_match_bytes(body):
                        return b'{"delta":' + body + suffix
        return self._encode_full(fields)

    def _encode_full(self, fields: Mapping[str, Any]) -> bytes:
        if not self._run_id_valid:
            raise EventFormatError(f"invalid stream-json runId {self.run_id!r}")
        if not fields.get("type"):
            raise EventFormatError("stream-json event type is required")
        event = {"schemaVersion": self.schema_version, "runId": self.run_id, **fields}
        exact = sensitive = False
        for value in fields.values():
            if type(value) is dict or type(value) is list:  # only nested values need the walk
                nested_exact, nested_sensitive = _scan_nested(value)
                exact |= nested_exact
                sensitive |= nested_sensitive
            elif type(value) is int and not -(2**53) <= value <= 2**53:
                exact = True  # through float64 as Go's map holds it (token counts beyond 2^53)
        line = gojson.to_utf8(gojson.marshal(event, exact=exact))
        if sensitive or Redactor.may_match_line(line):
            line = gojson.to_utf8(gojson.marshal(self._redactor.redact_value(event), exact=exact))
        return line + b"\n"

    # -- events ---------------------------------------------------------------------------
    def run_start(
        self, cwd: str, session_id: str = "", provider: str = "", model: str = "", api_model: str = ""
    ) -> dict[str, Any]:
        fields: dict[str, Any] = {"type": "run_start", "cwd": cwd}
        for key, value in (
            ("sessionId", session_id),
            ("provider", provider),
            ("model", model),
            ("apiModel", api_model),
        ):
            if value:
                fields[key] = value
        return fields

    @staticmethod
    def _delta(event_type: str, delta: str) -> dict[str, Any]:
        return {"type": event_type, "delta": delta} if delta else {"type": event_type}

    def text(self, delta: str) -> dict[str, Any]:
        return self._delta("text", delta)

    def reasoning(self, delta: str) -> dict[str, Any]:
        return self._delta("reasoning", delta)

    def tool_call(
        self, call_id: str, name: str, arguments: str, raw_side_effect: str | None
    ) -> dict[str, Any]:
        fields: dict[str, Any] = {"type": "tool_call"}
        if call_id:
            fields["id"] = call_id
        if name:
            fields["name"] = name
        present, args = parse_tool_args(arguments)
        if present and args is not None:  # "null" decodes to a nil interface: omitted
            fields["args"] = args
        fields["sideEffect"] = stream_side_effect(raw_side_effect)
        return fields

    def checkpoint(self, sequence: int, tool: str, files: Sequence[str]) -> dict[str, Any]:
        info: dict[str, Any] = {}
        if sequence:
            info["sequence"] = sequence
        if tool:
            info["tool"] = tool
        if files:
            info["files"] = list(files)
        return {"type": "checkpoint", "checkpoint": info}

    def permission(
        self, call_id: str, name: str, outcome: PermissionOutcome, autonomy: str, session_id: str
    ) -> dict[str, Any]:
        if outcome.action == "prompt":
            event_type = "permission_request"
        elif outcome.action in ("allow", "deny") or (outcome.action == "cancel" and self.schema_version >= 2):
            event_type = "permission_decision"
        else:  # v1 wrote cancel (and any unknown action) as the generic `permission`
            event_type = "permission"
        fields: dict[str, Any] = {
            "type": event_type,
            "permissionGranted": outcome.permission_granted,
            "risk": _risk(outcome.risk),
        }
        for key, value in (
            ("sessionId", session_id),
            ("id", call_id),
            ("name", name),
            ("action", outcome.action),
            ("permission", outcome.permission),
            ("permissionMode", outcome.permission_mode),
            ("autonomy", autonomy),
            ("sideEffect", outcome.side_effect),
            ("reason", outcome.reason),
            ("decisionReason", outcome.decision_reason),
        ):
            if value:
                fields[key] = value
        if outcome.block is not None:
            fields["block" if self.schema_version >= 2 else "violation"] = _block(outcome.block)
        if outcome.grant_matched:
            fields["grantMatched"] = True
        return fields

    def tool_result(self, call_id: str, name: str, result: ToolResult) -> dict[str, Any]:
        output, cut = truncate_tool_output(result.output)
        # v1's writer reported only its own 10 KiB cut; v2 also reflects the tool's truncation.
        truncated = cut or (result.truncated and self.schema_version >= 2)
        fields: dict[str, Any] = {"type": "tool_result", "status": result.status, "truncated": truncated}
        if call_id:
            fields["id"] = call_id
        if name:
            fields["name"] = name
        if output:
            fields["output"] = output
        if result.redacted:
            fields["redacted"] = True
        if result.changed_files:
            fields["changedFiles"] = list(result.changed_files)
        if result.meta:
            fields["meta"] = dict(result.meta)
        display = result.display
        if display is not None and (display.summary or display.kind):
            fields["display"] = {k: v for k, v in (("summary", display.summary), ("kind", display.kind)) if v}
        return fields

    def usage(self, prompt_tokens: int, completion_tokens: int) -> dict[str, Any]:
        return {
            "type": "usage",
            # Zero's stream-json event goes through a map decoded from JSON: float64 beyond 2^53.
            "promptTokens": prompt_tokens,
            "completionTokens": completion_tokens,
            "totalTokens": prompt_tokens + completion_tokens,
        }

    def final(self, text: str) -> dict[str, Any]:
        return {"type": "final", "text": text} if text else {"type": "final"}

    def warning(self, message: str) -> dict[str, Any]:
        return {"type": "warning", "message": message} if message else {"type": "warning"}

    def error(self, code: str, message: str) -> dict[str, Any]:
        fields: dict[str, Any] = {"type": "error", "recoverable": False}
        if code:
            fields["code"] = code
        if message:
            fields["message"] = message
        return fields

    def run_end(self, status: str, exit_code: int) -> dict[str, Any]:
        return {"type": "run_end", "status": status, "exitCode": exit_code}


# -- the `json` dialect (docs/protocol.md 3.8) ---------------------------------------------------
def json_line(fields: Mapping[str, Any]) -> bytes:
    """One `-o json` line: Go's encoder with the invalid bytes a string still holds as `\ufffd`
    (the stream-json writer, events_line, makes them a real U+FFFD)."""
    return gojson.to_utf8(gojson.escape_invalid_utf8(gojson.marshal(dict(fields))) + "\n")


def json_run_start(
    cwd: str, provider: str, model: str, api_model: str, permission_mode: str
) -> dict[str, Any]:
    return {
        "type": "run_start",
        "cwd": cwd,
        "provider": provider,
        "model": model,
        "api_model": api_model,
        "permission_mode": permission_mode,
    }


def json_tool_call(call_id: str, name: str, arguments: str) -> dict[str, Any]:
    return {"type": "tool_call", "id": call_id, "name": name, "arguments": arguments}


def json_tool_result(call_id: str, name: str, result: ToolResult) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "type": "tool_result",
        "tool_call_id": call_id,
        "name": name,
        "status": result.status,
        "output": result.output,
    }
    if result.meta:
        fields["meta"] = dict(result.meta)
    if result.truncated:
        fields["truncated"] = True
    if result.redacted:
        fields["redacted"] = True
    if result.changed_files:
        fields["changed_files"] = list(result.changed_files)
    if result.display is not None and (result.display.summary or result.display.kind):
        fields["display"] = {"summary": result.display.summary, "kind": result.display.kind}
    return fields


def json_permission(
    call_id: str, name: str, outcome: PermissionOutcome, autonomy: str, schema_version: int = 2
) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "type": "permission",
        "tool_call_id": call_id,
        "name": name,
        "action": outcome.action,
        "permission": outcome.permission,
        "permission_granted": outcome.permission_granted,
        "permission_mode": outcome.permission_mode,
        "autonomy": autonomy,
        "side_effect": outcome.side_effect,
        "reason": outcome.reason,
        "decision_reason": outcome.decision_reason,
        "risk": _go_struct_risk(_risk(outcome.risk)),
    }
    if outcome.block is not None:
        # The -o json line holds Zero's sandbox.Block and sandbox.Risk structs: field order.
        block = _block(outcome.block)
        block["risk"] = _go_struct_risk(block["risk"])
        order = ("code", "toolName", "action", "risk", "path", "reason", "recoverable")
        # The v1-era event named the field `violation`.
        key_name = "block" if schema_version >= 2 else "violation"
        fields[key_name] = gojson.GoStruct((key, block[key]) for key in order if key in block)
    if outcome.grant_matched:
        fields["grant_matched"] = True
    return fields


def json_checkpoint(sequence: int, tool: str, files: Sequence[str]) -> dict[str, Any]:
    return {"type": "checkpoint", "sequence": sequence, "tool": tool, "files": list(files)}


def json_usage(prompt_tokens: int, completion_tokens: int) -> dict[str, Any]:
    return {
        "type": "usage",
        # -o json writes Zero's int fields as they are, at any size.
        "prompt_tokens": gojson.GoInt(prompt_tokens),
        "completion_tokens": gojson.GoInt(completion_tokens),
        "total_tokens": gojson.GoInt(prompt_tokens + completion_tokens),
    }


def json_simple(event_type: str, **fields: Any) -> dict[str, Any]:
    """warning/text/reasoning/final/error/done lines: just the type and the given keys."""
    return {"type": event_type, **fields}


def json_tools_listing(specs: Sequence[tuple[str, str, str, str]]) -> dict[str, Any]:
    return {
        "type": "tools",
        "tools": [
            {"name": name, "description": description, "side_effect": side_effect, "permission": permission}
            for name, description, side_effect, permission in specs
        ],
    }
