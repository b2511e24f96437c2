"""The tracing emitter: `schema/tracing.json` -> the tables of the three OpenTelemetry tracers.

The mapping from stream-json events to spans and attributes is written once, as data, in
`schema/tracing.json`; each language's tracer is a small interpreter of the tables generated here:
- Python: `clients/python/zero_client/tracing/_mapping.py` (field paths as Python attribute names);
- TypeScript: `clients/typescript/src/otel/mapping.ts` (field paths as wire names);
- Go: `clients/go/otel/mapping.go` (one typed accessor function per event type and field path).

Every event type and field path the mapping names is checked against the latest schema, so a
schema bump that renames or drops a field fails here, not in a trace. Only this repository's
layout is generated (`--out` gets nothing: the tracers are not part of the bindings).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zero_sdk import resources
from zero_sdk.emitters import Emitter, EmitterError, GeneratedFile
from zero_sdk.emitters.go import go_name
from zero_sdk.model import (
    AnyJSONType,
    BooleanType,
    EnumType,
    Event,
    Field,
    IntegerType,
    NamedObject,
    RefType,
    Schema,
    StringType,
)

__all__ = ["MAPPING_RELPATH", "MappingError", "TracingEmitter", "load_mapping"]

MAPPING_RELPATH = "schema/tracing.json"
PYTHON_PATH = "clients/python/zero_client/tracing/_mapping.py"
TYPESCRIPT_PATH = "clients/typescript/src/otel/mapping.ts"
GO_PATH = "clients/go/otel/mapping.go"

_OPS = ("set", "first", "sum", "count")
_RULE_KEYS = frozenset(
    {"span", "attribute", "events", "field", "op", "content"}
    | {"values", "otherwise", "array", "when", "legacy"}
)
_CONTENT = ("text", "json", "output_messages")
_SPANS = ("run", "tool", "chat")
_HEADER = [
    "GENERATED FILE - DO NOT EDIT.",
    f"Generated from {MAPPING_RELPATH} by `zero-sdk generate --lang tracing`.",
    "Edit the mapping and rerun that command instead of editing this file.",
]


class MappingError(EmitterError):
    """`schema/tracing.json` is malformed or names an event or field the schema does not have."""


@dataclass(frozen=True)
class _Step:
    """One step of a field path: the field, and the object it belongs to."""

    field: Field
    owner: NamedObject


@dataclass(frozen=True)
class _Rule:
    span: str
    attribute: str
    event: str  # a wire type, or "*" (every event)
    steps: tuple[_Step, ...]  # empty for `count`
    op: str
    content: str | None
    #: The name of a value table (`values` of the mapping) the field's value goes through.
    values: str | None = None
    #: A value the table does not list: kept as it is (True) or not recorded (False).
    keep_other: bool = True
    #: The attribute is an array of one string (gen_ai.response.finish_reasons).
    array: bool = False
    #: Recorded only when another field of the same event has a given value: (path, value).
    when: tuple[tuple[_Step, ...], str] | None = None
    #: An attribute of the older GenAI conventions, left out when the stability opt-in asks for
    #: the latest ones only.
    legacy: bool = False

    @property
    def wire_path(self) -> tuple[str, ...]:
        return tuple(step.field.wire_name for step in self.steps)

    @property
    def py_path(self) -> tuple[str, ...]:
        return tuple(step.field.py_name for step in self.steps)


def load_mapping(repo: Path | None) -> dict[str, Any]:
    """The mapping of the checkout at `repo` (None: the one this zero-sdk ships)."""
    if repo is not None:
        text = (repo / MAPPING_RELPATH).read_text(encoding="utf-8")
    else:
        text = (resources.schemas_dir() / "tracing.json").read_text(encoding="utf-8")
    try:
        mapping = json.loads(text)
    except ValueError as exc:
        raise MappingError(f"{MAPPING_RELPATH}: not JSON ({exc})") from None
    if not isinstance(mapping, dict):
        raise MappingError(f"{MAPPING_RELPATH}: a JSON object is expected")
    return mapping


def _objects(schema: Schema) -> dict[str, NamedObject]:
    return {o.name: o for o in (*schema.objects, *schema.output_events)}


def _resolve(schema: Schema, event: Event, path: str, where: str) -> tuple[_Step, ...]:
    objects = _objects(schema)
    owner: NamedObject = event
    steps: list[_Step] = []
    parts = path.split(".")
    for index, part in enumerate(parts):
        try:
            field = owner.field(part)
        except KeyError:
            raise MappingError(f"{where}: `{event.type_const}` has no field `{path}` (at `{part}`)") from None
        steps.append(_Step(field, owner))
        if index < len(parts) - 1:
            if not isinstance(field.type, RefType):
                raise MappingError(f"{where}: `{part}` of `{event.type_const}` is not an object")
            owner = objects[field.type.name]
    last = steps[-1].field.type
    if not isinstance(last, StringType | EnumType | IntegerType | BooleanType | AnyJSONType):
        raise MappingError(f"{where}: `{path}` of `{event.type_const}` is not a string, enum, integer, "
                           "boolean or JSON value")  # fmt: skip
    return tuple(steps)


def _rules(mapping: dict[str, Any], schema: Schema) -> list[_Rule]:
    events = {e.type_const: e for e in schema.output_events}
    rules: list[_Rule] = []
    for index, raw in enumerate(mapping.get("rules", [])):
        where = f"{MAPPING_RELPATH}: rules[{index}]"
        span, op, content = raw.get("span"), raw.get("op", "set"), raw.get("content")
        if span not in _SPANS or op not in _OPS or (content is not None and content not in _CONTENT):
            raise MappingError(
                f"{where}: span must be one of {_SPANS}, op one of {_OPS}, content one of {_CONTENT}"
            )
        unknown = set(raw) - _RULE_KEYS
        if unknown:
            raise MappingError(f"{where}: unknown keys {sorted(unknown)}")
        values = raw.get("values")
        if values is not None and values not in value_tables(mapping):
            raise MappingError(f"{where}: no value table `{values}` under `values`")
        if raw.get("otherwise", "keep") not in ("keep", "drop"):
            raise MappingError(f"{where}: `otherwise` is keep or drop")
        for name in raw.get("events", []):
            if name != "*" and name not in events:
                raise MappingError(f"{where}: schemaVersion {schema.version} has no output event `{name}`")
            if op == "count":
                steps: tuple[_Step, ...] = ()
            elif name == "*":
                if raw.get("field") != "runId":
                    raise MappingError(f"{where}: `*` rules can read `runId` only (every event has it)")
                steps = _resolve(schema, events["run_end"], "runId", where)
            else:
                steps = _resolve(schema, events[name], str(raw.get("field")), where)
            when = None
            if "when" in raw:
                condition = raw["when"]
                when_steps = _resolve(schema, events[name], str(condition["field"]), where)
                when = (when_steps, str(condition["equals"]))
            rules.append(
                _Rule(
                    span,
                    str(raw["attribute"]),
                    name,
                    steps,
                    op,
                    content,
                    values=values,
                    keep_other=raw.get("otherwise", "keep") == "keep",
                    array=bool(raw.get("array", False)),
                    when=when,
                    legacy=bool(raw.get("legacy", False)),
                )
            )
    return rules


def _chat_span(mapping: dict[str, Any], schema: Schema, rules: list[_Rule]) -> dict[str, Any]:
    """The model-call span's settings, checked: its events exist, the run attributes it repeats
    are ones the run span gets, and the error kinds it fails on are the error tables' kinds."""
    chat = mapping["spans"]["chat"]
    where = f"{MAPPING_RELPATH}: spans.chat"
    events = {e.type_const for e in schema.output_events}
    for name in [chat["endEvent"], *chat["startEvents"]]:
        if name not in events:
            raise MappingError(f"{where}: schemaVersion {schema.version} has no output event `{name}`")
    run_attributes = {r.attribute for r in rules if r.span == "run"} | {
        _server(mapping)["address"],
        _server(mapping)["port"],
    }
    for attribute in chat["fromRun"]:
        if attribute not in run_attributes:
            raise MappingError(f"{where}: fromRun names `{attribute}`, which the run span never gets")
    run_errors = mapping["errorTypes"]["run"]
    kinds = set(run_errors["clientSide"]) | set(run_errors["withoutErrorEvent"])
    for kind in chat["failedOn"]:
        if kind not in kinds:
            raise MappingError(f"{where}: failedOn names `{kind}`, not an error kind of errorTypes.run")
    for key, value in chat["attributes"].items():
        if not isinstance(value, str | bool):
            raise MappingError(f"{where}: attributes.{key} must be a string or a boolean")
    return {
        "name": str(chat["name"]),
        "nameWithoutModel": str(chat["nameWithoutModel"]),
        "kind": str(chat["kind"]),
        "attributes": dict(chat["attributes"]),
        "endEvent": str(chat["endEvent"]),
        "startEvents": [str(e) for e in chat["startEvents"]],
        "fromRun": [str(a) for a in chat["fromRun"]],
        "failedOn": [str(k) for k in chat["failedOn"]],
    }


