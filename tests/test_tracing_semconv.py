"""The spans' attributes against the OpenTelemetry GenAI semantic conventions themselves.

conformance/otel/genai-semconv-v1.41.0.json holds the attribute tables of the invoke_agent
(client), execute_tool, invoke_workflow and inference (`chat`) spans, the GenAI attribute registry and the
well-known provider names, extracted from the semantic-conventions repository at v1.41.0 (its
`source` says where; conformance/otel/extract_genai_table.py regenerates it). One test records
runs of golden transcripts of the real Zero (content capture on, the model API's base URL in the
run's environment) and reports every mismatch: a Required attribute missing, a Conditionally
Required or Recommended one neither emitted nor explained below, an attribute the conventions
do not define, a result recorded for a call that did not succeed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from opentelemetry.sdk.trace import ReadableSpan
from test_tracing import Recorder, attributes, replay_client
from zero_client.tracing import _mapping, batch_span

ROOT = Path(__file__).resolve().parent.parent
TABLE = json.loads((ROOT / "conformance/otel/genai-semconv-v1.41.0.json").read_text(encoding="utf-8"))
SPAN_OF = {"invoke_agent": "run", "execute_tool": "tool", "invoke_workflow": "batch", "chat": "chat"}
BASE_URL = "http://127.0.0.1:8123/v1"
GOLDENS = ("read_file_twice_parallel", "list_directory_outside", "provider_500", "apply_patch_bad_context")

#: The request settings both the run's and a model request's tables name; Zero's are not on the stream.
REQUEST_SETTINGS = [
    "gen_ai.request.seed",
    "gen_ai.request.frequency_penalty",
    "gen_ai.request.max_tokens",
    "gen_ai.request.presence_penalty",
    "gen_ai.request.stop_sequences",
    "gen_ai.request.temperature",
    "gen_ai.request.top_p",
]
NOT_ON_STREAM = "Zero's request settings are not on the stream"
#: Attributes of the spans' tables a run of Zero cannot know, and why (docs/tracing.md).
NOT_KNOWN: dict[str, dict[str, str]] = {
    "run": {
        "gen_ai.agent.description": "Zero has no description of itself to give",
        "gen_ai.agent.id": "Zero is not a hosted agent with an id",
        "gen_ai.agent.version": "neither the stream nor the schemaVersion probe carries Zero's version",
        "gen_ai.data_source.id": "Zero uses no data source",
        "gen_ai.output.type": "the request names no output format",
        "gen_ai.request.choice.count": "Zero asks for one choice (the attribute is for counts other than 1)",
        **dict.fromkeys(REQUEST_SETTINGS, NOT_ON_STREAM),
        "gen_ai.usage.cache_creation.input_tokens": "Zero's usage event has no cache counts",
        "gen_ai.usage.cache_read.input_tokens": "Zero's usage event has no cache counts",
        "gen_ai.input.messages": "the prompt is input, not on the stream: never recorded",
        "gen_ai.system_instructions": "Zero's system prompt is not on the stream",
        "gen_ai.tool.definitions": "the tool definitions are not on the stream",
    },
    "tool": {"gen_ai.tool.description": "tool descriptions are not on the stream"},
    "batch": {
        "gen_ai.input.messages": "a batch has many prompts, none on the stream",
        "gen_ai.output.messages": "each run's answer is on its own span",
    },
    "chat": {
        "gen_ai.output.type": "the request names no output format",
        "gen_ai.request.choice.count": "Zero asks for one choice (the attribute is for counts other than 1)",
        **dict.fromkeys([*REQUEST_SETTINGS, "gen_ai.request.top_k"], NOT_ON_STREAM),
        "gen_ai.response.finish_reasons": "the stream does not say why each request ended (the run span "
        "has the last one's)",
        "gen_ai.response.id": "the provider's response id is not on the stream",
        "gen_ai.response.time_to_first_chunk": "the stream shows when Zero relays a delta, not when the "
        "model's first chunk came",
        "gen_ai.usage.cache_creation.input_tokens": "Zero's usage event has no cache counts",
        "gen_ai.usage.cache_read.input_tokens": "Zero's usage event has no cache counts",
        "gen_ai.usage.reasoning.output_tokens": "Zero's usage event has no reasoning count",
        "gen_ai.input.messages": "the prompt is input, not on the stream: never recorded",
        "gen_ai.output.messages": "a request's text is on the stream only as deltas; the run span has "
        "the final answer",
        "gen_ai.system_instructions": "Zero's system prompt is not on the stream",
        "gen_ai.tool.definitions": "the tool definitions are not on the stream",
    },
}
#: Attributes that only appear in some situations: the runs below include them.
SITUATIONAL = {"error.type"}


def _record(tmp_path: Path, recorder: Recorder) -> list[ReadableSpan]:
    with batch_span(recorder.provider, **{"zero.batch.tasks": len(GOLDENS)}):
        for golden in GOLDENS:
            env = {"OPENAI_BASE_URL": BASE_URL}
            client = replay_client(tmp_path, golden, recorder, env, capture_content=True)
            client.run("x", check=False)
    with pytest.raises(RuntimeError), batch_span(recorder.provider):
        raise RuntimeError("a batch that failed")
    return recorder.spans()


def _problems(spans: list[ReadableSpan], *, latest_only: bool) -> list[str]:
    problems: list[str] = []
    registry = set(TABLE["registry"]) | {"server.address", "server.port", "error.type"}
    seen: dict[str, set[str]] = {kind: set() for kind in TABLE["spans"]}
    for span in spans:
        kind = SPAN_OF[span.name.split(" ")[0]]
        table = TABLE["spans"][kind]
        attrs = attributes(span)
        seen[kind] |= set(attrs)
        where = f"{span.name}"
        for name, row in table.items():
            if row["level"] == "Required" and name not in attrs:
                problems.append(f"{where}: Required {name} missing")
        for name in attrs:
            if not name.startswith(("gen_ai.", "server.", "error.")):
                continue  # zero.* attributes are ours
            if name in TABLE["deprecated"]:
                if latest_only:
                    problems.append(f"{where}: {name} is deprecated and the opt-in asked for the latest only")
            elif name not in table and name not in registry:
                problems.append(f"{where}: {name} is not a GenAI attribute of v1.41")
        if "server.address" in attrs and "server.port" not in attrs:
            problems.append(f"{where}: server.port is Conditionally Required with server.address")
        status = attrs.get("zero.tool.status")
        if kind == "tool" and ("gen_ai.tool.call.result" in attrs) != (status == "ok"):
            problems.append(f"{where}: gen_ai.tool.call.result recorded for status {status!r}")
        if kind in ("run", "chat") and attrs.get("gen_ai.provider.name") not in TABLE["providerNames"]:
            problems.append(
                f"{where}: provider {attrs.get('gen_ai.provider.name')!r} is not a well-known value"
            )
        scope = span.instrumentation_scope
        expected_url = f"https://opentelemetry.io/schemas/{TABLE['source']['tag'].lstrip('v')}"
        if scope is None or scope.schema_url != expected_url:
            problems.append(f"{where}: scope schema URL {scope and scope.schema_url!r} != {expected_url}")
    for kind, table in TABLE["spans"].items():
        for name, row in table.items():
            explained = NOT_KNOWN[kind].get(name)
            if name in seen[kind] and explained:
                problems.append(f"{kind}: {name} is emitted but listed as unknowable ({explained})")
            if name not in seen[kind] and not explained and row["level"] != "Required":
                problems.append(f"{kind}: {row['level']} {name} is neither emitted nor explained")
        problems += [
            f"{kind}: NOT_KNOWN names {n}, not in the table" for n in NOT_KNOWN[kind] if n not in table
        ]
    return problems


def test_spans_meet_the_genai_conventions_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    recorder = Recorder()
    spans = _record(tmp_path, recorder)
    problems = _problems(spans, latest_only=False)
    run = next(s for s in spans if s.name == "invoke_agent zero" and "error.type" not in attributes(s))
    run_attrs = attributes(run)
    assert run_attrs["server.address"] == "127.0.0.1" and run_attrs["server.port"] == 8123
    assert run_attrs["gen_ai.provider.name"] == "openai" and run_attrs["zero.provider"] == "openai-compatible"
    assert run_attrs["gen_ai.system"] == "openai"  # the v1.36 name, by default
    assert run_attrs["gen_ai.response.finish_reasons"] == ("stop",)
    recorder.provider.shutdown()

    monkeypatch.setenv("OTEL_SEMCONV_STABILITY_OPT_IN", "http, gen_ai_latest_experimental")
    latest = Recorder()
    (tmp_path / "latest").mkdir()
    latest_spans = _record(tmp_path / "latest", latest)
    problems += [f"(opt-in) {p}" for p in _problems(latest_spans, latest_only=True)]
    assert not any("gen_ai.system" in attributes(s) for s in latest_spans)
    latest.provider.shutdown()
    assert not problems, "\n".join(problems)


def test_the_provider_table_maps_only_to_well_known_values() -> None:
    targets = set(_mapping.VALUES["providerNames"].values())
    assert targets <= set(TABLE["providerNames"]), targets - set(TABLE["providerNames"])
    assert _mapping.SCHEMA_URL.endswith(TABLE["source"]["tag"].lstrip("v"))
