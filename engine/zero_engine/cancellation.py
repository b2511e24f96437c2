"""A run cancelled by SIGINT/SIGTERM, and a cancellation a tool took in the middle of its call.

The signal handler (execrun.cancellation_on_signals) raises RunCancelled in the main thread once.
Most code lets it unwind the run. A tool that Zero would let finish with the cancelled context's
error (an MCP call: "Error: MCP tool sdk/slow failed: context canceled") catches it, calls
`defer()` and returns that result; the agent loop reports the result and then calls
`raise_deferred()`, which raises RunCancelled again, so the run still ends as interrupted.
"""

from __future__ import annotations

import threading


class RunCancelled(BaseException):
    """Raised in the main thread by SIGINT/SIGTERM during the run (not an Exception on purpose:
    tool code that catches Exception must not swallow a cancellation)."""


_deferred = threading.Event()


def defer() -> None:
    """A tool caught the cancellation and turned it into its result: the run ends after it."""
    _deferred.set()


def raise_deferred() -> None:
    """Raise RunCancelled once if a tool deferred the cancellation (else nothing)."""
    if _deferred.is_set():
        _deferred.clear()
        raise RunCancelled


def reset() -> None:
    _deferred.clear()