def value_tables(mapping: dict[str, Any]) -> dict[str, dict[str, str]]:
    """The mapping's value tables (`values`), without their descriptions."""
    return {
        name: {k: str(v) for k, v in table.items() if k != "description"}
        for name, table in mapping.get("values", {}).items()
    }


def _server(mapping: dict[str, Any]) -> dict[str, Any]:
    server = mapping["server"]
    return {
        "env": {k: list(v) for k, v in server["baseUrlEnv"].items()},
        "default": dict(server["defaultBaseUrl"]),
        "address": server["addressAttribute"],
        "port": server["portAttribute"],
    }


def _span_events(mapping: dict[str, Any], schema: Schema) -> list[tuple[str, str, list[tuple[str, _Rule]]]]:
    events = {e.type_const: e for e in schema.output_events}
    out = []
    for index, raw in enumerate(mapping.get("spanEvents", [])):
        where = f"{MAPPING_RELPATH}: spanEvents[{index}]"
        name = raw.get("event")
        if name not in events:
            raise MappingError(f"{where}: schemaVersion {schema.version} has no output event `{name}`")
        attributes = []
        for attribute, field in raw.get("attributes", {}).items():
            steps = _resolve(schema, events[name], field, where)
            attributes.append((attribute, _Rule("run", attribute, name, steps, "set", None)))
        out.append((name, str(raw["name"]), attributes))
    return out


