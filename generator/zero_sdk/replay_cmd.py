"""`zero-sdk replay TRANSCRIPT [ZERO ARGS...]`: act as a fake `zero` playing a recorded transcript.

The work is done by `zero_client.testing.replay` (stdlib only, so the pytest fixture can start it
with `python -m` cheaply); this wraps it as a subcommand.
"""

from __future__ import annotations

import sys

import click
from zero_client.testing import replay


@click.command(
    "replay",
    context_settings={
        "ignore_unknown_options": True,
        "allow_interspersed_args": False,
        "help_option_names": [],
    },
    add_help_option=False,
)
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def replay_command(args: tuple[str, ...]) -> None:
    """Play TRANSCRIPT's stdout (and exit code) as `zero exec` would; later arguments are ignored.

    Options before TRANSCRIPT: --exit-code N, --stderr FILE, --delay SECONDS (between lines).
    """
    sys.exit(replay.main(list(args)))
