"""Typed results (`output_type=`, zero_client.structured) and the run's instructions
(`instructions=`, the layer's ZERO.md), against zero-engine and, with ZERO_REAL_BIN, the real Zero.

Each scenario checks what the client returns and what the model was sent (the fake model's
recorded requests): the output tool and the prompt naming it, the corrective tool result, and the
guidelines sections of the system message.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict

import msgspec
import pytest
import test_client_extensions
from test_client_extensions import Target, _client, add, explode
from zero_client import AsyncZeroClient, StructuredOutputError, ZeroClient, tool
from zero_client.extensions.instructions import (
    GUIDELINES_CAP_BYTES,
    InstructionsError,
    merged_guidelines,
)
from zero_client.structured import OutputTypeError, output_spec, with_suffix
from zero_client.testing import FakeModelServer
from zero_client.testing import script as s

#: The engine / real-Zero fixture of the extension tests (the real one needs ZERO_REAL_BIN).
target = test_client_extensions.target

OUTPUT_TOOL = "mcp_sdk_final_result"


@dataclass
class Verdict:
    ok: bool
    reasons: list[str]


class Point(msgspec.Struct):
    x: int
    y: int


class Shape(msgspec.Struct):
    name: str
    corners: list[Point]
    note: str | None = None


class Movie(TypedDict):
    title: str
    year: int


def _system(body: Any) -> str:
    return "\n".join(m["content"] for m in body["messages"] if m["role"] == "system")


def _tool_names(body: Any) -> list[str]:
    return [t["function"]["name"] for t in body.get("tools") or []]


def _last_tool_message(body: Any) -> str:
    return str([m for m in body["messages"] if m["role"] == "tool"][-1]["content"])


# --- the spec of a type (no binary) ----------------------------------------------------------


def test_each_kind_of_type_gets_a_schema_and_validates() -> None:
    """msgspec Struct (nested, optional field), dataclass, TypedDict, a non-object type, and a
    pydantic model: the schema the tool gets, a valid object, and the errors of an invalid one."""
    problems: list[str] = []
    shape = output_spec(Shape)
    params = dict(shape.parameters)
    if params["properties"]["corners"]["items"].get("properties", {}).keys() != {"x", "y"}:
        problems.append(f"Shape's nested Point is not inlined: {params}")
    if params["properties"]["note"].get("type") != "string":
        problems.append(f"Shape.note (str | None) is not shown as a string: {params['properties']['note']}")
    if "$defs" not in shape.schema or "Point" not in shape.schema["$defs"]:
        problems.append(f"Shape's full schema lacks Point: {shape.schema}")
    cases: list[tuple[Any, dict[str, Any], Any, dict[str, Any], str]] = [
        (
            Shape,
            {"name": "sq", "corners": [{"x": 1, "y": 2}]},
            Shape("sq", [Point(1, 2)]),
            {"name": "sq", "corners": [{"x": "1", "y": 2}]},
            "$.corners[0].x",
        ),
        (Verdict, {"ok": True, "reasons": ["a"]}, Verdict(True, ["a"]), {"ok": "yes", "reasons": []}, "$.ok"),
        (Movie, {"title": "Heat", "year": 1995}, {"title": "Heat", "year": 1995}, {"title": "Heat"}, "year"),
        (list[int], {"result": [1, 2]}, [1, 2], {"result": ["x"]}, "$[0]"),
    ]
    for kind, good, expected, bad, where in cases:
        spec = output_spec(kind)
        if spec.parameters.get("type") != "object":
            problems.append(f"{kind}: parameters are not an object: {spec.parameters}")
        if (value := spec.validate(good)) != expected:
            problems.append(f"{kind}: {good} gave {value!r}")
        try:
            spec.validate(bad)
            problems.append(f"{kind}: {bad} validated")
        except Exception as exc:
            if where not in str(exc):
                problems.append(f"{kind}: the error {exc} does not name {where}")
    pydantic = pytest.importorskip("pydantic")

    class Review(pydantic.BaseModel):  # type: ignore[name-defined,misc]
        score: int
        summary: str

    spec = output_spec(Review)
    if spec.validate({"score": 3, "summary": "ok"}) != Review(score=3, summary="ok"):
        problems.append("pydantic: a valid object did not give the model")
    try:
        spec.validate({"score": "many"})
        problems.append("pydantic: an invalid object validated")
    except Exception as exc:
        if "score" not in str(exc) or "summary" not in str(exc):  # every error, not just the first
            problems.append(f"pydantic: {exc} does not list both errors")
    assert not problems, problems


def test_a_type_without_a_schema_or_a_taken_name_is_a_clear_error() -> None:
    with pytest.raises(OutputTypeError, match="has no JSON Schema"):
        output_spec(object)

    @tool
    def final_result(answer: str) -> str:
        """Not the output tool."""
        return answer

    client = ZeroClient([sys.executable], tools=[final_result])
    with pytest.raises(ValueError, match="that name is the output tool's"):
        client.run("Hi", output_type=Verdict)
    with pytest.raises(ValueError, match="output_tries must be at least 1"):
        ZeroClient([sys.executable]).run("Hi", output_type=Verdict, output_tries=0)


def test_the_prompt_suffix_goes_on_the_last_text() -> None:
    from zero_client.events import PromptInput

    assert with_suffix("Hi", " X") == "Hi X"
    assert with_suffix(["a", "b"], " X") == ["a", "b X"]
    [event] = with_suffix(PromptInput(content="Hi"), " X")  # type: ignore[misc]
    assert isinstance(event, PromptInput) and event.content == "Hi X"


def test_instructions_follow_the_users_guidelines_within_zeros_cap() -> None:
    assert merged_guidelines("", "  Be brief.  ") == "Be brief."
    assert merged_guidelines("Mine.", "Be brief.") == "Mine.\n\nBe brief."
    merged = merged_guidelines("é" * GUIDELINES_CAP_BYTES, "Be brief.")
    assert merged.endswith("… (truncated)\n\nBe brief.") and len(merged.encode()) <= GUIDELINES_CAP_BYTES
    with pytest.raises(InstructionsError, match="Zero reads at most 8192 bytes"):
        ZeroClient([sys.executable], instructions="x" * (GUIDELINES_CAP_BYTES + 1))


# --- against the binaries --------------------------------------------------------------------


def _ws(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    ws.mkdir()
    return ws


class VerdictStruct(msgspec.Struct):
    ok: bool
    reasons: list[str]


class VerdictDict(TypedDict):
    ok: bool
    reasons: list[str]


def _verdict_types() -> dict[str, tuple[Any, Callable[[bool, list[str]], Any]]]:
    """Each kind of type `output_type` takes, with how to build the value expected."""
    kinds: dict[str, tuple[Any, Callable[[bool, list[str]], Any]]] = {
        "dataclass": (Verdict, Verdict),
        "msgspec": (VerdictStruct, VerdictStruct),
        "typeddict": (VerdictDict, lambda ok, reasons: {"ok": ok, "reasons": reasons}),
    }
    try:
        import pydantic
    except ImportError:
        return kinds

    class VerdictModel(pydantic.BaseModel):
        ok: bool
        reasons: list[str]

    kinds["pydantic"] = (VerdictModel, lambda ok, reasons: VerdictModel(ok=ok, reasons=reasons))
    return kinds


@pytest.mark.parametrize("kind", ["dataclass", "msgspec", "typeddict", "pydantic"])
def test_a_valid_object(target: Target, tmp_path: Path, kind: str) -> None:
    kinds = _verdict_types()
    if kind not in kinds:
        pytest.skip("pydantic is not installed (it is optional)")
    output_type, make = kinds[kind]
    with FakeModelServer(s.Script(s.answer({"ok": True, "reasons": ["tests pass"]}))) as server:
        result = _client(target, server, _ws(tmp_path)).run("Do the tests pass?", output_type=output_type)
    assert result.output == make(True, ["tests pass"]) and type(result.output) is type(make(True, []))
    assert result.error is None and result.final_text == "Done."
    first = server.requests[0].body
    prompt = [m for m in first["messages"] if m["role"] == "user"][-1]["content"]
    assert prompt.startswith("Do the tests pass?") and f"`{OUTPUT_TOOL}`" in prompt


def test_an_invalid_object_then_a_valid_one_after_the_corrective_turn(target: Target, tmp_path: Path) -> None:
    replies = s.Script(
        [
            s.tool_calls(s.call(OUTPUT_TOOL, {"ok": "yes", "reasons": []}, id="call_bad")),
            *s.answer({"ok": False, "reasons": ["one test fails"]}),
        ]
    )
    with FakeModelServer(replies) as server:
        result = _client(target, server, _ws(tmp_path)).run("Do the tests pass?", output_type=Verdict)
    assert result.output == Verdict(ok=False, reasons=["one test fails"])
    corrective = _last_tool_message(server.requests[1].body)
    assert "does not match the schema" in corrective and "$.ok" in corrective and "2 tries left" in corrective
    assert [c.status for c in result.tool_calls] == ["error", "ok"]


def test_the_model_never_answering_is_a_typed_error(target: Target, tmp_path: Path) -> None:
    with FakeModelServer(s.Script([s.text("The tests pass, I think.")])) as server:
        client = _client(target, server, _ws(tmp_path))
        with pytest.raises(StructuredOutputError, match="never called final_result") as caught:
            client.run("Do the tests pass?", output_type=Verdict)
    assert caught.value.attempts == 0 and caught.value.last_attempt is None
    assert caught.value.result is not None and caught.value.result.final_text == "The tests pass, I think."


def test_tries_are_bounded_and_check_false_keeps_the_last_attempt(target: Target, tmp_path: Path) -> None:
    bad = [{"ok": 1, "reasons": []}, {"ok": True, "reasons": "none"}, {"ok": True, "reasons": ["x"]}]
    replies = s.Script([s.tool_calls(s.call(OUTPUT_TOOL, args)) for args in bad] + [s.text("Giving up.")])
    with FakeModelServer(replies) as server:
        client = _client(target, server, _ws(tmp_path))
        result = client.run("Verdict?", output_type=Verdict, output_tries=2, check=False)
    assert result.output is None
    error = result.error
    assert isinstance(error, StructuredOutputError) and error.attempts == 2
    assert error.last_attempt == {"ok": True, "reasons": "none"}
    assert error.validation_errors and "$.reasons" in error.validation_errors[0]
    assert "No tries are left" in _last_tool_message(server.requests[2].body)
    assert "No tries left" in _last_tool_message(server.requests[3].body)  # the third is refused


def test_the_output_tool_is_reachable_when_zero_defers_mcp_tools(target: Target, tmp_path: Path) -> None:
    """Zero hides MCP tools behind tool_search (both binaries do, with Zero's default
    tools.deferThreshold, even for the output tool alone, since built-in deferrable tools count
    too): the prompt names the output tool and the `select:` query that loads it, and once loaded
    the model has its schema (in the description too, whole)."""
    replies = s.Script(
        [
            s.tool_calls(s.call("tool_search", {"query": f"select:{OUTPUT_TOOL}"})),
            *s.answer({"x": 1, "y": 2}),
        ]
    )
    with FakeModelServer(replies) as server:
        client = _client(target, server, _ws(tmp_path), tools=[add, explode])
        result = client.run("Where?", output_type=Point)
    assert result.output == Point(1, 2)
    first = server.requests[0].body
    assert OUTPUT_TOOL not in _tool_names(first) and "tool_search" in _tool_names(first)
    assert f"select:{OUTPUT_TOOL}" in json.dumps(first["messages"])
    if target.name == "real":  # Zero lists the deferred tools in tool_search's description
        [search] = [t["function"] for t in first["tools"] if t["function"]["name"] == "tool_search"]
        assert f"- {OUTPUT_TOOL} — sdk" in search["description"]
    loaded = server.requests[1].body
    [tool] = [t["function"] for t in loaded["tools"] if t["function"]["name"] == OUTPUT_TOOL]
    assert tool["parameters"]["required"] == ["x", "y"] and '"x"' in tool["description"]


def test_sessions_and_the_async_client_give_typed_results(target: Target, tmp_path: Path) -> None:
    replies = s.Script([s.text("Noted."), *s.answer({"title": "Heat", "year": 1995})])
    with FakeModelServer(replies) as server:
        session = _client(target, server, _ws(tmp_path)).session()
        session.run("Remember: Heat, 1995.")
        movie = session.run("Which film?", output_type=Movie).output
    assert movie == {"title": "Heat", "year": 1995}

    async def main() -> Point | None:
        with FakeModelServer(s.Script(s.answer({"x": 3, "y": 4}))) as aserver:
            sync = _client(target, aserver, _ws(tmp_path / "a"))
            client = AsyncZeroClient(sync.command, cwd=sync.cwd, env=sync.env_overrides, inherit_env=False)
            return (await client.session().run("Where?", output_type=Point)).output

    (tmp_path / "a").mkdir()
    assert asyncio.run(main()) == Point(3, 4)


def test_a_stream_gives_the_typed_result_when_it_ends(target: Target, tmp_path: Path) -> None:
    """`stream(output_type=...)`: the events as they come, `result.output` at the end; an invalid
    object gets the corrective turn, as in `run()`."""
    replies = s.Script(
        [
            s.tool_calls(s.call(OUTPUT_TOOL, {"ok": "yes", "reasons": []}, id="call_bad")),
            *s.answer({"ok": True, "reasons": ["tests pass"]}),
        ]
    )
    with FakeModelServer(replies) as server:
        stream = _client(target, server, _ws(tmp_path)).stream("Do the tests pass?", output_type=Verdict)
        with stream:
            types = [event.type for event in stream]
    assert types[0] == "run_start" and types[-1] == "run_end" and types.count("tool_result") == 2
    assert stream.result is not None and stream.error is None
    assert stream.result.output == Verdict(ok=True, reasons=["tests pass"])
    assert "does not match the schema" in _last_tool_message(server.requests[1].body)


def test_a_stream_without_an_answer_raises_at_its_end_or_keeps_the_error(
    target: Target, tmp_path: Path
) -> None:
    """No valid object: `StructuredOutputError` at the end of iteration (every event seen first),
    or, with check=False, the stream's `error`; sessions and the async client alike."""
    seen: list[str] = []
    with FakeModelServer(s.Script([s.text("The tests pass, I think.")])) as server:
        session = _client(target, server, _ws(tmp_path)).session()
        with pytest.raises(StructuredOutputError, match="never called final_result"):
            for event in session.stream("Do the tests pass?", output_type=Verdict):
                seen.append(event.type)
    assert seen[-1] == "run_end"

    async def main() -> tuple[Any, Any]:
        with FakeModelServer(s.Script([s.text("No idea.")])) as aserver:
            sync = _client(target, aserver, _ws(tmp_path / "a"))
            client = AsyncZeroClient(sync.command, cwd=sync.cwd, env=sync.env_overrides, inherit_env=False)
            async with client.stream("Where?", output_type=Point, check=False) as stream:
                async for _ in stream:
                    pass
            return stream.result, stream.error

    (tmp_path / "a").mkdir()
    result, error = asyncio.run(main())
    assert isinstance(error, StructuredOutputError) and error.attempts == 0
    assert result is not None and result.output is None and result.error is error


def test_instructions_reach_the_request_after_the_users_guidelines(target: Target, tmp_path: Path) -> None:
    """Zero's labels, the user's ZERO.md first (left untouched), then the instructions; the
    project's AGENTS.md after them."""
    user_dir = Path(target.env["HOME"]) / ".config" / "zero"
    user_dir.mkdir(parents=True)
    (user_dir / "ZERO.md").write_text("Prefer tabs.\n")
    ws = _ws(tmp_path)
    (ws / "AGENTS.md").write_text("Run make test before finishing.\n")
    with FakeModelServer(s.Script([s.text("Oui.")])) as server:
        client = _client(target, server, ws, instructions="Always answer in French.")
        client.run("Hello")
    system = _system(server.requests[0].body)
    user = system.index("## User guidelines (ZERO.md)")
    assert user < system.index("Prefer tabs.") < system.index("Always answer in French.")
    assert system.index("Always answer in French.") < system.index("## Project guidelines (AGENTS.md)")
    assert "Run make test before finishing." in system
    assert (user_dir / "ZERO.md").read_text() == "Prefer tabs.\n"
