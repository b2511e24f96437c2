"""OpenTelemetry tracing of the Python clients (zero_client.tracing, docs/tracing.md).

Spans are recorded with the SDK's in-memory exporter, from real runs of zero-engine (scripted
provider; only read tools and a refused call, no process-starting tools) and from golden
transcripts of the real Zero played by the replay fake.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from client_support import ENGINE, engine_env, event_line, make_client, workspace, write_script
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.sdk.trace.sampling import ALWAYS_OFF
from opentelemetry.trace import NoOpTracerProvider, SpanKind, StatusCode
from otlp_support import otlp_receiver
from zero_client import AsyncZeroClient, Timeouts, ZeroClient, ZeroNotFoundError, ZeroProviderError
from zero_client.tracing import batch_span, content_capture_enabled

ROOT = Path(__file__).resolve().parent.parent
OUTSIDE = "/zero-sdk-tracing-test-outside"  # outside the workspace and the temp roots: refused
PROMPT = "Summarize the readme please"
README = "hello from the readme body"


class Recorder:
    """A tracer provider whose spans land in memory."""

    def __init__(self, **options: Any) -> None:
        self.exporter = InMemorySpanExporter()
        self.provider = TracerProvider(**options)
        self.provider.add_span_processor(SimpleSpanProcessor(self.exporter))

    def spans(self) -> list[ReadableSpan]:
        return list(self.exporter.get_finished_spans())

    def one(self, name: str) -> ReadableSpan:
        found = [s for s in self.spans() if s.name == name]
        assert len(found) == 1, [s.name for s in self.spans()]
        return found[0]


@pytest.fixture
def recorder() -> Iterator[Recorder]:
    rec = Recorder()
    yield rec
    rec.provider.shutdown()


TOOL_TURNS: list[list[dict[str, Any]]] = [
    [
        {"text": "Reading the readme. "},
        {"tool_call": {"id": "call_ok", "name": "read_file", "args": {"path": "README.md"}}},
        {"tool_call": {"id": "call_refused", "name": "list_directory", "args": {"path": OUTSIDE}}},
        {"usage": {"prompt": 10, "completion": 5}},
    ],
    [{"text": "The final answer."}, {"usage": {"prompt": 20, "completion": 3}}],
]


def traced(
    tmp_path: Path, turns: list[list[dict[str, Any]]], recorder: Recorder, **options: Any
) -> ZeroClient:
    """A sync client of the engine (schemaVersion 2) tracing into `recorder`."""
    client = make_client(tmp_path, turns, 2, tracer_provider=recorder.provider, **options)
    assert isinstance(client, ZeroClient)
    return client


def tool_client(tmp_path: Path, recorder: Recorder, **options: Any) -> ZeroClient:
    (workspace(tmp_path) / "README.md").write_text(README)
    client = make_client(tmp_path, TOOL_TURNS, 2, tracer_provider=recorder.provider, **options)
    assert isinstance(client, ZeroClient)
    return client


def attributes(span: ReadableSpan) -> dict[str, Any]:
    return dict(span.attributes or {})


def check_tool_run(recorder: Recorder, session_id: str | None, run_id: str | None) -> None:
    """The spans of a TOOL_TURNS run: names, kinds, parentage, attributes and statuses."""
    run = recorder.one("invoke_agent zero")
    tools = [s for s in recorder.spans() if s.name.startswith("execute_tool")]
    assert [s.name for s in tools] == ["execute_tool read_file", "execute_tool list_directory"]
    assert run.kind is SpanKind.CLIENT and run.parent is None
    assert run.status.status_code is StatusCode.UNSET
    run_context = run.get_span_context()
    assert run_context is not None
    for tool in tools:
        assert tool.kind is SpanKind.INTERNAL
        assert tool.parent is not None and tool.parent.span_id == run_context.span_id
        assert tool.context is not None and tool.context.trace_id == run_context.trace_id
        assert run.start_time is not None and tool.start_time is not None and tool.end_time is not None
        assert run.end_time is not None and run.start_time <= tool.start_time <= tool.end_time <= run.end_time
    assert attributes(run) == {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": "zero",
        "gen_ai.provider.name": "scripted",
        "gen_ai.system": "scripted",  # the v1.36 name, left out by the stability opt-in
        "zero.provider": "scripted",
        "gen_ai.request.model": "scripted-model",
        "gen_ai.response.model": "scripted-model",
        "gen_ai.conversation.id": session_id,
        "gen_ai.usage.input_tokens": 30,
        "gen_ai.usage.output_tokens": 8,
        "zero.usage.requests": 2,
        "zero.run.id": run_id,
        "zero.run.status": "success",
        "zero.run.exit_code": 0,
        "gen_ai.response.finish_reasons": ("stop",),
        "zero.schema_version": 2,
    }
    # A `chat {model}` span per model request, with that request's usage and the run's provider,
    # models and conversation: the first ends as its stream ends, before the tools run; the
    # second starts once the last tool result went back.
    chats = [s for s in recorder.spans() if s.name.startswith("chat")]
    assert [s.name for s in chats] == ["chat scripted-model", "chat scripted-model"]
    common = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.stream": True,
        "gen_ai.provider.name": "scripted",
        "gen_ai.system": "scripted",
        "gen_ai.request.model": "scripted-model",
        "gen_ai.response.model": "scripted-model",
        "gen_ai.conversation.id": session_id,
    }
    assert [attributes(c) for c in chats] == [
        {**common, "gen_ai.usage.input_tokens": 10, "gen_ai.usage.output_tokens": 5},
        {**common, "gen_ai.usage.input_tokens": 20, "gen_ai.usage.output_tokens": 3},
    ]
    first, second = chats
    for chat in chats:
        assert chat.kind is SpanKind.CLIENT and chat.status.status_code is StatusCode.UNSET
        assert chat.parent is not None and chat.parent.span_id == run_context.span_id
        assert chat.start_time is not None and chat.end_time is not None
        assert run.start_time is not None and run.end_time is not None
        assert run.start_time <= chat.start_time <= chat.end_time <= run.end_time
    assert first.end_time is not None and second.start_time is not None
    assert first.end_time <= min(t.start_time or 0 for t in tools)
    assert second.start_time >= max(t.start_time or 0 for t in tools) and second.start_time >= first.end_time
    ok, refused = tools
    assert ok.status.status_code is StatusCode.UNSET
    assert attributes(ok) == {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.type": "function",
        "gen_ai.tool.name": "read_file",
        "gen_ai.tool.call.id": "call_ok",
        "zero.tool.side_effect": "read",
        "zero.tool.status": "ok",
        "zero.tool.truncated": False,
    }
    assert refused.status.status_code is StatusCode.ERROR
    assert attributes(refused) == {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.type": "function",
        "gen_ai.tool.name": "list_directory",
        "gen_ai.tool.call.id": "call_refused",
        "zero.tool.side_effect": "read",
        "zero.permission.action": "prompt",
        "zero.permission.granted": True,
        "zero.permission.mode": "auto",
        "zero.permission.risk_level": "critical",
        "zero.permission.block_code": "outside_workspace",
        "zero.tool.status": "error",
        "zero.tool.truncated": False,
        "error.type": "approval_required",
    }


def assert_no_content(recorder: Recorder) -> None:
    """No prompt, text, argument or output in any attribute or span event."""
    dumped = json.dumps(
        [[attributes(s), [dict(e.attributes or {}) for e in s.events]] for s in recorder.spans()]
    )
    for content in (PROMPT, README, "README.md", OUTSIDE, "The final answer", "Reading the readme"):
        assert content not in dumped


def test_run_records_one_run_span_with_a_child_per_tool_call(tmp_path: Path, recorder: Recorder) -> None:
    result = tool_client(tmp_path, recorder).run(PROMPT)
    # In order of their first event: the two calls are one parallel read batch, whose permission
    # prompt (the refused listing's) comes before the batch's tool_calls, as in Zero 0.8.0.
    assert [(c.name, c.status) for c in result.tool_calls] == [
        ("list_directory", "error"),
        ("read_file", "ok"),
    ]
    check_tool_run(recorder, result.session_id, result.run_id)
    assert_no_content(recorder)


def test_stream_records_the_same_spans_as_run(tmp_path: Path, recorder: Recorder) -> None:
    with tool_client(tmp_path, recorder).stream(PROMPT) as stream:
        types = [event.type for event in stream]
    assert "tool_call" in types and stream.result is not None
    check_tool_run(recorder, stream.result.session_id, stream.result.run_id)
    assert_no_content(recorder)


def test_async_client_records_the_same_spans(tmp_path: Path, recorder: Recorder) -> None:
    (workspace(tmp_path) / "README.md").write_text(README)
    client = make_client(tmp_path, TOOL_TURNS, 2, asynchronous=True, tracer_provider=recorder.provider)
    assert isinstance(client, AsyncZeroClient)

    async def main() -> tuple[str | None, str | None]:
        async with client.stream(PROMPT) as stream:
            async for _ in stream:
                pass
        assert stream.result is not None
        return stream.result.session_id, stream.result.run_id

    session_id, run_id = asyncio.run(main())
    check_tool_run(recorder, session_id, run_id)


def test_content_capture_records_only_what_the_stream_carries(tmp_path: Path, recorder: Recorder) -> None:
    tool_client(tmp_path, recorder, capture_content=True).run(PROMPT)
    run = attributes(recorder.one("invoke_agent zero"))
    assert json.loads(run["gen_ai.output.messages"]) == [
        {
            "role": "assistant",
            "parts": [{"type": "text", "content": "The final answer."}],
            "finish_reason": "stop",
        }
    ]
    ok = attributes(recorder.one("execute_tool read_file"))
    assert json.loads(ok["gen_ai.tool.call.arguments"]) == {"path": "README.md"}
    assert README in ok["gen_ai.tool.call.result"]
    refused = attributes(recorder.one("execute_tool list_directory"))
    assert OUTSIDE in refused["zero.permission.reason"]
    # The prompt is input, never on the stream: it stays out even with capture on.
    assert PROMPT not in json.dumps([attributes(s) for s in recorder.spans()])


@pytest.mark.parametrize(
    ("value", "enabled"),
    [("true", True), ("SPAN_ONLY", True), ("span_and_event", True), ("EVENT_ONLY", False), ("", False),
     ("false", False), ("NO_CONTENT", False)],
)  # fmt: skip
def test_content_capture_follows_the_conventions_variable(value: str, enabled: bool) -> None:
    env = {"OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT": value}
    assert content_capture_enabled(None, env) is enabled
    assert content_capture_enabled(False, env) is False and content_capture_enabled(True, {}) is True


def test_the_child_gets_the_run_span_as_traceparent(tmp_path: Path, recorder: Recorder) -> None:
    seen = tmp_path / "traceparent"
    wrapper = tmp_path / "zero-with-env"
    wrapper.write_text(f'#!/bin/sh\nprintf "%s" "$TRACEPARENT" > "{seen}"\nexec "{ENGINE}" "$@"\n')
    wrapper.chmod(0o755)
    client = traced(tmp_path, [[{"text": "hi"}]], recorder, command=[str(wrapper)])
    client.run("hello")
    context = recorder.one("invoke_agent zero").get_span_context()
    assert context is not None
    assert seen.read_text() == f"00-{context.trace_id:032x}-{context.span_id:016x}-{context.trace_flags:02x}"
    assert context.trace_flags.sampled


def test_a_restarted_run_is_one_span(tmp_path: Path, recorder: Recorder) -> None:
    # Prefers v1; the engine speaks v2 and refuses the input, so the client restarts in v2.
    client = traced(tmp_path, [[{"text": "hi"}]], recorder, schema_version=1)
    result = client.run("hello")
    assert result.ok and result.schema_version == 2
    assert [s.name for s in recorder.spans()] == ["invoke_agent zero"]
    run = recorder.one("invoke_agent zero")
    assert run.status.status_code is StatusCode.UNSET and not run.events  # the refusal is not in it
    assert attributes(run)["zero.run.exit_code"] == 0 and attributes(run)["zero.run.id"] == result.run_id


def test_a_failed_run_is_an_error_span_with_the_error_code(tmp_path: Path, recorder: Recorder) -> None:
    client = traced(tmp_path, [[{"error": "model exploded"}]], recorder)
    with pytest.raises(ZeroProviderError):
        client.run("hello")
    run = recorder.one("invoke_agent zero")
    assert run.status.status_code is StatusCode.ERROR and "model exploded" in (run.status.description or "")
    attrs = attributes(run)
    assert attrs["error.type"] == "provider_error" and attrs["zero.client.error"] == "provider"
    assert attrs["zero.run.status"] == "error" and attrs["zero.run.exit_code"] == 3
    [event] = run.events
    assert event.name == "zero.error" and dict(event.attributes or {}) == {
        "error.type": "provider_error",
        "zero.error.message": "model exploded",
    }


def test_a_warning_is_a_span_event(tmp_path: Path, recorder: Recorder) -> None:
    client = traced(tmp_path, [[{"text": "cut"}, {"finish_reason": "length"}]], recorder)
    client.run("hello")
    [event] = recorder.one("invoke_agent zero").events
    assert event.name == "zero.warning" and "cut off" in str((event.attributes or {})["zero.warning.message"])


def test_a_timeout_is_named_in_error_type(tmp_path: Path, recorder: Recorder) -> None:
    (workspace(tmp_path) / "x").write_text("x")
    turns: list[list[dict[str, Any]]] = [
        [{"tool_call": {"id": "c1", "name": "read_file", "args": {"path": "x"}}}],
        [{"sleep": 30}],
    ]
    client = traced(tmp_path, turns, recorder, timeouts=Timeouts(total=3, grace=2))
    result = client.run("hello", check=False)
    assert result.error is not None
    run = recorder.one("invoke_agent zero")
    assert attributes(run)["error.type"] == "timeout" and attributes(run)["zero.client.error"] == "timeout"
    tool = recorder.one("execute_tool read_file")
    assert tool.status.status_code is StatusCode.UNSET  # its result arrived before the timeout


def test_a_crash_ends_open_tool_spans_without_a_result(tmp_path: Path, recorder: Recorder) -> None:
    transcript = tmp_path / "crash.jsonl"
    transcript.write_text(
        "".join(
            event_line(2, type_, **fields).decode()
            for type_, fields in (
                ("run_start", {"cwd": str(tmp_path), "sessionId": "zero_1"}),
                ("tool_call", {"id": "c1", "name": "read_file", "sideEffect": "read"}),
            )
        )
    )
    command = [sys.executable, "-m", "zero_client.testing.replay", "--exit-code", "1", str(transcript)]
    client = ZeroClient(command, str(tmp_path), {}, schema_version=2, tracer_provider=recorder.provider)
    result = client.run("x", check=False)
    assert result.error is not None and not result.ended
    tool = recorder.one("execute_tool read_file")
    assert tool.status.status_code is StatusCode.ERROR and attributes(tool)["error.type"] == "no_result"
    run = attributes(recorder.one("invoke_agent zero"))
    assert run["error.type"] == "process_exit" and run["zero.run.exit_code"] == 1
    assert run["gen_ai.conversation.id"] == "zero_1" and "zero.run.status" not in run


def test_a_run_that_cannot_start_still_ends_its_span(tmp_path: Path, recorder: Recorder) -> None:
    gone = tmp_path / "zero-that-goes-away"
    gone.write_text("#!/bin/sh\n")
    gone.chmod(0o755)
    client = ZeroClient([str(gone)], schema_version=2, tracer_provider=recorder.provider)
    gone.unlink()  # found when the client was made, gone when the run starts
    with pytest.raises(ZeroNotFoundError):
        client.run("hello")
    run = recorder.one("invoke_agent zero")
    assert run.status.status_code is StatusCode.ERROR and attributes(run)["error.type"] == "zero_not_found"


def test_sampled_out_and_no_op_providers_record_nothing_and_pass_no_context(tmp_path: Path) -> None:
    seen = tmp_path / "traceparent"
    wrapper = tmp_path / "zero-with-env"
    wrapper.write_text(f'#!/bin/sh\nprintf "[%s]" "$TRACEPARENT" > "{seen}"\nexec "{ENGINE}" "$@"\n')
    wrapper.chmod(0o755)
    sampled_out = Recorder(sampler=ALWAYS_OFF)
    for provider in (sampled_out.provider, NoOpTracerProvider()):
        env = engine_env(tmp_path, write_script(tmp_path, [[{"text": "hi"}]]), 2)
        env["TRACEPARENT"] = ""  # whatever the test process has: the wrapper must see ours or none
        client = ZeroClient([str(wrapper)], str(workspace(tmp_path)), env, tracer_provider=provider)
        assert client.run("hello").ok
        assert seen.read_text().startswith("[")
        if provider is sampled_out.provider:  # a valid but unsampled context still propagates
            assert int(seen.read_text()[-3:-1], 16) & 1 == 0, seen.read_text()
        else:
            assert seen.read_text() == "[]"
    assert sampled_out.spans() == []


def test_batch_span_parents_the_runs_started_inside(tmp_path: Path, recorder: Recorder) -> None:
    client = traced(tmp_path, [[{"text": "hi"}]], recorder)
    with batch_span(recorder.provider, **{"zero.batch.tasks": 2}) as batch:
        assert batch is not None
        client.run("one")
        client.run("two")
    outer = recorder.one("invoke_workflow zero-sdk batch")
    assert attributes(outer) == {
        "gen_ai.operation.name": "invoke_workflow",
        "gen_ai.workflow.name": "zero-sdk batch",
        "openinference.span.kind": "CHAIN",  # what Phoenix shows as its kind (else UNKNOWN)
        "zero.batch.tasks": 2,
    }
    runs = [s for s in recorder.spans() if s.name == "invoke_agent zero"]
    assert len(runs) == 2 and all(
        r.parent is not None and r.parent.span_id == outer.context.span_id for r in runs
    )
    with pytest.raises(RuntimeError), batch_span(recorder.provider):
        raise RuntimeError("boom")
    failed = [s for s in recorder.spans() if s.name == "invoke_workflow zero-sdk batch"][-1]
    assert (
        failed.status.status_code is StatusCode.ERROR and attributes(failed)["error.type"] == "RuntimeError"
    )


def test_without_opentelemetry_imported_nothing_is_imported_or_traced(tmp_path: Path) -> None:
    script = write_script(tmp_path, [[{"text": "hi"}]])
    program = (
        "import sys, zero_client, zero_client.client, zero_client.aio, zero_client.tracing\n"
        "from zero_client import ZeroClient\n"
        f"env = {engine_env(tmp_path, script, 2)!r}\n"
        f"assert ZeroClient([{ENGINE!r}], {str(workspace(tmp_path))!r}, env).run('hi').ok\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('opentelemetry'))\n"
        "assert not loaded, loaded\n"
        "with zero_client.tracing.batch_span() as span:\n"
        "    assert span is None\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


# ---------------------------------------------------------------------------------- goldens


def replay_client(
    tmp_path: Path, golden: str, recorder: Recorder, env: dict[str, str] | None = None, **options: Any
) -> ZeroClient:
    """A client of the replay fake playing a golden transcript of the real Zero (its ids filled in);
    `env` is the run's environment, `options` more ZeroClient options."""
    data = json.loads((ROOT / "conformance/goldens/v2" / f"{golden}.json").read_text(encoding="utf-8"))
    lines = "".join(data["steps"][0]["stdout"])
    for placeholder, value in (
        ("<RUN_ID_1>", "run_20260101000000_abc123"),
        ("<SESSION_ID_1>", "zero_20260101000000_1767225600000000000_1"),
        ("<WORKSPACE>", str(tmp_path)),
        ("<OUTSIDE>", "/outside"),
    ):
        lines = lines.replace(placeholder, value)
    transcript = tmp_path / f"{golden}.jsonl"
    transcript.write_text(lines, encoding="utf-8")
    command = [sys.executable, "-m", "zero_client.testing.replay", str(transcript)]
    return ZeroClient(
        command, str(tmp_path), env or {}, schema_version=2, tracer_provider=recorder.provider, **options
    )


