"""The `zero-sdk` console script: checks for click (the `cli` extra) before loading the CLI.

Every anticipated failure is handled where it happens (one line on stderr, a documented exit
status); an exception that gets this far is a bug in zero-sdk, so its traceback is shown with a
line asking to report it.
"""

from __future__ import annotations

import sys
import traceback

from zero_sdk.extras import DISTRIBUTION, EXIT_MISSING_EXTRA, missing_extra_message

__all__ = ["EXIT_BUG", "REPORT_URL", "main"]

#: Where bugs go (the repository's issue tracker).
REPORT_URL = "https://github.com/zero-sdk/zero-sdk/issues"
#: The exit status after an unexpected exception (what Python exits with after a traceback).
EXIT_BUG = 1


def main() -> None:
    message = missing_extra_message("the zero-sdk command", "cli")
    if message is not None:
        print(f"Error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_MISSING_EXTRA)
    from zero_sdk.cli import main as cli_main

    try:
        cli_main()
    except Exception:  # anything click did not turn into an exit status is a bug
        traceback.print_exc()
        print(
            f"zero-sdk: this is a bug in zero-sdk ({_version()}), not in how it was used; "
            f"please report it with the traceback above at {REPORT_URL}",
            file=sys.stderr,
        )
        raise SystemExit(EXIT_BUG) from None


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "version unknown"
