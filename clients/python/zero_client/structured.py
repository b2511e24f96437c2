"""Typed results: `client.run(prompt, output_type=T)` gives `result.output`, a validated `T`.

    from dataclasses import dataclass

    @dataclass
    class Verdict:
        ok: bool
        reasons: list[str]

    result = client.run("Does the test suite pass?", output_type=Verdict)
    result.output.ok                      # a Verdict

Zero 0.8.0 has no output-schema flag, so this rides on the extension channel
(docs/extensions.md): the run gets one more SDK tool, `final_result` (the model sees
`mcp_sdk_final_result`), whose input schema is `T`'s, and the prompt tells the model to call it
with its answer. Zero hides MCP tools behind `tool_search` once three or more are visible, so the
prompt names the tool and how to load it (`select:mcp_sdk_final_result`), and the tool's
description carries `T`'s whole JSON Schema (Zero passes MCP parameter schemas on simplified:
no `$ref`, no `anyOf`).

Each call is validated here. An invalid object gets the model an error result listing the
validation errors, and the run goes on (another turn); after `output_tries` invalid objects the
tool refuses further tries. A run that ends without a valid object fails with
`StructuredOutputError`, which carries the last invalid attempt (`check=False`: it is
`result.error`).

`T` may be a msgspec Struct, a dataclass, a TypedDict (validated by msgspec), a pydantic model
(validated by pydantic; pydantic is optional and never imported here), or any other type msgspec
can convert to, such as `list[str]` (sent wrapped as `{"result": ...}`).
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import msgspec

from zero_client._base import ProtocolStruct
from zero_client.errors import StructuredOutputError, ZeroError
from zero_client.extensions.tools import Tool

if TYPE_CHECKING:
    from zero_client.client import ClientConfig
    from zero_client.core import RunResult
    from zero_client.options import Prompt

OUTPUT_TOOL = "final_result"
#: The property a non-object `T` (a list, a string, ...) is wrapped in.
WRAPPED_PROPERTY = "result"

T = TypeVar("T")


class OutputTypeError(TypeError):
    """`output_type` is not a type the SDK can give the model a schema for."""


@dataclass(frozen=True)
class OutputSpec(Generic[T]):
    """How to describe `T` to the model and turn the model's arguments into a `T`."""

    output_type: Any
    #: The JSON Schema of the tool's arguments (an object; `$defs` kept for validators).
    schema: Mapping[str, Any]
    #: The schema as the tool's parameters: `$ref`s inlined, `X | None` shown as `X`.
    parameters: Mapping[str, Any]
    wrapped: bool
    _validate: Callable[[Any], T] = field(repr=False)
    _errors_of: Callable[[Exception], list[str] | None] = field(repr=False)

    def validate(self, arguments: Mapping[str, Any]) -> T:
        """The arguments as a `T`; `ValidationFailed` listing what is wrong otherwise."""
        value: Any = dict(arguments)
        if self.wrapped:
            if set(value) != {WRAPPED_PROPERTY}:
                raise ValidationFailed([f"expected exactly one property {WRAPPED_PROPERTY!r}"])
            value = value[WRAPPED_PROPERTY]
        try:
            return self._validate(value)
        except Exception as exc:
            errors = self._errors_of(exc)
            if errors is None:
                raise
            raise ValidationFailed(errors) from exc


class ValidationFailed(Exception):
    def __init__(self, errors: list[str]) -> None:
        super().__init__("; ".join(errors))
        self.errors = errors


def _is_pydantic_model(output_type: Any) -> bool:
    return isinstance(output_type, type) and all(
        hasattr(output_type, name) for name in ("model_json_schema", "model_validate", "model_fields")
    )


def output_spec(output_type: Any) -> OutputSpec[Any]:
    """The spec of `output_type` (an `OutputTypeError` names a type without a JSON Schema)."""
    if isinstance(output_type, OutputSpec):
        return output_type
    if _is_pydantic_model(output_type):
        schema = dict(output_type.model_json_schema())

        def pydantic_errors(exc: Exception) -> list[str] | None:
            errors = getattr(exc, "errors", None)
            if type(exc).__name__ != "ValidationError" or not callable(errors):
                return None
            return [
                f"{'.'.join(str(part) for part in e.get('loc', ())) or '(root)'}: {e.get('msg', '')}"
                for e in errors()
            ]

        return _spec(output_type, schema, output_type.model_validate, pydantic_errors)
    try:
        (top,), components = msgspec.json.schema_components([output_type], ref_template="#/$defs/{name}")
    except (TypeError, ValueError) as exc:
        raise OutputTypeError(
            f"output_type {output_type!r} has no JSON Schema: use a msgspec Struct, a dataclass, "
            f"a TypedDict or a pydantic model ({exc})"
        ) from exc
    schema = dict(top)
    if components:
        schema["$defs"] = components

    def convert(value: Any) -> Any:
        return msgspec.convert(value, output_type, strict=True)

    def msgspec_errors(exc: Exception) -> list[str] | None:
        return [str(exc)] if isinstance(exc, msgspec.ValidationError) else None

    return _spec(output_type, schema, convert, msgspec_errors)


