"""The SDK side of a run with tools or hooks: a private unix socket served on a thread of its own.

`ExtensionRun.start()` writes the run's configuration layer (`zero_client.extensions.layer`) and serves
its socket; Zero reaches it through `bridge.py` (an MCP stdio server named `sdk` by default,
and hook commands). Over the socket: a first line `{"token", "kind"}`, then for `mcp` the MCP
stream (newline-delimited JSON-RPC, served by the official `mcp` SDK's low-level `Server`), for
`hook` one line of Zero's hook payload answered by one line `{"blocked", "reason", "message"}`.

The MCP stream needs the run's token, and takes it once: the first connection with it is the
server Zero started, so a later one (a command that read the token where it should not have) is
refused, and the SDK tools never run for anyone else. A hook connection needs no token (Zero gives
hook commands nothing a command of the model could not read: docs/extensions.md, "Threat model");
its answer goes back to whoever connected, and Zero takes a hook's verdict only from the hook
process it started.

The thread runs its own asyncio loop: async tools and callbacks run there, sync ones on daemon
threads of their own. When the client cancels a run (a timeout, Ctrl-C, leaving a stream early)
`interrupt()` cancels what is still running at once, so Zero is not kept waiting on a tool; the
run's end calls `close()`, which also removes the layer. A sync function cannot be stopped from
outside: it runs on until it returns, on a daemon thread, so it never keeps the process from
exiting (a worker pool's threads would: the interpreter joins them at exit).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import logging
import os
import secrets
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from zero_client.extensions.hooks import Decision, Hooks, SessionEvent, ToolDone, ToolUse
from zero_client.extensions.layer import (
    SOCKET_NAME,
    Layer,
    LayerSpec,
    Reaper,
    bridge_command,
    new_layer_dir,
    new_token,
    write_layer,
    write_roots,
)
from zero_client.extensions.tools import Tool

DEFAULT_TOOL_SERVER = "sdk"
#: The longest line the socket takes (an MCP message with a tool's arguments or output is one line;
#: asyncio's default, 64 KiB, is too small for a big file's contents).
MAX_LINE_BYTES = 64 << 20
#: How long `close()` waits for the server's loop to wind down (tools and callbacks that ignore
#: their cancellation are left behind after that: the loop's thread is a daemon thread).
CLOSE_WAIT = 2.0

logger = logging.getLogger("zero_client.extensions")


class ToolsUnavailableError(ImportError):
    """Custom tools need the MCP SDK, an optional dependency."""


@dataclass(frozen=True)
class Extensions:
    """A client's tools and hooks (what every run of that client serves)."""

    tools: Sequence[Tool] = ()
    hooks: Hooks | None = None
    tool_server: str = DEFAULT_TOOL_SERVER
    approve_tools: bool = True
    #: The run's instructions (the layer's ZERO.md: `zero_client.extensions.instructions`).
    instructions: str | None = None
    #: The interpreter that runs the bridge (default: this one).
    python: Sequence[str] = field(default_factory=lambda: [sys.executable])

    def __post_init__(self) -> None:
        names = [t.name for t in self.tools]
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            raise ValueError(f"two tools are named {', '.join(map(repr, duplicates))}")
        for item in self.tools:
            if not isinstance(item, Tool):
                raise TypeError(
                    f"tools=: {item!r} is not a Tool (decorate the function with @zero_client.tool)"
                )

    @property
    def active(self) -> bool:
        return (
            bool(self.tools)
            or (self.hooks is not None and bool(self.hooks.events()))
            or self.instructions is not None
        )

    def start(
        self, env: Mapping[str, str], cwd: str | None = None, add_dirs: Sequence[str] = ()
    ) -> ExtensionRun:
        """Serves one run whose environment is `env`, in workspace `cwd` with `add_dirs` (the
        layer must be outside every directory the run may write)."""
        run = ExtensionRun(self)
        try:
            run.start(env, cwd, add_dirs)
        except BaseException:
            run.close()
            raise
        return run