# ------------------------------------------------------------------------------------- Python


def _py(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _py_tuple(values: Sequence[str]) -> str:
    return "(" + ", ".join(_py(v) for v in values) + ("," if len(values) == 1 else "") + ")"


def _py_dict(values: dict[str, str]) -> str:
    return "{" + ", ".join(f"{_py(k)}: {_py(v)}" for k, v in values.items()) + "}"


def _py_value(value: str | bool) -> str:
    return repr(value) if isinstance(value, bool) else _py(value)


def _python(mapping: dict[str, Any], rules: list[_Rule], span_events: list[Any], chat: dict[str, Any]) -> str:
    spans = mapping["spans"]
    errors = mapping["errorTypes"]
    lines = ['"""' + _HEADER[0], "", *_HEADER[1:], "", "The tables of `zero_client.tracing`.", '"""', ""]
    lines += ["from __future__ import annotations", "", "from typing import Any, TypeAlias", ""]
    lines += [
        "#: (span, attribute, field path as Python attribute names, op, content kind or None, options)",
        "#: options, None for most rules: `values` (a table of VALUES the value goes through),",
        "#: `keep_other` (keep values the table does not list), `array` (an array of one value),",
        "#: `when` ((path, value) another field of the event must have), `legacy` (left out with the",
        "#: stability opt-in).",
        "Rule: TypeAlias = tuple[str, str, tuple[str, ...], str, str | None, dict[str, Any] | None]",
        "",
        f"TRACER_NAME = {_py(mapping['tracerName'])}",
        f"SCHEMA_URL = {_py(mapping['schemaUrl'])}",
        f"SEMCONV_OPT_IN_ENV = {_py(mapping['semconvOptIn']['env'])}",
        f"SEMCONV_LATEST_VALUE = {_py(mapping['semconvOptIn']['latestValue'])}",
        f"CONTENT_CAPTURE_ENV = {_py(mapping['contentCapture']['env'])}",
        "CONTENT_CAPTURE_VALUES = frozenset({"
        + ", ".join(_py(v) for v in mapping["contentCapture"]["enabledValues"])
        + "})",
        f"TRACEPARENT_ENV = {_py(mapping['propagation']['traceparent'])}",
        f"TRACESTATE_ENV = {_py(mapping['propagation']['tracestate'])}",
        "",
    ]
    for key in ("run", "tool", "batch"):
        span = spans[key]
        upper = key.upper()
        lines += [
            f"{upper}_SPAN_NAME = {_py(span['name'])}",
            f"{upper}_SPAN_KIND = {_py(span['kind'])}",
            f"{upper}_SPAN_ATTRIBUTES: dict[str, str] = {_py_dict(span['attributes'])}",
        ]
    lines += [f"TOOL_SPAN_NAME_WITHOUT_TOOL = {_py(spans['tool']['nameWithoutTool'])}", ""]
    chat_attributes = "{" + ", ".join(f"{_py(k)}: {_py_value(v)}" for k, v in chat["attributes"].items())
    chat_attributes += "}"
    lines += [
        "#: The span of each model request (spans.chat of the mapping: when it starts and ends, what",
        "#: it repeats of the run span, the client error kinds that end a run with a failed one).",
        f"CHAT_SPAN_NAME = {_py(chat['name'])}",
        f"CHAT_SPAN_NAME_WITHOUT_MODEL = {_py(chat['nameWithoutModel'])}",
        f"CHAT_SPAN_KIND = {_py(chat['kind'])}",
        f"CHAT_SPAN_ATTRIBUTES: dict[str, str | bool] = {chat_attributes}",
        f"CHAT_SPAN_END_EVENT = {_py(chat['endEvent'])}",
        f"CHAT_SPAN_START_EVENTS = frozenset({{{', '.join(_py(e) for e in chat['startEvents'])}}})",
        "CHAT_SPAN_FROM_RUN: tuple[str, ...] = (",
        *(f"    {_py(attribute)}," for attribute in chat["fromRun"]),
        ")",
        f"CHAT_SPAN_FAILED_ON = frozenset({{{', '.join(_py(k) for k in chat['failedOn'])}}})",
        "",
    ]
    lines += ["#: Rules by event type (`*`: every event)", "RULES: dict[str, tuple[Rule, ...]] = {"]
    by_event: dict[str, list[_Rule]] = {}
    for rule in rules:
        by_event.setdefault(rule.event, []).append(rule)
    for event, event_rules in by_event.items():
        lines.append(f"    {_py(event)}: (")
        for r in event_rules:
            path = _py_tuple(r.py_path)
            content = "None" if r.content is None else _py(r.content)
            options = []
            if r.values is not None:
                options += [f'"values": {_py(r.values)}', f'"keep_other": {r.keep_other}']
            if r.array:
                options.append('"array": True')
            if r.when is not None:
                when_path = _py_tuple([s.field.py_name for s in r.when[0]])
                options.append(f'"when": ({when_path}, {_py(r.when[1])})')
            if r.legacy:
                options.append('"legacy": True')
            rendered = "{" + ", ".join(options) + "}" if options else "None"
            line = f"        ({_py(r.span)}, {_py(r.attribute)}, {path}, {_py(r.op)}, {content}, {rendered}),"
            if len(line) > 110 and options:
                lines += [line[: line.index(", {") + 1], f"            {rendered}),"]
            else:
                lines.append(line)
        lines.append("    ),")
    lines += ["}", ""]
    lines += [
        "#: Events recorded as span events of the run span: event type -> (name, ((attribute, path), ...))",
        "SPAN_EVENTS: dict[str, tuple[str, tuple[tuple[str, tuple[str, ...]], ...]]] = {",
    ]
    for event, name, attributes in span_events:
        pairs = _py_tuple([f"({_py(a)}, {_py_tuple(r.py_path)})" for a, r in attributes]).replace('"(', "(")
        pairs = pairs.replace(')"', ")").replace('\\"', '"')
        lines.append(f"    {_py(event)}: ({_py(name)}, {pairs}),")
    lines += ["}", ""]
    lines += ["#: Value tables the rules name", "VALUES: dict[str, dict[str, str]] = {"]
    for name, table in value_tables(mapping).items():
        lines.append(f"    {_py(name)}: {_py_dict(table)},")
    lines += ["}", ""]
    server = _server(mapping)
    lines += [
        "#: server.address / server.port: the base URL variables Zero reads per provider kind, and defaults",
        "SERVER_BASE_URL_ENV: dict[str, tuple[str, ...]] = {",
        *(f"    {_py(k)}: {_py_tuple(v)}," for k, v in server["env"].items()),
        "}",
        f"SERVER_DEFAULT_BASE_URL: dict[str, str] = {_py_dict(server['default'])}",
        f"SERVER_ADDRESS_ATTRIBUTE = {_py(server['address'])}",
        f"SERVER_PORT_ATTRIBUTE = {_py(server['port'])}",
        "",
    ]
    run_errors, tool_errors = errors["run"], errors["tool"]
    lines += [
        f"SCHEMA_VERSION_ATTRIBUTE = {_py(mapping['runAttributes']['schemaVersion'])}",
        f"CLIENT_ERROR_ATTRIBUTE = {_py(mapping['runAttributes']['clientError'])}",
        f"RUN_ERROR_CLIENT_SIDE: dict[str, str] = {_py_dict(run_errors['clientSide'])}",
        f"RUN_ERROR_WITHOUT_ERROR_EVENT: dict[str, str] = {_py_dict(run_errors['withoutErrorEvent'])}",
        f"RUN_ERROR_FALLBACK = {_py(run_errors['fallback'])}",
        f"TOOL_ERROR_BY_PERMISSION_ACTION: dict[str, str] = {_py_dict(tool_errors['byPermissionAction'])}",
        f"TOOL_ERROR_FAILED = {_py(tool_errors['failed'])}",
        f"TOOL_ERROR_NO_RESULT = {_py(tool_errors['noResult'])}",
        "",
    ]
    return _wrap_python("\n".join(lines))


def _wrap_python(text: str) -> str:
    """Long table lines split at their commas, so ruff's 110-column limit holds."""
    out = []
    for line in text.split("\n"):
        prefixes = ("(", '"', "RUN_", "TOOL_", "BATCH_", "SERVER_", "CHAT_")
        if len(line) <= 110 or not line.lstrip().startswith(prefixes):
            out.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip())]
        head, _, body = line.partition("{") if "{" in line and line.rstrip().endswith("}") else ("", "", "")
        if head:
            items = body[:-1].split(", ")
            out.append(head + "{")
            out += [f"{indent}    {item}," for item in items]
            out.append(indent + "}")
        else:
            out.append(line + "  # noqa: E501")
    return "\n".join(out)


