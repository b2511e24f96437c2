"""Adversarial redaction (docs/protocol.md 5.1, 5.2): no secret survives the stream-json writer.

Property: for any event of any type, with secrets (an `sk-` key, a bearer token, an `api_key=`
assignment, any value under a sensitive key) at any depth of any string field, the bytes the
engine's real writer (`StreamJsonSink` over an `FdWriter`) puts on stdout never contain the
secret. A sample also goes through a real `zero-engine` process whose scripted provider echoes
secrets in text deltas, tool arguments, tool results and error messages. The prose cases of 5.1
are never altered.

Secrets are built so that the 5.1 patterns must match them (a non-word separator before each,
bodies long enough); every secret ends in a unique run of digits, the "needle" that must not
appear in the output.
"""

from __future__ import annotations

import json
import os
import string
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from adversarial_support import (
    Counter,
    engine_env,
    prompt_line,
    run_engine,
    scale,
    write_script,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from zero_engine.events import StreamJsonEvents
from zero_engine.output import FdWriter, StreamJsonSink
from zero_engine.tools.base import Block, Display, PermissionOutcome, Risk, ToolResult
from zero_engine.tools.redaction import redact_with_flag

RUN_ID = "run_20260101000000_abcdef"
TOKEN_CHARS = string.ascii_letters + string.digits + "_-"
VALUE_CHARS = string.ascii_letters + string.digits + "._-"
WS = "\t\n\f\r "
# Characters outside [A-Za-z0-9._-]: one of them before and after every secret keeps it a
# separate token, so the sequential 5.1 patterns cannot glue it to its neighbours.
SEPARATORS = [" ", ",", "\n", "(", ")", '"', "'", ";", "<", "&", "é", "\u2028", "|", "\t", "#"]
# Before a secret in v1: only `,` or `)`, which neither the v1 api_key prefix class (`["'=:\s]`) nor
# its value class (`[^"',\s)]`) can cross, so a preceding `apikey` cannot swallow the secret's
# own `api_key=` and leave its value behind (Go's sequential regexps would leak it too).
BEFORE_V1 = [",", ")"]
# After a secret: also a character that ends the looser v1 api_key value (`[^"',\s)]+`, 8.4).
TERMINATORS = [" ", ",", "\n", ")", '"', "'", "\t", "\r"]
PROSE_CASES = [
    "task-list",
    "bearer of bad news",
    "bearer token",
    "the api_key: foo setting",
    "apiKey value spans",
]
# v1's looser api_key pattern (8.4) does redact `api_key: foo` and `apiKey value`: the prose rule
# of 5.1 is the HEAD (v2) behaviour; v1 keeps only the bearer and sk- prose intact.
PROSE_CASES_V1 = PROSE_CASES[:3]
EXACT_KEYS = [
    "accesstoken",
    "apikey",
    "authorization",
    "bearer",
    "clientsecret",
    "credential",
    "credentials",
    "idtoken",
    "password",
    "passwd",
    "privatekey",
    "pwd",
    "refreshtoken",
    "secret",
    "token",
]
SUFFIX_KEYS = ["apikey", "clientsecret", "accesstoken", "refreshtoken", "idtoken", "privatekey"]

needles_digits = st.integers(min_value=10**11, max_value=10**12 - 1).map(str)


@dataclass
class Secretive:
    """A generated value plus the needles that must not reach the output."""

    value: Any
    needles: list[str] = field(default_factory=list)


@st.composite
def secret_token(draw: st.DrawFn, loose: bool = True) -> Secretive:
    needle = draw(needles_digits)
    kind = draw(st.sampled_from(["sk", "api_key", "bearer"]))
    if kind == "sk":
        prefix = draw(st.sampled_from(["", "proj-", "svcacct-", "admin-", "ant-api03-"]))
        body = draw(st.text(TOKEN_CHARS, min_size=5, max_size=30))
        text = f"sk-{prefix}{body}{needle}"
    elif kind == "api_key":
        name = draw(
            st.sampled_from(["api_key", "apikey", "api-key", "API_KEY", "ApiKey", "Api-Key", "APIKEY"])
        )
        before = draw(st.text(WS, max_size=2 if loose else 0))
        after = draw(st.text(WS, max_size=2 if loose else 0))
        quote = draw(st.sampled_from(["", '"', "'"] if loose else [""]))
        sep = draw(st.sampled_from(["=", ":"]))
        value = draw(st.text(VALUE_CHARS, max_size=20)) + needle
        text = f"{name}{before}{sep}{after}{quote}{value}"
    else:
        word = draw(st.sampled_from(["Bearer", "bearer", "BEARER", "BeArEr"]))
        gap = draw(st.text(WS, min_size=1, max_size=3))
        token = draw(st.text(VALUE_CHARS, min_size=5, max_size=30)) + needle
        text = f"{word}{gap}{token}"
    return Secretive(text, [needle])


prose = st.text(max_size=24)


@st.composite
def secret_string(
    draw: st.DrawFn, allow_plain: bool = True, version: int = 2, loose: bool = True
) -> Secretive:
    """Prose with 0..3 secrets embedded (at least one unless allow_plain); `loose=False` gives
    exactly one secret, and no `api_key` form with a quote or whitespace around the separator."""
    count = draw(st.integers(min_value=0 if allow_plain else 1, max_value=3 if loose else 1))
    parts = [draw(prose)]
    needles: list[str] = []
    for _ in range(count):
        secret = draw(secret_token(loose))
        needles += secret.needles
        parts += [
            draw(st.sampled_from(SEPARATORS if version == 2 else BEFORE_V1)),
            secret.value,
            draw(st.sampled_from(TERMINATORS)),
            draw(prose),
        ]
    return Secretive("".join(parts), needles)


@st.composite
def sensitive_key(draw: st.DrawFn) -> str:
    """A key that normalizes (lowercase, drop non-alphanumerics) to a sensitive one."""
    if draw(st.booleans()):
        base = draw(st.sampled_from(EXACT_KEYS))
    else:
        base = draw(st.text(string.ascii_lowercase, max_size=8)) + draw(st.sampled_from(SUFFIX_KEYS))
    chars = []
    for char in base:
        chars.append(char.upper() if draw(st.booleans()) else char)
        if draw(st.integers(0, 5)) == 0:
            chars.append(draw(st.sampled_from(["_", "-", ".", " ", "$", "/"])))
    return "".join(chars)


@st.composite
def sensitive_value(draw: st.DrawFn) -> Secretive:
    needle = draw(needles_digits)
    shape = draw(st.sampled_from(["str", "int", "list", "dict", "prose"]))
    value: Any = {
        "str": f"v{needle}",
        "int": int(needle),
        "list": [f"v{needle}", 1, None],
        "dict": {"inner": f"v{needle}", "n": [int(needle)]},
        "prose": f"plain words {needle} more",
    }[shape]
    return Secretive(value, [needle])


plain_json = st.recursive(
    st.none() | st.booleans() | st.integers(-1000, 1000) | st.text(max_size=10),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=8,
)


@st.composite
def nested_json(draw: st.DrawFn, version: int = 2) -> Secretive:
    """A JSON object with secrets at some depth: under a sensitive key or inside a string."""
    needles: list[str] = []
    if draw(st.booleans()):
        key = draw(sensitive_key())
        value = draw(sensitive_value())
        node: Any = {key: value.value}
    else:
        value = draw(secret_string(allow_plain=False, version=version))
        node = value.value
    needles += value.needles
    for _ in range(draw(st.integers(0, 6))):
        sibling = draw(plain_json)
        if draw(st.booleans()):
            node = [sibling, node] if draw(st.booleans()) else [node, sibling]
        else:
            # Non-sensitive wrapping keys (keys are never redacted, so they carry no secret).
            wrap_key = draw(st.sampled_from(["args", "data", "x", "nested", "items", "payload", "ñ"]))
            node = {wrap_key: node, "other": sibling}
    if not isinstance(node, dict):
        node = {"value": node}
    return Secretive(node, needles)


@st.composite
def any_string(draw: st.DrawFn, acc: list[str], version: int) -> str:
    result = draw(secret_string(version=version))
    acc.extend(result.needles)
    return str(result.value)


@st.composite
def risk(draw: st.DrawFn, acc: list[str], version: int) -> Risk:
    return Risk(
        level=draw(st.sampled_from(["low", "medium", "high", "critical"])),
        categories=tuple(draw(st.lists(any_string(acc, version), max_size=2))),
        reason=draw(any_string(acc, version)),
    )


@st.composite
def sink_call(draw: st.DrawFn, acc: list[str], version: int) -> tuple[str, tuple[Any, ...]]:
    """One call of the writer (`StreamJsonSink`) covering every event type it can write."""
    s = any_string(acc, version)
    kind = draw(
        st.sampled_from(
            [
                "run_start",
                "warning",
                "text",
                "reasoning",
                "final",
                "tool_call",
                "checkpoint",
                "permission",
                "tool_result",
                "usage",
                "run_error",
                "pre_run_error",
                "incomplete",
                "success",
            ]
        )
    )
    if kind == "run_start":
        return kind, (draw(s), draw(s), draw(s), draw(s), draw(s), "auto")
    if kind in ("warning", "text", "reasoning", "final"):
        return kind, (draw(s),)
    if kind == "tool_call":
        if draw(st.booleans()):
            args = draw(nested_json(version))
            acc.extend(args.needles)
            arguments = json.dumps(args.value, ensure_ascii=draw(st.booleans()))
        else:  # not valid JSON: written as the raw string
            arguments = "{" + draw(s)
        effect = draw(st.sampled_from(["read", "write", "shell", "local_control", None]))
        return kind, (draw(s), draw(s), arguments, effect)
    if kind == "checkpoint":
        return kind, (draw(st.integers(0, 99)), draw(s), tuple(draw(st.lists(s, max_size=2))))
    if kind == "permission":
        block = None
        if draw(st.booleans()):
            block = Block(
                code=draw(s),
                action=draw(st.sampled_from(["allow", "prompt", "deny"])),
                risk=draw(risk(acc, version)),
                reason=draw(s),
                recoverable=draw(st.booleans()),
                tool_name=draw(s),
                path=draw(s),
            )
        outcome = PermissionOutcome(
            action=draw(st.sampled_from(["allow", "prompt", "deny", "cancel"])),
            permission=draw(st.sampled_from(["allow", "prompt", "deny"])),
            permission_granted=draw(st.booleans()),
            permission_mode=draw(st.sampled_from(["auto", "ask", "unsafe"])),
            side_effect=draw(st.sampled_from(["read", "write", "shell"])),
            risk=draw(risk(acc, version)),
            reason=draw(s),
            decision_reason=draw(s),
            block=block,
            grant_matched=draw(st.booleans()),
        )
        return kind, (draw(s), draw(s), outcome, draw(s))
    if kind == "tool_result":
        meta: dict[str, str] = {}
        for _ in range(draw(st.integers(0, 3))):
            if draw(st.booleans()):
                needle = draw(needles_digits)
                acc.append(needle)
                meta[draw(sensitive_key())] = f"m{needle}"
            else:
                meta[draw(st.text(max_size=8))] = draw(s)
        result = ToolResult(
            status=draw(st.sampled_from(["ok", "error"])),
            output=draw(s),
            truncated=draw(st.booleans()),
            redacted=draw(st.booleans()),
            changed_files=tuple(draw(st.lists(s, max_size=2))),
            meta=meta,
            display=Display(summary=draw(s), kind=draw(s)) if draw(st.booleans()) else None,
        )
        return kind, (draw(s), draw(s), result)
    if kind == "usage":
        return kind, (draw(st.integers(0, 10**6)), draw(st.integers(0, 10**6)))
    if kind in ("run_error", "pre_run_error"):
        extra: tuple[Any, ...] = (draw(s),) if kind == "run_error" else ()
        return kind, (draw(s), draw(s), draw(st.sampled_from([1, 2, 3, 4, 130])), *extra)
    if kind == "incomplete":
        return kind, (draw(s), draw(s))
    return kind, ()


@st.composite
def event_batches(draw: st.DrawFn) -> tuple[list[tuple[str, tuple[Any, ...]]], list[str], int]:
    needles: list[str] = []
    version = draw(st.sampled_from([1, 2]))
    calls = draw(st.lists(sink_call(needles, version), min_size=1, max_size=6))
    return calls, needles, version


def write_through_sink(tmp_path: Path, calls: list[tuple[str, tuple[Any, ...]]], version: int) -> bytes:
    """The events, written by the engine's real writer into a file; returns the bytes."""
    path = tmp_path / f"out-{os.getpid()}.jsonl"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        stdout = FdWriter(fd)
        sink = StreamJsonSink(StreamJsonEvents(version, RUN_ID), stdout, FdWriter(fd), autonomy="low")
        for method, args in calls:
            getattr(sink, method)(*args)
        assert stdout.error is None, f"the writer latched {stdout.error!r}"
    finally:
        os.close(fd)
    return path.read_bytes()


REDACTION_STATS = Counter("redaction/writer")


@pytest.fixture(scope="module", autouse=True)
def _report() -> Any:
    yield
    if REDACTION_STATS.counts:
        REDACTION_STATS.report()
    if PROCESS_STATS.counts:
        PROCESS_STATS.report()


@pytest.mark.timeout(1800)
@settings(
    max_examples=scale(400, 10000),
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,
    ],
)
@given(batch=event_batches())
def test_no_secret_reaches_stream_json_output(tmp_path: Path, batch: Any) -> None:
    """Fails if any planted secret appears in the bytes the event sink writes, or a line is not one
    JSON object of the run (redaction that broke the JSON or the run id)."""
    calls, needles, version = batch
    output = write_through_sink(tmp_path, calls, version)
    lines = output.splitlines()
    REDACTION_STATS.add("events_tried", len(lines))
    REDACTION_STATS.add("secrets_planted", len(needles))
    for line in lines:
        event = json.loads(line)  # every line is one JSON object
        assert event["runId"] == RUN_ID and event["schemaVersion"] == version
    leaked = [needle for needle in needles if needle.encode() in output]
    REDACTION_STATS.add("leaks_found", len(leaked))
    assert not leaked, f"secret(s) {leaked} leaked into:\n{output.decode()}"


