"""A fake `zero` binary that plays a recorded stdout transcript (no model, no engine).

    python -m zero_client.testing.replay [--exit-code N] [--stderr FILE] [--delay S] TRANSCRIPT [ZERO ARGS...]
    zero-sdk replay [...same...]

Behaves as `zero exec` does towards its caller: reads stdin to EOF first (when stdin is not a
terminal), ignores every argument after TRANSCRIPT (the client's `exec -o stream-json ...`
flags), writes the transcript's lines to stdout exactly, then stderr, then exits.

The exit code is, in order: `--exit-code`; the `exit_code` of a `<stem>.run.json` written by
`zero-sdk record` next to the transcript; the `exitCode` of the transcript's last `run_end`
event; 0. Stderr likewise comes from `--stderr` or the `.run.json`. Stdlib only.
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

USAGE = "usage: replay [--exit-code N] [--stderr FILE] [--delay SECONDS] TRANSCRIPT [ZERO ARGS...]"
HELP = f"""{USAGE}

Acts as a fake `zero` binary: reads stdin to EOF, writes TRANSCRIPT (a stdout recording, e.g. by
`zero-sdk record`) to stdout line for line, then the recorded stderr, and exits with the recorded
exit code. Arguments after TRANSCRIPT (the client's `exec ...` flags) are ignored.

Options (before TRANSCRIPT):
  --exit-code N       exit with N (default: STEM.run.json's exit_code, else the last run_end's
                      exitCode, else 0)
  --stderr FILE       write FILE to stderr (default: STEM.run.json's stderr)
  --delay SECONDS     sleep between lines
  -h, --help          show this help
"""


class ReplayError(ValueError):
    """Bad arguments or an unreadable transcript; the message says which."""


class HelpRequested(Exception):
    """`-h` / `--help` before the transcript: print `HELP` and exit 0."""


@dataclass(frozen=True)
class Replay:
    stdout: bytes
    stderr: bytes
    exit_code: int
    delay: float = 0.0


def run_json_path(transcript: Path) -> Path:
    """Where `zero-sdk record` puts the run's other facts: `x.jsonl` -> `x.run.json`."""
    return transcript.with_name(transcript.stem + ".run.json")


def load(
    transcript: Path, *, exit_code: int | None = None, stderr: bytes | None = None, delay: float = 0.0
) -> Replay:
    try:
        stdout = transcript.read_bytes()
    except OSError as error:
        raise ReplayError(f"cannot read transcript {transcript}: {error.strerror}") from None
    meta: dict[str, object] = {}
    meta_path = run_json_path(transcript)
    if meta_path.is_file():
        try:
            loaded = json.loads(meta_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise ReplayError(f"{meta_path}: not a run record ({error})") from None
        if not isinstance(loaded, dict):
            raise ReplayError(f"{meta_path}: not a run record (a JSON object is expected)")
        meta = loaded
    if exit_code is None:
        recorded = meta.get("exit_code")
        exit_code = recorded if isinstance(recorded, int) else _run_end_exit_code(stdout)
    if stderr is None:
        recorded_err = meta.get("stderr")
        stderr = recorded_err.encode() if isinstance(recorded_err, str) else b""
    return Replay(stdout=stdout, stderr=stderr, exit_code=exit_code, delay=delay)


def _run_end_exit_code(stdout: bytes) -> int:
    code = 0
    for line in stdout.splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if (
            isinstance(event, dict)
            and event.get("type") == "run_end"
            and isinstance(event.get("exitCode"), int)
        ):
            code = event["exitCode"]
    return code


def parse_args(argv: list[str]) -> tuple[Path, int | None, bytes | None, float]:
    exit_code: int | None = None
    stderr: bytes | None = None
    delay = 0.0
    rest = list(argv)
    while rest and rest[0].startswith("-") and rest[0] != "-":
        flag = rest.pop(0)
        if flag in ("-h", "--help"):
            raise HelpRequested
        if flag == "--":  # what follows is the transcript, even if it starts with a dash
            break
        if flag not in ("--exit-code", "--stderr", "--delay"):
            raise ReplayError(f"unknown option {flag} (see --help)")
        if not rest:
            raise ReplayError(f"{flag} needs a value (see --help)")
        value = rest.pop(0)
        try:
            if flag == "--exit-code":
                exit_code = int(value)
            elif flag == "--stderr":
                stderr = Path(value).read_bytes()
            else:
                delay = float(value)
        except ValueError:
            raise ReplayError(f"{flag}: not a number: {value!r}") from None
        except OSError as error:
            raise ReplayError(f"{flag}: cannot read {value}: {error.strerror}") from None
    if not rest:
        raise ReplayError(f"no transcript given; {USAGE}")
    return Path(rest[0]), exit_code, stderr, delay


def play(replay: Replay) -> int:
    """Consume stdin like zero does, then write the recording. Returns the exit code."""
    if not sys.stdin.isatty():
        sys.stdin.buffer.read()
    out = sys.stdout.buffer
    for line in replay.stdout.splitlines(keepends=True):
        out.write(line)
        out.flush()
        if replay.delay:
            time.sleep(replay.delay)
    sys.stderr.buffer.write(replay.stderr)
    sys.stderr.buffer.flush()
    return replay.exit_code


def main(argv: list[str] | None = None) -> int:
    try:
        transcript, exit_code, stderr, delay = parse_args(sys.argv[1:] if argv is None else argv)
        replay = load(transcript, exit_code=exit_code, stderr=stderr, delay=delay)
    except HelpRequested:
        print(HELP, end="")
        return 0
    except ReplayError as error:
        print(f"replay: {error}", file=sys.stderr)
        return 2
    try:
        return play(replay)
    except BrokenPipeError:
        # The client hung up early: exit quietly, as a killed zero would.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return replay.exit_code


if __name__ == "__main__":
    sys.exit(main())
