"""`zero-sdk run PROMPT`: run a prompt through zero (or the engine) and show it live."""

from __future__ import annotations

import sys

import click

#: Exit status when the client failed before the binary could report one (e.g. not found).
EXIT_CLIENT_FAILURE = 1
EXIT_NOT_FOUND = 127
EXIT_NOT_EXECUTABLE = 126


@click.command("run")
@click.argument("prompt")
@click.option("--json", "as_json", is_flag=True, help="Pass events through as JSON lines.")
@click.option("--command", "command", help="Program to run instead of $ZERO_BIN / zero (e.g. zero-engine).")
@click.option("--cwd", type=click.Path(file_okay=False), help="Workspace directory of the run.")
@click.option(
    "--schema-version", type=click.IntRange(1, 2), help="Skip detection and use this schemaVersion."
)
@click.option("--model", "-m", help="Model id or alias.")
@click.option("--auto", type=click.Choice(["low", "medium", "high"]), help="Autonomy level.")
@click.option("--permission-mode", help="Permission mode (plan, auto, ask, unsafe, ...).")
@click.option("--enabled-tools", help="Comma-separated allow-list of tools.")
@click.option("--disabled-tools", help="Comma-separated deny-list of tools.")
@click.option("--resume", help="Resume this session id.")
@click.option("--fork", help="Fork this session id.")
@click.option("--decode-mode", type=click.Choice(["lenient", "warn", "strict"]), default="lenient")
@click.option("--idle-timeout", type=float, help="Seconds allowed between events.")
@click.option("--total-timeout", type=float, help="Seconds allowed for the whole run.")
@click.option("--color/--no-color", default=None, help="Color the status lines (default: when a terminal).")
@click.option("--arg", "extra_args", multiple=True, help="Extra argument for `zero exec` (repeatable).")
def run_command(
    prompt: str,
    as_json: bool,
    command: str | None,
    cwd: str | None,
    schema_version: int | None,
    model: str | None,
    auto: str | None,
    permission_mode: str | None,
    enabled_tools: str | None,
    disabled_tools: str | None,
    resume: str | None,
    fork: str | None,
    decode_mode: str,
    idle_timeout: float | None,
    total_timeout: float | None,
    color: bool | None,
    extra_args: tuple[str, ...],
) -> None:
    """Run PROMPT and show it live; the exit status is the run's exit code."""
    # Imported here so that other zero-sdk commands (`generate`) work even while the client's
    # generated bindings are being regenerated.
    from zero_client import Timeouts, ZeroClient, ZeroError, ZeroNotExecutableError, ZeroNotFoundError
    from zero_client.render import JsonRenderer, TerminalRenderer

    out = sys.stdout
    renderer: TerminalRenderer | JsonRenderer = (
        JsonRenderer(out)
        if as_json
        else TerminalRenderer(out, color=out.isatty() if color is None else color)
    )

    def split(tools: str | None) -> list[str] | None:
        return None if tools is None else [t for t in tools.replace(" ", ",").split(",") if t]

    try:
        client = ZeroClient(
            command,
            cwd,
            schema_version=schema_version,
            model=model,
            auto=auto,
            permission_mode=permission_mode,
            enabled_tools=split(enabled_tools),
            disabled_tools=split(disabled_tools),
            resume=resume,
            fork=fork,
            extra_args=extra_args,
            decode_mode=decode_mode,  # type: ignore[arg-type]  # click.Choice guarantees the literal
            timeouts=Timeouts(idle=idle_timeout, total=total_timeout),
        )
        with client.stream(prompt, check=False) as stream:
            for event in stream:
                renderer.event(event)
        renderer.finish(stream.result, stream.error)
        if stream.error is not None and as_json:
            click.echo(f"zero-sdk run: {stream.error}", err=True)
        code = stream.result.exit_code if stream.result is not None else None
        if stream.error is not None and not code:
            code = stream.error.exit_code or EXIT_CLIENT_FAILURE
    except ZeroNotExecutableError as exc:
        click.echo(f"zero-sdk run: {exc}", err=True)
        code = EXIT_NOT_EXECUTABLE
    except ZeroNotFoundError as exc:
        click.echo(f"zero-sdk run: {exc}", err=True)
        code = EXIT_NOT_FOUND
    except ZeroError as exc:
        click.echo(f"zero-sdk run: {exc}", err=True)
        code = exc.exit_code or EXIT_CLIENT_FAILURE
    sys.exit(code or 0)
