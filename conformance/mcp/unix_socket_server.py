"""A small MCP server (stdio) for the sandbox scenarios: can a configured MCP server open a unix socket?

Tool: unix_socket (listens on a unix socket in a temporary directory of its own, connects to it
and says whether that worked). Zero 0.8.0 refuses socket(AF_UNIX) to the processes its configuration
starts only when `sandbox.blockUnixSockets` is set.
"""

from __future__ import annotations

import os
import socket
import tempfile

from mcp.server.mcpserver import MCPServer

server = MCPServer("probe", log_level="CRITICAL")


def probe_unix_socket() -> str:
    """Listen on a unix socket in a temp dir of its own and connect to it (a relative address:
    the temp dir's path may be longer than a socket address allows)."""
    home = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="unix-probe-") as folder:
        os.chdir(folder)
        try:
            with socket.socket(socket.AF_UNIX) as listener, socket.socket(socket.AF_UNIX) as client:
                listener.bind("probe.sock")
                listener.listen()
                client.connect("probe.sock")
        except OSError as error:
            return f"unix socket refused: errno {error.errno}"
        finally:
            os.chdir(home)
    return "unix socket connected"


@server.tool(description="Tries to listen on a unix socket and connect to it.")
def unix_socket() -> str:
    return probe_unix_socket()


if __name__ == "__main__":
    server.run("stdio")
