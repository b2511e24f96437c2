"""`zero-sdk run [PROMPT]`: run a prompt through zero (or the engine) and show it live.

Modelled on `codex exec` and `claude -p`: the prompt comes from the argument or from stdin (`-`,
or no argument with stdin not a terminal); the exit status is the run's exit code (130 after
Ctrl-C); errors go to stderr, once. Three output shapes:
- the default, for people: streamed text plus one line per tool call, result, usage and status,
  and on a terminal a spinner line with the elapsed time and the current step while nothing
  streams;
- `--quiet`: only the final answer on stdout (errors still on stderr);
- `--json`: the binary's stdout events, passed through line for line.
`--output-last-message FILE` also writes the final answer to FILE.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import click

if TYPE_CHECKING:
    from types import FrameType

    from zero_client import RunResult, ZeroClient, ZeroError

#: Exit status when the client failed before the binary could report one (e.g. a timeout).
EXIT_CLIENT_FAILURE = 1
EXIT_USAGE = 2
EXIT_NOT_EXECUTABLE = 126
EXIT_NOT_FOUND = 127
#: What a shell reports for a run ended by Ctrl-C (128 + SIGINT), and what `zero exec` exits with.
EXIT_INTERRUPTED = 130


#: A timeout: a positive number of seconds.
SECONDS = click.FloatRange(min=0, min_open=True)

#: `--color`, shared by `zero-sdk run` and `zero-sdk demo`.
color_option = click.option(
    "--color",
    type=click.Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help="Color the status lines; `auto` means on a terminal unless NO_COLOR is set.",
)


def use_color(choice: str, stream: TextIO) -> bool:
    """`--color`: `always`, `never`, or `auto` (a terminal, NO_COLOR unset or empty, TERM not dumb)."""
    if choice != "auto":
        return choice == "always"
    return stream.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def read_prompt(prompt: str | None) -> str:
    """The prompt text: the argument, or stdin for `-` (or no argument and stdin not a terminal)."""
    if prompt is not None and prompt != "-":
        return prompt
    if prompt is None and sys.stdin.isatty():
        raise click.UsageError("no prompt: pass PROMPT, or `-` to read it from stdin")
    text = sys.stdin.read()
    if not text.strip():
        raise click.UsageError("the prompt read from stdin is empty")
    return text


def final_answer(result: RunResult | None) -> str:
    """The run's final answer: the `final` event's text, else the joined text deltas."""
    if result is None:
        return ""
    return result.final or result.text or ""


@click.command("run")
@click.argument("prompt", required=False)
@click.option("--json", "as_json", is_flag=True, help="Pass the binary's events through as JSON lines.")
@click.option("--quiet", "-q", is_flag=True, help="Print only the final answer (errors still go to stderr).")
@click.option(
    "--output-last-message",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write the final answer to this file.",
)
@click.option("--command", "command", help="Program to run instead of $ZERO_BIN / zero (e.g. zero-engine).")
@click.option(
    "-C", "--cd", "--cwd", "cwd", type=click.Path(file_okay=False), help="Workspace directory of the run."
)
@click.option(
    "--schema-version",
    type=int,
    help="The schemaVersion to try first, without a probe (a binary that speaks another one is followed).",
)
@click.option("--model", "-m", help="Model id or alias.")
@click.option("--max-turns", type=click.IntRange(min=1), help="Maximum agent loop turns.")
@click.option("--image", "images", multiple=True, type=click.Path(dir_okay=False), help="Attach an image.")
@click.option("--auto", type=click.Choice(["low", "medium", "high"]), help="Autonomy level.")
@click.option("--permission-mode", help="Permission mode (plan, auto, ask, unsafe, ...).")
@click.option("--plan", is_flag=True, help="Read-only planning mode.")
@click.option("--skip-permissions-unsafe", is_flag=True, help="Allow prompt-gated tools without approval.")
@click.option("--add-dir", "add_dirs", multiple=True, type=click.Path(file_okay=False), help="Extra root.")
@click.option("--enabled-tools", help="Comma-separated allow-list of tools.")
@click.option("--disabled-tools", help="Comma-separated deny-list of tools.")
@click.option("--resume", help="Resume this session id.")
@click.option("--resume-latest", is_flag=True, help="Resume the latest session.")
@click.option("--fork", help="Fork this session id.")
@click.option("--mode", help="Preset (smart, deep, fast, large, precise).")
@click.option("--exec-profile", help="Execution profile (balanced, fast, thorough).")
@click.option("--reasoning-effort", help="Reasoning effort.")
@click.option("--worktree", is_flag=True, help="Run from an isolated git worktree.")
@click.option("--worktree-name", help="Name of the worktree (implies --worktree).")
@click.option("--worktree-dir", type=click.Path(file_okay=False), help="Base directory of new worktrees.")
@click.option("--tag", help="Runtime tag metadata of the run.")
@click.option("--session-title", help="Title of the created session.")
@click.option("--allow-escalation", is_flag=True, help="Let the agent escalate to a stronger model.")
@click.option("--self-correct", is_flag=True, help="Run the post-edit verify-and-correct loop.")
@click.option("--no-completion-gate", is_flag=True, help="Accept a no-tool-call reply as final.")
@click.option("--decode-mode", type=click.Choice(["lenient", "warn", "strict"]), default="lenient")
@click.option("--idle-timeout", type=SECONDS, help="Seconds allowed between events.")
@click.option("--total-timeout", type=SECONDS, help="Seconds allowed for the whole run.")
@color_option
@click.option("--arg", "extra_args", multiple=True, help="Extra argument for `zero exec` (repeatable).")
def run_command(
    prompt: str | None,
    as_json: bool,
    quiet: bool,
    output_last_message: Path | None,
    command: str | None,
    cwd: str | None,
    schema_version: int | None,
    model: str | None,
    max_turns: int | None,
    images: tuple[str, ...],
    auto: str | None,
    permission_mode: str | None,
    plan: bool,
    skip_permissions_unsafe: bool,
    add_dirs: tuple[str, ...],
    enabled_tools: str | None,
    disabled_tools: str | None,
    resume: str | None,
    resume_latest: bool,
    fork: str | None,
    mode: str | None,
    exec_profile: str | None,
    reasoning_effort: str | None,
    worktree: bool,
    worktree_name: str | None,
    worktree_dir: str | None,
    tag: str | None,
    session_title: str | None,
    allow_escalation: bool,
    self_correct: bool,
    no_completion_gate: bool,
    decode_mode: str,
    idle_timeout: float | None,
    total_timeout: float | None,
    color: str,
    extra_args: tuple[str, ...],
) -> None:
    """Run PROMPT (or `-`: read it from stdin) and show it live; exits with the run's exit code.

    \b
    Exit status: the run's exit code (0 success, 3 provider, 4 incomplete, ...);
    2 usage error; 127 / 126 binary missing / not executable; 130 Ctrl-C;
    1 a binary that cannot be driven (dies at once, writes no stream-json event,
    speaks an unsupported schemaVersion) or another client failure (a timeout).
    """
    # Imported here so that other zero-sdk commands (`generate`) work even while the client's
    # generated bindings are being regenerated.
    from zero_client import Timeouts, ZeroClient, ZeroError, ZeroNotExecutableError, ZeroNotFoundError

    if as_json and quiet:
        raise click.UsageError("--json and --quiet are exclusive")
    text = read_prompt(prompt)
    # The user's inputs before the program: a mistyped -C is a usage error (2), also on a machine
    # where zero is missing (which would otherwise answer 127 first).
    if cwd is not None and not os.path.isdir(cwd):
        click.echo(f"zero-sdk run: cwd must be an existing directory: {cwd}", err=True)
        sys.exit(EXIT_USAGE)

    def split(tools: str | None) -> list[str] | None:
        return None if tools is None else [t for t in tools.replace(" ", ",").split(",") if t]

    from zero_sdk.otel_cli import TracingSetupError, provider_from_env, traced_command

    try:
        tracer_provider = provider_from_env(os.environ)
    except TracingSetupError as exc:
        click.echo(f"zero-sdk run: {exc}", err=True)
        sys.exit(EXIT_USAGE)
    with traced_command(tracer_provider):  # however the command exits, the spans are flushed
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
                resume=resume if resume is not None else (True if resume_latest else None),
                fork=fork,
                max_turns=max_turns,
                images=[str(Path(image).resolve()) for image in images],
                add_dirs=[str(Path(directory).resolve()) for directory in add_dirs],
                plan=plan,
                mode=mode,
                exec_profile=exec_profile,
                reasoning_effort=reasoning_effort,
                worktree=worktree_name if worktree_name is not None else (True if worktree else None),
                worktree_dir=None if worktree_dir is None else str(Path(worktree_dir).resolve()),
                tag=tag,
                session_title=session_title,
                skip_permissions_unsafe=skip_permissions_unsafe,
                allow_escalation=allow_escalation,
                self_correct=self_correct,
                no_completion_gate=no_completion_gate,
                extra_args=extra_args,
                decode_mode=decode_mode,  # type: ignore[arg-type]  # click.Choice guarantees the literal
                timeouts=Timeouts(idle=idle_timeout, total=total_timeout),
                tracer_provider=tracer_provider,
            )
        except ZeroNotFoundError as exc:
            # The client's message names its Python keyword (`command=`); name this CLI's flag.
            message = str(exc).replace("pass command=", "pass --command PATH")
            click.echo(f"zero-sdk run: {message}", err=True)
            sys.exit(EXIT_NOT_EXECUTABLE if isinstance(exc, ZeroNotExecutableError) else EXIT_NOT_FOUND)
        except ZeroError as exc:
            click.echo(f"zero-sdk run: {exc}", err=True)
            sys.exit(EXIT_USAGE)

        code, result = _stream(client, text, as_json=as_json, quiet=quiet, color=color)
        if output_last_message is not None and result is not None:
            try:
                output_last_message.write_text(final_answer(result), encoding="utf-8")
            except OSError as exc:
                click.echo(f"zero-sdk run: cannot write {output_last_message}: {exc.strerror}", err=True)
                code = code or EXIT_CLIENT_FAILURE
        sys.exit(code)


def start_error_status(error: ZeroError) -> int:
    """The exit status for an error raised before the run started (see `EXIT_*`)."""
    from zero_client import ZeroNotExecutableError, ZeroNotFoundError, ZeroUsageError

    if isinstance(error, ZeroNotExecutableError):
        return EXIT_NOT_EXECUTABLE
    if isinstance(error, ZeroNotFoundError):
        return EXIT_NOT_FOUND
    if isinstance(error, ZeroUsageError) and error.exit_code is None:  # e.g. -C names no directory
        return EXIT_USAGE
    return error.exit_code or EXIT_CLIENT_FAILURE


def _interrupt_once(signum: int, frame: FrameType | None) -> None:
    """SIGINT handler: the first Ctrl-C interrupts the run; later ones are ignored, so the
    client's shutdown of the process group (SIGINT, grace, SIGKILL, reap) is never cut short."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


