"""The MCP and configuration details issue 47 matched to Zero, checked below the goldens.

The goldens (conformance/goldens/v2: mcp_stdout_noise, mcp_call_interrupted*, config_mcp_*_type,
config_defer_threshold_*, config_provider_openai_custom_base, mcp_thirdparty_*) show each against
real Zero end to end; these tests pin the pieces: Zero's stdio framing, the deferred-tool catalog
in tool_search's description, tools.deferThreshold, Go's unmarshal errors for the config file,
Go's writing of invalid UTF-8, and the refused openai-kind profile.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from zero_engine.config import load_config
from zero_engine.events import json_line
from zero_engine.extensions import load_extensions
from zero_engine.gojson import marshal, to_raw_bytes, to_utf8, unmarshal
from zero_engine.mcp_client import MCPReadError, MessageReader
from zero_engine.tools.base import ToolSpec
from zero_engine.tools.extra_tools import LOCAL_TOOLS
from zero_engine.tools.gojson_errors import unmarshal_object
from zero_engine.tools.interaction import additional_permissions_problem
from zero_engine.tools.registry import ToolRegistry
from zero_engine.tools.toolkit import Tool, ToolOutput, object_schema

# --- Zero's stdio framing ---------------------------------------------------------------------


def _reader(data: bytes) -> MessageReader:
    return MessageReader(io.BufferedReader(io.BytesIO(data)))


def test_json_lines_blank_lines_and_a_last_line_without_newline() -> None:
    reader = _reader(b'{"id":1}\n\n  \r\n[{"id":2}]\n{"id":3}')
    assert reader.read() == {"id": 1}
    with pytest.raises(MCPReadError, match=r"cannot unmarshal array into Go value of type mcp\.rpcMessage"):
        reader.read()
    assert _reader(b'{"id":3}').read() == {"id": 3}


def test_a_content_length_block_is_read_as_zero_reads_it() -> None:
    body = b'{"id":7,"result":{}}'
    reader = _reader(b"Content-Length: %d\r\nX-Other: y\r\n\r\n%s\n" % (len(body), body))
    assert reader.read() == {"id": 7, "result": {}}


@pytest.mark.parametrize(
    ("data", "error"),
    [
        # A stray log line opens a header block: the reader waits for its end (here: EOF).
        (b"calc server starting\n", "EOF"),
        (b"calc server starting\n\n", "missing MCP content length"),
        (b"Content-Length: x\n\n", 'invalid MCP content length " x"'),
        (b"Content-Length: 0\n\n", 'invalid MCP content length " 0"'),
        (b"Content-Length: 99999999999\n\n", "MCP content length 99999999999 exceeds 67108864-byte limit"),
        (b"Content-Length: 10\n\n{}", "unexpected EOF"),
        (b'{"id": 1,}\n', "invalid MCP JSON-RPC message: invalid character '}' looking for beginning of"),
        (b"", "EOF"),
    ],
)
def test_framing_errors_are_zeros(data: bytes, error: str) -> None:
    with pytest.raises(MCPReadError) as raised:
        _reader(data).read()
    assert str(raised.value).startswith(error)


# --- the deferred tools in tool_search's description, tools.deferThreshold --------------------


def _mcp_tool(server: str, name: str) -> Tool:
    spec = ToolSpec(
        name=f"mcp_{server}_{name}",
        description=f"{name} from {server}",
        side_effect="network",
        permission="prompt",
        parameters=object_schema({}),
        advertised_in_auto=False,
        deferrable=True,
        deferred_source=server,
    )
    return Tool(spec=spec, run=lambda _c, _a: ToolOutput("ok"))


def _registry(tmp_path: Path, threshold: int, tools: int = 4, version: int = 2) -> ToolRegistry:
    extra = [_mcp_tool("git_hub", f"t{index}") for index in range(tools)]
    return ToolRegistry(
        tmp_path,
        "unsafe",
        schema_version=version,
        environ={"PATH": "/usr/bin:/bin"},
        temp_roots=[],
        specialist_tools=True,
        extra_tools=extra,
        defer_threshold=threshold,
    )


def test_tool_search_lists_every_deferred_tool_with_its_source(tmp_path: Path) -> None:
    registry = _registry(tmp_path, 3)
    specs = registry.request_specs()
    names = [spec.name for spec in specs]
    assert "tool_search" in names and not any(name.startswith("mcp_") for name in names)
    description = next(spec.description for spec in specs if spec.name == "tool_search")
    lines = [line for line in description.splitlines() if line.startswith("- ")]
    # Sorted, MCP tools under their configured server (not the name's first segment), the local
    # tools and the swarm family under the first segment of their names.
    assert lines == sorted(lines)
    assert "- mcp_git_hub_t0 \u2014 git_hub" in lines
    assert "- browser_snapshot \u2014 browser" in lines
    assert "- swarm_spawn \u2014 swarm" in lines
    assert "- bash" in lines  # a name without a `_` is its own source: the name alone
    deferrable = [spec for spec in registry.visible_specs() if spec.deferrable]
    assert len(lines) == len(deferrable) >= len(LOCAL_TOOLS) + 4


def test_a_loaded_tool_stays_in_the_catalog(tmp_path: Path) -> None:
    registry = _registry(tmp_path, 3)
    before = next(spec.description for spec in registry.request_specs() if spec.name == "tool_search")
    registry.execute("c1", "tool_search", json.dumps({"query": "select:mcp_git_hub_t1"}))
    specs = registry.request_specs()
    assert specs[-1].name == "mcp_git_hub_t1"
    assert next(spec.description for spec in specs if spec.name == "tool_search") == before


@pytest.mark.parametrize(("threshold", "deferred"), [(0, False), (1, True), (100, False)])
def test_the_threshold_decides_whether_anything_is_deferred(
    tmp_path: Path, threshold: int, deferred: bool
) -> None:
    names = [spec.name for spec in _registry(tmp_path, threshold).request_specs()]
    assert ("tool_search" in names) is deferred
    assert ("mcp_git_hub_t0" in names) is not deferred


def _write_config(home: Path, document: Any) -> dict[str, str]:
    (home / "zero").mkdir(parents=True, exist_ok=True)
    text = document if isinstance(document, str) else json.dumps(document)
    (home / "zero" / "config.json").write_text(text)
    return {"XDG_CONFIG_HOME": str(home), "HOME": str(home)}


def test_defer_threshold_is_read_from_the_layers_and_checked_after_merging(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    (workspace / ".zero").mkdir(parents=True)
    env = _write_config(tmp_path / "cfg", {"tools": {"deferThreshold": -2}})
    assert load_config(env, str(workspace)).resolve_problem == "invalid tools.deferThreshold -2: must be >= 0"
    (workspace / ".zero" / "config.json").write_text('{"tools": {"deferThreshold": 0}}')
    loaded = load_config(env, str(workspace))
    assert (loaded.defer_threshold, loaded.resolve_problem) == (0, "")
    env = _write_config(tmp_path / "cfg", {"tools": {"deferThreshold": None}})
    assert load_config(env, str(tmp_path / "none")).defer_threshold == 3


# --- Go's unmarshal errors for the configuration file -------------------------------------------


@pytest.mark.parametrize(
    ("document", "error"),
    [
        ({"mcp": {"servers": {"a": {"command": 5}}}}, "MCPConfig.mcp.servers.command of type string"),
        ({"mcp": {"servers": {"a": {"args": [1]}}}}, "MCPConfig.mcp.servers.args of type string"),
        ({"mcp": {"servers": {"a": {"args": "y"}}}}, "MCPConfig.mcp.servers.args of type []string"),
        ({"mcp": {"servers": {"a": {"env": {"A": 1}}}}}, "MCPConfig.mcp.servers.env of type string"),
        ({"mcp": {"servers": {"a": 5}}}, "MCPConfig.mcp.servers of type config.rawServer"),
        ({"mcp": {"servers": []}}, "MCPConfig.mcp.servers of type map[string]config.MCPServerConfig"),
        ({"mcp": 5}, "rawConfig.mcp of type config.MCPConfig"),
        ({"tools": {"deferThreshold": "x"}}, "rawConfig.tools.deferThreshold of type int"),
        ({"tools": 5}, "rawConfig.tools of type config.rawTools"),
        # The first mismatch in the file's own order.
        ({"tools": {"deferThreshold": True}, "mcp": {"servers": {"a": 5}}}, "deferThreshold of type int"),
    ],
)
def test_mistyped_config_fields_are_gos_errors(tmp_path: Path, document: Any, error: str) -> None:
    env = _write_config(tmp_path, document)
    with pytest.raises(Exception) as raised:
        load_config(env, str(tmp_path / "ws"))
    message = str(raised.value)
    assert message.startswith(f"invalid config JSON {tmp_path}/zero/config.json: json: cannot unmarshal ")
    assert message.endswith(error)


def test_a_float_threshold_is_named_with_its_value(tmp_path: Path) -> None:
    env = _write_config(tmp_path, {"tools": {"deferThreshold": 1.5}})
    with pytest.raises(Exception, match=r"cannot unmarshal number 1\.5 into Go struct field rawConfig"):
        load_config(env, str(tmp_path / "ws"))


# --- an openai-kind profile with a custom base URL ---------------------------------------------


@pytest.mark.parametrize(
    ("profile", "env", "problem"),
    [
        ({"provider": "openai", "baseURL": "http://127.0.0.1:9/v1"}, {}, "requires official baseURL"),
        ({"baseURL": "http://127.0.0.1:9/v1", "apiKey": "sk-x"}, {}, "/v1 (apiKey=[REDACTED])"),
        # The environment points an explicit openai profile elsewhere: it becomes openai-compatible.
        ({"provider": "openai", "baseURL": "http://127.0.0.1:9/v1"}, {"OPENAI_BASE_URL": "http://h/v1"}, ""),
        ({"provider": "openai", "baseURL": "https://api.openai.com/v1/"}, {}, ""),
        ({"provider": "openai-compatible", "baseURL": "http://127.0.0.1:9/v1"}, {}, ""),
    ],
)
def test_an_openai_profile_must_keep_the_official_base_url(
    tmp_path: Path, profile: dict[str, str], env: dict[str, str], problem: str
) -> None:
    document = {"activeProvider": "p", "providers": [{"name": "p", "model": "m", **profile}]}
    environ = {**_write_config(tmp_path, document), **env}
    found = load_extensions(environ, str(tmp_path), str(tmp_path)).config.provider_problem
    assert (problem in found and found.startswith("openai provider p ")) if problem else found == ""


# --- invalid UTF-8, as each of Zero's output formats writes it --------------------------------


def test_invalid_bytes_per_output_format() -> None:
    """A result that holds invalid bytes (kept by surrogateescape): stream-json writes a real
    U+FFFD per byte, `-o json` Go's escape per byte, text the bytes themselves; a real U+FFFD
    stays raw everywhere."""
    text = b"a\xffb\xe2\x82y".decode("utf-8", "surrogateescape") + "\ufffd"
    assert to_utf8(marshal({"o": text})) == '{"o":"a\ufffdb\ufffd\ufffdy\ufffd"}'.encode()
    assert to_utf8(marshal({"o": text, "n": 1.5})) == '{"n":1.5,"o":"a\ufffdb\ufffd\ufffdy\ufffd"}'.encode()
    assert json_line({"o": text}) == '{"o":"a\\ufffdb\\ufffd\\ufffdy\ufffd"}\n'.encode()
    assert to_raw_bytes(text) == b"a\xffb\xe2\x82y" + "\ufffd".encode()


# --- a shell call's inline additional_permissions, checked before any prompt -------------------


@pytest.mark.parametrize(
    ("values", "problem"),
    [
        ({"sandbox_permissions": "with_additional_permissions"}, "but no additional_permissions object"),
        ({"sandbox_permissions": "with_additional_permissions", "additional_permissions": None}, "but no"),
        (
            {"additional_permissions": {"network": {"enabled": True}}},
            "was provided without sandbox_permissions",
        ),
        (
            {
                "sandbox_permissions": "with_additional_permissions",
                "additional_permissions": {"network": "y"},
            },
            "json: cannot unmarshal string into Go struct field RequestPermissionProfile.network",
        ),
        # Asking for nothing is the field omitted (strict-schema providers fill every property).
        ({"sandbox_permissions": "with_additional_permissions", "additional_permissions": {}}, ""),
        ({"additional_permissions": None}, ""),
        ({"sandbox_permissions": "use_default"}, ""),
    ],
)
def test_inline_additional_permissions_are_checked_as_zero_checks_them(
    values: dict[str, Any], problem: str
) -> None:
    found = additional_permissions_problem(values)
    assert (problem in found) if problem else found == ""


def test_the_registry_refuses_it_before_the_permission_decision(tmp_path: Path) -> None:
    registry = _registry(tmp_path, 3)
    arguments = {"cmd": "echo hi", "sandbox_permissions": "with_additional_permissions"}
    execution = registry.execute("c1", "exec_command", json.dumps(arguments))
    assert execution.permission is None and execution.result.status == "error"
    assert execution.result.output.startswith(
        'Error: sandbox_permissions was set to "with_additional_permissions"'
    )


def test_negative_zero_keeps_its_sign_as_in_go() -> None:
    """Go decodes every JSON number into a float64: `-0` in a model's arguments stays -0 when the
    tool_call event writes them back."""
    value = unmarshal('{"offset": -0, "limit": 0, "x": [-0.0]}')
    assert marshal(value) == '{"limit":0,"offset":-0,"x":[-0]}'


def test_a_number_beyond_float64_leaves_the_rest_of_the_arguments() -> None:
    """Go's Unmarshal skips a value it cannot store (1e999) and fills in the others: a write's
    checkpoint still names its file (fuzz seed 4701, v2, #56)."""
    arguments = '{"path": "a.txt", "offset": 1e999, "x": [1, -1e999]}'
    assert unmarshal_object(arguments) == {"path": "a.txt", "x": [1]}
    assert unmarshal_object('{"path": NaN}') is None


def test_json_dialect_escapes_only_invalid_bytes() -> None:
    """A lone surrogate from a JSON escape (\\ud800) is Go's real U+FFFD in every format; only a
    byte kept by surrogateescape becomes the `-o json` escape (fuzz seed 4701, v1, #89)."""
    assert json_line({"t": "lone \ud800 x"}) == '{"t":"lone \ufffd x"}\n'.encode()
