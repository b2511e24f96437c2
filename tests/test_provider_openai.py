"""The OpenAI-compatible provider against a real HTTP server on 127.0.0.1 (zero_client.testing.fake_model)."""

from __future__ import annotations

import base64
import os
import re
import signal
import socket
import threading
from collections.abc import Iterator

import pytest
from zero_client.testing import DONE, FakeModelServer, Reply
from zero_client.testing import script as s
from zero_client.testing.script import chunk
from zero_engine.provider import (
    ChatMessage,
    ImageInput,
    ModelRequest,
    ProviderChunk,
    ProviderError,
    ReasoningDelta,
    TextDelta,
    ToolCallRequest,
    ToolDefinition,
    TurnEnd,
    Usage,
)
from zero_engine.providers.openai_compat import (
    DEFAULT_OPENAI_MODEL,
    OFFICIAL_OPENAI_BASE_URL,
    HttpSettings,
    OpenAICompatibleProvider,
    ProviderConfigError,
    model_supports_vision,
    provider_from_env,
)

API_KEY = "sk-test-abcdefghijklmnopqrstuvwxyz0123"
FAST = HttpSettings(connect_timeout=2.0, idle_timeout=5.0, status_attempts=3, backoff_base=0.0)


@pytest.fixture
def server() -> Iterator[FakeModelServer]:
    with FakeModelServer() as running:
        yield running


def make_provider(
    server: FakeModelServer, sleeps: list[float] | None = None, settings: HttpSettings = FAST
) -> OpenAICompatibleProvider:
    recorded = sleeps if sleeps is not None else []
    return OpenAICompatibleProvider(
        base_url=server.base_url,
        model="fake-model",
        api_key=API_KEY,
        settings=settings,
        sleep=recorded.append,
    )


def user_request(text: str = "hi", tools: tuple[ToolDefinition, ...] = ()) -> ModelRequest:
    return ModelRequest(model="fake-model", messages=(ChatMessage("user", text),), tools=tools)


def collect(provider: OpenAICompatibleProvider, request: ModelRequest) -> list[ProviderChunk]:
    return list(provider.stream(request))


def collect_until_error(
    provider: OpenAICompatibleProvider, request: ModelRequest
) -> tuple[list[ProviderChunk], ProviderError]:
    received: list[ProviderChunk] = []
    with pytest.raises(ProviderError) as raised:
        for item in provider.stream(request):
            received.append(item)
    return received, raised.value


# ------------------------------------------------------------------------------------------------
# Streaming


def test_plain_text_stream_yields_deltas_then_turn_end(server: FakeModelServer) -> None:
    server.enqueue(s.text("Hel", "lo ", "world"))
    chunks = collect(make_provider(server), user_request("say hello"))
    assert chunks == [TextDelta("Hel"), TextDelta("lo "), TextDelta("world"), TurnEnd((), "")]

    [request] = server.requests
    assert request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == f"Bearer {API_KEY}"
    assert request.headers["content-type"] == "application/json"
    assert request.body == {
        "model": "fake-model",
        "messages": [{"role": "user", "content": "say hello"}],
        "stream": True,
        "stream_options": {"include_usage": True},
    }


def test_reasoning_deltas_from_both_field_names(server: FakeModelServer) -> None:
    server.enqueue(
        Reply(
            events=(
                chunk({"reasoning_content": "think "}),
                chunk({"reasoning": "more"}),
                chunk({"content": "answer"}),
                chunk({}, "stop"),
                DONE,
            )
        )
    )
    chunks = collect(make_provider(server), user_request())
    assert chunks == [
        ReasoningDelta("think "),
        ReasoningDelta("more"),
        TextDelta("answer"),
        TurnEnd((), ""),
    ]


def test_usage_is_reported_once_before_turn_end(server: FakeModelServer) -> None:
    server.enqueue(s.text("ok", usage=(120, 7)))
    chunks = collect(make_provider(server), user_request())
    assert chunks == [TextDelta("ok"), Usage(prompt_tokens=120, completion_tokens=7), TurnEnd((), "")]


