"""`zero-sdk batch TASKS.jsonl --out DIR`: run many tasks, locally or on a Ray cluster.

A thin layer over `zero_client.batch.run_batch`: it checks the task file, runs the batch, shows
progress on stderr (a live display on a terminal, drawn by `rich`; one line per settled task
elsewhere, for logs), and prints the summary on stdout (a table, or JSON with `--json`).

Exit status (one per kind of failure; docs/batch.md "Exit status" lists them with examples):
0 every task succeeded; 1 some failed (or `--max-failures` stopped the batch); 2 a bad task
file, bad options or a batch directory that cannot be used (nothing ran); 3 the Ray cluster
cannot be used (unreachable, auth, a `ray://` address without Ray Client); 75 another driver
holds the batch directory; 127/126 the program to run is missing or not executable; 130 after
Ctrl-C, 143 after SIGTERM (running tasks are interrupted and recorded; `--resume` continues).

stdout carries only the summary (the table, or exactly one JSON document with `--json`): while
the batch runs, file descriptor 1 points at stderr, so whatever Ray or a library prints there
lands on stderr instead.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import click

from zero_sdk.extras import EXIT_MISSING_EXTRA, missing_extra_message
from zero_sdk.run_cmd import (
    EXIT_INTERRUPTED,
    EXIT_NOT_EXECUTABLE,
    EXIT_NOT_FOUND,
    EXIT_USAGE,
    color_option,
)

#: The Ray cluster cannot be used: unreachable, refused the driver's auth, or a `ray://` address
#: without Ray Client.
EXIT_RAY_UNAVAILABLE = 3
#: Another driver holds the batch directory (EX_TEMPFAIL: try again once it ended).
EXIT_DIRECTORY_BUSY = 75
#: What a shell reports for a process ended by SIGTERM (128 + 15).
EXIT_TERMINATED = 143

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Task as ProgressTask
    from rich.text import Text
    from zero_client.batch import AttemptRecord, BatchRun, BatchSummary


def _fail(message: str, code: int) -> None:
    click.echo(f"zero-sdk batch: {message}", err=True)
    sys.exit(code)


def _env_pairs(pairs: tuple[str, ...], pass_names: tuple[str, ...]) -> dict[str, str]:
    env: dict[str, str] = {}
    for name in pass_names:  # taken from this shell, for the provider's keys and the like
        if name not in os.environ:
            raise click.BadParameter(f"{name} is not set in this environment", param_hint="--pass-env")
        env[name] = os.environ[name]
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise click.BadParameter(f"{pair!r} is not NAME=VALUE", param_hint="--env")
        env[name] = value
    return env


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    if seconds < 60:
        return f"{seconds:.1f}s"
    seconds = round(seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}"


def _console(color: str, *, stderr: bool, file: TextIO | None = None) -> Console:
    from rich.console import Console

    stream = file if file is not None else sys.stderr if stderr else sys.stdout
    if color == "always":
        return Console(file=stream, force_terminal=True, highlight=False)
    if color == "never":
        return Console(file=stream, no_color=True, highlight=False)
    return Console(file=stream, highlight=False)


@click.command("batch")
@click.argument("tasks_file", metavar="TASKS.jsonl", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--out",
    "-o",
    required=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="Batch directory: results.jsonl, transcripts/, diffs/, workspaces/.",
)
@click.option(
    "--concurrency",
    "-j",
    default=4,
    show_default=True,
    type=click.IntRange(min=1),
    help="Tasks running at once.",
)
@click.option("--resume", is_flag=True, help="Continue the batch in --out: skip tasks already final.")
@click.option("--retry-failed", is_flag=True, help="With --resume, run failed tasks again too.")
@click.option(
    "--max-attempts",
    default=3,
    show_default=True,
    type=click.IntRange(min=1),
    help="Attempts per task for retryable failures (rate limits, timeouts, lost workers).",
)
@click.option(
    "--backoff",
    default=2.0,
    show_default=True,
    type=click.FloatRange(min=0),
    help="Seconds before the first retry; doubles each time (max 60 s), with jitter.",
)
@click.option(
    "--backend",
    type=click.Choice(["local", "ray"]),
    default="local",
    show_default=True,
    help="Run on this machine, or as Ray tasks (needs the `ray` extra).",
)
@click.option("--ray-address", help="Ray cluster to use (default: $RAY_ADDRESS, else a local cluster).")
@click.option(
    "--ray-connect-timeout",
    default=30.0,
    show_default=True,
    type=click.FloatRange(min=0, min_open=True),
    help="Seconds to reach the Ray cluster before giving up (exit 3).",
)
@click.option(
    "--ray-resource-wait",
    default=60.0,
    show_default=True,
    type=click.FloatRange(min=0),
    help="Seconds a task waits for a node with the resources it asks for before it fails.",
)
@click.option(
    "--ray-num-cpus",
    default=1.0,
    show_default=True,
    type=click.FloatRange(min=0),
    help="CPUs each task asks of the Ray cluster (a task's `resources` win).",
)
@click.option("--command", "command", help="Program to run instead of $ZERO_BIN / zero (e.g. zero-engine).")
@click.option(
    "--env",
    "env_pairs",
    multiple=True,
    metavar="NAME=VALUE",
    help="Variable for every task (repeatable; a task's `env` wins).",
)
@click.option(
    "--pass-env",
    "pass_names",
    multiple=True,
    metavar="NAME",
    help="Pass this variable of your environment to every task (repeatable).",
)
@click.option(
    "--inherit-env",
    is_flag=True,
    help="Give tasks your whole environment instead of a minimal one (HOME, keys, ...).",
)
@click.option(
    "--idle-timeout",
    type=click.FloatRange(min=0, min_open=True),
    help="Seconds allowed between events (tasks without their own timeouts).",
)
@click.option(
    "--total-timeout",
    type=click.FloatRange(min=0, min_open=True),
    help="Seconds allowed per attempt (tasks without their own timeouts).",
)
@click.option("--save-diff", is_flag=True, help="Write each attempt's workspace diff (tasks with copy_from).")
@click.option(
    "--keep-workspaces",
    type=click.Choice(["all", "failed", "none"]),
    default="all",
    show_default=True,
    help="Which attempts' workspaces to keep (local backend).",
)
@click.option(
    "--max-failures",
    type=click.IntRange(min=1),
    help="Stop starting tasks once this many failed (running ones finish).",
)
@click.option(
    "--progress-interval",
    default=30.0,
    show_default=True,
    type=click.FloatRange(min=0),
    help="Seconds between progress lines on stderr when it is not a terminal (0: none).",
)
@click.option(
    "--atif",
    "write_atif",
    is_flag=True,
    help="Write each finished task's ATIF trajectory beside its transcript (.atif.json).",
)
@click.option(
    "--json", "as_json", is_flag=True, help="Print the summary as JSON (and nothing else on stdout)."
)
@click.option("--dry-run", is_flag=True, help="Check the task file and the options, run nothing.")
@color_option
def batch_command(
    tasks_file: Path,
    out: Path,
    concurrency: int,
    resume: bool,
    retry_failed: bool,
    max_attempts: int,
    backoff: float,
    backend: str,
    ray_address: str | None,
    ray_connect_timeout: float,
    ray_resource_wait: float,
    ray_num_cpus: float,
    command: str | None,
    env_pairs: tuple[str, ...],
    pass_names: tuple[str, ...],
    inherit_env: bool,
    idle_timeout: float | None,
    total_timeout: float | None,
    save_diff: bool,
    keep_workspaces: str,
    max_failures: int | None,
    progress_interval: float,
    write_atif: bool,
    as_json: bool,
    dry_run: bool,
    color: str,
) -> None:
    """Run every task of TASKS.jsonl (one JSON task per line; docs/batch.md) into --out."""
    from zero_client import Timeouts, ZeroNotExecutableError, ZeroNotFoundError
    from zero_client.batch import BatchError, ResultsError, TaskFileError, load_tasks, run_batch
    from zero_client.batch.lock import BatchLockedError

    if retry_failed and not resume:
        raise click.UsageError("--retry-failed reruns the failures of an earlier run: add --resume")
    chosen_backend: Any = "local"
    if backend == "ray":
        message = missing_extra_message("zero-sdk batch --backend ray", "ray")
        if message is not None:
            click.echo(f"Error: {message}", err=True)
            sys.exit(EXIT_MISSING_EXTRA)
        from zero_client.batch.ray_backend import RayBackend

        chosen_backend = RayBackend(
            ray_address,
            num_cpus=ray_num_cpus,
            connect_timeout=ray_connect_timeout,
            resource_wait=ray_resource_wait,
        )
    elif ray_address is not None:
        raise click.UsageError("--ray-address needs --backend ray")
    if not tasks_file.is_file():
        _fail(f"{tasks_file}: no such task file", EXIT_USAGE)
    env = _env_pairs(env_pairs, pass_names)
    from zero_sdk.otel_cli import TracingSetupError, provider_from_env, traced_command

    try:
        tracer_provider = provider_from_env(os.environ)  # None unless OTEL_* asks for export
    except TracingSetupError as exc:
        _fail(str(exc), EXIT_USAGE)
        return
    with traced_command(tracer_provider):  # the spans are flushed however the command ends
        try:
            batch = run_batch(
                tasks_file,
                out=out,
                concurrency=concurrency,
                max_attempts=max_attempts,
                resume=resume,
                retry_failed=retry_failed,
                backend=chosen_backend,
                command=command,
                env=env,
                inherit_env=inherit_env,
                timeouts=Timeouts(idle=idle_timeout, total=total_timeout),
                save_diff=save_diff,
                keep_workspaces=keep_workspaces,  # type: ignore[arg-type]  # click.Choice guarantees it
                backoff=backoff,
                max_failures=max_failures,
                tracer_provider=tracer_provider,
            )
        except TaskFileError as exc:
            count = len(exc.problems)
            _fail(f"{tasks_file}: {count} problem(s), nothing was run:\n{exc}", EXIT_USAGE)
            return
        except (BatchError, ResultsError) as exc:
            _fail(str(exc), EXIT_USAGE)
            return
        except BatchLockedError as exc:
            _fail(str(exc), EXIT_DIRECTORY_BUSY)
            return
        except ZeroNotFoundError as exc:
            message = str(exc).replace("pass command=", "pass --command PATH")
            if dry_run:  # the task file was checked first: say so before what is missing to run it
                click.echo(f"{tasks_file}: {len(load_tasks(tasks_file))} task(s) OK", err=True)
            _fail(message, EXIT_NOT_EXECUTABLE if isinstance(exc, ZeroNotExecutableError) else EXIT_NOT_FOUND)
            return
        except OSError as exc:  # the task file or the batch directory cannot be used
            _fail(f"{exc.filename or tasks_file}: {exc.strerror}", EXIT_USAGE)
            return
        for notice in batch.notices:
            click.echo(f"zero-sdk batch: {notice}", err=True)
        if dry_run:
            batch.close()
            progress = batch.progress()
            click.echo(
                f"{tasks_file}: {progress.total} task(s) OK; {progress.total - progress.resumed} to run "
                f"({progress.resumed} already final in {out})",
                err=True,
            )
            return
        from zero_client.batch.ray_backend import RayUnavailableError

        try:
            with _stdout_to_stderr():
                stopped_by = _run(batch, color=color, progress_interval=progress_interval)
        except TaskFileError as exc:  # the file was edited while the batch read it
            _fail(f"{tasks_file}: {exc}", EXIT_USAGE)
            return
        except RayUnavailableError as exc:
            _fail(str(exc), EXIT_RAY_UNAVAILABLE)
            return
        except OSError as exc:  # the batch directory cannot be written (full disk, permissions)
            _fail(f"{exc.filename or out}: {exc.strerror}", EXIT_USAGE)
            return
        if write_atif:
            write_trajectories(tasks_file, out)
        summary = batch.summary
        assert summary is not None
        if as_json:
            click.echo(json.dumps(summary.to_json(), indent=2))
        else:
            _print_summary(summary, _console(color, stderr=False))
        hint = provider_env_hint(summary, env, inherit_env, os.environ)
        if hint is not None:
            click.echo(hint, err=True)
        if summary.halted_after_failures is not None:
            click.echo(
                f"zero-sdk batch: stopped starting tasks after {summary.halted_after_failures} failed "
                f"(--max-failures); {summary.not_started} not started, --resume runs them",
                err=True,
            )
        if stopped_by is not None:
            code = EXIT_TERMINATED if stopped_by == signal.SIGTERM else EXIT_INTERRUPTED
            what = "terminated (SIGTERM)" if stopped_by == signal.SIGTERM else "interrupted"
            click.echo(f"zero-sdk batch: {what}; continue with --resume (exit {code})", err=True)
            sys.exit(code)
        sys.exit(summary.exit_code)


@contextlib.contextmanager
def _stdout_to_stderr() -> Iterator[None]:
    """Points file descriptor 1 at stderr for the block: whatever Ray, a worker's relayed output
    or a library writes to stdout while the batch runs lands on stderr, so stdout holds only the
    summary printed after it."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        os.dup2(2, 1)
        yield
    finally:
        with contextlib.suppress(ValueError, OSError):
            sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)


