"""MCP servers from Zero's configuration, as tools of the run (docs/engine.md, "MCP servers").

What the model and the client see follows Zero 0.8.0's `internal/mcp`: each server's tools become
`mcp_<server>_<tool>` (lower-cased, anything but letters, digits and `_` made `_`), a network
side effect with a `prompt` permission (`allow` when mcp-permissions.json approves it:
mcp_permissions) and the reason "MCP tool <server>/<tool> runs through the configured <type>
server.", results are the text blocks joined (a note names the non-text blocks
dropped), `isError` makes an error result, a failed call reads "Error: MCP tool <server>/<tool>
failed: <why>" (a server that died answers `EOF`), a server that cannot start or list its tools
within 8 seconds is skipped without a word, and every server is closed at the end of the run
(stdin closed, half a second to exit, then its whole process group killed; a server that had
exited with a failure status gets Zero's `[zero] mcp_close_error: exit status N` line).

The stdio client is the engine's own (newline-delimited JSON-RPC on the server's pipes, Zero's
protocol version and messages); `http` and `sse` servers go through the official MCP Python SDK,
imported only when such a server is configured. docs/engine.md says why (measured).

A stdio server is a process: it starts in the run's OS sandbox (process_sandbox), in the
workspace, with the tool-process environment plus the server's own `env`, in its own process
group.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from .cancellation import RunCancelled, defer
from .config import DEFAULT_MCP_SERVERS, MCPServerConfig, MCPSetupError
from .config_processes import launch as launch_process
from .gojson import GoStruct, go_quote, marshal
from .mcp_permissions import PermissionGrants
from .tools.args import Args, ToolFailure
from .tools.base import ToolSpec
from .tools.gojson_errors import GoJSONError, check_document, go_kind
from .tools.process_sandbox import Launch, ToolProcesses
from .tools.toolkit import Tool, ToolContext, ToolOutput

CONNECT_TIMEOUT = 8.0  # Zero's per-server budget to start, initialize and list tools
# Engine-only: a longer budget (seconds) for slow machines, e.g. a loaded CI runner starting a
# Python server (the differential harness sets it; Zero ignores the variable).
CONNECT_TIMEOUT_ENV = "ZERO_ENGINE_MCP_CONNECT_TIMEOUT"
INITIALIZE_TIMEOUT = 30.0
CLOSE_WAIT = 0.5  # how long a server has to exit once its stdin is closed
PROTOCOL_VERSION = "2024-11-05"  # what Zero's client announces
MAX_STDERR = 64 * 1024
_SERVER_NAME = re.compile(r"^[A-Za-z0-9._-]+$")
_UNSAFE_NAME_CHARS = re.compile(r"[^A-Za-z0-9_]+")


class MCPConfigError(MCPSetupError):
    """A server entry Zero rejects before starting anything: the run fails with `mcp_error`."""


class MCPCallError(Exception):
    """A request that failed; the message is what Zero's client reports (e.g. `EOF`)."""


@dataclass(frozen=True)
class Server:
    """A configured server after Zero's normalisation."""

    name: str
    type: str  # stdio | http | sse
    command: str = ""
    args: tuple[str, ...] = ()
    env: Mapping[str, str] | None = None
    url: str = ""
    headers: Mapping[str, str] | None = None
    auth: str = ""
    identity: str = ""
    unconfigured_default: bool = False


def _trimmed_list(values: Sequence[str] | None) -> tuple[str, ...] | None:
    if values is None:
        return None
    return tuple(value.strip() for value in values if value.strip())


def _clean_map(values: Mapping[str, str] | None) -> dict[str, str] | None:
    if not values:
        return None
    cleaned = {key.strip(): value for key, value in values.items() if key.strip()}
    return cleaned or None


