"""`zero-sdk plugin new` and `zero-sdk plugin generate`: typed Zero plugins in Python, TypeScript, Go.

`new` scaffolds a plugin folder whose tools are typed functions, then generates its glue;
`generate` turns each tool's `inputSchema` in plugin.json into argument types and the
stdin/stdout glue (emit.py), and `--check` fails with a diff when the glue is out of date with
plugin.json, as `zero-sdk generate --check` does for the protocol bindings.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from zero_sdk.emitters import GeneratedFile
from zero_sdk.emitters._templates import render, template_text
from zero_sdk.generate_cmd import print_drift, write_files
from zero_sdk.model import SchemaModelError
from zero_sdk.plugin.args import tool_args_schema
from zero_sdk.plugin.emit import glue_files

__all__ = ["LANGS", "PluginError", "generate_plugin", "new_plugin", "plugin_group"]

LANGS = ("python", "typescript", "go")
PLUGIN_ROOT = "${AGENT_PLUGIN_ROOT}"
_PLUGIN_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
_GO_MODULE_LINE = re.compile(r"^module\s+(\S+)", re.MULTILINE)


class PluginError(click.ClickException):
    """A plugin folder or manifest zero-sdk cannot work with: one line, exit 2."""

    exit_code = 2


# --- The example tool every scaffold starts with -----------------------------------------------

EXAMPLE_TOOL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "description": "Who to greet."},
        "times": {
            "type": "integer",
            "minimum": 1,
            "maximum": 5,
            "description": "How many times (default 1).",
        },
        "style": {
            "type": "string",
            "enum": ["plain", "loud"],
            "description": "`loud` shouts (default plain).",
        },
    },
    "required": ["name"],
    "additionalProperties": False,
}


def _command(lang: str, name: str, tool: str) -> tuple[str, list[str]]:
    """How Zero starts a tool of a scaffolded plugin: every path through ${AGENT_PLUGIN_ROOT}, so
    the plugin works from any workspace (Zero runs tools in the workspace, not the plugin)."""
    if lang == "python":
        return "python3", [f"{PLUGIN_ROOT}/main.py", tool]
    if lang == "typescript":
        return "node", [f"{PLUGIN_ROOT}/dist/main.js", tool]
    return f"{PLUGIN_ROOT}/bin/{name}", [tool]


def _manifest(lang: str, name: str) -> dict[str, Any]:
    command, args = _command(lang, name, "greet")
    return {
        "schemaVersion": 1,
        "id": name,
        "name": name,
        "version": "0.1.0",
        "description": f"The {name} plugin.",
        "tools": [
            {
                "name": "greet",
                "description": "Greet someone by name.",
                "command": command,
                "args": args,
                "inputSchema": EXAMPLE_TOOL_SCHEMA,
            }
        ],
    }


@dataclass(frozen=True)
class _ScaffoldFile:
    path: str
    template: str  # `lang:template` rendered with the context, or copied when not `.j2`
    executable: bool = False


_SCAFFOLDS: dict[str, tuple[_ScaffoldFile, ...]] = {
    "python": (
        _ScaffoldFile("main.py", "python:plugin/main.py.j2"),
        _ScaffoldFile("test_plugin.py", "python:plugin/test_plugin.py.j2"),
        _ScaffoldFile("test_in_zero.py", "python:plugin/test_in_zero.py.j2"),
    ),
    "typescript": (
        _ScaffoldFile("src/main.ts", "typescript:plugin/main.ts.j2"),
        _ScaffoldFile("package.json", "typescript:plugin/package.json.j2"),
        _ScaffoldFile("tsconfig.json", "typescript:plugin/tsconfig.json"),
        _ScaffoldFile("build.sh", "typescript:plugin/build.sh", executable=True),
    ),
    "go": (
        _ScaffoldFile("main.go", "go:plugin/main.go.j2"),
        _ScaffoldFile("main_test.go", "go:plugin/main_test.go.j2"),
        _ScaffoldFile("go.mod", "go:plugin/go.mod.j2"),
        _ScaffoldFile("build.sh", "go:plugin/build.sh.j2", executable=True),
    ),
}
_GITIGNORE = {
    "python": ["__pycache__/", ".pytest_cache/"],
    "typescript": ["node_modules/", "dist/"],
    "go": ["bin/"],
}


def new_plugin(name: str, lang: str, out: Path) -> list[Path]:
    """Scaffold plugin `name` in `out` (which must not exist or be empty) and generate its glue."""
    if not _PLUGIN_ID.match(name):
        raise PluginError(
            f"plugin name {name!r}: use letters, numbers, dots, dashes or underscores, "
            "starting with a letter or number (Zero's rule for plugin ids)"
        )
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise PluginError(f"{out} already exists and is not an empty folder")
    context = {"name": name, "module": name}
    written: list[Path] = []
    try:
        out.mkdir(parents=True, exist_ok=True)
        manifest = json.dumps(_manifest(lang, name), indent=2) + "\n"
        written.append(_write(out / "plugin.json", manifest))
        written.append(_write(out / ".gitignore", "\n".join(_GITIGNORE[lang]) + "\n"))
        for item in _SCAFFOLDS[lang]:
            template_lang, template = item.template.split(":", 1)
            if template.endswith(".j2"):
                text = render(template_lang, template, context)
            else:
                text = template_text(template_lang, template)
            written.append(_write(out / item.path, text, executable=item.executable))
    except OSError as exc:
        raise PluginError(f"cannot write the plugin into {out}: {exc.strerror or exc}") from None
    for generated in plugin_glue(out, lang):
        written.append(_write(out / generated.path, generated.text))
    return written


def _write(path: Path, text: str, *, executable: bool = False) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    if executable:
        path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


# --- generate ----------------------------------------------------------------------------------


def detect_lang(directory: Path) -> str:
    """A plugin's language from its files: go.mod (Go), tsconfig.json (TypeScript), else Python."""
    if (directory / "go.mod").is_file():
        return "go"
    if (directory / "tsconfig.json").is_file():
        return "typescript"
    return "python"