# ------------------------------------------------------------------------------------- TypeScript


def _typescript(
    mapping: dict[str, Any], rules: list[_Rule], span_events: list[Any], chat: dict[str, Any]
) -> str:
    spans = mapping["spans"]
    errors = mapping["errorTypes"]
    lines = ["/**", *(f" * {h}" for h in _HEADER), " *", " * The tables of the tracer (index.ts).", " */", ""]
    record = "Readonly<Record<string, string>>"
    lines += [
        "/** A rule: which span and attribute an event field sets, and how (`op`). */",
        "export interface Rule {",
        '  readonly span: "run" | "tool" | "chat";',
        "  readonly attribute: string;",
        "  /** The field's wire path (empty for `count`). */",
        "  readonly path: readonly string[];",
        '  readonly op: "set" | "first" | "sum" | "count";',
        "  /** Content (recorded only with content capture on): how to render it. */",
        '  readonly content: "text" | "json" | "output_messages" | null;',
        "  /** A table of VALUES the value goes through; keepOther: values it does not list are kept. */",
        "  readonly values?: string;",
        "  readonly keepOther?: boolean;",
        "  /** The attribute is an array of one string. */",
        "  readonly array?: boolean;",
        "  /** Recorded only when the field at `path` of the same event equals `equals`. */",
        "  readonly when?: { readonly path: readonly string[]; readonly equals: string };",
        "  /** An attribute of the older GenAI conventions (left out with the stability opt-in). */",
        "  readonly legacy?: boolean;",
        "}",
        "",
        f"export const TRACER_NAME = {_py(mapping['tracerName'])};",
        f"export const SCHEMA_URL = {_py(mapping['schemaUrl'])};",
        f"export const SEMCONV_OPT_IN_ENV = {_py(mapping['semconvOptIn']['env'])};",
        f"export const SEMCONV_LATEST_VALUE = {_py(mapping['semconvOptIn']['latestValue'])};",
        f"export const CONTENT_CAPTURE_ENV = {_py(mapping['contentCapture']['env'])};",
        "export const CONTENT_CAPTURE_VALUES: readonly string[] = "
        + _py(mapping["contentCapture"]["enabledValues"])
        + ";",
        f"export const TRACEPARENT_ENV = {_py(mapping['propagation']['traceparent'])};",
        f"export const TRACESTATE_ENV = {_py(mapping['propagation']['tracestate'])};",
    ]
    for key in ("run", "tool", "batch"):
        span = spans[key]
        upper = key.upper()
        lines += [
            f"export const {upper}_SPAN_NAME = {_py(span['name'])};",
            f"export const {upper}_SPAN_KIND = {_py(span['kind'])};",
            f"export const {upper}_SPAN_ATTRIBUTES: {record} = {_py_dict(span['attributes'])};",
        ]
    lines += [f"export const TOOL_SPAN_NAME_WITHOUT_TOOL = {_py(spans['tool']['nameWithoutTool'])};", ""]
    chat_attributes = "{" + ", ".join(f"{_py(k)}: {_py(v)}" for k, v in chat["attributes"].items()) + "}"
    lines += [
        "/**",
        " * The span of each model request (spans.chat of the mapping: when it starts and ends, what it",
        " * repeats of the run span, the client error kinds that end a run with a failed one).",
        " */",
        f"export const CHAT_SPAN_NAME = {_py(chat['name'])};",
        f"export const CHAT_SPAN_NAME_WITHOUT_MODEL = {_py(chat['nameWithoutModel'])};",
        f"export const CHAT_SPAN_KIND = {_py(chat['kind'])};",
        f"export const CHAT_SPAN_ATTRIBUTES: Readonly<Record<string, string | boolean>> = {chat_attributes};",
        f"export const CHAT_SPAN_END_EVENT = {_py(chat['endEvent'])};",
        f"export const CHAT_SPAN_START_EVENTS: readonly string[] = {_py(chat['startEvents'])};",
        f"export const CHAT_SPAN_FROM_RUN: readonly string[] = {_py(chat['fromRun'])};",
        f"export const CHAT_SPAN_FAILED_ON: readonly string[] = {_py(chat['failedOn'])};",
        "",
    ]
    lines += [
        "/** Rules by event type (`*`: every event). */",
        "export const RULES: Readonly<Record<string, readonly Rule[]>> = {",
    ]
    by_event: dict[str, list[_Rule]] = {}
    for rule in rules:
        by_event.setdefault(rule.event, []).append(rule)
    for event, event_rules in by_event.items():
        lines.append(f"  {_py(event)}: [")
        for r in event_rules:
            content = "null" if r.content is None else _py(r.content)
            extra = ""
            if r.values is not None:
                extra += f", values: {_py(r.values)}, keepOther: {_py(r.keep_other)}"
            if r.array:
                extra += ", array: true"
            if r.when is not None:
                when_path = [s.field.wire_name for s in r.when[0]]
                extra += f", when: {{ path: {_py(when_path)}, equals: {_py(r.when[1])} }}"
            if r.legacy:
                extra += ", legacy: true"
            lines.append(
                f"    {{ span: {_py(r.span)}, attribute: {_py(r.attribute)}, path: {_py(list(r.wire_path))}, "
                f"op: {_py(r.op)}, content: {content}{extra} }},"
            )
        lines.append("  ],")
    lines += ["};", ""]
    lines += [
        "/** A span event of the run span: its name and (attribute, wire path) pairs. */",
        "export interface SpanEventRule {",
        "  readonly name: string;",
        "  readonly attributes: readonly (readonly [string, readonly string[]])[];",
        "}",
        "",
        "/** Events recorded as span events of the run span, by event type. */",
        "export const SPAN_EVENTS: Readonly<Record<string, SpanEventRule>> = {",
    ]
    for event, name, attributes in span_events:
        pairs = ", ".join(f"[{_py(a)}, {_py(list(r.wire_path))}]" for a, r in attributes)
        lines.append(f"  {_py(event)}: {{ name: {_py(name)}, attributes: [{pairs}] }},")
    lines += ["};", ""]
    lines += [
        "/** Value tables the rules name. */",
        "export const VALUES: Readonly<Record<string, Readonly<Record<string, string>>>> = {",
        *(f"  {_py(name)}: {_py_dict(table)}," for name, table in value_tables(mapping).items()),
        "};",
        "",
    ]
    server = _server(mapping)
    lines += [
        "/** server.address / server.port: the base URL variables Zero reads per provider, and defaults. */",
        "export const SERVER_BASE_URL_ENV: Readonly<Record<string, readonly string[]>> = {",
        *(f"  {_py(k)}: {_py(v)}," for k, v in server["env"].items()),
        "};",
        f"export const SERVER_DEFAULT_BASE_URL: {record} = {_py_dict(server['default'])};",
        f"export const SERVER_ADDRESS_ATTRIBUTE = {_py(server['address'])};",
        f"export const SERVER_PORT_ATTRIBUTE = {_py(server['port'])};",
        "",
    ]
    run_errors, tool_errors = errors["run"], errors["tool"]
    lines += [
        f"export const SCHEMA_VERSION_ATTRIBUTE = {_py(mapping['runAttributes']['schemaVersion'])};",
        f"export const CLIENT_ERROR_ATTRIBUTE = {_py(mapping['runAttributes']['clientError'])};",
        f"export const RUN_ERROR_CLIENT_SIDE: {record} = {_py_dict(run_errors['clientSide'])};",
        f"export const RUN_ERROR_WITHOUT_ERROR_EVENT: {record} = "
        f"{_py_dict(run_errors['withoutErrorEvent'])};",
        f"export const RUN_ERROR_FALLBACK = {_py(run_errors['fallback'])};",
        f"export const TOOL_ERROR_BY_PERMISSION_ACTION: {record} = "
        f"{_py_dict(tool_errors['byPermissionAction'])};",
        f"export const TOOL_ERROR_FAILED = {_py(tool_errors['failed'])};",
        f"export const TOOL_ERROR_NO_RESULT = {_py(tool_errors['noResult'])};",
        "",
    ]
    return "\n".join(lines)