def server_identity(
    type_: str,
    command: str,
    args: Sequence[str] | None,
    env: Mapping[str, str] | None,
    url: str,
    headers: Mapping[str, str] | None,
    auth: str,
    oauth: Mapping[str, Any] | None = None,
) -> str:
    """Zero's server identity: the first 32 hex digits of the SHA-256 of its canonical JSON."""
    canonical = GoStruct(type=type_)
    if command:
        canonical["command"] = command
    if args:
        canonical["args"] = list(args)
    if env:
        canonical["env"] = dict(env)
    if url:
        canonical["url"] = url
    if headers:
        canonical["headers"] = dict(headers)
    if auth:
        canonical["auth"] = auth
    if oauth:
        canonical["oauth"] = GoStruct(
            (key, value)
            for key, value in (
                ("clientID", str(oauth.get("clientID", "")).strip()),
                ("clientSecret", oauth.get("clientSecret", "")),
                ("scopes", [s.strip() for s in oauth.get("scopes") or [] if str(s).strip()]),
                ("authorizationEndpoint", str(oauth.get("authorizationEndpoint", "")).strip()),
                ("tokenEndpoint", str(oauth.get("tokenEndpoint", "")).strip()),
                ("registrationEndpoint", str(oauth.get("registrationEndpoint", "")).strip()),
                ("issuerURL", str(oauth.get("issuerURL", "")).strip()),
            )
            if value
        )
    return hashlib.sha256(marshal(canonical).encode()).hexdigest()[:32]


def _is_unconfigured_default(name: str, raw: MCPServerConfig) -> bool:
    default = DEFAULT_MCP_SERVERS.get(name.strip())
    return default is not None and not raw.configured


def normalize_servers(servers: Mapping[str, MCPServerConfig]) -> list[Server]:
    """Zero's NormalizeConfig: enabled servers by name, validated (MCPConfigError otherwise)."""
    normalized = []
    for name in sorted(servers):
        raw = servers[name]
        if raw.disabled:
            continue
        name = name.strip()
        if not _SERVER_NAME.match(name):
            raise MCPConfigError(
                f"invalid MCP server name {go_quote(name)}. "
                "Use letters, numbers, dots, dashes, or underscores"
            )
        kind = raw.type.strip().lower() or ("http" if raw.url.strip() else "stdio")
        command, url, auth = raw.command.strip(), raw.url.strip(), raw.auth.strip().lower()
        args = _trimmed_list(raw.args)
        env, headers = _clean_map(raw.env), _clean_map(raw.headers)
        if kind == "stdio":
            if not command:
                raise MCPConfigError(f"MCP server {name} requires command for stdio transport")
            if url:
                raise MCPConfigError(f"MCP server {name} url is only supported for http or sse transports")
            if headers:
                raise MCPConfigError(
                    f"MCP server {name} headers are only supported for http or sse transports"
                )
            if auth:
                raise MCPConfigError(f"MCP server {name} auth is only supported for http or sse transports")
        elif kind in ("http", "sse"):
            if not url:
                raise MCPConfigError(f"MCP server {name} requires url for {kind} transport")
            if command or args:
                raise MCPConfigError(
                    f"MCP server {name} command and args are only supported for stdio transport"
                )
            if env:
                raise MCPConfigError(f"MCP server {name} env is only supported for stdio transport")
            parts = urlsplit(url)
            if not parts.netloc:
                raise MCPConfigError(f"MCP server {name} url must be a valid http or https URL")
            if parts.scheme not in ("http", "https"):
                raise MCPConfigError(f"MCP server {name} url must use http or https")
        else:
            raise MCPConfigError(f"MCP server {name} has unsupported type {go_quote(raw.type)}")
        if auth and auth != "oauth":
            raise MCPConfigError(f"MCP server {name} has unsupported auth {go_quote(raw.auth)}")
        normalized.append(
            Server(
                name=name,
                type=kind,
                command=command,
                args=args or (),
                env=env,
                url=url,
                headers=headers,
                auth=auth,
                identity=server_identity(kind, command, args, env, url, headers, auth, raw.oauth),
                unconfigured_default=_is_unconfigured_default(name, raw),
            )
        )
    return normalized


def registry_tool_name(server: str, tool: str) -> str:
    return "mcp_" + _name_part(server, "server") + "_" + (_name_part(tool, "tool"))


def _name_part(value: str, fallback: str) -> str:
    value = value.strip().lower().replace("-", "_")
    value = _UNSAFE_NAME_CHARS.sub("_", value).strip("_")
    if not value:
        return "server"  # Zero's sanitizer answers "server" for an empty part, tool names too
    return value


