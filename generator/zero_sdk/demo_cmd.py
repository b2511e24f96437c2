"""`zero-sdk demo [PATH]`: the newcomer's demo, offline and with no configuration.

The Python client (`zero_client.ZeroClient`) drives the embedded engine (`zero-engine exec`,
stream-json in and out, schemaVersion 2) with the offline demo provider (`ZERO_PROVIDER=demo`)
on PATH, and `zero_client.render.TerminalRenderer` shows the run live: reasoning, text, tool
calls, the refused write, usage and the final status. Then it says where the generated bindings
of each language live in this checkout.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import click

from zero_sdk.run_cmd import color_option, use_color

DEMO_PROMPT = "Inspect this repo"
EXIT_CLIENT_FAILURE = 1

#: (what, path relative to the repository root) of the schema and each language's bindings.
BINDINGS = (
    ("JSON Schema (the source of truth)", "schema"),
    ("Python bindings", "clients/python/zero_client/versions"),
    ("TypeScript bindings", "clients/typescript/src/generated"),
    ("Go bindings", "clients/go/protocol"),
)


def engine_command() -> list[str]:
    """The `zero-engine` console script next to the running interpreter, else `python -m`."""
    script = Path(sys.executable).parent / "zero-engine"
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script)]
    return [sys.executable, "-m", "zero_engine"]


def repo_root() -> Path | None:
    """The zero-sdk checkout the client package is installed from (an editable install), if any."""
    import zero_client

    package = Path(zero_client.__file__).resolve().parent  # <root>/clients/python/zero_client
    for candidate in package.parents:
        if (candidate / "schema").is_dir() and (candidate / "pyproject.toml").is_file():
            return candidate
    return None


def bindings_report() -> list[str]:
    root = repo_root()
    if root is None:
        import zero_client.versions

        from zero_sdk.resources import schemas_dir

        python_dir = Path(zero_client.versions.__file__).resolve().parent
        return [
            "Generated bindings:",
            f"  JSON Schema (the source of truth): {schemas_dir()}",
            f"  Python bindings: {python_dir}",
            "  (`zero-sdk generate --lang python|typescript|go --out DIR` writes bindings",
            "   into your project)",
        ]
    lines = [f"Generated bindings (paths relative to {root}):"]
    width = max(len(what) for what, _ in BINDINGS) + 1
    for what, relative in BINDINGS:
        target = root / relative
        if target.is_dir():
            names = sorted(p.name for p in target.iterdir() if not p.name.startswith((".", "__")))
            detail = ", ".join(names)
        else:
            detail = "missing: run `zero-sdk generate`"
        lines.append(f"  {(what + ':').ljust(width)} {relative}/  ({detail})")
    lines.append("  Regenerate them with `zero-sdk generate`; `zero-sdk generate --check` finds drift.")
    return lines


@click.command("demo")
@click.argument(
    "path",
    required=False,
    default=".",
    type=click.Path(exists=True, file_okay=False, dir_okay=True, path_type=Path),
)
@color_option
def demo_command(path: Path, color: str) -> None:
    """Drive the embedded engine on PATH (default: here) with the offline demo provider."""
    from zero_client import ZeroClient, ZeroError
    from zero_client.render import TerminalRenderer

    workspace = path.resolve()
    out = sys.stdout
    renderer = TerminalRenderer(out, color=use_color(color, out))
    click.echo(
        f"zero-sdk demo: the Python client drives the embedded engine (zero-engine exec, offline demo "
        f"provider, schemaVersion 2) on {workspace}\n"
        f'Prompt: "{DEMO_PROMPT}"\n'
    )
    # Zero records every stream-json run as a session under $XDG_DATA_HOME/zero/sessions, and so
    # does the engine. The demo is not work anyone will resume, so its session goes to a
    # temporary data home that is deleted afterwards: the demo leaves nothing behind.
    with tempfile.TemporaryDirectory(prefix="zero-sdk-demo-") as data_home:
        env = {
            "ZERO_PROVIDER": "demo",
            "XDG_DATA_HOME": data_home,
            "ZERO_SESSIONS_DIR": str(Path(data_home) / "zero" / "sessions"),
        }
        try:
            # The client probes the schemaVersion the engine speaks and writes its input in it.
            client = ZeroClient(engine_command(), str(workspace), env)
            with client.stream(DEMO_PROMPT, check=False) as stream:
                for event in stream:
                    renderer.event(event)
            renderer.finish(stream.result, stream.error)
        except ZeroError as exc:
            click.echo(f"zero-sdk demo: {exc}", err=True)
            sys.exit(exc.exit_code or EXIT_CLIENT_FAILURE)
    click.echo("")
    for line in bindings_report():
        click.echo(line)
    code = stream.result.exit_code if stream.result is not None else None
    if stream.error is not None and not code:
        code = stream.error.exit_code or EXIT_CLIENT_FAILURE
    sys.exit(code or 0)