# ------------------------------------------------------------------------------------- Go


def _go_read(steps: Sequence[_Step]) -> tuple[str, list[str]]:
    """The Go expression reading a field path of `e`, and the nil checks it needs first."""
    guard: list[str] = []
    expr = "e"
    for index, step in enumerate(steps):
        name = go_name(step.field.wire_name)
        expr = f"{expr}.{name}"
        last = index == len(steps) - 1
        t = step.field.type
        nilable = isinstance(t, AnyJSONType)
        pointer = not step.field.required and not nilable
        if pointer:
            guard.append(f"{expr} == nil")
            if last:
                expr = f"*{expr}"
        elif nilable:
            guard.append(f"{expr} == nil")
    if isinstance(steps[-1].field.type, EnumType | AnyJSONType):
        expr = f"string({expr})"
    return expr, guard


def _go_accessor(rule: _Rule, event: Event | None) -> str:
    """A `func(protocol.OutputEvent) (any, bool)` reading the rule's field (nil for `count`), with
    the rule's condition, value table and array applied."""
    if not rule.steps:
        return "nil"
    if event is None:  # "*": runId, on every event
        return "runID"
    lines = ["func(ev protocol.OutputEvent) (any, bool) {", f"\te, ok := ev.(*protocol.{event.name})"]
    expr, guard = _go_read(rule.steps)
    condition = ""
    if rule.when is not None:
        when_expr, when_guard = _go_read(rule.when[0])
        guard += when_guard
        condition = f" || {when_expr} != {_py(rule.when[1])}"
    lines.append(f"\tif {' || '.join(['!ok', *guard])}{condition} {{\n\t\treturn nil, false\n\t}}")
    if rule.values is None and not rule.array:
        lines.append(f"\treturn {expr}, true")
    else:
        lines.append(f"\tv := {expr}")
        if rule.values is not None:
            lines.append(f"\tif mapped, found := valueTables[{_py(rule.values)}][v]; found {{")
            lines.append("\t\tv = mapped")
            if not rule.keep_other:
                lines.append("\t} else {\n\t\treturn nil, false")
            lines.append("\t}")
        lines.append("\treturn []string{v}, true" if rule.array else "\treturn v, true")
    lines.append("}")
    return "\n".join(lines)