def write_trajectories(tasks_file: Path, out: Path) -> int:
    """`--atif`: the ATIF trajectory of every finished task (its final attempt), beside that
    attempt's transcript, with the task's prompt and images. A transcript that cannot be exported
    is named on stderr and skipped (the batch's results stand). Returns how many were written."""
    from zero_client.atif import AtifError, transcript_to_trajectory, write_trajectory
    from zero_client.batch import load_tasks
    from zero_client.batch.results import task_states

    from zero_sdk.export_cmd import trajectory_path

    states = task_states(out / "results.jsonl")
    written = 0
    for task in load_tasks(tasks_file):
        state = states.get(task.id)
        if state is None or not state.latest.is_final or state.latest.transcript is None:
            continue
        transcript = out / state.latest.transcript
        try:
            trajectory = transcript_to_trajectory(
                transcript, prompt=task.prompt_events(), images=task.options.images
            )
            write_trajectory(trajectory, trajectory_path(transcript))
        except (AtifError, OSError) as exc:
            click.echo(f"zero-sdk batch: {task.id}: no trajectory: {exc}", err=True)
            continue
        written += 1
    return written


def _record_line(record: AttemptRecord, done: int, total: int) -> str:
    tokens = f"{record.usage.total_tokens:,} tokens"
    line = f"[{done}/{total}] {record.id}: {record.status} in {record.duration_s:.1f}s, {tokens}"
    if record.error is not None and record.status != "succeeded":
        line += (
            f" ({record.error.kind}: {record.error.message.splitlines()[0] if record.error.message else ''})"
        )
    return line