@st.composite
def prose_only(draw: st.DrawFn, cases: list[str]) -> str:
    """The 5.1 prose cases inside text that contains nothing a pattern could match."""
    clean = st.text(max_size=16).filter(
        lambda t: not any(w in t.lower() for w in ("sk-", "api", "key", "bearer"))
    )
    parts = [draw(clean)]
    for _ in range(draw(st.integers(1, 4))):
        parts += [
            draw(st.sampled_from(SEPARATORS)),
            draw(st.sampled_from(cases)),
            draw(st.sampled_from(SEPARATORS)),
            draw(clean),
        ]
    return "".join(parts)


@settings(
    max_examples=scale(150, 3000),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much],
)
@given(data=st.data(), version=st.sampled_from([1, 2]))
def test_prose_is_never_altered(tmp_path: Path, data: st.DataObject, version: int) -> None:
    """Fails if redaction changes any character of secret-free prose in text, warning, tool-call
    arguments or final (a false positive)."""
    text = data.draw(prose_only(PROSE_CASES if version == 2 else PROSE_CASES_V1))
    calls: list[tuple[str, tuple[Any, ...]]] = [
        ("text", (text,)),
        ("warning", (text,)),
        ("tool_call", ("c1", "bash", json.dumps({"command": text, "note": [text]}), "shell")),
        ("final", (text,)),
    ]
    events = [json.loads(line) for line in write_through_sink(tmp_path, calls, version).splitlines()]
    REDACTION_STATS.add("prose_events_tried", len(events))
    assert [events[0]["delta"], events[1]["message"], events[3]["text"]] == [text, text, text]
    assert events[2]["args"] == {"command": text, "note": [text]}


