"""How zero-engine reads mcp-permissions.json (engine/zero_engine/mcp_permissions.py), rule by rule
from Zero 0.8.0's internal/mcp/permissions.go. The goldens (`mcp_stdio_add_grant*`) show the
whole run with a grant against the real Zero; this table covers the file's refusals, which a
golden shows only as "nothing approved"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from zero_engine.mcp_permissions import load_grants, permissions_path, run_autonomy

IDENTITY = "0123456789abcdef0123456789abcdef"
OTHER = "fedcba9876543210fedcba9876543210"


def _grant(identity: Any = IDENTITY, autonomy: Any = "low", approved: Any = "2026-01-01T00:00:00Z") -> Any:
    return {"serverIdentity": identity, "maxAutonomy": autonomy, "approvedAt": approved}


def _file(servers: Any = None, tools: Any = None, version: Any = 1) -> str:
    return json.dumps({"schemaVersion": version, "servers": servers or {}, "tools": tools or {}})


# (what, file text, run autonomy, approved?) for tool "add" of server "calc" with IDENTITY.
CASES: list[tuple[str, str | None, str, bool]] = [
    ("no file", None, "low", False),
    ("a server grant", _file({"calc": _grant()}), "low", True),
    ("a tool grant", _file(tools={"calc": {"add": _grant()}}), "low", True),
    ("a grant of another tool", _file(tools={"calc": {"fail": _grant()}}), "low", False),
    ("a grant of another server", _file({"calc2": _grant()}), "low", False),
    ("a stale identity", _file({"calc": _grant(OTHER)}), "low", False),
    (
        "a stale tool grant, a current server grant",
        _file({"calc": _grant()}, {"calc": {"add": _grant(OTHER)}}),
        "low",
        True,
    ),
    ("the run asks more than the grant", _file({"calc": _grant(autonomy="medium")}), "high", False),
    ("the run asks what the grant allows", _file({"calc": _grant(autonomy="medium")}), "medium", True),
    ("autonomy compared without case or spaces", _file({"calc": _grant(autonomy=" HIGH ")}), "high", True),
    (
        "field names without regard to case",
        json.dumps(
            {
                "SchemaVersion": 1,
                "SERVERS": {"calc": {"serveridentity": IDENTITY, "maxautonomy": "low", "APPROVEDAT": "x"}},
            }
        ),
        "low",
        True,
    ),
    ("schemaVersion 2", _file({"calc": _grant()}, version=2), "low", False),
    (
        "schemaVersion 1.0 (not an integer for Go)",
        _file({"calc": _grant()}).replace('"schemaVersion": 1', '"schemaVersion": 1.0'),
        "low",
        False,
    ),
    ("no schemaVersion", json.dumps({"servers": {"calc": _grant()}}), "low", False),
    ("not JSON", "{", "low", False),
    ("an array", "[]", "low", False),
    ("an unknown autonomy", _file({"calc": _grant(autonomy="max")}), "low", False),
    ("an empty autonomy", _file({"calc": _grant(autonomy="")}), "low", False),
    ("no approvedAt", _file({"calc": _grant(approved="  ")}), "low", False),
    ("a number for an identity", _file({"calc": _grant(identity=7)}), "low", False),
    (
        "an invalid server name elsewhere in the file",
        _file({"calc": _grant(), "bad name": _grant()}),
        "low",
        False,
    ),
    (
        "an empty tool name elsewhere in the file",
        _file({"calc": _grant()}, {"calc": {" ": _grant()}}),
        "low",
        False,
    ),
    ("a null grant", _file({"calc": None}), "low", False),
    (
        "null servers and tools",
        json.dumps({"schemaVersion": 1, "servers": None, "tools": None}),
        "low",
        False,
    ),
]


def test_grants_approve_as_zero_reads_them(tmp_path: Path) -> None:
    mismatches = []
    for index, (what, text, autonomy, expected) in enumerate(CASES):
        path = tmp_path / f"case{index}.json"
        if text is not None:
            path.write_text(text)
        grants = load_grants({"ZERO_MCP_PERMISSIONS_PATH": str(path)}, autonomy)
        if grants.approves("calc", IDENTITY, "add") != expected:
            mismatches.append(f"{what}: expected approved={expected}")
    assert not mismatches, "\n".join(mismatches)


def test_where_the_file_is_and_what_a_run_asks(tmp_path: Path) -> None:
    home, xdg = str(tmp_path / "home"), str(tmp_path / "xdg")
    assert permissions_path({"HOME": home}) == f"{home}/.config/zero/mcp-permissions.json"
    assert permissions_path({"HOME": home, "XDG_CONFIG_HOME": xdg}) == f"{xdg}/zero/mcp-permissions.json"
    assert permissions_path({"ZERO_MCP_PERMISSIONS_PATH": " /x/p.json ", "HOME": home}) == "/x/p.json"
    assert permissions_path({}) is None
    assert [
        run_autonomy(a, unsafe)
        for a, unsafe in [("low", False), ("Medium", False), (" high", False), ("low", True)]
    ] == [
        "low",
        "medium",
        "high",
        "high",
    ]