def _progress_line(batch: BatchRun) -> str:
    now = batch.progress()
    line = (
        f"[progress] {now.done}/{now.total} done (ok {now.succeeded}, failed {now.failed}), "
        f"{now.running} running"
    )
    if now.waiting_retry:
        line += f", {now.waiting_retry} waiting to retry"
    return line + f", {now.tokens:,} tokens, elapsed {_duration(now.elapsed_s)}, eta {_duration(now.eta_s)}"


class _Lines:
    """The progress output: whole lines, one write each, to the stderr the batch started with.

    Two threads write here (the heartbeat and the loop over records): each line goes in one
    `write` under a lock, so they never merge. And it is a duplicate of file descriptor 2 taken
    before the batch starts, so while a backend points fd 2 elsewhere (Ray's connection messages
    go to `ray-driver.log`) progress still reaches the user."""

    def __init__(self) -> None:
        sys.stderr.flush()
        self.stream = os.fdopen(os.dup(2), "w", encoding="utf-8", errors="backslashreplace", buffering=1)
        self._lock = threading.Lock()

    def line(self, text: str) -> None:
        with self._lock:
            self.stream.write(text + "\n")

    def close(self) -> None:
        with self._lock, contextlib.suppress(OSError):
            self.stream.close()


def _heartbeat(batch: BatchRun, interval: float, done: threading.Event, lines: _Lines) -> None:
    """A progress line on stderr every `interval` seconds, so a CI log shows a batch whose tasks
    take long is alive."""
    while not done.wait(interval):
        lines.line(_progress_line(batch))


