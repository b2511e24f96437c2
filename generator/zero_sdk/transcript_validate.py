"""`zero-sdk validate FILE...`: check recorded stream-json transcripts (stdout of `zero exec`).

Every line is decoded with `zero_client.protocol.decode_output(mode="strict")` against the schema
of its own `schemaVersion` (one decoder for the whole project), and the stream as a whole is
checked against the grammar of docs/protocol.md 3.6:

- one schemaVersion and one runId across the stream;
- `run_start` first and only once, except the pre-run failure form: exactly `error` + `run_end`;
- `run_end` last and exactly once; nothing after it;
- every `error` is followed directly by `run_end`;
- every `tool_result` answers an earlier, still unanswered `tool_call` with its `id`;
- framing: every line ends with `\\n`, no blank lines.

Problems are `Problem(file, line, message)`, printed as `file:line: message`. Some findings are
only warnings (`severity="warning"`, printed `file:line: warning: message`, exit status 0): what
the binary really does but a client may not expect. Zero passes the model's tool-call ids through
unchanged, so a model that reuses `call_1` in a later turn produces a second `tool_call` and
`tool_result` with that id: a warning, paired in order.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

import click
import msgspec
from zero_client.protocol import (
    SUPPORTED_SCHEMA_VERSIONS,
    ProtocolError,
    UnsupportedSchemaVersionError,
    decode_output,
)

__all__ = ["Problem", "validate_command", "validate_lines", "validate_path"]

_RAW = msgspec.json.Decoder()


@dataclass(frozen=True)
class Problem:
    """One finding: `line` is 1-based (0 when it concerns the file as a whole)."""

    file: str
    line: int
    message: str
    severity: Literal["error", "warning"] = "error"

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        label = "warning: " if self.severity == "warning" else ""
        return f"{where}: {label}{self.message}"


@dataclass
class _Stream:
    label: str
    problems: list[Problem] = field(default_factory=list)
    version: tuple[int, int] | None = None  # (value, line)
    run_id: tuple[str, int] | None = None
    first_type: str | None = None
    run_start_line: int | None = None
    run_end_line: int | None = None
    after_end_reported: bool = False
    pending_error: int | None = None  # line of an error that still needs its run_end
    events: int = 0
    tool_calls: dict[str, int] = field(default_factory=dict)  # id -> line of its latest tool_call
    unanswered: dict[str, int] = field(default_factory=dict)  # id -> tool_calls still without a result
    tool_results: dict[str, int] = field(default_factory=dict)  # id -> line of its latest tool_result
    last_line: int = 0
    unsupported_reported: list[Any] = field(default_factory=list)

    def problem(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.label, line, message))

    def warning(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.label, line, message, "warning"))


def _short(error: ProtocolError) -> str:
    where = f" at `{error.field}`" if error.field else ""
    return f"{error.kind}{where}: {error.detail}"


def validate_lines(data: bytes, label: str) -> tuple[list[Problem], int]:
    """Check one transcript (the raw bytes of a stdout capture); returns (problems, event count)."""
    stream = _Stream(label)
    if not data:
        stream.problem(0, "empty transcript (no events)")
        return stream.problems, 0
    chunks = data.split(b"\n")  # only \n frames a line; U+2028 inside a line is content
    if chunks[-1] == b"":
        chunks.pop()
    else:
        stream.problem(len(chunks), "last line does not end with a newline (truncated write?)")
    for number, chunk in enumerate(chunks, start=1):
        stream.last_line = number
        _check_line(stream, number, chunk)
    _finish(stream)
    return stream.problems, stream.events


def _check_line(stream: _Stream, number: int, chunk: bytes) -> None:
    if not chunk.strip():
        stream.problem(number, "blank line (the binary writes one JSON object per line)")
        return
    try:
        raw: Any = _RAW.decode(chunk)
    except msgspec.DecodeError as exc:
        stream.problem(number, f"not valid JSON: {exc}")
        return
    if not isinstance(raw, dict):
        stream.problem(number, f"expected a JSON object, got {type(raw).__name__}")
        return
    try:
        decode_output(chunk, mode="strict")
    except UnsupportedSchemaVersionError:
        version = raw.get("schemaVersion")
        if version not in stream.unsupported_reported:
            # Once per stream: every line of a newer stream would say the same.
            stream.unsupported_reported.append(version)
            known = ", ".join(str(v) for v in SUPPORTED_SCHEMA_VERSIONS)
            stream.problem(
                number,
                f"schemaVersion {json.dumps(version)} is not supported (this zero-sdk knows {known}); "
                "lines of that version are not checked against a schema",
            )
    except ProtocolError as exc:
        message = _short(exc)
        if exc.kind == "unknown_type":
            message += f" for schemaVersion {raw.get('schemaVersion')}"
        stream.problem(number, message)
    # The grammar reads the untyped object, so a schema error on a line does not cascade.
    _check_grammar(stream, number, raw)


def _check_grammar(stream: _Stream, number: int, raw: dict[str, Any]) -> None:
    kind = raw.get("type")
    if not isinstance(kind, str):
        return
    stream.events += 1
    version = raw.get("schemaVersion")
    if isinstance(version, int) and not isinstance(version, bool):
        if stream.version is None:
            stream.version = (version, number)
        elif version != stream.version[0]:
            first, at = stream.version
            stream.problem(number, f"schemaVersion {version} differs from the stream's {first} (line {at})")
    run_id = raw.get("runId")
    if isinstance(run_id, str):
        if stream.run_id is None:
            stream.run_id = (run_id, number)
        elif run_id != stream.run_id[0]:
            first_id, at = stream.run_id
            stream.problem(number, f"runId {run_id!r} differs from the run's {first_id!r} (line {at})")

    if stream.run_end_line is not None:
        if not stream.after_end_reported:
            stream.problem(
                number, f"`{kind}` after run_end (line {stream.run_end_line}); run_end must be last"
            )
            stream.after_end_reported = True
        return
    if stream.pending_error is not None and kind != "run_end":
        stream.problem(
            number,
            f"`{kind}` follows the error of line {stream.pending_error}; an error must be followed by "
            "run_end",
        )
        stream.pending_error = None
    if stream.first_type is None:
        stream.first_type = kind
        if kind not in ("run_start", "error"):
            stream.problem(
                number, f"stream starts with `{kind}`; it must start with run_start (or error + run_end "
                "for a failure before the run)"
            )
    if kind == "run_start":
        if stream.run_start_line is not None:
            stream.problem(number, f"second run_start (the first is line {stream.run_start_line})")
        stream.run_start_line = stream.run_start_line or number
    elif kind == "error":
        stream.pending_error = number
    elif kind == "run_end":
        stream.pending_error = None
        stream.run_end_line = number
    elif kind == "tool_call":
        call_id = raw.get("id")
        if isinstance(call_id, str):
            if call_id in stream.tool_calls:
                stream.warning(
                    number,
                    f"tool_call id {call_id!r} was used before (line {stream.tool_calls[call_id]}); "
                    "the model chose it and Zero passes ids through, so pair results in order",
                )
            stream.tool_calls[call_id] = number
            stream.unanswered[call_id] = stream.unanswered.get(call_id, 0) + 1
    elif kind == "tool_result":
        call_id = raw.get("id")
        if isinstance(call_id, str):
            if call_id not in stream.tool_calls:
                stream.problem(number, f"tool_result for id {call_id!r}, which no earlier tool_call has")
            elif not stream.unanswered.get(call_id):
                stream.problem(
                    number,
                    f"second tool_result for the tool_call of line {stream.tool_calls[call_id]} "
                    f"(id {call_id!r}; the first result is line {stream.tool_results[call_id]})",
                )
            else:
                stream.unanswered[call_id] -= 1
            stream.tool_results[call_id] = number


def _finish(stream: _Stream) -> None:
    if stream.events == 0:
        if not stream.problems:
            stream.problem(0, "no events")
        return
    if stream.pending_error is not None:
        stream.problem(stream.pending_error, "error is not followed by run_end (the stream ends)")
    elif stream.run_end_line is None:
        stream.problem(stream.last_line, "the stream ends without run_end")


def validate_path(path: str) -> tuple[list[Problem], int]:
    """Check one file (`-` is stdin). A file that cannot be read is one problem."""
    if path == "-":
        return validate_lines(sys.stdin.buffer.read(), "<stdin>")
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        return [Problem(path, 0, f"cannot read: {exc.strerror or exc}")], 0
    return validate_lines(data, path)


def validate_all(paths: Iterable[str]) -> tuple[list[Problem], int, int]:
    problems: list[Problem] = []
    files = events = 0
    for path in paths:
        found, count = validate_path(path)
        problems += found
        files += 1
        events += count
    return problems, files, events


@click.command("validate")
@click.argument("files", nargs=-1, required=True)
@click.option("-q", "--quiet", is_flag=True, help="Print only the problems, no summary line.")
def validate_command(files: tuple[str, ...], quiet: bool) -> None:
    """Check stream-json transcripts (FILE... or - for stdin) against their schema and the stream
    grammar; exit 1 if any problem is found."""
    findings, count, events = validate_all(files)
    for finding in findings:
        click.echo(str(finding))
    problems = [f for f in findings if f.severity == "error"]
    if not quiet:
        bad = len({p.file for p in problems})
        verdict = "OK" if not problems else f"{len(problems)} problem(s) in {bad} file(s)"
        warnings = len(findings) - len(problems)
        click.echo(
            f"validated {count} file(s), {events} event(s): {verdict}"
            + (f" ({warnings} warning(s))" if warnings else "")
        )
    if problems:
        raise SystemExit(1)