def _go_string_map(values: dict[str, str], indent: str = "") -> str:
    width = max((len(_py(k)) for k in values), default=0)
    body = "".join(f"{indent}\t{_py(k) + ':':<{width + 1}} {_py(v)},\n" for k, v in values.items())
    return "map[string]string{\n" + body + indent + "}"


def _go(
    mapping: dict[str, Any], rules: list[_Rule], span_events: list[Any], schema: Schema, chat: dict[str, Any]
) -> str:
    spans = mapping["spans"]
    errors = mapping["errorTypes"]
    events = {e.type_const: e for e in schema.output_events}
    out = [*(f"// {h}" if h else "//" for h in _HEADER), "", "package zerootel", ""]
    out += ['import "github.com/zero-sdk/zero-sdk/clients/go/protocol"', ""]
    out += [
        "// The names and values the tracer sets.",
        "const (",
        f"\ttracerName              = {_py(mapping['tracerName'])}",
        f"\tschemaURL               = {_py(mapping['schemaUrl'])}",
        f"\tsemconvOptInEnv         = {_py(mapping['semconvOptIn']['env'])}",
        f"\tsemconvLatestValue      = {_py(mapping['semconvOptIn']['latestValue'])}",
        f"\tserverAddressAttribute  = {_py(_server(mapping)['address'])}",
        f"\tserverPortAttribute     = {_py(_server(mapping)['port'])}",
        f"\tcontentCaptureEnv       = {_py(mapping['contentCapture']['env'])}",
        f"\ttraceparentEnv          = {_py(mapping['propagation']['traceparent'])}",
        f"\ttracestateEnv           = {_py(mapping['propagation']['tracestate'])}",
        f"\trunSpanName             = {_py(spans['run']['name'])}",
        f"\trunSpanKind             = {_py(spans['run']['kind'])}",
        f"\ttoolSpanName            = {_py(spans['tool']['name'])}",
        f"\ttoolSpanNameWithoutTool = {_py(spans['tool']['nameWithoutTool'])}",
        f"\ttoolSpanKind            = {_py(spans['tool']['kind'])}",
        f"\tbatchSpanName           = {_py(spans['batch']['name'])}",
        f"\tbatchSpanKind           = {_py(spans['batch']['kind'])}",
        f"\tchatSpanName            = {_py(chat['name'])}",
        f"\tchatSpanNameNoModel     = {_py(chat['nameWithoutModel'])}",
        f"\tchatSpanKind            = {_py(chat['kind'])}",
        f"\tchatSpanEndEvent        = {_py(chat['endEvent'])}",
        f"\tschemaVersionAttribute  = {_py(mapping['runAttributes']['schemaVersion'])}",
        f"\tclientErrorAttribute    = {_py(mapping['runAttributes']['clientError'])}",
        f"\trunErrorFallback        = {_py(errors['run']['fallback'])}",
        f"\ttoolErrorFailed         = {_py(errors['tool']['failed'])}",
        f"\ttoolErrorNoResult       = {_py(errors['tool']['noResult'])}",
        ")",
        "",
        "var contentCaptureValues = []string{"
        + ", ".join(_py(v) for v in mapping["contentCapture"]["enabledValues"])
        + "}",
        "",
        f"var runSpanAttributes = {_go_string_map(spans['run']['attributes'])}",
        "",
        f"var toolSpanAttributes = {_go_string_map(spans['tool']['attributes'])}",
        "",
        f"var batchSpanAttributes = {_go_string_map(spans['batch']['attributes'])}",
        "",
        "// chatSpanAttributes holds the fixed attributes of each model request's span.",
        "var chatSpanAttributes = map[string]any{",
        *(f"\t{_py(k)}: {_py(v)}," for k, v in chat["attributes"].items()),  # JSON's true is Go's
        "}",
        "",
        "// chatSpanStartEvents holds the events after which a model request can start.",
        "var chatSpanStartEvents = []string{" + ", ".join(_py(e) for e in chat["startEvents"]) + "}",
        "",
        "// chatSpanFromRun holds the run attributes each model request's span repeats.",
        "var chatSpanFromRun = []string{" + ", ".join(_py(a) for a in chat["fromRun"]) + "}",
        "",
        "// chatSpanFailedOn holds the client error kinds that end a run with a failed model request.",
        "var chatSpanFailedOn = []string{" + ", ".join(_py(k) for k in chat["failedOn"]) + "}",
        "",
        f"var runErrorClientSide = {_go_string_map(errors['run']['clientSide'])}",
        "",
        f"var runErrorWithoutEvent = {_go_string_map(errors['run']['withoutErrorEvent'])}",
        "",
        f"var toolErrorByAction = {_go_string_map(errors['tool']['byPermissionAction'])}",
        "",
        "// valueTables holds the value tables the rules name.",
        "var valueTables = map[string]map[string]string{",
        *(
            f"\t{_py(name)}: " + _go_string_map(table, "\t") + ","
            for name, table in value_tables(mapping).items()
        ),
        "}",
        "",
        "// serverBaseURLEnv holds the base URL variables Zero reads per provider kind.",
        "var serverBaseURLEnv = map[string][]string{",
        *(
            f"\t{_py(k) + ':':<{max(len(_py(n)) for n in _server(mapping)['env']) + 1}} {{"
            + ", ".join(_py(x) for x in v)
            + "},"
            for k, v in _server(mapping)["env"].items()
        ),
        "}",
        "",
        f"var serverDefaultBaseURL = {_go_string_map(_server(mapping)['default'])}",
        "",
        "// runID reads runId, which every event has.",
        "func runID(ev protocol.OutputEvent) (any, bool) {",
        "\tswitch e := ev.(type) {",
        *(f"\tcase *protocol.{e.name}:\n\t\treturn e.RunID, true" for e in schema.output_events),
        "\t}",
        "\treturn nil, false",
        "}",
        "",
        '// rules holds the rules by event type ("*": every event).',
        "var rules = map[string][]rule{",
    ]
    by_event: dict[str, list[_Rule]] = {}
    for r in rules:
        by_event.setdefault(r.event, []).append(r)
    for event_name, event_rules in by_event.items():
        out.append(f"\t{_py(event_name)}: {{")
        for r in event_rules:
            accessor = _go_accessor(r, events.get(event_name)).replace("\n", "\n\t\t")
            content = '""' if r.content is None else _py(r.content)
            fields = f"span: {_py(r.span)}, attribute: {_py(r.attribute)}, op: {_py(r.op)}"
            fields += f", content: {content}"
            if r.legacy:
                fields += ", legacy: true"
            out.append(f"\t\t{{{fields}, get: {accessor}}},")
        out.append("\t},")
    out += ["}", "", "// spanEvents holds the events recorded as span events of the run span."]
    out += ["var spanEvents = map[string]spanEvent{"]
    for event_name, name, attributes in span_events:
        out.append(f"\t{_py(event_name)}: {{name: {_py(name)}, attributes: []spanEventAttribute{{")
        for attribute, r in attributes:
            accessor = _go_accessor(r, events[event_name]).replace("\n", "\n\t\t")
            out.append(f"\t\t{{attribute: {_py(attribute)}, get: {accessor}}},")
        out.append("\t}},")
    out += ["}", ""]
    return "\n".join(out)


class TracingEmitter(Emitter):
    """Writes the three tracers' tables from `schema/tracing.json` (this repository only)."""

    name = "tracing"

    def emit(self, schema: Schema, schema_relpath: str) -> list[GeneratedFile]:
        return []

    def emit_registry(self, schemas: Sequence[Schema]) -> list[GeneratedFile]:
        if self.target.out is not None:
            return []  # the tracers live in this repository's clients, not in generated bindings
        mapping = load_mapping(self.target.repo)
        latest = schemas[-1]
        rules = _rules(mapping, latest)
        span_events = _span_events(mapping, latest)
        chat = _chat_span(mapping, latest, rules)
        return [
            GeneratedFile(PYTHON_PATH, _python(mapping, rules, span_events, chat)),
            GeneratedFile(TYPESCRIPT_PATH, _typescript(mapping, rules, span_events, chat)),
            GeneratedFile(GO_PATH, _go(mapping, rules, span_events, latest, chat)),
        ]