def _stopping_signal(exc: BaseException) -> int:
    return signal.SIGTERM if isinstance(exc, SystemExit) else signal.SIGINT


def _run(batch: BatchRun, *, color: str, progress_interval: float = 0.0) -> int | None:
    """Runs the batch with progress on stderr; returns the signal (SIGINT, SIGTERM) that stopped
    it, if one did."""
    lines = _Lines()
    try:
        return _run_with(batch, lines, color=color, progress_interval=progress_interval)
    finally:
        lines.close()


def _run_with(batch: BatchRun, lines: _Lines, *, color: str, progress_interval: float) -> int | None:
    err = _console(color, stderr=True, file=lines.stream)
    if not err.is_terminal:
        settled = batch.progress().resumed
        done = threading.Event()
        beat = threading.Thread(
            target=_heartbeat,
            args=(batch, progress_interval, done, lines),
            name="zero-batch-progress",
            daemon=True,
        )
        if progress_interval > 0:
            beat.start()
        try:
            for record in batch:
                settled += 1
                line = _record_line(record, settled, batch.progress().total)
                if record.status == "failed" and record.transcript:
                    line += f" transcript: {Path(batch.out) / record.transcript}"
                lines.line(line)
        except (KeyboardInterrupt, SystemExit) as exc:
            return _stopping_signal(exc)
        finally:
            done.set()
            if beat.is_alive():
                beat.join()  # its last line is out before `lines` closes
        return None
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        SpinnerColumn,
        TextColumn,
    )

    class Counts(ProgressColumn):
        """failed, running, waiting to retry, tokens, elapsed and ETA, read live from the batch."""

        def render(self, task: ProgressTask) -> Text:
            from rich.text import Text

            now = batch.progress()
            text = Text()
            text.append(f"ok {now.succeeded}", style="green")
            text.append("  ")
            text.append(f"failed {now.failed}", style="red" if now.failed else "dim")
            text.append(f"  running {now.running}")
            if now.waiting_retry:
                text.append(f"  retrying {now.waiting_retry}", style="yellow")
            text.append(f"  tokens {now.tokens:,}", style="cyan")
            text.append(f"  elapsed {_duration(now.elapsed_s)}  eta {_duration(now.eta_s)}", style="dim")
            return text

    display = Progress(
        SpinnerColumn(),
        TextColumn("[bold]batch"),
        BarColumn(),
        MofNCompleteColumn(),
        Counts(),
        console=err,
        refresh_per_second=4,
    )
    start = batch.progress()
    bar = display.add_task("batch", total=start.total, completed=start.done)
    try:
        with display:
            for record in batch:
                now = batch.progress()
                display.update(bar, completed=now.done)
                if record.status == "failed":
                    display.console.print(f"[red]failed[/red] {_record_line(record, now.done, now.total)}")
    except (KeyboardInterrupt, SystemExit) as exc:
        return _stopping_signal(exc)
    return None