def read_manifest(directory: Path) -> dict[str, Any]:
    """plugin.json of `directory`, checked against schema/plugin/v1.json (through its generated
    Python bindings); `PluginError` names the problem and the field."""
    from zero_client.plugin_manifest import ArgumentError
    from zero_client.plugin_manifest import read_manifest as check

    path = directory / "plugin.json"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PluginError(f"no plugin.json in {directory} (is it a plugin folder?)") from None
    except OSError as exc:
        raise PluginError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PluginError(
            f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}"
        ) from None
    try:
        check(document)
    except ArgumentError as exc:
        raise PluginError(f"{path}: {exc}") from None
    assert isinstance(document, dict)
    return document


def _go_module(directory: Path) -> str:
    try:
        match = _GO_MODULE_LINE.search((directory / "go.mod").read_text(encoding="utf-8"))
    except OSError as exc:
        raise PluginError(f"cannot read {directory / 'go.mod'}: {exc.strerror or exc}") from None
    if match is None:
        raise PluginError(f"{directory / 'go.mod'} has no `module` line")
    return match.group(1)


def plugin_glue(directory: Path, lang: str) -> list[GeneratedFile]:
    """The glue files of the plugin in `directory` (paths relative to it)."""
    manifest = read_manifest(directory)
    tools = manifest.get("tools") or []
    try:
        schema, found = tool_args_schema(tools, str(directory / "plugin.json"))
    except SchemaModelError as exc:
        raise PluginError(str(exc)) from None
    return glue_files(lang, schema, found, _go_module(directory) if lang == "go" else "")


def command_warnings(manifest: dict[str, Any]) -> list[str]:
    """What in a manifest would make its tools fail under Zero, or miss the glue."""
    warnings = []
    for index, tool in enumerate(manifest.get("tools") or []):
        name = str(tool.get("name", "")).strip()
        command = str(tool.get("command", "")).strip()
        args = [str(a) for a in tool.get("args") or []]
        uses_root = PLUGIN_ROOT in command or any(PLUGIN_ROOT in a for a in args)
        if not uses_root and not os.path.isabs(command):
            warnings.append(
                f"tools[{index}] ({name}): neither its command nor its args use {PLUGIN_ROOT}; Zero runs "
                "a tool in the workspace, so paths relative to the plugin will not be found there"
            )
        if name not in args:
            warnings.append(
                f"tools[{index}] ({name}): its args do not name the tool; the generated glue runs the "
                "tool its first argument names"
            )
    return warnings


def generate_plugin(directory: Path, lang: str | None, check: bool) -> int:
    """Write (or with `check`, compare) the glue of the plugin in `directory`; the exit status."""
    lang = lang or detect_lang(directory)
    files = plugin_glue(directory, lang)
    for warning in command_warnings(read_manifest(directory)):
        click.echo(f"warning: {warning}", err=True)
    if not check:
        try:
            write_files(files, directory)
        except OSError as exc:
            raise PluginError(str(exc)) from None
        return 0
    stale = print_drift(files, directory)
    if stale:
        click.echo(
            f"\n{stale} generated file(s) are out of date with plugin.json. Fix with:\n"
            f"  zero-sdk plugin generate {directory} --lang {lang}",
            err=True,
        )
        return 1
    click.echo(f"{len(files)} generated file(s) are up to date with plugin.json.")
    return 0


# --- The commands ------------------------------------------------------------------------------


@click.group("plugin")
def plugin_group() -> None:
    """Typed Zero plugins: scaffold one, and generate its tools' argument types and glue."""


@plugin_group.command("new")
@click.argument("name")
@click.option("--lang", type=click.Choice(LANGS), required=True, help="The language of the tools.")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="The folder to create (default: ./NAME).",
)
def new_command(name: str, lang: str, out: Path | None) -> None:
    """Scaffold plugin NAME: plugin.json with an example tool, its typed function, the glue."""
    folder = out if out is not None else Path(name)
    new_plugin(name, lang, folder)
    click.echo(f"created the {lang} plugin {name} in {folder}")
    steps = {
        "python": "python3 -m pytest",
        "typescript": "./build.sh",
        "go": "go test ./... && ./build.sh",
    }[lang]
    click.echo(f"next: cd {folder} && {steps} && zero plugins add .")


@plugin_group.command("generate")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path), default=Path("."))
@click.option("--lang", type=click.Choice(LANGS), default=None, help="Default: from the folder's files.")
@click.option("--check", is_flag=True, help="Fail (exit 1) with a diff if the glue is out of date.")
def generate_command(directory: Path, lang: str | None, check: bool) -> None:
    """Generate the typed glue of the plugin in DIRECTORY (default .) from its plugin.json."""
    sys.exit(generate_plugin(directory, lang, check))