def test_cumulative_usage_on_every_chunk_is_reported_once_with_the_last_value(
    server: FakeModelServer,
) -> None:
    first = {**chunk({"content": "a"}), "usage": {"prompt_tokens": 10, "completion_tokens": 1}}
    last = {**chunk({}, "stop"), "usage": {"prompt_tokens": 10, "completion_tokens": 2}}
    server.enqueue(Reply(events=(first, last, DONE)))
    chunks = collect(make_provider(server), user_request())
    assert [item for item in chunks if isinstance(item, Usage)] == [Usage(10, 2)]


def test_tool_calling_conversation_over_several_turns(server: FakeModelServer) -> None:
    tools = (
        ToolDefinition(
            "read_file", "Read a file.", {"type": "object", "properties": {"path": {"type": "string"}}}
        ),
        ToolDefinition("list_directory", "List a directory.", {"type": "object", "properties": {}}),
    )
    server.enqueue(
        s.tool_calls(
            s.call("list_directory", '{"path": ".", "recursive": true}', id="call_1", split=3),
            s.call("read_file", '{"path": "README.md"}', id="call_2", split=3),
            text="Looking.",
            usage=(50, 20),
        ),
        s.text("The README says hi."),
    )
    provider = make_provider(server)

    first = collect(
        provider,
        ModelRequest("fake-model", (ChatMessage("system", "be brief"), ChatMessage("user", "look")), tools),
    )
    calls = (
        ToolCallRequest("call_1", "list_directory", '{"path": ".", "recursive": true}'),
        ToolCallRequest("call_2", "read_file", '{"path": "README.md"}'),
    )
    assert first == [TextDelta("Looking."), Usage(50, 20), TurnEnd(calls, "")]

    conversation = (
        ChatMessage("system", "be brief"),
        ChatMessage("user", "look"),
        ChatMessage("assistant", "Looking.", tool_calls=calls),
        ChatMessage("tool", "Contents of .:\n\nREADME.md", tool_call_id="call_1", name="list_directory"),
        ChatMessage("tool", "1|hi", tool_call_id="call_2", name="read_file"),
    )
    second = collect(provider, ModelRequest("fake-model", conversation, tools))
    assert second == [TextDelta("The README says hi."), TurnEnd((), "")]

    body = server.requests[1].body
    assert body["messages"] == [
        {"role": "system", "content": "be brief"},
        {"role": "user", "content": "look"},
        {
            "role": "assistant",
            "content": "Looking.",
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "list_directory", "arguments": '{"path": ".", "recursive": true}'},
                },
                {
                    "id": "call_2",
                    "type": "function",
                    "function": {"name": "read_file", "arguments": '{"path": "README.md"}'},
                },
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "Contents of .:\n\nREADME.md"},
        {"role": "tool", "tool_call_id": "call_2", "content": "1|hi"},
    ]
    assert body["tools"] == [
        {
            "type": "function",
            "function": {"name": tool.name, "description": tool.description, "parameters": tool.parameters},
        }
        for tool in tools
    ]
    assert body["stream"] is True and body["stream_options"] == {"include_usage": True}
    assert all(request.headers["authorization"] == f"Bearer {API_KEY}" for request in server.requests)


def test_assistant_message_with_only_tool_calls_sends_empty_content(server: FakeModelServer) -> None:
    server.enqueue(s.text("done"))
    call = ToolCallRequest("c1", "glob", "{}")
    conversation = (
        ChatMessage("user", "x"),
        ChatMessage("assistant", "", tool_calls=(call,)),
        ChatMessage("tool", "none", tool_call_id="c1"),
    )
    collect(make_provider(server), ModelRequest("fake-model", conversation))
    assert server.requests[0].body["messages"][1]["content"] == ""


def test_images_are_sent_as_image_url_data_parts(server: FakeModelServer) -> None:
    server.enqueue(s.text("a red dot"))
    png = b"\x89PNG\r\n\x1a\n-fake-png-bytes"
    message = ChatMessage("user", "what is this?", images=(ImageInput("image/png", png),))
    collect(make_provider(server), ModelRequest("fake-model", (message,)))
    assert server.requests[0].body["messages"] == [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "what is this?"},
                {
                    "type": "image_url",
                    "image_url": {"url": "data:image/png;base64," + base64.b64encode(png).decode()},
                },
            ],
        }
    ]


