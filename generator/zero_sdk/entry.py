"""The `zero-sdk` console script: checks for click (the `cli` extra) before loading the CLI."""

from __future__ import annotations

import sys

from zero_sdk.extras import EXIT_MISSING_EXTRA, missing_extra_message

__all__ = ["main"]


def main() -> None:
    message = missing_extra_message("the zero-sdk command", "cli")
    if message is not None:
        print(f"Error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_MISSING_EXTRA)
    from zero_sdk.cli import main as cli_main

    cli_main()
