"""Console entry point for `zero-engine` (docs/protocol.md 1.1): `exec ARGS`, `-p TEXT`, leading --add-dir."""

from __future__ import annotations

import os
import signal
import sys

from zero_engine.args import PROMPT_REQUIRED, looks_like_flag

USAGE = "usage: zero-engine exec [flags] [prompt]   (or: zero-engine -p PROMPT; zero-engine --help)"

TOP_LEVEL_HELP = """zero-engine: an offline stand-in for Zero's headless `zero exec`, for testing clients

Usage:
  zero-engine exec [flags] [prompt]
  zero-engine -p PROMPT

`zero-engine exec` runs one prompt the way headless `zero exec` does, without Zero: an offline
Python engine with Zero's flags, stream-json events and exit codes. It stands in for `zero exec`,
so `zero-engine exec --help` prints exactly what `zero exec --help` prints at the protocol version
in use; flags zero-engine does not implement are listed there as Zero lists them and refused with
"<flag> is not supported by zero-engine" when used.

The model comes from the environment: ZERO_PROVIDER=demo (canned, offline), ZERO_PROVIDER=scripted
with ZERO_SCRIPT=FILE (scripted replies), or OPENAI_BASE_URL, OPENAI_API_KEY and OPENAI_MODEL (any
OpenAI-compatible server). ZERO_SCHEMA_VERSION=1 speaks the v1-era protocol (default 2). Shell
tools run in an OS sandbox (bubblewrap); ZERO_ENGINE_SANDBOX=off runs them on the host.

Commands:
  exec       Run a one-shot prompt (`zero-engine exec --help` lists its flags, as Zero prints them)
  help       Show this help

Flags:
  -h, --help                     Show this help
  -p, --prompt                   Run a one-shot prompt
      --add-dir <path>           Allow writes in an extra directory (repeatable)
"""


def _split_leading_add_dirs(args: list[str]) -> tuple[list[str], list[str]] | str:
    """Pull `--add-dir DIR` / `--add-dir=DIR` off the front; returns an error message on misuse."""
    forwarded: list[str] = []
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--add-dir":
            value = args[index + 1].strip() if index + 1 < len(args) else ""
            if not value or looks_like_flag(value):
                return "--add-dir requires a directory path"
            forwarded += ["--add-dir", value]
            index += 2
        elif arg.startswith("--add-dir="):
            value = arg[len("--add-dir=") :].strip()
            if not value:
                return "--add-dir requires a directory path"
            forwarded += ["--add-dir", value]
            index += 1
        else:
            break
    return forwarded, args[index:]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    # Before the run installs its handlers a signal kills the process the default way, like Go
    # (Python would otherwise raise KeyboardInterrupt with a traceback).
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    split = _split_leading_add_dirs(args)
    if isinstance(split, str):
        os.write(2, f"[zero] {split}\n".encode())
        return 1
    add_dirs, rest = split
    if rest and rest[0] in ("-h", "--help", "help"):
        os.write(1, TOP_LEVEL_HELP.encode())
        return 0
    if rest and rest[0] in ("-p", "--prompt"):
        if len(rest) == 1:
            os.write(2, f"[zero] {PROMPT_REQUIRED}\n".encode())
            return 2
        exec_args = [f"--prompt={rest[1]}", *rest[2:]]
    elif rest and rest[0] == "exec":
        exec_args = rest[1:]
    else:
        if add_dirs:
            os.write(2, b"[zero] --add-dir is only supported for the interactive TUI and exec\n")
            return 1
        problem = f"unknown command {rest[0]!r}" if rest else "no command given"
        os.write(2, f"zero-engine: {problem}; {USAGE}\n".encode())
        return 2
    from zero_engine.tools.process_sandbox import host_warning

    warning = host_warning(os.environ)
    if warning:
        os.write(2, warning.encode())
    from zero_engine.execrun import run_exec

    return run_exec(exec_args + add_dirs, os.environ)
