"""Zero's configuration files for one test run: MCP servers, hooks, provider settings, trust,
plugins and skills.

`ZeroConfig` writes the files Zero (and zero-engine) read at start-up into a private directory:
the user layer `<config home>/zero/config.json` and `hooks.json`, where `<config home>` is the
run's own XDG_CONFIG_HOME (never the real user's), and the project layer `.zero/config.json` and
`.zero/hooks.json` of the run's workspace. Every call rewrites the file it touches, so a test
can build the configuration step by step:

    config = ZeroConfig(Path(env["XDG_CONFIG_HOME"]), workspace)
    config.mcp_server("calc", sys.executable, ["calc_server.py"])
    config.hook("no-reads", "beforeTool", "/bin/sh", ["-c", "exit 1"], matcher="read_*")

A project layer is read only in a trusted workspace (`trust_workspace()`), as Zero does.
The pytest fixture `zero_config` (pytest_plugin) gives one bound to `zero_env` and `zero_workspace`.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

HOOK_EVENTS = ("beforeTool", "afterTool", "sessionStart", "sessionEnd")


class ZeroConfigError(ValueError):
    """A configuration the helper refuses to write (the message names the field)."""


class ZeroConfig:
    """The configuration files of one run (user layer under `config_home`, project layer under
    `workspace/.zero`)."""

    def __init__(
        self,
        config_home: str | os.PathLike[str],
        workspace: str | os.PathLike[str],
        data_home: str | os.PathLike[str] | None = None,
    ) -> None:
        self.config_home = Path(config_home)
        self.workspace = Path(workspace)
        #: The run's XDG_DATA_HOME (skills go to `<data home>/zero/skills`); by default where the
        #: kit's isolated environment puts it next to `config_home`.
        self.data_home = (
            Path(data_home) if data_home is not None else self.config_home.parent / ".local" / "share"
        )
        self._config: dict[str, dict[str, Any]] = {"user": {}, "project": {}}
        self._hooks: dict[str, list[dict[str, Any]]] = {"user": [], "project": []}

    # Where the files are ------------------------------------------------------------------------

    def config_path(self, project: bool = False) -> Path:
        return self._dir(project) / "config.json"

    def hooks_path(self, project: bool = False) -> Path:
        return self._dir(project) / "hooks.json"

    @property
    def audit_path(self) -> Path:
        """Where Zero appends a line per hook run (next to the user's config home, in XDG_DATA_HOME
        when the run's environment sets it; this is the default relative to a private HOME)."""
        return self.config_home.parent / ".local" / "share" / "zero" / "hooks" / "audit.jsonl"

    def _dir(self, project: bool) -> Path:
        return self.workspace / ".zero" if project else self.config_home / "zero"

    # What goes in them ----------------------------------------------------------------------------

    def mcp_server(
        self,
        name: str,
        command: str = "",
        args: Sequence[str] = (),
        env: Mapping[str, str] | None = None,
        *,
        url: str = "",
        type: str = "",
        headers: Mapping[str, str] | None = None,
        project: bool = False,
    ) -> ZeroConfig:
        """An MCP server: a stdio `command` (+ `args`, `env`), or an `http`/`sse` `url`."""
        if not name or not all(c.isalnum() or c in "._-" for c in name):
            raise ZeroConfigError(f"mcp_server: name {name!r}: use letters, digits, '.', '_' or '-'")
        if bool(command) == bool(url):
            raise ZeroConfigError(f"mcp_server {name!r}: give exactly one of command (stdio) or url")
        server: dict[str, Any] = {}
        if type:
            server["type"] = type
        if command:
            server["command"] = command
            if args:
                server["args"] = list(args)
            if env:
                server["env"] = dict(env)
        else:
            server["url"] = url
            if headers:
                server["headers"] = dict(headers)
        layer = self._config["project" if project else "user"]
        layer.setdefault("mcp", {}).setdefault("servers", {})[name] = server
        self._write_config(project)
        return self

    def hook(
        self,
        hook_id: str,
        event: str,
        command: str,
        args: Sequence[str] = (),
        *,
        matcher: str = "",
        project: bool = False,
    ) -> ZeroConfig:
        """A hook: `command` + `args` run with the event's JSON on stdin. A `beforeTool` hook that
        exits non-zero blocks the call; `matcher` (`*`, a tool name or a pattern with `*`) is for
        beforeTool and afterTool only."""
        if event not in HOOK_EVENTS:
            raise ZeroConfigError(f"hook {hook_id!r}: event {event!r} is not one of {', '.join(HOOK_EVENTS)}")
        if matcher and event not in ("beforeTool", "afterTool"):
            raise ZeroConfigError(f"hook {hook_id!r}: a matcher is only for beforeTool and afterTool hooks")
        definition: dict[str, Any] = {"id": hook_id, "event": event, "command": command, "args": list(args)}
        if matcher:
            definition["matcher"] = matcher
        hooks = self._hooks["project" if project else "user"]
        hooks[:] = [existing for existing in hooks if existing["id"] != hook_id] + [definition]
        path = self.hooks_path(project)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"hooks": hooks}, indent=2) + "\n", encoding="utf-8")
        return self

    def set(self, project: bool = False, **fields: Any) -> ZeroConfig:
        """Other config.json fields, as Zero spells them (`maxTurns=5`, `activeProvider="x"`,
        `providers=[{...}]`)."""
        self._config["project" if project else "user"].update(fields)
        self._write_config(project)
        return self

    def provider(
        self,
        name: str,
        base_url: str,
        model: str,
        *,
        api_key_env: str = "",
        kind: str = "openai-compatible",
        active: bool = True,
    ) -> ZeroConfig:
        """A provider profile (an OpenAI-compatible endpoint), made the active one by default."""
        profile: dict[str, Any] = {"name": name, "provider": kind, "baseURL": base_url, "model": model}
        if api_key_env:
            profile["apiKeyEnv"] = api_key_env
        layer = self._config["user"]
        profiles = [p for p in layer.get("providers", []) if p.get("name") != name] + [profile]
        layer["providers"] = profiles
        if active:
            layer["activeProvider"] = name
        self._write_config(False)
        return self

    def trust_workspace(self) -> ZeroConfig:
        """Trust the workspace, as `zero trust` does: its project layer is read from now on."""
        store = self.config_home / "zero" / "trust.json"
        store.parent.mkdir(parents=True, exist_ok=True)
        trusted: list[str] = []
        if store.exists():
            trusted = list(json.loads(store.read_text(encoding="utf-8")).get("trusted", []))
        root = os.path.realpath(self.workspace)
        if root not in trusted:
            trusted.append(root)
        store.write_text(json.dumps({"trusted": sorted(trusted)}, indent=2) + "\n", encoding="utf-8")
        return self

    def plugin(self, folder: str | os.PathLike[str], *, project: bool = False) -> str:
        """Install the plugin in `folder` for this run, as `zero plugins add` does: its tree is
        copied (no symlinks, no `.git`) to `<config home>/zero/plugins/<id>/`, or with `project`
        to the workspace's `.zero/plugins/<id>/` (read only in a trusted workspace). Build the
        plugin first (its build.sh): the copy is what Zero runs. Returns the plugin id; a
        plugin.json Zero would refuse is a `ZeroConfigError` naming the field."""
        from zero_client.plugin_manifest import ArgumentError, load_manifest

        source = Path(folder)
        try:
            plugin_id = load_manifest(source).id.strip()
        except (OSError, ArgumentError) as exc:
            raise ZeroConfigError(f"plugin {source}: {exc}") from None
        root = self.workspace / ".zero" / "plugins" if project else self.config_home / "zero" / "plugins"
        target = root / plugin_id
        if target.exists():
            shutil.rmtree(target)
        _copy_plugin_tree(source, target)
        return plugin_id

    def skill(self, name: str, body: str, *, description: str = "") -> Path:
        """A skill the `skill` tool can load: `<data home>/zero/skills/<name>/SKILL.md`, with a
        frontmatter naming it (and describing it, when `description` is given). Returns the file."""
        if not name or not all(c.isalnum() or c in "._-" for c in name):
            raise ZeroConfigError(f"skill: name {name!r}: use letters, digits, '.', '_' or '-'")
        front = [f"name: {name}"] + ([f"description: {description}"] if description else [])
        path = self.data_home / "zero" / "skills" / name / "SKILL.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("---\n" + "\n".join(front) + "\n---\n\n" + body.rstrip("\n") + "\n", encoding="utf-8")
        return path

    def _write_config(self, project: bool) -> None:
        path = self.config_path(project)
        path.parent.mkdir(parents=True, exist_ok=True)
        document = self._config["project" if project else "user"]
        path.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")


def _copy_plugin_tree(source: Path, target: Path) -> None:
    """Copy a plugin folder as Zero's installer does: regular files and folders with their modes,
    never a symlink (it could point anywhere) or `.git`."""
    target.mkdir(parents=True, exist_ok=True)
    for entry in source.iterdir():
        if entry.name == ".git" or entry.is_symlink():
            continue
        if entry.is_dir():
            _copy_plugin_tree(entry, target / entry.name)
        elif entry.is_file():
            shutil.copy2(entry, target / entry.name)