def test_multi_line_data_comments_and_finish_without_done_are_accepted(server: FakeModelServer) -> None:
    body = (
        b": keep-alive comment\r\n"
        b'data: {"choices": [{"index": 0,\r\n'
        b'data:  "delta": {"content": "split"}}]}\r\n\r\n'
        b"event: message\n"
        b'data: {"choices": [{"index": 0, "delta": {}, "finish_reason": "length"}]}\n\n'
    )
    server.enqueue(Reply(raw=body))
    assert collect(make_provider(server), user_request()) == [TextDelta("split"), TurnEnd((), "length")]


# ------------------------------------------------------------------------------------------------
# Errors and retries


def test_500_is_not_retried_and_is_worded_like_zero(server: FakeModelServer) -> None:
    sleeps: list[float] = []
    server.enqueue(s.http_error(500, "upstream hiccup"), s.text("must not be used"))
    received, error = collect_until_error(make_provider(server, sleeps), user_request())
    assert received == [] and sleeps == [] and len(server.requests) == 1
    assert str(error) == "provider error: upstream hiccup"


def test_503_is_retried_with_zeros_backoff_then_reported(server: FakeModelServer) -> None:
    sleeps: list[float] = []
    settings = HttpSettings(connect_timeout=2, idle_timeout=5)  # Zero 0.8.0: 6 attempts, 2 s doubling
    server.enqueue(*(s.http_error(503, "overloaded, try later") for _ in range(6)))
    _, error = collect_until_error(make_provider(server, sleeps, settings), user_request())
    assert len(server.requests) == 6
    assert sleeps == [2.0, 4.0, 8.0, 16.0, 30.0]
    assert str(error) == "rate limit error: overloaded, try later"


def test_v1_retries_three_times_with_linear_backoff(server: FakeModelServer) -> None:
    sleeps: list[float] = []
    server.enqueue(*(s.http_error(429, "slow") for _ in range(3)))
    collect_until_error(make_provider(server, sleeps, HttpSettings.for_schema(1)), user_request())
    assert len(server.requests) == 3
    assert sleeps == pytest.approx([0.4, 0.8])


def test_429_honours_retry_after_within_the_cap(server: FakeModelServer) -> None:
    sleeps: list[float] = []
    server.enqueue(
        s.http_error(429, "slow down", retry_after="7"),
        s.http_error(429, "slow down", retry_after="3600"),
        s.text("finally"),
    )
    chunks = collect(make_provider(server, sleeps), user_request())
    assert chunks[0] == TextDelta("finally")
    assert sleeps == [7.0, 30.0]


def test_401_is_not_retried_and_carries_zeros_advice(server: FakeModelServer) -> None:
    server.enqueue(s.http_error(401, f"Incorrect API key provided: {API_KEY}. Check   your key."))
    received, error = collect_until_error(make_provider(server), user_request())
    assert received == [] and len(server.requests) == 1
    assert str(error) == (
        "auth error: your API key is missing or invalid — run `zero setup`, `zero auth openrouter` for "
        "OpenRouter, or set the provider's API key, then retry. (provider said: Incorrect API key "
        "provided: [REDACTED]. Check your key.)"
    )


def test_connection_dropped_mid_stream_is_an_unexpected_eof(server: FakeModelServer) -> None:
    response = s.text("partial ", "answer")
    server.enqueue(Reply(events=response.events, drop_after=3), s.text("must not be used"))
    received, error = collect_until_error(make_provider(server), user_request())
    assert received == [TextDelta("partial "), TextDelta("answer")]
    assert len(server.requests) == 1
    assert str(error) == "provider stream error: unexpected EOF"


def test_connection_reset_mid_stream_names_the_tcp_pair_as_go_does(server: FakeModelServer) -> None:
    response = s.text("partial ", "answer")
    server.enqueue(Reply(events=response.events, reset_after=2), s.text("must not be used"))
    received, error = collect_until_error(make_provider(server), user_request())
    assert received == [TextDelta("partial ")]
    assert len(server.requests) == 1
    # Go's *net.OpError: the local (ephemeral) and the remote address of the connection.
    assert re.fullmatch(
        rf"provider stream error: read tcp 127\.0\.0\.1:\d+->127\.0\.0\.1:{server.port}: "
        r"read: connection reset by peer",
        str(error),
    ), str(error)


