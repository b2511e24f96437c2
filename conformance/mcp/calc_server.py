"""A small MCP server (stdio) for the configuration scenarios: real Zero and zero-engine both start it.

Tools: add (returns the sum as text), fail (an isError result), picture (an image block, non-text
content), getenv (one variable of the server's environment), crash (the server process dies in
the middle of the call).
"""

from __future__ import annotations

import os
import sys

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ImageContent, TextContent

server = MCPServer("calc", log_level="CRITICAL")


@server.tool(description="Add two integers.")
def add(a: int, b: int) -> str:
    return str(a + b)


@server.tool(description="Always fails.")
def fail(reason: str = "no reason") -> str:
    raise ToolError(f"calc failed: {reason}")


@server.tool(description="Returns a 1x1 PNG image and a caption.")
def picture() -> list[TextContent | ImageContent]:
    png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
    return [
        TextContent(type="text", text="a dot"),
        ImageContent(type="image", data=png, mimeType="image/png"),
    ]


@server.tool(description="Returns the value of one environment variable of the server.")
def getenv(name: str) -> str:
    return os.environ.get(name, "(unset)")


@server.tool(description="Exits the server process in the middle of the call.")
def crash() -> str:
    sys.stdout.flush()
    os._exit(3)


if __name__ == "__main__":
    # `calc_server.py` serves stdio; `calc_server.py http PORT` / `sse PORT` serve on 127.0.0.1
    # (streamable HTTP at /mcp, SSE at /sse), for the engine's http and sse client tests.
    if len(sys.argv) == 3 and sys.argv[1] in ("http", "sse"):
        if sys.argv[1] == "http":
            server.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]))
        else:
            server.run("sse", host="127.0.0.1", port=int(sys.argv[2]))
    else:
        server.run("stdio")
