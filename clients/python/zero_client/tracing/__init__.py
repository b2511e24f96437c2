"""OpenTelemetry traces of runs and tool calls, in the GenAI semantic conventions (docs/tracing.md).

The clients call `start_run_trace` when a run starts, feed the trace every event of the run (the
events their core decoded and applied to the run's `RunState`; the trace reads them, it parses
nothing) and call `RunTrace.finish` with the run's result. What becomes a span, an attribute or a
span event is not written here: it is the data of `schema/tracing.json`, generated into
`zero_client.tracing._mapping` (and into the TypeScript and Go tracers), and this module
interprets it.

Cost: with no `tracer_provider` and `opentelemetry.trace` never imported by the program, nothing
is imported and nothing is done (no SDK can have been configured). With the API but no SDK, or a
sampler that drops the run, the run span does not record and the events are not observed at all.

Importing this module never imports OpenTelemetry (it is imported inside the functions that need
it), so `import zero_client` stays free of it.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from itertools import compress
from typing import TYPE_CHECKING, Any

import msgspec

from zero_client import events as _events
from zero_client import protocol
from zero_client.errors import (
    ZeroCrashError,
    ZeroError,
    ZeroIncompleteError,
    ZeroInterruptedError,
    ZeroNotFoundError,
    ZeroProcessError,
    ZeroProtocolError,
    ZeroProviderError,
    ZeroTimeoutError,
    ZeroUsageError,
    ZeroVersionError,
)
from zero_client.tracing import _mapping as mapping

if TYPE_CHECKING:
    from opentelemetry.trace import Span, TracerProvider

    from zero_client.core import Event, RunResult

__all__ = [
    "RunTrace",
    "batch_span",
    "client_error_kind",
    "content_capture_enabled",
    "latest_conventions_only",
    "server_of",
    "start_run_trace",
    "trace_env",
]

#: The zero-sdk version the tracer reports as its instrumentation scope version.
_SCOPE_VERSION = "0.1.0"

# Error classes by the language-neutral kind the mapping's error tables use (subclasses first).
_ERROR_KINDS: tuple[tuple[type[ZeroError], str], ...] = (
    (ZeroTimeoutError, "timeout"),
    (ZeroProtocolError, "protocol"),
    (ZeroNotFoundError, "not_found"),
    (ZeroVersionError, "version"),
    (ZeroInterruptedError, "interrupted"),
    (ZeroProcessError, "process"),
    (ZeroUsageError, "usage"),
    (ZeroCrashError, "crash"),
    (ZeroProviderError, "provider"),
    (ZeroIncompleteError, "incomplete"),
)


def content_capture_enabled(capture_content: bool | None, env: Mapping[str, str] | None = None) -> bool:
    """Whether prompts' answers, tool arguments and outputs go into attributes: `capture_content`
    when given, else the conventions' environment variable
    (OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT = true, SPAN_ONLY or SPAN_AND_EVENT)."""
    if capture_content is not None:
        return capture_content
    value = (os.environ if env is None else env).get(mapping.CONTENT_CAPTURE_ENV, "")
    return value.strip().lower() in mapping.CONTENT_CAPTURE_VALUES


def client_error_kind(error: BaseException) -> str | None:
    """The kind of a client error (`timeout`, `provider`, ...) the mapping's tables use; None for
    an exception that is not a `ZeroError`."""
    for cls, kind in _ERROR_KINDS:
        if isinstance(error, cls):
            return kind
    return "run" if isinstance(error, ZeroError) else None


def _tracer_provider(tracer_provider: TracerProvider | None) -> TracerProvider | None:
    """The provider to use, or None when tracing is certainly off (nothing is imported then)."""
    if tracer_provider is not None:
        return tracer_provider
    # A global provider can only have been set through opentelemetry.trace: a program that never
    # imported it has none, and the run costs nothing.
    if "opentelemetry.trace" not in sys.modules:
        return None
    from opentelemetry import trace

    return trace.get_tracer_provider()


def trace_env(span: Span) -> dict[str, str]:
    """TRACEPARENT (and TRACESTATE) of `span` for a child's environment (W3C trace context); {}
    when the span has no valid context."""
    from opentelemetry.trace import set_span_in_context
    from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

    if not span.get_span_context().is_valid:
        return {}
    carrier: dict[str, str] = {}
    TraceContextTextMapPropagator().inject(carrier, context=set_span_in_context(span))
    env = {mapping.TRACEPARENT_ENV: carrier["traceparent"]}
    if carrier.get("tracestate"):
        env[mapping.TRACESTATE_ENV] = carrier["tracestate"]
    return env


def latest_conventions_only(env: Mapping[str, str] | None = None) -> bool:
    """Whether OTEL_SEMCONV_STABILITY_OPT_IN (a comma list) asks for the latest experimental
    GenAI conventions only (`gen_ai_latest_experimental`): then the attributes of the older
    conventions the mapping marks `legacy` (gen_ai.system) are left out."""
    value = (os.environ if env is None else env).get(mapping.SEMCONV_OPT_IN_ENV, "")
    return mapping.SEMCONV_LATEST_VALUE in (item.strip().lower() for item in value.split(","))


def server_of(provider: str, env: Mapping[str, str]) -> tuple[str, int] | None:
    """`server.address` and `server.port` of the model API a run of `provider` (run_start's label)
    talks to: the base URL the run's environment gives Zero for that provider kind, else the
    vendor's default endpoint; None when neither is known (a configured profile)."""
    url = next(
        (
            env[name].strip()
            for name in mapping.SERVER_BASE_URL_ENV.get(provider, ())
            if env.get(name, "").strip()
        ),
        None,
    )
    url = url or mapping.SERVER_DEFAULT_BASE_URL.get(provider)
    if url is None:
        return None
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname:
        return None
    return parts.hostname, port or (80 if parts.scheme == "http" else 443)


def _tracer(provider: TracerProvider) -> Any:
    return provider.get_tracer(mapping.TRACER_NAME, _SCOPE_VERSION, schema_url=mapping.SCHEMA_URL)


def start_run_trace(
    tracer_provider: TracerProvider | None,
    capture_content: bool | None,
    env: Callable[[], Mapping[str, str]] | None = None,
) -> RunTrace | None:
    """Starts the `invoke_agent zero` span of a run (child of the current context); None when
    tracing is off. `env` gives the environment the run's processes get (for `server.address`;
    called only when the span records). The caller passes `trace.env` to the run's processes,
    feeds `trace.observe` (if `trace.observe` is not None) every event, and ends with
    `trace.finish`."""
    provider = _tracer_provider(tracer_provider)
    if provider is None:
        return None
    from opentelemetry.trace import SpanKind

    tracer = _tracer(provider)
    span = tracer.start_span(
        mapping.RUN_SPAN_NAME, kind=SpanKind.CLIENT, attributes=dict(mapping.RUN_SPAN_ATTRIBUTES)
    )
    run_env = env() if env is not None and span.is_recording() else {}
    return RunTrace(tracer, span, content_capture_enabled(capture_content), run_env)


_UNSET = msgspec.UNSET


def _rule_getter(path: tuple[str, ...], options: dict[str, Any] | None) -> Callable[[Any], Any]:
    """A rule's reader: the field at `path`, through the rule's condition, value table and array
    (schema/tracing.json); None when the rule records nothing for the event."""
    get = _getter(path)
    if not options:
        return get
    when = options.get("when")
    check = None if when is None else (_getter(when[0]), when[1])
    table = mapping.VALUES.get(options.get("values") or "")
    keep_other = options.get("keep_other", True)
    array = options.get("array", False)

    def transformed(event: Any) -> Any:
        if check is not None and check[0](event) != check[1]:
            return None
        value = get(event)
        if value is None:
            return None
        if table is not None:
            mapped = table.get(str(value))
            if mapped is None and not keep_other:
                return None
            value = mapped if mapped is not None else value
        return (value,) if array else value

    return transformed


def _getter(path: tuple[str, ...]) -> Callable[[Any], Any]:
    """Reads a field path of an event (None when a step is absent)."""
    if len(path) == 1:  # nearly every rule: one attribute, read without a loop
        (name,) = path

        def get_one(event: Any) -> Any:
            value = getattr(event, name, None)
            return None if value is _UNSET else value

        return get_one

    def get(event: Any) -> Any:
        value = event
        for name in path:
            value = getattr(value, name, None)
            if value is None or value is _UNSET:
                return None
        return value

    return get


def _render(value: Any, content: str) -> str:
    """A content value as an attribute: text as is, JSON values as JSON, the final answer as the
    conventions' output messages."""
    if content == "text":
        return str(value)
    if content == "json":
        return value if isinstance(value, str) else msgspec.json.encode(value).decode()
    part = {"type": "text", "content": str(value)}
    message = {"role": "assistant", "parts": [part], "finish_reason": "stop"}
    return msgspec.json.encode([message]).decode()


# A compiled rule: (attribute, getter, op, content kind or None, legacy); its span is the table
# it is in.
_Compiled = tuple[str, Callable[[Any], Any], str, str | None, bool]
# The rules of one event class: (rules of the run span, of the tool span, of the model call span).
_ClassRules = tuple[list[_Compiled], list[_Compiled], list[_Compiled]]


def _compile() -> tuple[dict[type[Any], _ClassRules], list[_Compiled]]:
    """The mapping's rules by event class (the latest version's types), split by span, and the
    `*` rules (all of the run span)."""
    classes = {cls.type: cls for cls in (getattr(_events, name) for name in dir(_events)) if _is_event(cls)}
    by_class: dict[type[Any], _ClassRules] = {}
    for wire_type, rules in mapping.RULES.items():
        if wire_type == "*":
            continue
        run_rules, tool_rules, chat_rules = by_class.setdefault(classes[wire_type], ([], [], []))
        for span, attr, path, op, content, options in rules:
            compiled = (
                attr,
                _rule_getter(path, options),
                op,
                content,
                bool(options and options.get("legacy")),
            )
            {"run": run_rules, "tool": tool_rules, "chat": chat_rules}[span].append(compiled)
    every = [
        (a, _rule_getter(p, opts), o, c, False)
        for s, a, p, o, c, opts in mapping.RULES.get("*", ())
        if s == "run"
    ]
    # Events that matter without rules of their own: span events, and where model calls start
    # and end.
    for wire_type in (*mapping.SPAN_EVENTS, *mapping.CHAT_SPAN_START_EVENTS, mapping.CHAT_SPAN_END_EVENT):
        by_class.setdefault(classes[wire_type], ([], [], []))
    return by_class, every


def _is_event(cls: Any) -> bool:
    return isinstance(cls, type) and isinstance(getattr(cls, "type", None), str) and hasattr(cls, "run_id")


_RULES_BY_CLASS, _EVERY_EVENT_RULES = _compile()
_CHAT_END = next(cls for cls in _RULES_BY_CLASS if cls.type == mapping.CHAT_SPAN_END_EVENT)
_CHAT_STARTS = frozenset(cls for cls in _RULES_BY_CLASS if cls.type in mapping.CHAT_SPAN_START_EVENTS)
_CHAT_FROM_RUN = frozenset(mapping.CHAT_SPAN_FROM_RUN)
_TOOL_CALL, _TOOL_RESULT = _events.ToolCallEvent, _events.ToolResultEvent
_RUN_START = _events.RunStartEvent
_PERMISSION_CLASSES = (
    _events.PermissionRequestEvent,
    _events.PermissionDecisionEvent,
    _events.PermissionEvent,
)
_SPAN_EVENTS_BY_CLASS = {
    cls: (name, [(attr, _getter(path)) for attr, path in attributes])
    for cls in _RULES_BY_CLASS
    for wire_type, (name, attributes) in mapping.SPAN_EVENTS.items()
    if cls.type == wire_type
}


def _kept(rules: list[_Compiled], capture_content: bool, latest_only: bool) -> list[_Compiled]:
    """The rules a trace applies: without the content rules unless content is captured, and
    without the legacy ones when only the latest conventions are asked for."""
    return [rule for rule in rules if (capture_content or rule[3] is None) and not (latest_only and rule[4])]


class _ToolSpan:
    """An open `execute_tool` span, the attributes it has been given, and the last permission
    action seen for its call.

    Attributes found after the span started wait in `pending` and reach the span in one
    `set_attributes` call when it ends: the SDK takes a lock and cleans values per call, and a
    tool span gathers up to a dozen attributes from three or four events.
    """

    __slots__ = ("attributes", "pending", "permission_action", "span")

    def __init__(self, span: Span, attributes: dict[str, Any]) -> None:
        self.span = span
        self.attributes = attributes  # every attribute given so far (`first` reads it)
        self.pending: dict[str, Any] = {}
        self.permission_action: str | None = None


class RunTrace:
    """The spans of one run: `invoke_agent zero`, a `chat {model}` child per model request and
    an `execute_tool` child per tool call.

    `env` is the run span's W3C trace context for the run's processes. `observe` is None when
    the span does not record (no SDK, or sampled out): then events need not be fed at all.
    """

    def __init__(
        self, tracer: Any, span: Span, capture_content: bool, run_env: Mapping[str, str] | None = None
    ) -> None:
        from opentelemetry.trace import SpanKind, set_span_in_context

        self._tracer = tracer
        self._run_env = run_env or {}
        self.span = span
        self.capture_content = capture_content
        self.env = trace_env(span)
        self.observe: Callable[[list[Event]], None] | None = self._observe if span.is_recording() else None
        self._parent = set_span_in_context(span)  # the context every tool span starts in
        self._tool_kind = SpanKind[mapping.TOOL_SPAN_KIND.upper()]
        self._chat_kind = SpanKind[mapping.CHAT_SPAN_KIND.upper()]
        # Where the next model request can have started (ns): the run's start, then the last
        # event of `CHAT_SPAN_START_EVENTS`; and what its span repeats of the run span.
        start = getattr(span, "start_time", None)
        self._chat_start: int = start if isinstance(start, int) else time.time_ns()
        self._chat_base: dict[str, Any] = {}
        self._set: set[str] = set()  # run attributes already set (for `first`)
        self._totals: dict[str, int] = {}  # `sum` and `count` attributes of the run span
        self._every = list(_EVERY_EVENT_RULES)  # `*` rules not yet satisfied
        # The rules by event class, without the content rules unless content is captured.
        latest_only = latest_conventions_only()
        self._rules: dict[type[Any], _ClassRules] = {
            cls: (
                _kept(run, capture_content, latest_only),
                _kept(tool, capture_content, latest_only),
                _kept(chat, capture_content, latest_only),
            )
            for cls, (run, tool, chat) in _RULES_BY_CLASS.items()
        }
        self._tools: dict[str, _ToolSpan] = {}
        self._early: dict[str, list[Any]] = {}  # permission events that came before their call
        self._finished = False

    # -- events -------------------------------------------------------------------------------

    def _observe(self, events: list[Event]) -> None:
        if self._every and events:
            for event in events:
                self._apply_every(event)
                if not self._every:
                    break
        rules_by_class = self._rules
        now = 0  # read once per batch: the events of a batch arrived together
        # Most events (text and reasoning deltas) have no rule: pick the others out in C.
        for event in compress(events, map(rules_by_class.__contains__, map(type, events))):
            cls = type(event)
            run_rules, tool_rules, chat_rules = rules_by_class[cls]
            if run_rules:
                self._apply_run(event, run_rules)
            if cls is _RUN_START:
                self._server(event)
            if cls is _CHAT_END or cls in _CHAT_STARTS:
                now = now or time.time_ns()
                if cls is _CHAT_END:
                    self._model_call(now, event, chat_rules)
                if cls in _CHAT_STARTS:
                    self._chat_start = now
            if cls is _TOOL_CALL:
                self._tool_call(event, tool_rules)  # type: ignore[arg-type]
            elif cls is _TOOL_RESULT:
                self._tool_result(event, tool_rules)  # type: ignore[arg-type]
            elif cls in _PERMISSION_CLASSES:
                self._permission(event, tool_rules)
            span_event = _SPAN_EVENTS_BY_CLASS.get(cls)
            if span_event is not None:
                name, attributes = span_event
                values = {attr: value for attr, g in attributes if (value := g(event)) is not None}
                self.span.add_event(name, values)

    def _server(self, event: Any) -> None:
        """server.address and server.port, once run_start names the provider."""
        provider = event.provider
        if not isinstance(provider, str) or mapping.SERVER_ADDRESS_ATTRIBUTE in self._set:
            return
        server = server_of(provider, self._run_env)
        if server is not None:
            self._set.add(mapping.SERVER_ADDRESS_ATTRIBUTE)
            values: dict[str, str | int] = {
                mapping.SERVER_ADDRESS_ATTRIBUTE: server[0],
                mapping.SERVER_PORT_ATTRIBUTE: server[1],
            }
            self.span.set_attributes(values)
            self._chat_base.update((name, value) for name, value in values.items() if name in _CHAT_FROM_RUN)

    def _model_call(
        self, end: int, event: Any, rules: list[_Compiled], error_type: str | None = None
    ) -> None:
        """Records the span of one model request, from `_chat_start` to `end` (ns): what it
        repeats of the run span, and what `event` (its usage, if any) says of it."""
        attributes: dict[str, Any] = {**mapping.CHAT_SPAN_ATTRIBUTES, **self._chat_base}
        if event is not None:
            self._collect(attributes, None, event, rules)
        model = self._chat_base.get("gen_ai.request.model")
        name = mapping.CHAT_SPAN_NAME_WITHOUT_MODEL
        if isinstance(model, str) and model:
            name = mapping.CHAT_SPAN_NAME.replace("{gen_ai.request.model}", model)
        span = self._tracer.start_span(
            name,
            context=self._parent,
            kind=self._chat_kind,
            attributes=attributes,
            start_time=self._chat_start,
        )
        if error_type is not None:
            from opentelemetry.trace import Status, StatusCode

            span.set_attribute("error.type", error_type)
            span.set_status(Status(StatusCode.ERROR, error_type))
        span.end(end_time=max(end, self._chat_start))

    def _apply_every(self, event: Any) -> None:
        if isinstance(event, protocol.UnknownEvent):
            return
        self._apply_run(event, self._every)
        self._every = [rule for rule in self._every if rule[0] not in self._set]

    def _apply_run(self, event: Any, rules: list[_Compiled]) -> None:
        """Applies rules of the run span: `sum` and `count` add to totals set at the end."""
        seen = self._set
        for attribute, get, op, content, _legacy in rules:
            if op == "count":
                self._totals[attribute] = self._totals.get(attribute, 0) + 1
                continue
            if op == "first" and attribute in seen:
                continue
            value = get(event)
            if value is None:
                continue
            if op == "sum":
                self._totals[attribute] = self._totals.get(attribute, 0) + int(value)
                continue
            seen.add(attribute)
            value = _render(value, content) if content else value
            self.span.set_attribute(attribute, value)
            if attribute in _CHAT_FROM_RUN:
                self._chat_base[attribute] = value

    @staticmethod
    def _collect(
        attributes: dict[str, Any], pending: dict[str, Any] | None, event: Any, rules: list[_Compiled]
    ) -> None:
        """Applies rules of a tool span (`first` and `set` only) to its attribute dicts."""
        for attribute, get, op, content, _legacy in rules:
            if op == "first" and attribute in attributes:
                continue
            value = get(event)
            if value is None:
                continue
            if content:
                value = _render(value, content)
            attributes[attribute] = value
            if pending is not None:
                pending[attribute] = value

    def _start_tool(self, call_id: str, name: object, event: Any, rules: list[_Compiled]) -> _ToolSpan:
        """Starts the span of a call with what `event` (its `tool_call`, or a result without
        one) and any permission event that came first tell."""
        previous = self._tools.pop(call_id, None)
        if previous is not None:  # the model reused an id before the first call's result
            self._end_tool(previous, mapping.TOOL_ERROR_NO_RESULT)
        span_name = mapping.TOOL_SPAN_NAME_WITHOUT_TOOL
        if isinstance(name, str) and name:
            span_name = mapping.TOOL_SPAN_NAME.replace("{gen_ai.tool.name}", name)
        attributes: dict[str, Any] = dict(mapping.TOOL_SPAN_ATTRIBUTES)
        action = None
        for early in self._early.pop(call_id, ()):
            self._collect(attributes, None, early, self._rules[type(early)][1])
            action = early.action if isinstance(early.action, str) else action
        self._collect(attributes, None, event, rules)
        span = self._tracer.start_span(
            span_name, context=self._parent, kind=self._tool_kind, attributes=attributes
        )
        tool = self._tools[call_id] = _ToolSpan(span, attributes)
        tool.permission_action = action
        return tool

    def _tool_call(self, event: _events.ToolCallEvent, rules: list[_Compiled]) -> None:
        self._start_tool(event.id if isinstance(event.id, str) else "", event.name, event, rules)

    def _permission(self, event: Any, rules: list[_Compiled]) -> None:
        call_id = event.id if isinstance(event.id, str) else ""
        tool = self._tools.get(call_id)
        if tool is None:  # a parallel read batch writes permission events before the call
            self._early.setdefault(call_id, []).append(event)
            return
        self._collect(tool.attributes, tool.pending, event, rules)
        if isinstance(event.action, str):
            tool.permission_action = event.action

    def _tool_result(self, event: _events.ToolResultEvent, rules: list[_Compiled]) -> None:
        call_id = event.id if isinstance(event.id, str) else ""
        tool = self._tools.pop(call_id, None)
        if tool is None:  # a result without its call: a span still shows it
            tool = self._start_tool(call_id, event.name, event, rules)
            del self._tools[call_id]
        else:
            self._collect(tool.attributes, tool.pending, event, rules)
        error_type = None
        if event.status == "error":
            error_type = mapping.TOOL_ERROR_BY_PERMISSION_ACTION.get(
                tool.permission_action or "", mapping.TOOL_ERROR_FAILED
            )
        self._end_tool(tool, error_type)

    def _end_tool(self, tool: _ToolSpan, error_type: str | None) -> None:
        if error_type is not None:
            from opentelemetry.trace import Status, StatusCode

            tool.pending["error.type"] = error_type
            tool.span.set_status(Status(StatusCode.ERROR, error_type))
        if tool.pending:
            tool.span.set_attributes(tool.pending)
        tool.span.end()

    # -- the end ------------------------------------------------------------------------------

    def finish(self, result: RunResult | None, error: BaseException | None) -> None:
        """Ends the run span (and any tool span still open) with the run's outcome; idempotent."""
        if self._finished:
            return
        self._finished = True
        span = self.span
        if self.observe is not None:
            for tool in self._tools.values():
                self._end_tool(tool, mapping.TOOL_ERROR_NO_RESULT)
            self._tools.clear()
            for attribute, total in self._totals.items():
                span.set_attribute(attribute, total)
        if result is not None and span.is_recording():
            if result.schema_version is not None:
                span.set_attribute(mapping.SCHEMA_VERSION_ATTRIBUTE, result.schema_version)
            # What the events did not tell (a run that ended without run_end, or whose events
            # were not observed): the client's own account of the run.
            exit_code = result.exit_code
            if exit_code is None and isinstance(error, ZeroError):
                exit_code = error.exit_code  # a process that exited without run_end
            fallbacks = {
                "zero.run.id": result.run_id,
                "zero.run.status": result.status,
                "zero.run.exit_code": exit_code,
                "gen_ai.conversation.id": result.session_id,
            }
            for attribute, value in fallbacks.items():
                if attribute not in self._set and value is not None:
                    span.set_attribute(attribute, value)
        if error is not None:
            from opentelemetry.trace import Status, StatusCode

            error_type = _run_error_type(result, error)
            kind = client_error_kind(error)
            if self.observe is not None and kind in mapping.CHAT_SPAN_FAILED_ON:
                self._model_call(time.time_ns(), None, [], error_type)  # the request that failed
            span.set_attribute("error.type", error_type)
            if kind is not None:
                span.set_attribute(mapping.CLIENT_ERROR_ATTRIBUTE, kind)
            # The message only: a ZeroError's str() adds the stderr tail, which is not ours to export.
            message = error.message if isinstance(error, ZeroError) else str(error)
            span.set_status(Status(StatusCode.ERROR, message or error_type))
        span.end()


def _run_error_type(result: RunResult | None, error: BaseException) -> str:
    """`error.type` of a failed run: a client-side failure's kind, else the code of the run's
    last `error` event, else the kind of the error the client raised (schema/tracing.json)."""
    kind = client_error_kind(error)
    if kind is None:
        return type(error).__qualname__
    if kind in mapping.RUN_ERROR_CLIENT_SIDE:
        return mapping.RUN_ERROR_CLIENT_SIDE[kind]
    codes = [e.code for e in (result.errors if result is not None else ()) if e.code]
    if codes:
        return codes[-1]
    return mapping.RUN_ERROR_WITHOUT_ERROR_EVENT.get(kind, mapping.RUN_ERROR_FALLBACK)


@contextmanager
def batch_span(
    tracer_provider: TracerProvider | None = None, **attributes: str | int
) -> Iterator[Span | None]:
    """The span of a batch of runs (`invoke_workflow zero-sdk batch`), current for the block:
    every run started inside it (in this thread, or in asyncio tasks created inside it) is its
    child. Yields None, and does nothing, when tracing is off. For `zero-sdk batch`:

        with batch_span(provider, **{"zero.batch.tasks": len(tasks)}) as span:
            ... run each task ...

    An exception leaving the block marks the span ERROR (`error.type` = its class name) and is
    re-raised.
    """
    provider = _tracer_provider(tracer_provider)
    if provider is None:
        yield None
        return
    from opentelemetry.trace import SpanKind, Status, StatusCode, use_span

    tracer = _tracer(provider)
    span = tracer.start_span(
        mapping.BATCH_SPAN_NAME,
        kind=SpanKind.INTERNAL,
        attributes={**mapping.BATCH_SPAN_ATTRIBUTES, **attributes},
    )
    with use_span(span, end_on_exit=True, record_exception=False, set_status_on_exception=False):
        try:
            yield span
        except BaseException as exc:
            span.set_attribute("error.type", type(exc).__qualname__)
            span.set_status(Status(StatusCode.ERROR, str(exc) or type(exc).__qualname__))
            raise
