"""zero-engine's plugins and skills (engine/zero_engine/plugins.py, skills.py).

The goldens (conformance/goldens/v2/plugin_*, skill_*) compare whole runs with Zero 0.8.0; these
tests pin the parts a run shows only in part: every manifest rule and its message, discovery
order, skill lookup, the timeout, and that a plugin command is contained by the OS sandbox like
a model's shell command. Every command here is harmless and stays in the test's directories.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from zero_engine import plugins
from zero_engine.plugins import ManifestError, activate, load_plugins, parse_manifest, run_plugin_command
from zero_engine.skills import load_skills, parse_skill, prompt_section, skill_result, skill_roots
from zero_engine.tools.registry import ToolRegistry
from zero_engine.tools.toolkit import ToolContext

BASE = {"schemaVersion": 1, "id": "p", "name": "P", "version": "1"}


def parse(tmp_path: Path, **fields: Any) -> plugins.Plugin:
    manifest = {**BASE, **fields}
    folder = tmp_path / "p"
    folder.mkdir(exist_ok=True)
    return parse_manifest(manifest, "user", str(tmp_path), str(folder), str(folder / "plugin.json"))


# Zero's messages (internal/plugins ParseManifest), with the field path each names.
MANIFEST_ERRORS: list[tuple[Any, str, str]] = [
    ([1], "", "Expected plugin manifest to be a JSON object."),
    ({"id": "p", "name": "P", "version": "1"}, "schemaVersion", "Expected a number."),
    ({**BASE, "schemaVersion": "1"}, "schemaVersion", "Expected a number."),
    ({**BASE, "schemaVersion": True}, "schemaVersion", "Expected a number."),
    ({**BASE, "schemaVersion": 1.5}, "schemaVersion", "Expected a number."),
    ({**BASE, "schemaVersion": 2}, "schemaVersion", "Expected schemaVersion 1."),
    ({**BASE, "id": " "}, "id", "Expected a non-empty string."),
    ({**BASE, "id": "-x"}, "id", "Use letters, numbers, dots, dashes, or underscores."),
    ({**BASE, "id": "a b"}, "id", "Use letters, numbers, dots, dashes, or underscores."),
    ({**BASE, "name": 3}, "name", "Expected a non-empty string."),
    ({**BASE, "version": ""}, "version", "Expected a non-empty string."),
    ({**BASE, "description": ""}, "description", "Expected a non-empty string."),
    ({**BASE, "enabled": "yes"}, "enabled", "Expected a boolean."),
    ({**BASE, "tools": {}}, "tools", "Expected an array."),
    ({**BASE, "tools": ["t"]}, "tools.0", "Expected tool extension to be an object."),
    ({**BASE, "tools": [{"command": "c"}]}, "tools.0.name", "Expected a non-empty string."),
    ({**BASE, "tools": [{"name": "t"}]}, "tools.0.command", "Expected a non-empty string."),
    ({**BASE, "tools": [{"name": "t", "command": "c", "args": "a"}]}, "tools.0.args", "Expected an array."),
    (
        {**BASE, "tools": [{"name": "t", "command": "c", "args": ["a", 1]}]},
        "tools.0.args.1",
        "Expected a string.",
    ),
    (
        {**BASE, "tools": [{"name": "t", "command": "c", "inputSchema": []}]},
        "tools.0.inputSchema",
        "Expected an object.",
    ),
    (
        {**BASE, "tools": [{"name": "t", "command": "c", "permission": "ask"}]},
        "tools.0.permission",
        "Expected allow, prompt, or deny.",
    ),
    ({**BASE, "hooks": [{"name": "h", "command": "c"}]}, "hooks.0.event", "Expected a hook event."),
    (
        {**BASE, "hooks": [{"name": "h", "event": "onSave", "command": "c"}]},
        "hooks.0.event",
        "Expected beforeTool, afterTool, sessionStart, or sessionEnd.",
    ),
    ({**BASE, "skills": [1]}, "skills.0", "Expected path extension to be an object."),
    (
        {**BASE, "skills": [{"name": "s", "path": "/etc"}]},
        "skills.s.path",
        "must stay inside the plugin directory.",
    ),
    (
        {**BASE, "prompts": [{"name": "s", "path": "../x"}]},
        "prompts.s.path",
        "must stay inside the plugin directory.",
    ),
    (
        {**BASE, "skills": [{"name": "s", "path": "."}]},
        "skills.s.path",
        "must stay inside the plugin directory.",
    ),
]


def test_every_manifest_rule_has_zeros_field_and_message(tmp_path: Path) -> None:
    folder = tmp_path / "p"
    folder.mkdir()
    wrong = []
    for manifest, field_path, message in MANIFEST_ERRORS:
        try:
            parse_manifest(manifest, "user", str(tmp_path), str(folder), str(folder / "plugin.json"))
        except ManifestError as error:
            if (error.field_path, error.message) != (field_path, message):
                wrong.append((manifest, error.field_path, error.message))
            continue
        wrong.append((manifest, "accepted", ""))
    assert not wrong


def test_manifest_defaults_and_normalisation(tmp_path: Path) -> None:
    plugin = parse(
        tmp_path,
        schemaVersion=1.0,
        id=" p ",
        tools=[
            {"name": "plain", "command": "run"},
            {"name": "allowed", "command": "run", "permission": " allow ", "inputSchema": {"type": "object"}},
            {"name": "denied", "command": "run", "permission": "deny"},
        ],
        skills=[{"name": "s", "path": "skills/s/SKILL.md"}],
    )
    assert plugin.id == "p" and plugin.enabled is True
    plain, allowed, denied = plugin.tools
    assert plain.input_schema == {"type": "object", "properties": {}, "additionalProperties": True}
    assert plain.permission == "prompt" and plain.args == ()
    assert allowed.permission == "prompt"  # exec never auto-approves a manifest
    assert denied.permission == "deny"
    assert plugin.skills[0].path == str(tmp_path / "p" / "skills" / "s" / "SKILL.md")


def test_a_skill_path_through_a_symlink_out_of_the_plugin_is_refused(tmp_path: Path) -> None:
    (tmp_path / "p").mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "p" / "link").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(ManifestError, match="must stay inside the plugin directory"):
        parse(tmp_path, skills=[{"name": "s", "path": "link/SKILL.md"}])


def write_plugin(root: Path, folder: str, manifest: Any) -> None:
    (root / folder).mkdir(parents=True)
    text = manifest if isinstance(manifest, str) else json.dumps(manifest)
    (root / folder / "plugin.json").write_text(text)


def test_discovery_order_duplicates_and_trust(tmp_path: Path) -> None:
    home, workspace = tmp_path / "home", tmp_path / "ws"
    user, project = home / ".config" / "zero" / "plugins", workspace / ".zero" / "plugins"
    write_plugin(user, "b", {**BASE, "id": "same"})
    write_plugin(user, "a", {**BASE, "id": "same", "description": "folder a"})
    write_plugin(user, "c", "{")
    write_plugin(project, "x", {**BASE, "id": "same", "description": "project"})
    (user / "no-manifest").mkdir()
    (user / "file.json").write_text("{}")
    env = {"HOME": str(home)}

    untrusted = load_plugins(env, str(workspace), include_project=False)
    assert [plugin.description for plugin in untrusted.plugins] == [""]  # folder b came after a
    assert [d.warning() for d in untrusted.diagnostics] == [
        f"[json] unexpected end of JSON input ({user}/c/plugin.json)",
        f'[duplicate] Plugin "same" from user overrides user plugin at {user}/a. ({user}/b/plugin.json)',
    ]
    trusted = load_plugins(env, str(workspace), include_project=True)
    assert [plugin.description for plugin in trusted.plugins] == ["project"]
    assert trusted.diagnostics[-1].warning() == (
        f'[duplicate] Plugin "same" from project overrides user plugin at {user}/b. ({project}/x/plugin.json)'
    )


def test_activation_names_hooks_and_skill_roots(tmp_path: Path) -> None:
    user = tmp_path / ".config" / "zero" / "plugins"
    tool = {"name": "shared", "command": "bin/run", "args": ["${AGENT_PLUGIN_ROOT}/data"]}
    write_plugin(user, "z", {**BASE, "id": "zeta", "tools": [tool, {"name": "read_file", "command": "x"}]})
    write_plugin(
        user,
        "a",
        {
            **BASE,
            "id": "alpha",
            "tools": [tool],
            "hooks": [
                {"name": "guard", "event": "beforeTool", "command": "${AGENT_PLUGIN_ROOT}/g", "args": ["-v"]}
            ],
            "skills": [{"name": "one", "path": "skills/one/SKILL.md"}, {"name": "two", "path": "skills/two"}],
        },
    )
    write_plugin(
        user, "off", {**BASE, "id": "off", "enabled": False, "tools": [{"name": "never", "command": "x"}]}
    )
    loaded = load_plugins({"XDG_CONFIG_HOME": str(tmp_path / ".config")}, str(tmp_path / "ws"), True)
    activation = activate(loaded, lambda name: name == "read_file", str(tmp_path / "ws"))
    assert [tool.spec.name for tool in activation.tools] == ["shared"]
    assert activation.warnings == [
        'plugin "zeta": skipped tool "shared" because that name is already registered',
        'plugin "zeta": skipped tool "read_file" because that name is already registered',
    ]
    hook = activation.hooks[0]
    assert (hook.id, hook.event, hook.matcher, hook.command, hook.args) == (
        "alpha.guard",
        "beforeTool",
        "",
        f"{user}/a/g",
        ("-v",),
    )
    assert activation.skill_roots == [f"{user}/a/skills"]
    spec = activation.tools[0].spec
    assert (spec.side_effect, spec.permission, spec.advertised_in_auto) == ("shell", "prompt", False)
    assert spec.description == "Run plugin tool alpha/shared."
    assert spec.safety_reason == "Plugin tool alpha/shared runs the plugin's declared command."
    assert activation.stderr_text().startswith('[zero] WARNING: plugin activation: plugin "zeta"')


def test_commands_resolve_against_the_plugin_folder() -> None:
    assert plugins.expand_command("bin/run.sh", "/p") == "/p/bin/run.sh"
    assert plugins.expand_command("./run.sh", "/p") == "/p/run.sh"
    assert plugins.expand_command("sh", "/p") == "sh"  # a bare name is looked up in PATH
    assert plugins.expand_command("/usr/bin/env", "/p") == "/usr/bin/env"
    assert plugins.expand_command("${AGENT_PLUGIN_ROOT}/x", "/p") == "/p/x"
    assert plugins.expand("--root=${AGENT_PLUGIN_ROOT}", "/p") == "--root=/p"


# Skills ------------------------------------------------------------------------------------------


def skill(root: Path, folder: str, text: str) -> None:
    (root / folder).mkdir(parents=True, exist_ok=True)
    (root / folder / "SKILL.md").write_text(text)


def test_skill_frontmatter_as_zero_reads_it() -> None:
    parsed = parse_skill(
        "dir", "/x", "---\r\nNAME: 'n'\r\ndescription: \"d: e\"\r\nname: later\r\n---\r\n\n body \n"
    )
    assert (parsed.name, parsed.description, parsed.content) == ("n", "d: e", "body")
    unclosed = parse_skill("dir", "/x", "---\nname: n\nbody")
    assert (unclosed.name, unclosed.content) == ("dir", "---\nname: n\nbody")
    assert parse_skill("dir", "/x", "---\n---\nb").name == "dir"


def test_skill_roots_precedence_and_confinement(tmp_path: Path) -> None:
    home = tmp_path / "home"
    primary = home / ".local" / "share" / "zero" / "skills"
    agents = home / ".agents" / "skills"
    plugin_root = tmp_path / "plugin" / "skills"
    skill(primary, "b-dir", "---\nname: same\n---\nfrom b")
    skill(primary, "a-dir", "---\nname: same\n---\nfrom a")  # a-dir sorts first: it wins
    skill(agents, "same", "agents copy")
    skill(agents, "shared", "from agents")
    skill(plugin_root, "shared", "from plugin")
    skill(plugin_root, "only-plugin", "plugin body")
    (tmp_path / "secret.txt").write_text("secret")
    (primary / "escape").mkdir()
    (primary / "escape" / "SKILL.md").symlink_to(tmp_path / "secret.txt")
    (primary / "linked-dir").symlink_to(agents / "shared")

    env = {"HOME": str(home)}
    roots = skill_roots(env, [str(plugin_root)])
    assert roots == [str(primary), str(agents), str(plugin_root)]
    found = load_skills(roots)
    assert [(s.name, s.content) for s in found] == [
        ("only-plugin", "plugin body"),
        ("same", "from a"),
        ("shared", "from agents"),
    ]
    assert skill_result(found, "nope") == (
        'Error: unknown skill "nope". Available skills: only-plugin, same, shared.',
        False,
    )
    assert skill_result([], "x") == ("Error: no skills are available.", False)
    assert skill_roots({"HOME": str(home), "ZERO_SKILLS_DIR": "/elsewhere"})[0] == "/elsewhere"
    section = prompt_section(found)
    assert section.startswith("<available_skills>") and "- shared" in section


def test_an_unreadable_primary_root_hides_every_skill(tmp_path: Path) -> None:
    (tmp_path / "primary").write_text("not a folder")
    skill(tmp_path / "agents", "a", "body")
    assert load_skills([str(tmp_path / "primary"), str(tmp_path / "agents")]) == []
    assert [s.name for s in load_skills([str(tmp_path / "missing"), str(tmp_path / "agents")])] == ["a"]


# Running a plugin command ------------------------------------------------------------------------


@pytest.fixture
def sandboxed(tmp_path: Path) -> tuple[ToolContext, Path, Path]:
    """A v2 tool context whose commands run in the OS sandbox, with a HOME that holds Zero's config
    (credentials a command must not read) and a user plugin folder (which it may read)."""
    home, workspace, tmp = tmp_path / "home", tmp_path / "ws", tmp_path / "tmp"
    for folder in (home, workspace, tmp):
        folder.mkdir()
    zero = home / ".config" / "zero"
    (zero / "plugins" / "p").mkdir(parents=True)
    (zero / "config.json").write_text('{"apiKey": "secret"}')
    (zero / "plugins" / "p" / "data.txt").write_text("plugin data\n")
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "TMPDIR": str(tmp),
        "ZERO_ENGINE_TEST_GUARD": "1",
    }
    registry = ToolRegistry(workspace, "unsafe", environ=env, temp_roots=[str(tmp)])
    context = ToolContext(workspace=registry.workspace, environ=env, processes=registry.processes)
    return context, workspace, zero / "plugins" / "p"


def run(context: ToolContext, workspace: Path, folder: Path, script: str, timeout: float = 30.0) -> Any:
    argv = ["/bin/sh", "-c", script]
    return run_plugin_command(
        context, "t", "p", str(folder), argv, {"b": "<&>", "a": 1}, str(workspace), timeout
    )


def test_a_plugin_command_runs_sandboxed_in_the_workspace(sandboxed: tuple[ToolContext, Path, Path]) -> None:
    context, workspace, folder = sandboxed
    script = (
        'cat; echo; pwd; echo "$AGENT_PLUGIN_ROOT"; echo "$ZERO_SANDBOXED"; cat "$AGENT_PLUGIN_ROOT/data.txt"'
    )
    result = run(context, workspace, folder, script)
    assert result.status == "ok", result.output
    assert result.output.splitlines() == [
        "stdout:",
        '{"a":1,"b":"\\u003c\\u0026\\u003e"}',
        os.path.realpath(workspace),
        str(folder),
        "1",
        "plugin data",
    ]
    assert result.meta == {"plugin.id": "p", "plugin.tool": "t", "exit_code": "0"}


def test_a_plugin_command_is_contained_like_a_shell_command(
    sandboxed: tuple[ToolContext, Path, Path],
) -> None:
    context, workspace, folder = sandboxed
    zero = folder.parent.parent
    attempts = {
        "read Zero's config": f"cat {zero}/config.json",
        "write into its own folder": f"echo x > {folder}/new.txt",
        "write into HOME": f"echo x > {zero.parent.parent}/new.txt",
        "reach the network": "exec 3<>/dev/tcp/127.0.0.1/9",
    }
    escaped = []
    for what, script in attempts.items():
        result = run(context, workspace, folder, script)
        if result.meta["exit_code"] == "0":
            escaped.append(what)
    assert not escaped
    assert not (folder / "new.txt").exists() and not (zero.parent.parent / "new.txt").exists()
    assert run(context, workspace, folder, "echo ok > inside.txt").meta["exit_code"] == "0"
    assert (workspace / "inside.txt").read_text() == "ok\n"


def test_result_formats(sandboxed: tuple[ToolContext, Path, Path]) -> None:
    context, workspace, folder = sandboxed
    failed = run(context, workspace, folder, "echo out; echo err >&2; exit 3")
    assert (failed.status, failed.output) == ("error", "stdout:\nout\nstderr:\nerr\nexit_code: 3")
    assert failed.display is not None and failed.display.summary == "t failed"
    assert run(context, workspace, folder, "true").output == "Plugin tool completed with no output."
    missing = run_plugin_command(context, "t", "p", str(folder), ["nope-not-a-program"], {}, str(workspace))
    assert missing.output == (
        'stderr:\nzero-linux-sandbox: exec: "nope-not-a-program": executable file not found in $PATH\n'
        "exit_code: 127"
    )


def test_a_plugin_command_past_its_timeout_is_killed(sandboxed: tuple[ToolContext, Path, Path]) -> None:
    context, workspace, folder = sandboxed
    result = run(context, workspace, folder, "sleep 1.5; touch late.txt", timeout=0.3)
    assert (result.status, result.output) == ("error", "Error executing plugin tool t: signal: killed")
    assert result.meta["exit_code"] == "-1"
    assert plugins.TOOL_TIMEOUT_SECONDS == 120.0


# Through a real engine process --------------------------------------------------------------------


def test_a_run_offers_plugin_tools_and_lists_skills_in_the_system_prompt(tmp_path: Path) -> None:
    from engine_support import base_env, run_engine, workspace
    from zero_client.testing import FakeModelServer
    from zero_client.testing import script as s

    home = tmp_path / "home"
    skills_dir = home / ".local" / "share" / "zero" / "skills"
    skill(skills_dir, "deploy", "---\ndescription: How to deploy.\n---\nbody")
    write_plugin(
        home / ".config" / "zero" / "plugins",
        "echo",
        {
            **BASE,
            "id": "echo",
            "tools": [{"name": "echo_args", "command": "/bin/cat", "permission": "allow"}],
        },
    )
    ws = workspace(tmp_path)
    with FakeModelServer([s.tool_calls(s.call("echo_args", {"x": [1, "<"]})), s.text("done")]) as server:
        env = base_env(tmp_path, 2, OPENAI_BASE_URL=server.base_url, OPENAI_API_KEY="x", OPENAI_MODEL="m")
        env["XDG_DATA_HOME"] = str(home / ".local" / "share")
        run = run_engine(["exec", "-o", "stream-json", "--auto", "high", "-C", str(ws), "go"], env)
        requests = [request.body for request in server.requests]
    assert run.returncode == 0, run.stdout + run.stderr
    system = requests[0]["messages"][0]["content"]
    assert "<available_skills>" in system and "- deploy: How to deploy." in system
    offered = [tool["function"] for tool in requests[0]["tools"] if tool["function"]["name"] == "echo_args"]
    assert offered == [
        {
            "name": "echo_args",
            "description": "Run plugin tool echo/echo_args.",
            "parameters": {"additionalProperties": True, "properties": {}, "type": "object"},
        }
    ]
    result = next(event for event in run.events if event["type"] == "tool_result")
    assert result["output"] == 'stdout:\n{"x":[1,"\\u003c"]}'
    assert result["meta"]["plugin.id"] == "echo" and result["meta"]["exit_code"] == "0"


def test_a_plugin_hook_gets_the_unix_socket_rule_a_hooks_json_hook_does_not(
    sandboxed: tuple[ToolContext, Path, Path],
) -> None:
    import sys

    from zero_engine.hooks import Hook, HookConfig, HookDispatcher

    context, workspace, _folder = sandboxed
    opens_socket = ("-c", "import socket; socket.socket(socket.AF_UNIX)")
    verdicts = {}
    for from_plugin in (False, True):
        hook = Hook("p.h", "beforeTool", sys.executable, opens_socket, from_plugin=from_plugin)
        dispatcher = HookDispatcher(HookConfig(hooks=[hook]), context.processes, str(workspace), None)
        verdicts[from_plugin] = dispatcher.before_tool("call_1", "read_file", {}).blocked_by
    assert verdicts == {False: "", True: "p.h"}