def _spec(
    output_type: Any,
    schema: dict[str, Any],
    validate: Callable[[Any], Any],
    errors_of: Callable[[Exception], list[str] | None],
) -> OutputSpec[Any]:
    defs = dict(schema.pop("$defs", None) or {})
    top = _resolve(schema, defs)
    wrapped = top.get("type") != "object"
    if wrapped:
        top = {"type": "object", "properties": {WRAPPED_PROPERTY: schema}, "required": [WRAPPED_PROPERTY]}
    elif "$ref" in schema:  # the top's own definition goes unless something else refers to it
        name = schema["$ref"][len("#/$defs/") :]
        if json.dumps(schema["$ref"]) not in json.dumps([top, {k: v for k, v in defs.items() if k != name}]):
            defs.pop(name, None)
    schema = {**top, "$defs": defs} if defs else dict(top)
    parameters = _inline(top, defs, ())
    return OutputSpec(output_type, schema, parameters, wrapped, validate, errors_of)


def _resolve(schema: Mapping[str, Any], defs: Mapping[str, Any]) -> dict[str, Any]:
    """The schema a top-level `$ref` points at (msgspec's schema of a Struct is one)."""
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/") and ref[len("#/$defs/") :] in defs:
        return {**defs[ref[len("#/$defs/") :]], **{k: v for k, v in schema.items() if k != "$ref"}}
    return dict(schema)


def _inline(schema: Any, defs: Mapping[str, Any], seen: tuple[str, ...]) -> Any:
    """`schema` with `$ref`s replaced by what they name (a recursive one becomes a plain
    object) and `X | None` by `X`: the shape Zero's MCP schema reader keeps."""
    if isinstance(schema, list):
        return [_inline(item, defs, seen) for item in schema]
    if not isinstance(schema, dict):
        return schema
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        name = ref[len("#/$defs/") :]
        if name in seen or name not in defs:
            return {"type": "object"}
        return _inline(
            {**defs[name], **{k: v for k, v in schema.items() if k != "$ref"}}, defs, (*seen, name)
        )
    for key in ("anyOf", "oneOf"):
        options = schema.get(key)
        if isinstance(options, list):
            kept = [o for o in options if not (isinstance(o, dict) and o.get("type") == "null")]
            if len(kept) == 1:
                rest = {k: v for k, v in schema.items() if k != key}
                return _inline({**kept[0], **rest}, defs, seen)
    return {key: _inline(value, defs, seen) for key, value in schema.items() if key != "$defs"}


def tool_name(server: str) -> str:
    """The name the model sees: Zero's `mcp_<server>_<tool>`."""
    return f"mcp_{server}_{OUTPUT_TOOL}"


def prompt_suffix(server: str) -> str:
    """What the prompt gains: which tool gives the answer, and how to reach it when deferred."""
    name = tool_name(server)
    return (
        f"\n\nWhen you have your final answer, give it by calling the tool `{name}` with the answer "
        "as its arguments (they must match the JSON Schema in its description). Call it once, "
        "after your work is done; if it reports validation errors, fix them and call it again. "
        f"If `{name}` is not in your tool list, load it first with `tool_search` and the query "
        f"`select:{name}`."
    )