def _print_summary(summary: BatchSummary, console: Console) -> None:
    from rich.table import Table

    counts = Table(title="zero-sdk batch", show_header=False, title_justify="left")
    counts.add_column("what")
    counts.add_column("value", justify="right")
    counts.add_row("tasks", str(summary.total))
    counts.add_row("[green]succeeded[/green]", str(summary.succeeded))
    counts.add_row("[red]failed[/red]", str(summary.failed))
    if summary.interrupted or summary.not_started:
        counts.add_row("[yellow]interrupted[/yellow]", str(summary.interrupted))
        counts.add_row("not started", str(summary.not_started))
    if summary.resumed:
        counts.add_row("final before this run (resumed)", str(summary.resumed))
    counts.add_row("attempts (retries)", f"{summary.attempts} ({summary.retries})")
    counts.add_row(
        "tokens (prompt / completion)",
        f"{summary.total_tokens:,} ({summary.prompt_tokens:,} / {summary.completion_tokens:,})",
    )
    p50 = "-" if summary.duration_p50_s is None else f"{summary.duration_p50_s:.1f}s"
    p95 = "-" if summary.duration_p95_s is None else f"{summary.duration_p95_s:.1f}s"
    counts.add_row("duration p50 / p95", f"{p50} / {p95}")
    counts.add_row("wall time", _duration(summary.wall_time_s))
    console.print(counts)
    if summary.slowest:
        slow = Table(title="slowest", title_justify="left")
        slow.add_column("task")
        slow.add_column("duration", justify="right")
        for task_id, seconds in summary.slowest[:5]:
            slow.add_row(task_id, f"{seconds:.1f}s")
        console.print(slow)
    if summary.failures:
        failed = Table(title=f"failed ({summary.failed})", title_justify="left")
        failed.add_column("tasks")
        failed.add_column("kind")
        failed.add_column("message", overflow="fold")
        failed.add_column("transcript", overflow="fold")
        groups = group_failures(summary.failures)
        for kind, message, task_ids in groups[:FAILURE_ROWS]:
            transcript = summary.failure_transcripts.get(task_ids[0])
            shown = str(Path(summary.out) / transcript) if transcript else "-"
            if len(task_ids) > 1:  # the others' are in --json and results.jsonl
                shown += f" (and {len(task_ids) - 1} more)"
            failed.add_row(_id_list(task_ids), kind, message, shown)
        console.print(failed)
        rest = groups[FAILURE_ROWS:]
        if rest:
            tasks = sum(len(task_ids) for _, _, task_ids in rest)
            console.print(
                f"and {tasks} more failed task(s) in {len(rest)} other kind(s) of failure: "
                "--json lists every one, results.jsonl has their records"
            )
    if summary.halted_after_failures is not None:
        console.print(
            f"stopped after {summary.halted_after_failures} failed task(s) (--max-failures): "
            f"{summary.not_started} not started"
        )
    console.print(f"results: {Path(summary.out) / 'results.jsonl'}")