def test_connection_refused_is_retried_then_reported_as_unreachable() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    sleeps: list[float] = []
    provider = OpenAICompatibleProvider(
        base_url=f"http://127.0.0.1:{port}/v1",
        model="m",
        api_key=API_KEY,
        settings=HttpSettings(connect_timeout=2, idle_timeout=2),
        sleep=sleeps.append,
    )
    with pytest.raises(ProviderError) as raised:
        list(provider.stream(user_request()))
    assert str(raised.value).startswith(
        f"upstream unreachable: the model server could not connect to 127.0.0.1:{port} (connection refused)."
    )
    assert sleeps == [0.5, 1.0]


def test_a_body_that_is_not_an_event_stream_is_an_empty_answer(server: FakeModelServer) -> None:
    server.enqueue(Reply(raw=b"<html><body>Bad gateway</body></html>\n"))
    assert collect(make_provider(server), user_request()) == [TurnEnd((), "")]


def test_malformed_json_chunk_reports_gos_message(server: FakeModelServer) -> None:
    server.enqueue(Reply(events=(chunk({"content": "fine"}), '{"choices": [oops', DONE)))
    received, error = collect_until_error(make_provider(server), user_request())
    assert received == [TextDelta("fine")]
    assert str(error) == (
        "provider stream error: malformed JSON: invalid character 'o' looking for beginning of value"
    )


def test_error_object_inside_the_stream_is_classified_by_its_code(server: FakeModelServer) -> None:
    server.enqueue(Reply(events=({"error": {"message": "too fast", "code": "rate_limit_exceeded"}},)))
    _, error = collect_until_error(make_provider(server), user_request())
    assert str(error) == "rate limit error: too fast"


def test_stream_ending_without_done_or_finish_reason_is_a_normal_end(server: FakeModelServer) -> None:
    server.enqueue(Reply(events=(chunk({"content": "cut"}),)))
    assert collect(make_provider(server), user_request()) == [TextDelta("cut"), TurnEnd((), "")]


def test_stalled_server_hits_the_idle_timeout(server: FakeModelServer) -> None:
    settings = HttpSettings(connect_timeout=2, idle_timeout=0.2, status_attempts=1, backoff_base=0)
    server.enqueue(Reply(events=s.text("begun", "rest").events, stall_after=2))
    received, error = collect_until_error(make_provider(server, settings=settings), user_request())
    assert received == [TextDelta("begun")]
    assert len(server.requests) == 1
    assert str(error) == "provider stream error: idle timeout after 200ms (upstream stopped sending data)"


class _Cancelled(Exception):
    pass


def test_a_signal_handler_interrupts_a_blocked_read(server: FakeModelServer) -> None:
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGUSR1"):
        pytest.skip("signal handlers can only be installed from the main thread on POSIX")

    def cancel(signum: int, frame: object) -> None:
        raise _Cancelled

    settings = HttpSettings(connect_timeout=2, idle_timeout=60, status_attempts=1)
    server.enqueue(Reply(events=s.text("x").events, stall_after=1))
    previous = signal.signal(signal.SIGUSR1, cancel)
    # Fire once the request is on the wire; the read would otherwise block for 60 s.
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGUSR1))
    try:
        timer.start()
        with pytest.raises(_Cancelled):
            list(make_provider(server, settings=settings).stream(user_request()))
    finally:
        timer.cancel()
        signal.signal(signal.SIGUSR1, previous)


# ------------------------------------------------------------------------------------------------
# Selection from the environment


def test_nothing_configured_gives_none() -> None:
    assert provider_from_env({}, None) is None
    assert provider_from_env({"OPENAI_API_KEY": "  "}, "gpt-4o") is None


def test_api_key_alone_selects_the_official_api_with_the_default_model() -> None:
    provider = provider_from_env({"OPENAI_API_KEY": API_KEY}, None)
    assert provider is not None
    assert (provider.info.kind, provider.info.model, provider.info.api_model) == (
        "openai",
        DEFAULT_OPENAI_MODEL,
        DEFAULT_OPENAI_MODEL,
    )
    assert provider.info.extra["baseURL"] == OFFICIAL_OPENAI_BASE_URL


