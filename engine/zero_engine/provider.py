"""The model-provider interface of the engine's agent loop.

A provider turns one model request (the conversation so far plus the visible tools) into a stream
of chunks. Providers: `scripted` (tests), `demo` (offline newcomer demo), `openai-compatible`
(any Chat Completions server). The loop never sees provider-specific formats.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol


@dataclass(frozen=True)
class ImageInput:
    """An image attached to the user turn, already decoded and normalized."""

    media_type: str  # image/png, image/jpeg, image/gif or image/webp
    data: bytes


@dataclass(frozen=True)
class ToolCallRequest:
    """A complete tool call as the model produced it (fragments already assembled)."""

    id: str
    name: str
    arguments: str  # the raw JSON text of the arguments, exactly as the model sent it


@dataclass(frozen=True)
class ChatMessage:
    """One message of the conversation, provider-neutral."""

    role: Literal["system", "user", "assistant", "tool"]
    content: str = ""
    images: tuple[ImageInput, ...] = ()
    tool_calls: tuple[ToolCallRequest, ...] = ()  # assistant messages only
    tool_call_id: str = ""  # tool messages only
    name: str = ""  # tool messages: the tool name


@dataclass(frozen=True)
class ToolDefinition:
    """A tool as advertised to the model."""

    name: str
    description: str
    parameters: dict[str, Any]  # JSON Schema of the arguments object


@dataclass(frozen=True)
class ModelRequest:
    model: str
    messages: tuple[ChatMessage, ...]
    tools: tuple[ToolDefinition, ...] = ()


@dataclass(frozen=True)
class TextDelta:
    text: str


@dataclass(frozen=True)
class ReasoningDelta:
    text: str


@dataclass(frozen=True)
class Usage:
    prompt_tokens: int
    completion_tokens: int


@dataclass(frozen=True)
class TurnEnd:
    """The end of one model response: the tool calls it asked for and why it stopped."""

    tool_calls: tuple[ToolCallRequest, ...] = ()
    finish_reason: str = "stop"  # stop | tool_calls | length | content_filter | ... ("" = normal)
    dropped_tool_calls: int = 0  # calls the model started without an id or a name (never run)


ProviderChunk = TextDelta | ReasoningDelta | Usage | TurnEnd


class ProviderError(Exception):
    """A model/API failure. Its message is what the `provider_error` event reports (redacted)."""


@dataclass(frozen=True)
class ProviderInfo:
    """What `run_start` reports: provider kind, model id and wire model id."""

    kind: str
    model: str
    api_model: str
    supports_vision: bool = True
    extra: dict[str, str] = field(default_factory=dict)


class Provider(Protocol):
    info: ProviderInfo

    def stream(self, request: ModelRequest) -> Iterator[ProviderChunk]:
        """Yield the chunks of one response; the last chunk is always a TurnEnd.

        Raises ProviderError on any failure. Must be interruptible: the engine turns SIGINT and
        SIGTERM into KeyboardInterrupt-style cancellation of the main thread.
        """
        ...