def test_golden_refused_listing_outside_the_workspace(tmp_path: Path, recorder: Recorder) -> None:
    replay_client(tmp_path, "list_directory_outside", recorder).run("x")
    tool = recorder.one("execute_tool list_directory")
    assert tool.status.status_code is StatusCode.ERROR
    attrs = attributes(tool)
    assert (
        attrs["error.type"] == "approval_required"
        and attrs["zero.permission.block_code"] == "outside_workspace"
    )
    run = attributes(recorder.one("invoke_agent zero"))
    assert run["gen_ai.provider.name"] == "openai" and run["gen_ai.request.model"] == "gpt-4o-mini"
    assert run["zero.provider"] == "openai-compatible"  # Zero's own label
    assert run["gen_ai.conversation.id"] == "zero_20260101000000_1767225600000000000_1"
    assert_no_content(recorder)


def test_golden_parallel_reads_pair_permission_events_with_their_calls(
    tmp_path: Path, recorder: Recorder
) -> None:
    result = replay_client(tmp_path, "read_file_twice_parallel", recorder).run("x")
    tools = [s for s in recorder.spans() if s.name.startswith("execute_tool")]
    assert len(tools) == len(result.tool_calls) >= 2
    for call, span in zip(result.tool_calls, tools, strict=True):
        attrs = attributes(span)
        assert attrs["gen_ai.tool.call.id"] == call.id and attrs["zero.tool.status"] == call.status
        assert attrs.get("zero.permission.action") == call.permission_action


