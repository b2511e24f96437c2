"""The persistent MCP approvals of `mcp-permissions.json`, read as Zero 0.8.0 reads them.

`zero mcp approve <server> [--tool T] [--max-autonomy A]` records a grant there, tied to the
server's identity (mcp_client.server_identity: a hash of its type, command, args, env, url,
headers, auth and oauth, so an edited entry is no longer approved). A tool of an approved server
gets the `allow` permission instead of `prompt` when the run's autonomy does not exceed the grant's
`maxAutonomy`; the permission policy then allows it in every mode with the tool's own reason.

Where: `$ZERO_MCP_PERMISSIONS_PATH` (a relative path is taken from the current directory), else
`<user config dir>/zero/mcp-permissions.json` ($XDG_CONFIG_HOME, else $HOME/.config). A missing
file approves nothing; so does a file Zero cannot read or refuses (bad JSON, a type mismatch, a
schemaVersion other than 1, an invalid server name, a grant without serverIdentity or approvedAt,
an unknown autonomy): Zero's check reports the error to a caller that ignores it.

    {"schemaVersion": 1,
     "servers": {"<server>": {"serverIdentity": "<32 hex>", "maxAutonomy": "low", "approvedAt": "..."}},
     "tools": {"<server>": {"<tool>": {...the same grant...}}}}
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

PATH_ENV = "ZERO_MCP_PERMISSIONS_PATH"
_AUTONOMY_RANK = {"low": 0, "medium": 1, "high": 2}
_SERVER_NAME = re.compile(r"[A-Za-z0-9._-]+")


class _Refused(ValueError):
    """A file Zero's decoder or validation refuses: it approves nothing."""


@dataclass(frozen=True)
class _Grant:
    identity: str
    max_autonomy: str

    def allows(self, identity: str, autonomy: str) -> bool:
        return self.identity == identity and _AUTONOMY_RANK[autonomy] <= _AUTONOMY_RANK[self.max_autonomy]


@dataclass
class PermissionGrants:
    """The grants of one run's mcp-permissions.json, and the autonomy the run asks for."""

    autonomy: str = "low"  # run_autonomy(): low | medium | high
    servers: dict[str, _Grant] = field(default_factory=dict)
    tools: dict[str, dict[str, _Grant]] = field(default_factory=dict)

    def approves(self, server_name: str, identity: str, tool_name: str) -> bool:
        """Zero's IsToolPersistentlyApproved: a grant for the tool, else for its whole server."""
        if not _SERVER_NAME.fullmatch(server_name.strip()) or not tool_name.strip():
            return False
        tool_grant = self.tools.get(server_name, {}).get(tool_name)
        if tool_grant is not None and tool_grant.allows(identity, self.autonomy):
            return True
        server_grant = self.servers.get(server_name)
        return server_grant is not None and server_grant.allows(identity, self.autonomy)


def run_autonomy(autonomy: str, skip_permissions_unsafe: bool) -> str:
    """The autonomy a run asks of a grant (Zero's execMCPAutonomy): high with
    --skip-permissions-unsafe or --auto high, medium with --auto medium, else low."""
    level = autonomy.strip().lower()
    if skip_permissions_unsafe or level == "high":
        return "high"
    return "medium" if level == "medium" else "low"


def permissions_path(env: Mapping[str, str]) -> str | None:
    """Where Zero looks for the file (ResolvePermissionPath), or None when it cannot tell."""
    override = env.get(PATH_ENV, "").strip()
    if override:
        return os.path.abspath(override)
    config_home = env.get("XDG_CONFIG_HOME", "").strip()
    if not config_home:
        home = env.get("HOME", "").strip() or env.get("USERPROFILE", "").strip()
        if not home:
            return None
        config_home = os.path.join(home, ".config")
    return os.path.join(os.path.abspath(config_home), "zero", "mcp-permissions.json")


def load_grants(env: Mapping[str, str], autonomy: str) -> PermissionGrants:
    """The run's grants; none when the file is missing, unreadable or refused."""
    path = permissions_path(env)
    grants = PermissionGrants(autonomy)
    if path is None:
        return grants
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return grants
    try:
        servers, tools = _decode(data)
    except _Refused:
        return grants
    grants.servers, grants.tools = servers, tools
    return grants


class _Object(list[tuple[str, Any]]):
    """A JSON object with its keys in order: Go matches struct fields without regard to case
    and lets a later duplicate key win."""

    def field(self, name: str) -> Any:
        value = None
        for key, item in self:
            if key.lower() == name.lower():
                value = item
        return value

    def as_map(self) -> dict[str, Any]:
        return dict(self)  # map keys are exact; a later duplicate wins


def _decode(data: bytes) -> tuple[dict[str, _Grant], dict[str, dict[str, _Grant]]]:
    try:
        document = json.loads(data.decode("utf-8"), object_pairs_hook=_Object)
    except (UnicodeDecodeError, ValueError):
        raise _Refused from None
    if not isinstance(document, _Object):
        raise _Refused
    version = document.field("schemaVersion")
    if isinstance(version, bool) or not isinstance(version, int) or version != 1:
        raise _Refused
    servers: dict[str, _Grant] = {}
    for name, raw in _map(document.field("servers")).items():
        _check_server_name(name)
        servers[name] = _grant(raw)
    tools: dict[str, dict[str, _Grant]] = {}
    for name, raw_tools in _map(document.field("tools")).items():
        _check_server_name(name)
        tools[name] = {}
        for tool_name, raw in _map(raw_tools).items():
            if not tool_name.strip():
                raise _Refused
            tools[name][tool_name] = _grant(raw)
    return servers, tools


def _map(value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, _Object):
        raise _Refused
    return value.as_map()


def _check_server_name(name: str) -> None:
    if not _SERVER_NAME.fullmatch(name.strip()):
        raise _Refused


def _grant(raw: Any) -> _Grant:
    if raw is not None and not isinstance(raw, _Object):
        raise _Refused
    fields = raw if raw is not None else _Object()
    identity, autonomy, approved = (
        _string(fields.field(key)) for key in ("serverIdentity", "maxAutonomy", "approvedAt")
    )
    autonomy = autonomy.strip().lower()
    if not identity.strip() or not approved.strip() or autonomy not in _AUTONOMY_RANK:
        raise _Refused
    return _Grant(identity.strip(), autonomy)


def _string(value: Any) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise _Refused
    return value
