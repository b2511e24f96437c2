"""A small MCP server (stdio) for the configuration scenarios: real Zero and zero-engine both start it.

Tools: add (returns the sum as text), fail (an isError result), picture (an image block, non-text
content), echo_env (which environment variables the server was given, by name only), crash (the
server process dies in the middle of the call).
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


@server.tool(description="Lists the names of the environment variables the server sees.")
def echo_env() -> str:
    return ",".join(sorted(name for name in os.environ if not name.startswith("LC_")))


@server.tool(description="Exits the server process in the middle of the call.")
def crash() -> str:
    sys.stdout.flush()
    os._exit(3)


if __name__ == "__main__":
    server.run("stdio")