def test_golden_provider_error(tmp_path: Path, recorder: Recorder) -> None:
    replay_client(tmp_path, "provider_500", recorder).run("x", check=False)
    run = recorder.one("invoke_agent zero")
    assert run.status.status_code is StatusCode.ERROR and attributes(run)["error.type"] == "provider_error"
    assert [e.name for e in run.events] == ["zero.error"]
    # The request that failed has a span too (it has no usage), an error like the run.
    chat = recorder.one("chat gpt-4o-mini")
    assert chat.status.status_code is StatusCode.ERROR and attributes(chat)["error.type"] == "provider_error"
    assert "gen_ai.usage.input_tokens" not in attributes(chat)
    assert chat.parent is not None and chat.parent.span_id == run.context.span_id


def test_the_mapping_names_only_fields_the_schema_has(tmp_path: Path) -> None:
    from zero_sdk.emitters import EmitTarget
    from zero_sdk.emitters.tracing import MappingError, TracingEmitter
    from zero_sdk.generate_cmd import load_schemas

    mapping = json.loads((ROOT / "schema/tracing.json").read_text(encoding="utf-8"))
    mapping["rules"][1]["field"] = "providr"
    (tmp_path / "schema").mkdir()
    (tmp_path / "schema/tracing.json").write_text(json.dumps(mapping), encoding="utf-8")
    with pytest.raises(MappingError, match=r"rules\[1\]: `run_start` has no field `providr`"):
        TracingEmitter(EmitTarget(repo=tmp_path)).emit_registry(load_schemas(ROOT))