def _stream(
    client: ZeroClient, prompt: str, *, as_json: bool, quiet: bool, color: str
) -> tuple[int, RunResult | None]:
    """Runs and renders; returns the exit status and the result (None if the run never started)."""
    from zero_client import ZeroError
    from zero_client.render import JsonRenderer, TerminalRenderer, error_line, write_now

    from zero_sdk.status_line import StatusLine

    out, err = sys.stdout, sys.stderr
    status: StatusLine | None = None
    renderer: TerminalRenderer | JsonRenderer | None = None
    if as_json:
        renderer = JsonRenderer(out)
    elif not quiet:
        if err.isatty():
            status = StatusLine(err)
        renderer = TerminalRenderer(
            out,
            err=err,
            color=use_color(color, out),
            write=write_now if status is None else status.write,
        )
    interrupted = False
    stream = client.stream(prompt, check=False)
    start_error: ZeroError | None = None
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _interrupt_once)
    try:
        if status is not None:
            status.start()
        with stream:
            for event in stream:
                if renderer is not None:
                    renderer.event(event)
                if status is not None and isinstance(renderer, TerminalRenderer):
                    status.step = renderer.step
    except KeyboardInterrupt:
        # Leaving the `with` ended the process group (SIGINT, grace, SIGKILL) and reaped it.
        interrupted = True
    except ZeroError as exc:  # before the run: the version probe, a bad cwd, a spawn failure
        start_error = exc
    finally:
        if status is not None:
            status.stop()
    if start_error is not None:
        click.echo(f"zero-sdk run: {error_line(start_error)}", err=True)
        return start_error_status(start_error), start_error.result
    result, error = stream.result, stream.error
    if interrupted:
        if isinstance(renderer, TerminalRenderer):
            renderer.line("[interrupted] run cancelled by Ctrl-C (exit 130)", "yellow", stream=err)
        else:
            click.echo("zero-sdk run: interrupted (exit 130)", err=True)
        return EXIT_INTERRUPTED, result
    if isinstance(renderer, TerminalRenderer):
        renderer.finish(result, error)
    elif error is not None:  # --json and --quiet: the events or the answer are stdout's alone
        click.echo(f"zero-sdk run: {error_line(error)}", err=True)
    if quiet and final_answer(result):
        answer = final_answer(result)
        out.write(answer if answer.endswith("\n") else answer + "\n")
        out.flush()
    code = result.exit_code if result is not None else None
    if error is not None and not code:
        code = error.exit_code or EXIT_CLIENT_FAILURE
    return code or 0, result
