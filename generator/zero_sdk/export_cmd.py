"""`zero-sdk export --format atif RUN.jsonl... [-o FILE]`: saved runs as ATIF trajectories.

Each transcript (Zero's stream-json, any schemaVersion) becomes one trajectory
(`zero_client.atif`; docs/trajectories.md). With one transcript, `-o FILE` names the output (`-`
for stdout); otherwise each trajectory is written beside its transcript, `RUN.atif.json` for
`RUN.jsonl`, or into `--out-dir`.

Exit status: 0 when every file was exported, 1 when some could not be (each one named on
stderr, on one line; the others are still written), 2 for a usage error.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from zero_sdk.run_cmd import EXIT_CLIENT_FAILURE

#: The suffix of a trajectory written beside its transcript.
TRAJECTORY_SUFFIX = ".atif.json"


def trajectory_path(transcript: Path) -> Path:
    """Where the trajectory of `transcript` goes beside it: `RUN.jsonl` -> `RUN.atif.json`."""
    name = transcript.name
    stem = name[: -len(".jsonl")] if name.endswith(".jsonl") else name
    return transcript.with_name(stem + TRAJECTORY_SUFFIX)


@click.command("export")
@click.argument(
    "transcripts",
    metavar="RUN.jsonl...",
    nargs=-1,
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
)
@click.option(
    "--format",
    "format_",
    type=click.Choice(["atif"]),
    default="atif",
    show_default=True,
    help="Output format.",
)
@click.option(
    "--atif-version",
    default="ATIF-v1.8",
    show_default=True,
    help="ATIF version to write: ATIF-v1.2 ... ATIF-v1.8, or `lowest` (the oldest that holds the run).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Output file (one transcript only; - for stdout).",
)
@click.option(
    "--out-dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write the trajectories into this directory.",
)
@click.option(
    "--prompt", help="The prompt of the run(s): the trajectory's opening user step (not on the stream)."
)
@click.option(
    "--image", "images", multiple=True, help="An image the prompt attached (path or URL; repeatable)."
)
@click.option("--agent-version", help="The Zero version that made the run(s) (the stream does not say).")
def export_command(
    transcripts: tuple[Path, ...],
    format_: str,
    atif_version: str,
    output: Path | None,
    out_dir: Path | None,
    prompt: str | None,
    images: tuple[str, ...],
    agent_version: str | None,
) -> None:
    """Export saved runs (stream-json transcripts) as ATIF trajectories."""
    from zero_client.atif import AtifError, check_version, transcript_to_trajectory, write_trajectory

    try:
        check_version(atif_version)
    except AtifError as exc:
        raise click.BadParameter(str(exc), param_hint="--atif-version") from None
    if output is not None and (len(transcripts) > 1 or out_dir is not None):
        raise click.UsageError(
            "-o/--output takes one transcript and no --out-dir; with several, use --out-dir"
        )
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    # Local images as absolute paths: the trajectory may be written, and read, somewhere else.
    images = tuple(image if "://" in image else str(Path(image).resolve()) for image in images)
    failed = 0
    for transcript in transcripts:
        try:
            trajectory = transcript_to_trajectory(
                transcript, prompt=prompt, images=images, agent_version=agent_version, version=atif_version
            )
        except AtifError as exc:
            click.echo(f"zero-sdk export: {exc}", err=True)
            failed += 1
            continue
        if output is not None and str(output) == "-":
            click.echo(json.dumps(trajectory, indent=2, ensure_ascii=False))
            continue
        if output is not None:
            target = output
        elif out_dir is not None:
            target = out_dir / trajectory_path(transcript).name
        else:
            target = trajectory_path(transcript)
        try:
            write_trajectory(trajectory, target)
        except OSError as exc:
            click.echo(f"zero-sdk export: {target}: {exc.strerror or exc}", err=True)
            failed += 1
            continue
        click.echo(str(target), err=True)
    if failed:
        sys.exit(EXIT_CLIENT_FAILURE)