class ExtensionRun:
    """One run's layer and server."""

    def __init__(self, extensions: Extensions) -> None:
        self.extensions = extensions
        self.layer: Layer | None = None
        #: Messages of callbacks that raised (`RunResult.hook_errors`).
        self.hook_errors: list[str] = []
        self._token = new_token()
        self._token_used = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._server: asyncio.AbstractServer | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._mcp_server: Any = None

    @property
    def env(self) -> dict[str, str]:
        return {} if self.layer is None else dict(self.layer.env)

    def start(self, env: Mapping[str, str], cwd: str | None = None, add_dirs: Sequence[str] = ()) -> None:
        ext = self.extensions
        if ext.tools:
            self._mcp_server = _build_mcp_server(ext.tools)
        path = new_layer_dir(write_roots(env, cwd, add_dirs), cwd)
        reaper = Reaper(path)
        self.layer = Layer(path=path, env={}, reaper=reaper)
        socket_path = os.path.join(path, SOCKET_NAME)
        spec = LayerSpec(approve_server=ext.approve_tools, instructions=ext.instructions)
        if ext.tools:
            spec.server_name = ext.tool_server
            spec.server = bridge_command("mcp", socket_path, ext.python, token=self._token)
        if ext.hooks is not None:
            hook_command = bridge_command("hook", socket_path, ext.python)
            spec.hooks = dict.fromkeys(ext.hooks.events(), hook_command)
        self.layer = write_layer(path, env, spec)
        self.layer.reaper = reaper
        ready = threading.Event()
        failure: list[BaseException] = []

        def serve() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                self._server = loop.run_until_complete(
                    asyncio.start_unix_server(self._accept, path=socket_path, limit=MAX_LINE_BYTES)
                )
                os.chmod(socket_path, 0o600)
            except BaseException as exc:
                failure.append(exc)
                ready.set()
                loop.close()
                return
            ready.set()
            try:
                loop.run_forever()
            finally:
                loop.close()

        self._thread = threading.Thread(target=serve, name="zero-sdk-extensions", daemon=True)
        self._thread.start()
        ready.wait()
        if failure:
            raise failure[0]

    def interrupt(self) -> None:
        """Cancels the tools and callbacks still running and drops every connection, without
        waiting; called when the client cancels the run, so Zero is not kept waiting on them.
        The socket keeps serving (Zero's own hooks on its way out get a prompt answer)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return

        def cancel_all() -> None:
            for task in list(self._tasks):
                task.cancel()

        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
            loop.call_soon_threadsafe(cancel_all)

    def close(self) -> None:
        """Stops serving (cancelling tools and callbacks still running) and removes the layer.
        Waits at most `CLOSE_WAIT` seconds for the loop: an async function that ignores its
        cancellation, or blocks the loop, is left running on the daemon thread."""
        loop, thread = self._loop, self._thread
        if loop is not None and thread is not None and thread.is_alive():

            async def stop() -> None:
                if self._server is not None:
                    self._server.close()
                for task in list(self._tasks):
                    task.cancel()
                if self._tasks:
                    await asyncio.wait(list(self._tasks), timeout=CLOSE_WAIT / 2)
                loop.stop()

            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(lambda: loop.create_task(stop()))
            thread.join(timeout=CLOSE_WAIT)
        if self.layer is not None:
            self.layer.remove()
            self.layer = None

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            header = json.loads(await reader.readline() or b"{}")
            if not isinstance(header, dict):
                return
            if header.get("kind") == "hook":
                reply = await self._hook(json.loads(await reader.readline() or b"{}"))
                writer.write(json.dumps(reply).encode() + b"\n")
                await writer.drain()
            elif header.get("kind") == "mcp" and self._mcp_server is not None:
                if self._token_used or not secrets.compare_digest(
                    str(header.get("token", "")).encode(), self._token.encode()
                ):
                    return
                self._token_used = True  # one MCP session per run: Zero's
                await _serve_mcp(self._mcp_server, reader, writer)
        except asyncio.CancelledError:
            pass  # the run was interrupted or ended: Zero gets no more answers on this connection
        except Exception as exc:  # the bridge went away (Zero ended), or a bad line
            # Never asyncio's "Unhandled exception in client_connected_cb" on the caller's stderr:
            # the run's outcome is what reports a run that ended mid-call.
            logger.debug("zero-sdk extension connection ended: %r", exc)
        finally:
            self._tasks.discard(task)
            writer.close()

    async def _hook(self, payload: Any) -> dict[str, Any]:
        hooks = self.extensions.hooks
        if hooks is None or not isinstance(payload, dict):
            return {"blocked": False}
        event = payload.get("event")
        args = payload.get("args")
        try:
            if event == "beforeTool" and hooks.before_tool is not None:
                use = ToolUse(
                    tool=str(payload.get("tool", "")),
                    call_id=str(payload.get("toolCallId", "")),
                    args=args if isinstance(args, dict) else {},
                    session_id=str(payload.get("sessionId", "")),
                    cwd=str(payload.get("cwd", "")),
                    raw=payload,
                )
                decision = await self._call(hooks.before_tool, use)
                if isinstance(decision, Decision) and decision.blocked:
                    return {"blocked": True, "reason": decision.reason}
                return {"blocked": False}
            if event == "afterTool" and hooks.after_tool is not None:
                done = ToolDone(
                    tool=str(payload.get("tool", "")),
                    call_id=str(payload.get("toolCallId", "")),
                    status=str(payload.get("status", "")),
                    changed_files=list(payload.get("changedFiles") or []),
                    session_id=str(payload.get("sessionId", "")),
                    cwd=str(payload.get("cwd", "")),
                    raw=payload,
                )
                message = await self._call(hooks.after_tool, done)
                return {"blocked": False, "message": message if isinstance(message, str) else ""}
            callback = {"sessionStart": hooks.on_start, "sessionEnd": hooks.on_end}.get(str(event))
            if callback is not None:
                await self._call(
                    callback,
                    SessionEvent(
                        event=str(event),
                        session_id=str(payload.get("sessionId", "")),
                        cwd=str(payload.get("cwd", "")),
                        raw=payload,
                    ),
                )
            return {"blocked": False}
        except asyncio.CancelledError:
            raise
        except BaseException as exc:  # fail closed: a beforeTool callback that raised blocks the call
            message = f"{event} hook raised {type(exc).__name__}: {exc}"
            self.hook_errors.append(message)
            return {"blocked": event == "beforeTool", "reason": message}

    async def _call(self, callback: Callable[[Any], Any], argument: Any) -> Any:
        if inspect.iscoroutinefunction(callback):
            return await callback(argument)
        value = await in_daemon_thread(callback, argument)
        if inspect.isawaitable(value):
            value = await value
        return value


def _import_mcp() -> tuple[Any, Any]:
    try:
        import mcp_types
        from mcp.server.lowlevel import Server
    except ImportError as exc:
        raise ToolsUnavailableError(
            "custom tools need the MCP SDK: pip install 'zero-headless-sdk[tools]'"
        ) from exc
    return Server, mcp_types


def in_daemon_thread(function: Callable[..., Any], /, *args: Any, **kwargs: Any) -> asyncio.Future[Any]:
    """Runs a sync function on a daemon thread of its own; the future (of the running loop) gets
    its value or exception. Cancelling the future leaves the function running (nothing can stop
    it), but a daemon thread never holds the process at exit, unlike a worker pool's."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[Any] = loop.create_future()

    def settle(value: Any, error: BaseException | None) -> None:
        if future.done():  # cancelled meanwhile
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(value)

    def work() -> None:
        value: Any = None
        error: BaseException | None = None
        try:
            value = function(*args, **kwargs)
        except BaseException as exc:  # handed to the awaiting task
            error = exc
        with contextlib.suppress(RuntimeError):  # the loop closed: the run is over
            loop.call_soon_threadsafe(settle, value, error)

    name = getattr(function, "__name__", "callback")
    threading.Thread(target=work, name=f"zero-sdk-{name}", daemon=True).start()
    return future