@pytest.mark.parametrize(
    ("case", "version"), [(c, 2) for c in PROSE_CASES] + [(c, 1) for c in PROSE_CASES_V1]
)
def test_documented_prose_cases_verbatim(tmp_path: Path, case: str, version: int) -> None:
    events = [json.loads(x) for x in write_through_sink(tmp_path, [("text", (case,))], version).splitlines()]
    assert events[0]["delta"] == case


# --- through a real zero-engine process -----------------------------------------------------


@st.composite
def engine_script(draw: st.DrawFn, version: int) -> tuple[list[list[dict[str, Any]]], list[str]]:
    """A script whose provider echoes secrets in deltas, tool args, tool results and an error."""
    needles: list[str] = []

    def secret(loose: bool = True) -> str:
        value = draw(secret_string(allow_plain=False, version=version, loose=loose))
        needles.extend(value.needles)
        # No NUL: a NUL in a tool path crashes the engine (a separate bug, see
        # test_adversarial_sandbox.py::test_nul_byte_in_a_tool_path_is_a_tool_error).
        return str(value.value).replace("\x00", "")

    args = draw(nested_json(version))
    needles += args.needles
    first: list[dict[str, Any]] = [
        {"reasoning": secret()},
        {"text": secret()},
        # read_file of a missing path whose name is a secret: the tool's error echoes it. One
        # tight secret only: Zero's tool-boundary rules leak some compositions, and the engine
        # does exactly the same (seen with Zero 0.8.0 and the v1-era binary on this very path):
        # `api_key="1234 ` -> `api_key="[REDACTED]"1234`, `api_key= 1234` -> `api_key=[REDACTED]
        # 1234`, and at v1 `api_key=1,,Bearer 5678` -> `api_key=[REDACTED] 5678`.
        {"tool_call": {"id": "c1", "name": "read_file", "args": {"path": "missing " + secret(loose=False)}}},
        {"tool_call": {"id": "c2", "name": "no_such_tool", "args": args.value}},
        {"tool_call": {"id": "c3", "name": "read_file", "raw_args": "{not json " + secret()}},
    ]
    second: list[dict[str, Any]] = [{"text": secret()}, {"error": "provider failed: " + secret()}]
    return [first, second], needles