class OutputCapture(Generic[T]):
    """One run's output tool: what it was called with, and the first valid object."""

    def __init__(self, spec: OutputSpec[T], tries: int) -> None:
        if tries < 1:
            raise ValueError(f"output_tries must be at least 1, got {tries}")
        self.spec = spec
        self.tries = tries
        self.attempts = 0
        self.has_value = False
        self.value: T | None = None
        self.last_attempt: Any = None
        self.last_errors: list[str] = []
        self._lock = threading.Lock()

    def tool(self) -> Tool:
        schema_text = json.dumps(self.spec.schema, indent=1, sort_keys=True)
        description = (
            "Gives your final answer as a structured object: call this once your work is done. "
            f"The arguments must match this JSON Schema:\n{schema_text}"
        )
        return Tool(
            name=OUTPUT_TOOL,
            description=description,
            input_schema=self.spec.parameters,
            handler=self.receive,
        )

    def receive(self, **arguments: Any) -> str:
        """The tool's handler: records a valid answer, or raises (the model gets an error)."""
        with self._lock:
            if self.has_value:
                return "Your answer was already recorded. End your turn now."
            if self.attempts >= self.tries:
                raise AnswerRefused(
                    f"No tries left: {self.tries} invalid answers were given. Stop and end your turn."
                )
            self.attempts += 1
            try:
                value = self.spec.validate(arguments)
            except ValidationFailed as exc:
                self.last_attempt = arguments
                self.last_errors = exc.errors
                left = self.tries - self.attempts
                more = (
                    f"Fix them and call {OUTPUT_TOOL} again ({left} {'try' if left == 1 else 'tries'} left)."
                    if left
                    else "No tries are left: end your turn."
                )
                raise InvalidAnswer(
                    "The answer does not match the schema:\n- " + "\n- ".join(exc.errors) + "\n" + more
                ) from exc
            self.value = value
            self.has_value = True
            return "Answer recorded. End your turn now, without calling more tools."

    def error(self) -> StructuredOutputError | None:
        """None when a valid object arrived; else the error the run fails with."""
        if self.has_value:
            return None
        if self.attempts == 0:
            message = f"the run ended without an answer: the model never called {OUTPUT_TOOL}"
        else:
            message = (
                f"the run ended without a valid answer: {self.attempts} invalid "
                f"{'attempt' if self.attempts == 1 else 'attempts'}, the last: " + "; ".join(self.last_errors)
            )
        return StructuredOutputError(
            message,
            last_attempt=self.last_attempt,
            validation_errors=list(self.last_errors),
            attempts=self.attempts,
        )


class InvalidAnswer(Exception):
    """The error result the model gets for an object that does not validate."""


class AnswerRefused(Exception):
    """The error result the model gets once every try is used."""


# --- a run with an output type (the clients call these) ---------------------------------------

C = TypeVar("C", bound="ClientConfig")


def prepare_stream(
    client: C, prompt: Prompt, output_type: Any, tries: int
) -> tuple[C, Prompt, Callable[[RunResult[Any]], ZeroError | None]]:
    """What a run given `output_type` runs: a copy of `client` that also serves the output tool,
    the prompt that asks for it, and what takes the answer when it ends (`RunOutcome.take_output`)."""
    from zero_client.extensions.server import Extensions

    capture: OutputCapture[Any] = OutputCapture(output_spec(output_type), tries)
    output_tool = capture.tool()
    base = client.extensions or Extensions(tool_server=client.tool_server, approve_tools=client.approve_tools)
    if any(t.name == OUTPUT_TOOL for t in base.tools):
        raise ValueError(f"a tool is named {OUTPUT_TOOL!r}: that name is the output tool's (output_type=)")
    turn = copy.copy(client)
    turn.extensions = dataclasses.replace(base, tools=(*base.tools, output_tool))
    prompt = with_suffix(prompt, prompt_suffix(base.tool_server))
    return turn, prompt, functools.partial(take_output, capture=capture)


def with_suffix(prompt: Prompt, suffix: str) -> Prompt:
    """The prompt with `suffix` added to its last text (a string, or a prompt input event)."""
    if isinstance(prompt, str):
        return prompt + suffix
    items: list[Any] = [prompt] if isinstance(prompt, ProtocolStruct) else list(prompt)
    if not items:
        return prompt
    last = items[-1]
    content = last if isinstance(last, str) else getattr(last, "content", None)
    if isinstance(last, str):
        items[-1] = last + suffix
    elif isinstance(content, str):
        items[-1] = msgspec.structs.replace(last, content=content + suffix)
    else:
        items.append(suffix.lstrip())
    return items


def take_output(result: RunResult[Any], capture: OutputCapture[Any]) -> ZeroError | None:
    """Puts the answer on the result, or the `StructuredOutputError` in `result.error` (a run that
    failed on its own keeps its own error); returns the run's error then."""
    if capture.has_value:
        result.output = capture.value
        return result.error
    if result.error is None:
        error = capture.error()
        assert error is not None
        error.result = result
        error.run_id = result.run_id
        error.exit_code = result.exit_code
        result.error = error
    return result.error