# Tool definitions -------------------------------------------------------------------------------


def _string(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _strings(value: Any) -> list[str]:
    if not isinstance(value, list):
        return []
    return [text for item in value if (text := _string(item))]


def _first_string(value: Any, fallback: str) -> str:
    if text := _string(value):
        return text
    if isinstance(value, list):
        for item in value:
            if text := _string(item):
                return text
    return fallback


def _integer(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def _property(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Zero's propertyFromMCP, written as its PropertySchema marshals (field order, omitempty)."""
    prop: dict[str, Any] = GoStruct(type=_first_string(raw.get("type"), "string"))
    if description := _string(raw.get("description")):
        prop["description"] = description
    if enum := _strings(raw.get("enum")):
        prop["enum"] = enum
    if raw.get("default") is not None:
        prop["default"] = raw["default"]
    items = raw.get("items")
    if isinstance(items, dict):
        prop["items"] = _property(items)
    if (minimum := _integer(raw.get("minimum"))) is not None:
        prop["minimum"] = minimum
    if (maximum := _integer(raw.get("maximum"))) is not None:
        prop["maximum"] = maximum
    nested = raw.get("properties")
    if isinstance(nested, dict):
        children = {name: _property(child) for name, child in nested.items() if isinstance(child, dict)}
        if children:
            prop["properties"] = children
    if required := _strings(raw.get("required")):
        prop["required"] = required
    return prop


def schema_from_mcp(raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """Zero's SchemaFromMCP: the parameters the model is offered for an MCP tool."""
    raw = raw or {}
    schema: dict[str, Any] = GoStruct(type=_first_string(raw.get("type"), "object"))
    properties = raw.get("properties")
    if isinstance(properties, dict):
        converted = {name: _property(prop) for name, prop in properties.items() if isinstance(prop, dict)}
        if converted:
            schema["properties"] = converted
    if required := _strings(raw.get("required")):
        schema["required"] = required
    additional = raw.get("additionalProperties")
    schema["additionalProperties"] = additional if isinstance(additional, bool) else False
    return schema


def text_content(content: Sequence[Mapping[str, Any]]) -> str:
    return "\n".join(str(item.get("text", "")) for item in content if item.get("type") == "text").strip()


def dropped_content_summary(content: Sequence[Mapping[str, Any]]) -> str:
    """ "1 image/png block", "2 resource blocks, 1 audio/wav block": what the text view drops."""
    counts: dict[str, int] = {}
    for item in content:
        if item.get("type") == "text":
            continue
        label = _string(item.get("mimeType")) or _string(item.get("type")) or "unknown"
        counts[label] = counts.get(label, 0) + 1
    return ", ".join(
        f"{count} {label} block" + ("" if count == 1 else "s") for label, count in counts.items()
    )


def result_output(content: Sequence[Mapping[str, Any]], schema_version: int = 2) -> str:
    """The model's view of a result: its text blocks; Zero 0.8.0 adds a note naming the non-text
    blocks it dropped (the v1-era Zero dropped them silently)."""
    output = text_content(content)
    dropped = dropped_content_summary(content) if schema_version >= 2 else ""
    if dropped:
        also = "also " if output else ""
        note = (
            f"[zero] this server {also}returned {dropped}, which Zero cannot forward yet. "
            "Retrying cannot recover this payload."
        )
        output = (output + "\n\n" + note).strip()
    return output or "(empty MCP tool result)"


# Reading a stdio server's messages ----------------------------------------------------------------

#: Zero's cap on one MCP message (its stdio reader's maxMessageBytes).
MAX_MESSAGE_BYTES = 64 * 1024 * 1024


class MCPReadError(Exception):
    """The server's output stream cannot be read further; the message is Zero's for it."""


class MessageReader:
    """Zero's stdio framing: one JSON message per line (blank lines skipped); a line that does not
    start a JSON value opens an LSP-style header block (`Content-Length: N`, a blank line, N bytes
    of body). So a server that prints a stray log line on stdout is read as a header block, and
    the reader waits for its end: the connect times out, as with Zero."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def _line(self) -> bytes:
        line: bytes = self._stream.readline(MAX_MESSAGE_BYTES + 1)
        if len(line) > MAX_MESSAGE_BYTES:
            raise MCPReadError(f"MCP message exceeds {MAX_MESSAGE_BYTES}-byte limit")
        return line

    def read(self) -> dict[str, Any]:
        while True:
            line = self._line()
            if not line.endswith(b"\n"):  # EOF; a last message without its newline still counts
                trimmed = line.strip()
                if trimmed[:1] in (b"{", b"["):
                    return _decode_message(trimmed)
                raise MCPReadError("EOF")
            trimmed = line.strip()
            if not trimmed:
                continue
            if trimmed[:1] in (b"{", b"["):
                return _decode_message(trimmed)
            return self._header_framed(line.rstrip(b"\r\n"))

    def _header_framed(self, first: bytes) -> dict[str, Any]:
        length = 0
        line = first
        while True:
            name, colon, value = line.partition(b":")
            if colon and name.strip().lower() == b"content-length":
                text = value.strip().decode("utf-8", "replace")
                # Go's strconv.Atoi: an optional sign, digits, within int64.
                parsed = int(text) if re.fullmatch(r"[+-]?[0-9]{1,18}", text) else 0
                if parsed <= 0:
                    quoted = go_quote(value.decode("utf-8", "replace"))
                    raise MCPReadError(f"invalid MCP content length {quoted}")
                if parsed > MAX_MESSAGE_BYTES:
                    raise MCPReadError(f"MCP content length {parsed} exceeds {MAX_MESSAGE_BYTES}-byte limit")
                length = parsed
            following = self._line()
            if not following.endswith(b"\n"):
                raise MCPReadError("EOF")
            if following.rstrip(b"\r\n") == b"":
                break
            line = following.rstrip(b"\r\n")
        if length <= 0:
            raise MCPReadError("missing MCP content length")
        body = self._stream.read(length)
        if len(body) < length:
            raise MCPReadError("unexpected EOF" if body else "EOF")
        return _decode_message(body)


def _decode_message(body: bytes) -> dict[str, Any]:
    try:
        value = check_document(body.decode("utf-8", "replace"))
    except GoJSONError as exc:
        raise MCPReadError(f"invalid MCP JSON-RPC message: {exc}") from None
    if not isinstance(value, dict):
        raise MCPReadError(
            f"invalid MCP JSON-RPC message: json: cannot unmarshal {go_kind(value)} "
            "into Go value of type mcp.rpcMessage"
        )
    return value


# The stdio client -------------------------------------------------------------------------------


class StdioClient:
    """One stdio server process and the JSON-RPC requests in flight to it."""

    def __init__(self, server: Server, launch: Launch, cwd: str) -> None:
        self.server = server
        # The sandbox's guard watches the server for as long as it runs (left at close()).
        self._launch = launch
        try:
            self.process = subprocess.Popen(
                launch.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=launch.env,
                cwd=cwd,
                start_new_session=True,  # its own process group: killed whole at the end of the run
                pass_fds=launch.pass_fds,
            )
        except BaseException:
            launch.__exit__(None, None, None)
            raise
        launch.started(self.process.pid)
        self._write_lock = threading.Lock()
        self._state = threading.Condition()
        self._next_id = 1
        self._responses: dict[int, dict[str, Any]] = {}
        self._read_error: str | None = None
        self._stderr = bytearray()
        self._closed = False
        self._readers = (
            threading.Thread(target=self._read_loop, daemon=True),
            threading.Thread(target=self._drain_stderr, daemon=True),
        )
        for reader in self._readers:
            reader.start()

    # reading ----------------------------------------------------------------------------------

    def _read_loop(self) -> None:
        assert self.process.stdout is not None
        reader = MessageReader(self.process.stdout)
        error = "EOF"
        try:
            while True:
                message = reader.read()
                ident = _message_id(message.get("id"))
                if ident is None:
                    continue  # a notification or a request from the server
                with self._state:
                    self._responses[ident] = message
                    self._state.notify_all()
        except MCPReadError as exc:
            error = str(exc)
        except (OSError, ValueError):
            error = "EOF"
        with self._state:
            self._read_error = error
            self._state.notify_all()

    def _drain_stderr(self) -> None:
        stream = self.process.stderr
        assert stream is not None
        try:
            for chunk in iter(lambda: stream.read(4096), b""):
                room = MAX_STDERR - len(self._stderr)
                if room > 0:
                    self._stderr += chunk[:room]
        except (OSError, ValueError):
            pass  # the pipe went away with the server (or was closed at the end of the run)

    def stderr_text(self) -> str:
        return self._stderr.decode("utf-8", "replace").strip()

    # requests ---------------------------------------------------------------------------------

    def _write(self, message: Mapping[str, Any]) -> None:
        # Go's encoding: a model's numbers went through float64 (1e20 is 100000000000000000000).
        body = marshal({"jsonrpc": "2.0", **message}) + "\n"
        assert self.process.stdin is not None
        with self._write_lock:
            try:
                self.process.stdin.write(body.encode())
                self.process.stdin.flush()
            except (OSError, ValueError) as exc:
                raise MCPCallError(f"write |1: {getattr(exc, 'strerror', None) or 'broken pipe'}") from None

    def request(self, method: str, params: Mapping[str, Any], timeout: float | None = None) -> dict[str, Any]:
        with self._state:
            if self._read_error is not None:
                raise MCPCallError(self._read_error)
            ident = self._next_id
            self._next_id += 1
        self._write({"id": ident, "method": method, "params": dict(params)})
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._state:
            while ident not in self._responses:
                if self._read_error is not None:
                    raise MCPCallError(self._read_error)
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    raise MCPCallError("context deadline exceeded")
                self._state.wait(remaining)
            message = self._responses.pop(ident)
        error = message.get("error")
        if isinstance(error, dict):
            raise MCPCallError(f"MCP {method} failed: {error.get('message', '')}")
        result = message.get("result")
        return result if isinstance(result, dict) else {}

    def initialize(self) -> None:
        self.request(
            "initialize",
            {
                "protocolVersion": PROTOCOL_VERSION,
                "capabilities": {},
                "clientInfo": {"name": "zero", "version": "dev"},
            },
            timeout=INITIALIZE_TIMEOUT,
        )
        self._write({"method": "notifications/initialized", "params": {}})

    def list_tools(self, timeout: float | None) -> list[dict[str, Any]]:
        tools = self.request("tools/list", {}, timeout).get("tools")
        return [tool for tool in tools if isinstance(tool, dict)] if isinstance(tools, list) else []

    def call_tool(self, name: str, arguments: Mapping[str, Any]) -> dict[str, Any]:
        return self.request("tools/call", {"name": name, "arguments": dict(arguments)})

    def close(self) -> str:
        """Stop the server; the problem Zero reports for it ("exit status 3"), or ""."""
        if self._closed:
            return ""
        self._closed = True
        with self._state:
            if self._read_error is None:
                self._read_error = "MCP client closed"
            self._state.notify_all()
        problem = ""
        try:
            if self.process.stdin is not None:
                self.process.stdin.close()
        except OSError:
            pass
        try:
            code = self.process.wait(CLOSE_WAIT)
            if code > 0:
                problem = f"exit status {code}"
            elif code < 0:
                problem = f"signal: {_signal_name(-code)}"
        except subprocess.TimeoutExpired:
            pass  # killed below: Zero reports nothing for a server it had to kill
        _kill_group(self.process, self._readers)
        self._launch.__exit__(None, None, None)
        return problem


_SIGNAL_NAMES = {
    int(signal.SIGKILL): "killed",
    int(signal.SIGTERM): "terminated",
    int(signal.SIGSEGV): "segmentation fault",
}


def _signal_name(number: int) -> str:
    """Go's name for the signal a process died of (os.ProcessState.String)."""
    return _SIGNAL_NAMES.get(number, f"signal {number}")


def _kill_group(process: subprocess.Popen[bytes], readers: Sequence[threading.Thread] = ()) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(5)
    # The readers see EOF once the group is dead; closing a pipe under a reader still blocked in
    # it (a grandchild of another group holding it) would fail that read, which they tolerate.
    for reader in readers:
        reader.join(1)
    for stream in (process.stdout, process.stderr):
        try:
            if stream is not None:
                stream.close()
        except OSError:
            pass


def _message_id(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value)
    if isinstance(value, str) and value.lstrip("-").isdigit():
        return int(value)
    return None


# http and sse servers, through the MCP SDK ---------------------------------------------------------


class NetworkClient:
    """An `http` (streamable HTTP) or `sse` server through the official MCP Python SDK, run on a
    private event loop thread. Imported only when such a server is configured."""

    def __init__(self, server: Server) -> None:
        import asyncio

        self.server = server
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._session: Any = None
        self._stack: Any = None

    def _run(self, coroutine: Any, timeout: float | None) -> Any:
        import asyncio

        future = asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        try:
            return future.result(timeout)
        except TimeoutError:
            future.cancel()
            raise MCPCallError("context deadline exceeded") from None
        except MCPCallError:
            raise
        except Exception as exc:  # the SDK's transport and protocol errors
            raise MCPCallError(_sdk_error(exc)) from None

    async def _connect(self) -> None:
        from contextlib import AsyncExitStack

        from mcp.client.session import ClientSession

        self._stack = AsyncExitStack()
        headers = dict(self.server.headers or {})
        if self.server.type == "sse":
            from mcp.client.sse import sse_client

            read, write = await self._stack.enter_async_context(sse_client(self.server.url, headers=headers))
        else:
            from mcp.client.streamable_http import streamable_http_client
            from mcp.shared._httpx_utils import create_mcp_http_client

            http = await self._stack.enter_async_context(create_mcp_http_client(headers=headers))
            streams = await self._stack.enter_async_context(
                streamable_http_client(self.server.url, http_client=http)
            )
            read, write = streams[0], streams[1]
        self._session = await self._stack.enter_async_context(ClientSession(read, write))
        await self._session.initialize()

    def initialize(self) -> None:
        self._run(self._connect(), INITIALIZE_TIMEOUT)

    def list_tools(self, timeout: float | None) -> list[dict[str, Any]]:
        async def listing() -> list[dict[str, Any]]:
            result = await self._session.list_tools()
            return [tool.model_dump(by_alias=True, exclude_none=True) for tool in result.tools]

        listed: list[dict[str, Any]] = self._run(listing(), timeout)
        return listed

    def call_tool(self, name: str, arguments: Mapping[str, Any]) -> dict[str, Any]:
        async def call() -> dict[str, Any]:
            result = await self._session.call_tool(name, dict(arguments))
            dumped: dict[str, Any] = result.model_dump(by_alias=True, exclude_none=True)
            return dumped

        called: dict[str, Any] = self._run(call(), None)
        return called

    def close(self) -> str:
        async def shutdown() -> None:
            if self._stack is not None:
                await self._stack.aclose()

        with contextlib.suppress(MCPCallError):
            self._run(shutdown(), 5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
        return ""


def _sdk_error(exc: BaseException) -> str:
    if isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        return _sdk_error(exc.exceptions[0])
    return str(exc) or type(exc).__name__


# The run's servers --------------------------------------------------------------------------------


Client = StdioClient | NetworkClient


@dataclass
class MCPRuntime:
    """The connected servers of one run and the tools they registered."""

    tools: list[Tool]
    clients: list[Client]
    skipped: list[tuple[str, str]]  # (server, why): Zero's exec mode reports nothing about these

    def close(self) -> list[str]:
        """Close every server (in parallel: each may take CLOSE_WAIT); Zero's stderr lines."""
        problems: list[str] = [""] * len(self.clients)

        def close_one(index: int) -> None:
            problems[index] = self.clients[index].close()

        threads = [threading.Thread(target=close_one, args=(index,)) for index in range(len(self.clients))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.clients = []
        return [f"[zero] mcp_close_error: {problem}\n" for problem in problems if problem]


def _launch(
    server: Server, processes: ToolProcesses, workspace: str, block_unix_sockets: bool
) -> StdioClient:
    """Start a stdio server as Zero starts it (config_processes)."""
    started = launch_process(
        processes,
        [server.command, *server.args],
        workspace,
        server.env,
        block_unix_sockets=block_unix_sockets,
    )
    return StdioClient(server, started, workspace)


def _start(
    server: Server, processes: ToolProcesses, workspace: str, block_unix_sockets: bool
) -> Client | str:
    """The server's client (a stdio server's process started), or why it could not start.

    Called on the main thread: bwrap's --die-with-parent ties the server to the thread that
    started it, so a process started from a short-lived thread would die with that thread."""
    if server.type != "stdio":
        import importlib.util

        if importlib.util.find_spec("mcp") is None:
            # Zero skips a server it cannot reach without a word; an engine installed without
            # the MCP SDK says why (stderr only: the stream stays Zero's).
            note = (
                f"zero-engine: MCP server {server.name} ({server.type}) needs the MCP SDK: "
                "pip install 'zero-headless-sdk[tools]'\n"
            )
            os.write(2, note.encode())
            return f"start MCP server {server.name}: the MCP SDK is not installed"
        return NetworkClient(server)
    try:
        return _launch(server, processes, workspace, block_unix_sockets)
    except ToolFailure as exc:
        return f"start MCP server {server.name}: {exc}"
    except OSError as exc:
        return f"start MCP server {server.name}: {exc.strerror or exc}"


def _handshake(client: Client) -> list[dict[str, Any]]:
    try:
        client.initialize()
        return client.list_tools(CONNECT_TIMEOUT)
    except MCPCallError as exc:
        if isinstance(client, StdioClient) and (stderr := client.stderr_text()):
            raise MCPCallError(f"initialize MCP server {client.server.name}: {exc}: {stderr}") from None
        raise


def connect_timeout(environ: Mapping[str, str]) -> float:
    raw = environ.get(CONNECT_TIMEOUT_ENV, "").strip()
    try:
        value = float(raw)
    except ValueError:
        return CONNECT_TIMEOUT
    return value if value > 0 else CONNECT_TIMEOUT


def connect_servers(
    servers: Sequence[Server],
    processes: ToolProcesses,
    workspace: str,
    *,
    block_unix_sockets: bool = False,
    grants: PermissionGrants | None = None,
) -> MCPRuntime:
    """Connect every server at once (each within CONNECT_TIMEOUT), then register their tools in
    server order: a server that fails, times out or whose tools clash is skipped whole.
    `block_unix_sockets`: the configuration's sandbox.blockUnixSockets (config_processes.launch).
    `grants`: the persistent approvals of mcp-permissions.json, for the run's autonomy."""
    timeout = connect_timeout(processes.environ)
    results: list[tuple[Client, list[dict[str, Any]]] | str] = ["connect timed out after 8s"] * len(servers)
    # An offline engine never reaches Zero's built-in defaults: they are not even started.
    started = {
        index: _start(server, processes, workspace, block_unix_sockets)
        for index, server in enumerate(servers)
        if not server.unconfigured_default
    }
    done: set[int] = set()
    lock = threading.Lock()

    def connect(index: int, client: Client) -> None:
        try:
            outcome: tuple[Client, list[dict[str, Any]]] | str = (client, _handshake(client))
        except MCPCallError as exc:
            outcome = str(exc)
        with lock:
            results[index] = outcome
            done.add(index)

    threads = []
    for index, client in started.items():
        if isinstance(client, str):
            results[index] = client
            continue
        thread = threading.Thread(target=connect, args=(index, client), daemon=True)
        thread.start()
        threads.append(thread)
    deadline = time.monotonic() + timeout
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    with lock:  # a server still connecting is abandoned, as Zero abandons it at its timeout
        for index, client in started.items():
            if not isinstance(client, str) and (index not in done or isinstance(results[index], str)):
                results[index] = results[index] if index in done else "connect timed out after 8s"
                client.close()
                done.add(index)
    runtime = MCPRuntime([], [], [])
    taken: set[str] = set()
    for server, outcome in zip(servers, results, strict=True):
        if server.unconfigured_default:
            runtime.skipped.append((server.name, "not reachable offline"))
            continue
        if isinstance(outcome, str):
            runtime.skipped.append((server.name, outcome))
            continue
        client, remote = outcome
        tools, problem = _server_tools(server, client, remote, taken, grants)
        if problem:
            client.close()
            runtime.skipped.append((server.name, problem))
            continue
        runtime.clients.append(client)
        runtime.tools.extend(tools)
        taken.update(tool.spec.name for tool in tools)
    return runtime


def _server_tools(
    server: Server,
    client: Client,
    remote: list[dict[str, Any]],
    taken: set[str],
    grants: PermissionGrants | None,
) -> tuple[list[Tool], str]:
    tools: list[Tool] = []
    local: set[str] = set()
    for item in remote:
        tool_name = _string(item.get("name"))
        if not tool_name:
            return [], f"MCP server {server.name} returned a tool without a name"
        name = registry_tool_name(server.name, tool_name)
        if name in taken:
            return [], f"MCP tool {tool_name} from {server.name} conflicts with another MCP tool named {name}"
        if name in local:
            return (
                [],
                f"MCP tool {tool_name} from {server.name} conflicts with another tool from the same server",
            )
        local.add(name)
        approved = grants is not None and grants.approves(server.name, server.identity, tool_name)
        tools.append(_tool(server, client, tool_name, item, approved))
    return tools, ""


def _tool(server: Server, client: Client, tool_name: str, item: Mapping[str, Any], approved: bool) -> Tool:
    """One MCP tool: it prompts, unless mcp-permissions.json approves it for the run's autonomy."""
    raw_description = item.get("description")
    description = raw_description if isinstance(raw_description, str) else ""
    spec = ToolSpec(
        name=registry_tool_name(server.name, tool_name),
        description=(description.strip() and description) or f"Call MCP tool {server.name}/{tool_name}",
        side_effect="network",
        permission="allow" if approved else "prompt",
        parameters=schema_from_mcp(
            item.get("inputSchema") if isinstance(item.get("inputSchema"), dict) else None
        ),
        advertised_in_auto=False,
        deferrable=True,
        deferred_source=server.name,
        safety_reason=f"MCP tool {server.name}/{tool_name} runs through the configured {server.type} server.",
    )
    meta = {"mcp.server": server.name, "mcp.tool": tool_name, "mcp.identity": server.identity}

    def run(context: ToolContext, args: Args) -> ToolOutput:
        try:
            result = client.call_tool(tool_name, args.values)
        except MCPCallError as exc:
            return ToolOutput(
                f"Error: MCP tool {server.name}/{tool_name} failed: {exc}", status="error", meta=dict(meta)
            )
        except RunCancelled:
            # As Zero: the call fails with the cancelled context's error, the result is reported,
            # and then the run ends as interrupted (the loop raises the cancellation again).
            defer()
            return ToolOutput(
                f"Error: MCP tool {server.name}/{tool_name} failed: context canceled",
                status="error",
                meta=dict(meta),
            )
        content = result.get("content")
        blocks = [block for block in content if isinstance(block, dict)] if isinstance(content, list) else []
        status = "error" if result.get("isError") is True else "ok"
        return ToolOutput(result_output(blocks, context.schema_version), status=status, meta=dict(meta))

    return Tool(spec=spec, run=run)


def start_mcp(
    servers: Mapping[str, MCPServerConfig],
    environ: Mapping[str, str],
    workspace: str,
    schema_version: int,
    write_roots: Sequence[str],
    temp_roots: Sequence[str] = (),
    on_close: Callable[[str], None] | None = None,
    *,
    block_unix_sockets: bool = False,
    grants: PermissionGrants | None = None,
) -> MCPRuntime:
    """Normalise the configured servers (MCPConfigError) and connect them (see connect_servers
    for `block_unix_sockets` and `grants`)."""
    normalized = normalize_servers(servers)
    if not any(not server.unconfigured_default for server in normalized):
        return MCPRuntime([], [], [(s.name, "not reachable offline") for s in normalized])
    processes = ToolProcesses(environ, schema_version, tuple(write_roots), tuple(temp_roots))
    return connect_servers(
        normalized, processes, workspace, block_unix_sockets=block_unix_sockets, grants=grants
    )