def test_custom_base_url_is_openai_compatible_and_model_flag_wins() -> None:
    env = {"OPENAI_BASE_URL": "http://127.0.0.1:9/v1", "OPENAI_MODEL": "llama3.1"}
    provider = provider_from_env(env, None)
    assert provider is not None and provider.info.kind == "openai-compatible"
    assert provider.info.model == "llama3.1"
    overridden = provider_from_env(env, "qwen2.5-vl-7b")
    assert overridden is not None
    assert (overridden.info.model, overridden.info.api_model) == ("qwen2.5-vl-7b", "qwen2.5-vl-7b")
    assert overridden.info.supports_vision is True


def test_official_base_url_spelled_out_is_still_openai() -> None:
    provider = provider_from_env(
        {"OPENAI_API_KEY": API_KEY, "OPENAI_BASE_URL": "https://api.openai.com/v1/"}, "gpt-4o"
    )
    assert provider is not None and provider.info.kind == "openai"


@pytest.mark.parametrize(
    ("env", "fragment"),
    [
        ({"OPENAI_BASE_URL": "http://127.0.0.1:9/v1", "OPENAI_API_KEY": API_KEY}, "requires model"),
        ({"OPENAI_MODEL": "gpt-4o"}, "requires OPENAI_API_KEY"),
        ({"OPENAI_BASE_URL": "ftp://example.com/v1", "OPENAI_MODEL": "m"}, "invalid OpenAI base URL"),
        (
            {"OPENAI_BASE_URL": "http://h/v1", "OPENAI_MODEL": "m", "ZERO_OPENAI_RETRY_BACKOFF": "soon"},
            "ZERO_OPENAI_RETRY_BACKOFF",
        ),
        (
            {"OPENAI_BASE_URL": "http://h/v1", "OPENAI_MODEL": "m", "ZERO_OPENAI_MAX_RETRIES": "-1"},
            "ZERO_OPENAI_MAX_RETRIES",
        ),
        (
            {"OPENAI_BASE_URL": "http://h/v1", "OPENAI_MODEL": "m", "ZERO_MODEL_VISION": "maybe"},
            "ZERO_MODEL_VISION",
        ),
    ],
)
def test_unusable_configuration_is_a_typed_error(env: dict[str, str], fragment: str) -> None:
    with pytest.raises(ProviderConfigError) as raised:
        provider_from_env(env, None)
    assert fragment in str(raised.value)
    assert API_KEY not in str(raised.value)
    assert isinstance(raised.value, ProviderError)


def test_timeouts_and_retries_come_from_env(server: FakeModelServer) -> None:
    env = {
        "OPENAI_BASE_URL": server.base_url,
        "OPENAI_MODEL": "fake-model",
        "ZERO_STREAM_IDLE_TIMEOUT": "200ms",
        "ZERO_OPENAI_MAX_RETRIES": "0",
    }
    provider = provider_from_env(env, None)
    assert provider is not None
    server.enqueue(Reply(events=s.text("never").events, stall_after=1))
    with pytest.raises(ProviderError, match="idle timeout after 200ms"):
        list(provider.stream(user_request()))
    assert len(server.requests) == 1


@pytest.mark.parametrize(
    ("model", "expected"),
    [
        ("gpt-4o-mini", True),
        ("openrouter/anthropic/claude-sonnet-4", True),
        ("o3", True),
        ("llava:13b", True),
        ("llama3.1:8b", False),
        ("gpt-oss-20b", False),
        ("deepseek-coder", False),
        ("some-no-vision-model", False),
        ("qwen2.5-vl-7b", True),
    ],
)
def test_vision_support_by_model_name(model: str, expected: bool) -> None:
    assert model_supports_vision(model, {}) is expected


def test_vision_override_env_wins_over_the_name() -> None:
    assert model_supports_vision("llama3.1", {"ZERO_MODEL_VISION": "true"}) is True
    assert model_supports_vision("gpt-4o", {"ZERO_MODEL_VISION": "0"}) is False