def _build_mcp_server(tools: Sequence[Tool]) -> Any:
    Server, types = _import_mcp()
    by_name = {t.name: t for t in tools}

    async def list_tools(context: Any, params: Any) -> Any:
        return types.ListToolsResult(
            tools=[
                types.Tool(name=t.name, description=t.description, input_schema=dict(t.input_schema))
                for t in tools
            ]
        )

    async def call_tool(context: Any, params: Any) -> Any:
        item = by_name.get(params.name)
        if item is None:
            return _error_result(types, f"unknown tool {params.name!r}")
        arguments = dict(params.arguments or {})
        try:
            if item.is_async:
                value = await item.handler(**arguments)
            else:
                value = await in_daemon_thread(item.handler, **arguments)
        except asyncio.CancelledError:
            raise
        except BaseException as exc:  # SystemExit too: the model sees the error, the run goes on
            return _error_result(types, f"{type(exc).__name__}: {exc}")
        text = value if isinstance(value, str) else json.dumps(value, default=str)
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=False)

    return Server("zero-sdk", version="0.1.0", on_list_tools=list_tools, on_call_tool=call_tool)


def _error_result(types: Any, message: str) -> Any:
    return types.CallToolResult(content=[types.TextContent(type="text", text=message)], is_error=True)


async def _serve_mcp(server: Any, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Runs the MCP server over the socket: newline-delimited JSON-RPC, as MCP's stdio transport
    (`mcp.server.stdio.stdio_server` reads and writes the same way; it serves only files)."""
    import anyio
    import mcp_types as types
    from mcp.shared._context_streams import create_context_streams
    from mcp.shared.message import SessionMessage

    read_writer, read_stream = create_context_streams[SessionMessage | Exception](0)
    write_stream, write_reader = create_context_streams[SessionMessage](0)

    async def read_lines() -> None:
        async with read_writer:
            while line := await reader.readline():
                try:
                    message = types.jsonrpc_message_adapter.validate_json(line, by_name=False)
                except Exception as exc:
                    await read_writer.send(exc)
                    continue
                await read_writer.send(SessionMessage(message))

    async def write_lines() -> None:
        async with write_reader:
            async for session_message in write_reader:
                data = session_message.message.model_dump_json(by_alias=True, exclude_unset=True)
                writer.write(data.encode() + b"\n")
                await writer.drain()

    async with anyio.create_task_group() as group:
        group.start_soon(read_lines)
        group.start_soon(write_lines)
        await server.run(read_stream, write_stream, server.create_initialization_options())
        group.cancel_scope.cancel()
