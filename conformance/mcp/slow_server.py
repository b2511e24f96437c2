"""An MCP server (stdio) whose one tool never answers in time: for the scenarios that interrupt a
run (SIGINT, SIGTERM) while an MCP call is in flight. Real Zero and zero-engine both start it.

Tools: slow (sleeps for `seconds`, default 60, then returns "done").
"""

from __future__ import annotations

import time

from mcp.server.mcpserver import MCPServer

server = MCPServer("sdk", log_level="CRITICAL")


@server.tool(description="Sleeps, then answers.")
def slow(seconds: float = 60) -> str:
    time.sleep(seconds)
    return "done"


if __name__ == "__main__":
    server.run("stdio")