PROCESS_STATS = Counter("redaction/engine-process")


@pytest.mark.timeout(1800)
@settings(
    max_examples=scale(6, 60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(case=st.sampled_from([1, 2]).flatmap(lambda v: st.tuples(st.just(v), engine_script(v))))
def test_no_secret_leaves_a_real_engine_process(tmp_path: Path, case: Any) -> None:
    """Fails if a secret a scripted model puts in tool calls and text reaches the real engine's
    stdout, or the run does not end in one run's error + run_end (exit 3)."""
    version, (turns, needles) = case
    ws = tmp_path / "ws"
    ws.mkdir(exist_ok=True)
    path = write_script(tmp_path, turns)
    result = run_engine(
        ["exec", "-i", "stream-json", "-o", "stream-json"],
        engine_env(tmp_path, version, path),
        ws,
        stdin=prompt_line(version, "echo the secrets"),
    )
    events = result.events
    PROCESS_STATS.add("runs")
    PROCESS_STATS.add("events_tried", len(events))
    PROCESS_STATS.add("secrets_planted", len(needles))
    assert result.returncode == 3, result.stderr.decode()
    assert [e["type"] for e in events][-2:] == ["error", "run_end"]
    assert {e["runId"] for e in events} == {events[0]["runId"]}
    leaked = [needle for needle in needles if needle.encode() in result.stdout]
    PROCESS_STATS.add("leaks_found", len(leaked))
    assert not leaked, f"secret(s) {leaked} leaked into:\n{result.stdout.decode()}"


@pytest.mark.parametrize("version", [1, 2])
@pytest.mark.parametrize(
    "line",
    ['api-key: "{s}', 'x-api-key: "{s}"', "Cookie: '{s}'", 'Authorization: "Basic {s}"', "api-key: {s}"],
    ids=["api-key-dq", "x-api-key-dq", "cookie-sq", "authorization-basic-dq", "api-key-plain"],
)
def test_quoted_header_value_in_a_tool_result_is_redacted(tmp_path: Path, version: int, line: str) -> None:
    """Regression (found by the engine-process property above): the tool-boundary redactor
    turned `api-key: "SECRET` into `api-key:[REDACTED]"SECRET`, and the event redactor then no
    longer recognised the rest. Zero redacts the whole rest of a key header's line, quotes
    included. The one exception is Zero's own: at schemaVersion 1 an Authorization header needs
    a known scheme right after the colon, so `Authorization: "Basic SECRET"` passes through the
    v1-era binary untouched, and the engine, which follows it, shows it too."""
    secret = "Zq9" + "8" * 14
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "notes.txt").write_text("config:\n" + line.format(s=secret) + "\n")
    script = write_script(
        tmp_path, [[{"tool_call": {"id": "c1", "name": "read_file", "args": {"path": "notes.txt"}}}]]
    )
    result = run_engine(
        ["exec", "-i", "stream-json", "-o", "stream-json"],
        engine_env(tmp_path, version, script),
        ws,
        stdin=prompt_line(version),
    )
    assert result.returncode == 0, result.stderr.decode()
    zero_leaks_it_too = version == 1 and line.startswith("Authorization")
    assert (secret.encode() in result.stdout) is zero_leaks_it_too, result.stdout.decode()


# --- the tool-boundary redactor ---------------------------------------------------------------
# An independent statement of the boundary rules Zero applies to tool output (docs/engine.md,
# "Redaction"): each generator below builds one credential form that BOTH schema versions
# redact, on a line of its own, and the property is that its needle never survives.

BOUNDARY_KEYS = [
    "password",
    "db_password",
    "client_secret",
    "api_key",
    "private_key",
    "csrf_token",
    "token",
    "jwt",
]
AUTH_SCHEMES = ["Bearer", "basic", "TOKEN", "Digest", "Negotiate", "OAuth", "AWS4-HMAC-SHA256", "apikey"]
# Prose that cannot form or break a credential form: no quotes, `=`, `:`, `@`, `?`, `&`, `#`.
boundary_prose = st.text(string.ascii_letters + string.digits + " .,;()", max_size=20)


@st.composite
def boundary_secret(draw: st.DrawFn) -> Secretive:
    needle = draw(needles_digits)
    body = draw(st.text(string.ascii_letters + string.digits, max_size=8)) + needle
    kind = draw(
        st.sampled_from(["url", "auth", "key_header", "json", "assign", "query", "pem", "akia", "jwt"])
    )
    key = draw(st.sampled_from(BOUNDARY_KEYS))
    if kind == "url":
        scheme = draw(st.sampled_from(["http", "https", "ws", "wss", "ftp"]))
        path = draw(st.sampled_from(["", "/", "/repo.git", "/a/b?x=1"]))
        text = f"{scheme}://user:{body}@host.example{path}"
    elif kind == "auth":
        name = draw(st.sampled_from(["Authorization", "proxy-authorization"]))
        text = f"{name}: {draw(st.sampled_from(AUTH_SCHEMES))} {body}, more"
    elif kind == "key_header":
        text = f"{draw(st.sampled_from(['X-Api-Key', 'api-key', 'Cookie', 'Set-Cookie']))}: {body}; x"
    elif kind == "json":
        text = f'{{"{key}": "{body}"}}'
    elif kind == "assign":
        quote = draw(st.sampled_from(["", '"', "'"]))
        text = f"{key}={quote}{body}{quote}"
    elif kind == "query":
        text = f"GET /cb?page=2&{key}={body}&x=1"
    elif kind == "pem":
        label = draw(st.sampled_from(["", "RSA ", "EC ", "OPENSSH "]))
        text = f"-----BEGIN {label}PRIVATE KEY-----\nMII{body}\n-----END {label}PRIVATE KEY-----"
    elif kind == "akia":
        prefix = draw(st.sampled_from(["AKIA", "ASIA"]))
        text = prefix + (needle + "ABCDEFGH")[:16]
    else:
        text = f"eyJ{body}abcdefgh.eyJ{body}abcdefgh.sig{body}abcdefgh"
    return Secretive(text, [needle if kind != "akia" else text])


@settings(max_examples=scale(300, 5000), deadline=None)
@given(version=st.sampled_from([1, 2]), data=st.data())
def test_no_boundary_secret_survives_a_tool_result(version: int, data: st.DataObject) -> None:
    """Fails if a secret of any kind (URL credential, auth or key header, JSON, assignment, query,
    PEM, AKIA, JWT) between random prose survives tool-result redaction in whole or in part, or the
    redactor reports no change."""
    secrets = data.draw(st.lists(boundary_secret(), min_size=1, max_size=4))
    lines = [f"{data.draw(boundary_prose)} {secret.value}\n{data.draw(boundary_prose)}" for secret in secrets]
    text = "\n".join(lines)
    scrubbed, changed = redact_with_flag(text, version)
    REDACTION_STATS.add("boundary_secrets_planted", len(secrets))
    leaked = [needle for secret in secrets for needle in secret.needles if needle in scrubbed]
    assert changed and not leaked, f"v{version}: {leaked} survived in {scrubbed!r}"