# ---------------------------------------------------------------------------------- the CLI


def cli_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    script = write_script(tmp_path, TOOL_TURNS)
    env = {"PATH": os.environ["PATH"], "ZERO_BIN": ENGINE, **engine_env(tmp_path, script, 2), **extra}
    (workspace(tmp_path) / "README.md").write_text(README)
    return env


def test_zero_sdk_run_exports_over_otlp_when_the_environment_asks(tmp_path: Path) -> None:
    with otlp_receiver() as receiver:
        env = cli_env(
            tmp_path,
            OTEL_EXPORTER_OTLP_ENDPOINT=receiver.endpoint,
            TRACEPARENT="00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
        )
        done = subprocess.run(
            [sys.executable, "-m", "zero_sdk", "run", "-C", str(workspace(tmp_path)), "--quiet", PROMPT],
            env=env, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "The final answer."
    spans = receiver.spans
    names = sorted(span.name for span in spans)
    assert names == [
        "chat scripted-model",
        "chat scripted-model",
        "execute_tool list_directory",
        "execute_tool read_file",
        "invoke_agent zero",
    ]
    run = next(span for span in spans if span.name == "invoke_agent zero")
    assert run.trace_id.hex() == "0af7651916cd43dd8448eb211c80319c"  # the caller's trace
    assert run.parent_span_id.hex() == "b7ad6b7169203331"
    assert all(s.parent_span_id == run.span_id for s in spans if s is not run)
    # Each model request's tokens on its own span, as exported: what a backend sums.
    tokens = sorted(
        tuple(a.value.int_value for a in span.attributes if a.key.startswith("gen_ai.usage."))
        for span in spans
        if span.name.startswith("chat")
    )
    assert tokens == [(10, 5), (20, 3)]


def test_zero_sdk_run_exports_nothing_unless_asked_and_says_what_it_cannot_do(tmp_path: Path) -> None:
    from zero_sdk.otel_cli import TracingSetupError, exporters_from_env

    assert exporters_from_env({}) == []
    assert exporters_from_env({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:1"}) == ["otlp"]
    assert exporters_from_env({"OTEL_TRACES_EXPORTER": "console,otlp"}) == ["console", "otlp"]
    assert exporters_from_env({"OTEL_TRACES_EXPORTER": "none", "OTEL_EXPORTER_OTLP_ENDPOINT": "x"}) == []
    assert exporters_from_env({"OTEL_SDK_DISABLED": "true", "OTEL_TRACES_EXPORTER": "console"}) == []
    with pytest.raises(TracingSetupError, match="unsupported exporter 'zipkin'"):
        exporters_from_env({"OTEL_TRACES_EXPORTER": "zipkin"})
    done = subprocess.run(
        [sys.executable, "-m", "zero_sdk", "run", "-C", str(workspace(tmp_path)), "hi"],
        env=cli_env(tmp_path, OTEL_TRACES_EXPORTER="zipkin"), capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2 and done.stderr.startswith("zero-sdk run: OTEL_TRACES_EXPORTER=zipkin")


def test_a_batch_is_one_span_parenting_each_task_run(tmp_path: Path, recorder: Recorder) -> None:
    """run_batch(tracer_provider=...): the batch is an `invoke_workflow zero-sdk batch` span, and
    every task's run (in the batch's own event-loop thread) is its child."""
    from client_support import ENGINE
    from zero_client.batch import run_batch

    script_path = tmp_path / "hello.json"
    script_path.write_text(json.dumps({"turns": [{"steps": [{"text": "hi"}]}]}))
    tasks = tmp_path / "tasks.jsonl"
    env = {"ZERO_PROVIDER": "scripted", "ZERO_SCRIPT": str(script_path)}
    lines = [json.dumps({"id": name, "prompt": "go", "cwd": str(tmp_path), "env": env}) for name in "ab"]
    tasks.write_text("\n".join(lines) + "\n")
    provider = recorder.provider
    batch = run_batch(tasks, out=tmp_path / "out", concurrency=2, command=ENGINE, tracer_provider=provider)
    assert {record.status for record in batch} == {"succeeded"}
    spans = recorder.exporter.get_finished_spans()
    (workflow,) = [span for span in spans if span.name == "invoke_workflow zero-sdk batch"]
    runs = [span for span in spans if span.name == "invoke_agent zero"]
    assert len(runs) == 2
    assert all(run.parent is not None and run.parent.span_id == workflow.context.span_id for run in runs)
    assert workflow.attributes is not None and workflow.attributes["zero.batch.tasks"] == 2
    assert workflow.attributes["gen_ai.operation.name"] == "invoke_workflow"


def test_a_provider_built_from_another_process_settings_leaves_this_environment_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """provider_from_env(mapping): the exporter and resource take the mapping's OTEL_* settings
    (as a Ray worker exporting with the driver's does), and os.environ is as it was."""
    from zero_client.tracing.setup import provider_from_env

    monkeypatch.delenv("OTEL_EXPORTER_OTLP_ENDPOINT", raising=False)
    monkeypatch.setenv("OTEL_SERVICE_NAME", "this-process")
    with otlp_receiver() as receiver:
        driver = {"OTEL_EXPORTER_OTLP_ENDPOINT": receiver.endpoint, "OTEL_SERVICE_NAME": "driver"}
        provider = provider_from_env(driver)
        assert "OTEL_EXPORTER_OTLP_ENDPOINT" not in os.environ
        assert os.environ["OTEL_SERVICE_NAME"] == "this-process"
        provider.get_tracer("test").start_span("exported").end()
        provider.force_flush()
        names = [span.name for span in receiver.spans]
        provider.shutdown()
    assert names == ["exported"]
    assert provider.resource.attributes["service.name"] == "driver"


def test_a_ray_worker_exports_with_its_own_settings_before_the_drivers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The worker's choice of provider (zero_client.batch.ray_backend): a global one its program
    set up, else its own OTEL_* settings when they ask for export, else the driver's; settings that
    cannot work are said once on stderr and the run goes untraced."""
    import opentelemetry.trace
    from opentelemetry.trace import ProxyTracerProvider
    from zero_client.batch import ray_backend

    monkeypatch.setattr(ray_backend, "_worker_providers", {})
    monkeypatch.setattr(opentelemetry.trace, "get_tracer_provider", ProxyTracerProvider)  # none set up
    for name in [name for name in os.environ if name.startswith("OTEL_")]:
        monkeypatch.delenv(name)
    driver = {"TRACEPARENT": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}
    assert ray_backend._worker_provider(driver) is None  # nobody asks for export
    driver["OTEL_TRACES_EXPORTER"] = "console"
    from_driver = ray_backend._worker_provider(driver)
    assert from_driver is not None and ray_backend._worker_provider(driver) is from_driver  # built once
    monkeypatch.setenv("OTEL_TRACES_EXPORTER", "console")
    monkeypatch.setenv("OTEL_SERVICE_NAME", "worker")
    own = ray_backend._worker_provider(driver)
    assert own is not from_driver and own.resource.attributes["service.name"] == "worker"
    monkeypatch.setenv("OTEL_TRACES_EXPORTER", "zipkin")
    assert ray_backend._worker_provider(driver) is None
    assert ray_backend._worker_provider(driver) is None
    assert capsys.readouterr().err.count("runs are not traced: OTEL_TRACES_EXPORTER=zipkin") == 1
    monkeypatch.delenv("OTEL_TRACES_EXPORTER")
    monkeypatch.setitem(sys.modules, "opentelemetry.sdk.trace", None)  # a worker without the SDK
    driver["OTEL_TRACES_EXPORTER"] = "otlp"
    assert ray_backend._worker_provider(driver) is None
    said = capsys.readouterr().err
    assert "runs are not traced: exporting traces (OTEL_* is set) needs the `otel` extra" in said
    global_provider = TracerProvider()
    monkeypatch.setattr(opentelemetry.trace, "get_tracer_provider", lambda: global_provider)
    assert ray_backend._worker_provider(driver) is global_provider
