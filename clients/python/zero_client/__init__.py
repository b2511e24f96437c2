"""zero_client: the reference Python client for Zero headless stream-json.

    from zero_client import ZeroClient
    result = ZeroClient().run("Summarize README.md")
    print(result.final_text)

`ZeroClient.stream()` yields typed events (`zero_client.events`, whatever schemaVersion the binary
speaks) as they arrive;
`AsyncZeroClient` does the same on asyncio. Failures raise typed `ZeroError`s.
"""

# The client modules are imported lazily (PEP 562), so importing `zero_client.protocol` (which
# the generator and the engine do) never depends on the client layers, and vice versa.
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from zero_client.aio import AsyncRunStream, AsyncZeroClient
    from zero_client.client import RunStream, ZeroClient
    from zero_client.core import (
        Event,
        LineDecoder,
        LineSplitter,
        ProtocolIssue,
        RunError,
        RunResult,
        RunState,
        ToolCall,
        Usage,
        read_transcript,
    )
    from zero_client.errors import (
        StructuredOutputError,
        ZeroCrashError,
        ZeroError,
        ZeroIncompleteError,
        ZeroInterruptedError,
        ZeroNotExecutableError,
        ZeroNotFoundError,
        ZeroProcessError,
        ZeroProtocolError,
        ZeroProviderError,
        ZeroRunError,
        ZeroTimeoutError,
        ZeroUsageError,
        ZeroVersionError,
    )
    from zero_client.extensions.hooks import Decision, Hooks, SessionEvent, ToolDone, ToolUse, allow, block
    from zero_client.extensions.layer import LayerError, LayerLocationError
    from zero_client.extensions.tools import Tool, tool
    from zero_client.options import Prompt, Timeouts
    from zero_client.session import AsyncSession, Session

__all__ = [
    "AsyncRunStream",
    "AsyncSession",
    "AsyncZeroClient",
    "Decision",
    "Event",
    "Hooks",
    "LayerError",
    "LayerLocationError",
    "LineDecoder",
    "LineSplitter",
    "Prompt",
    "ProtocolIssue",
    "RunError",
    "RunResult",
    "RunState",
    "RunStream",
    "Session",
    "SessionEvent",
    "StructuredOutputError",
    "Timeouts",
    "Tool",
    "ToolCall",
    "ToolDone",
    "ToolUse",
    "Usage",
    "ZeroClient",
    "ZeroCrashError",
    "ZeroError",
    "ZeroIncompleteError",
    "ZeroInterruptedError",
    "ZeroNotExecutableError",
    "ZeroNotFoundError",
    "ZeroProcessError",
    "ZeroProtocolError",
    "ZeroProviderError",
    "ZeroRunError",
    "ZeroTimeoutError",
    "ZeroUsageError",
    "ZeroVersionError",
    "allow",
    "block",
    "read_transcript",
    "tool",
]

_MODULE_OF = {
    **dict.fromkeys(["AsyncRunStream", "AsyncZeroClient"], "zero_client.aio"),
    **dict.fromkeys(["RunStream", "ZeroClient"], "zero_client.client"),
    **dict.fromkeys(["Prompt", "Timeouts"], "zero_client.options"),
    **dict.fromkeys(
        ["Decision", "Hooks", "SessionEvent", "ToolDone", "ToolUse", "allow", "block"],
        "zero_client.extensions.hooks",
    ),
    **dict.fromkeys(["AsyncSession", "Session"], "zero_client.session"),
    **dict.fromkeys(["Tool", "tool"], "zero_client.extensions.tools"),
    "StructuredOutputError": "zero_client.errors",
    **dict.fromkeys(["LayerError", "LayerLocationError"], "zero_client.extensions.layer"),
    **dict.fromkeys(
        [n for n in __all__ if n.startswith("Zero") and not n.endswith("Client")], "zero_client.errors"
    ),
}


def __dir__() -> list[str]:
    """The lazy exports too (a module's default `dir()` lists only what was imported yet)."""
    return sorted({*globals(), *__all__})


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module 'zero_client' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(_MODULE_OF.get(name, "zero_client.core")), name)
    globals()[name] = value
    return value