#: Rows of the summary table's failures (one per kind of failure); --json lists every failure.
FAILURE_ROWS = 10


def group_failures(failures: list[tuple[str, str, str]]) -> list[tuple[str, str, list[str]]]:
    """(kind, message's first line, task ids) per distinct failure, in order of first appearance:
    ten tasks failing alike are one row, not ten copies of a paragraph."""
    groups: dict[tuple[str, str], list[str]] = {}
    for task_id, kind, message in failures:
        groups.setdefault((kind, message.splitlines()[0] if message else ""), []).append(task_id)
    return [(kind, message, ids) for (kind, message), ids in groups.items()]


def _id_list(task_ids: list[str], shown: int = 5) -> str:
    head = ", ".join(task_ids[:shown])
    return head if len(task_ids) <= shown else f"{head} and {len(task_ids) - shown} more"


#: Variables a provider reads, in the shell that starts the batch.
_PROVIDER_VARIABLE_PREFIXES = ("OPENAI_", "ANTHROPIC_", "GEMINI_", "OPENROUTER_", "ZERO_PROVIDER")


def provider_env_hint(
    summary: BatchSummary, passed: Mapping[str, str], inherit_env: bool, environ: Mapping[str, str]
) -> str | None:
    """A note when tasks failed for want of a provider ("No provider configured", Zero's words)
    while this shell has the provider's variables: the batch builds each task's environment
    itself, so they reach a task only when passed."""
    if inherit_env or not any("No provider configured" in message for _, _, message in summary.failures):
        return None
    unpassed = sorted(n for n in environ if n.startswith(_PROVIDER_VARIABLE_PREFIXES) and n not in passed)
    flags = " ".join(f"--pass-env {name}" for name in unpassed) or "--pass-env NAME"
    have = f" ({', '.join(unpassed)} are set here but were not passed)" if unpassed else ""
    return (
        "zero-sdk batch: the tasks found no provider. Each task runs in an environment the batch "
        f"builds (PATH, locale, its own HOME and TMPDIR), not in yours{have}: add {flags} (or "
        "--env NAME=VALUE, a task's `env`, or --inherit-env); docs/batch.md."
    )
