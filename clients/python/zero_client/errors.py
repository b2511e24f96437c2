"""Typed errors of the Zero client.

Every error carries what a caller needs to decide what to do next: the process exit code (when
there was one), the tail of the process's stderr, the run id (when the run got that far), whether
retrying the same request can help, and the partial `RunResult` (events seen so far) when a run
was under way.

Exit-code classification follows `zero exec` (docs/protocol.md section 2): 0 success, 1 crash,
2 usage, 3 provider, 4 incomplete, 130 interrupted.
"""

from __future__ import annotations

import signal as _signal
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypedDict, Unpack

if TYPE_CHECKING:
    from zero_client.core import RunResult

TimeoutKind = Literal["start", "first_event", "idle", "total"]


class ErrorContext(TypedDict, total=False):
    """The context every `ZeroError` may carry (keyword arguments of the constructors)."""

    exit_code: int | None
    stderr_tail: str
    run_id: str | None
    result: RunResult | None


class ZeroError(Exception):
    """Base class of every error the client raises."""

    #: Whether repeating the same request may succeed (provider hiccups, timeouts).
    retryable: bool = False

    def __init__(
        self,
        message: str,
        *,
        exit_code: int | None = None,
        stderr_tail: str = "",
        run_id: str | None = None,
        result: RunResult | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code
        self.stderr_tail = stderr_tail
        self.run_id = run_id
        self.result = result

    def __str__(self) -> str:
        text = self.message
        if self.exit_code is not None:
            text += f" (exit code {self.exit_code})"
        if self.stderr_tail.strip():
            last = self.stderr_tail.rstrip().splitlines()[-5:]
            text += "\nstderr (last lines):\n  " + "\n  ".join(last)
        return text


class ZeroRunError(ZeroError):
    """The run ended with a non-zero exit code reported by `run_end`."""


class ZeroCrashError(ZeroRunError):
    """Exit code 1: the binary crashed or could not write its output."""


class ZeroUsageError(ZeroRunError):
    """Exit code 2: bad flags, bad input, bad cwd or session preflight failure."""


class ZeroProviderError(ZeroRunError):
    """Exit code 3: provider, config, sandbox or MCP failure.

    `retryable` says which: a provider failure during the run (rate limit, server error, a
    dropped stream) is; a configuration problem found before the run started is not.
    """


class ZeroIncompleteError(ZeroRunError):
    """Exit code 4: the run stopped with work unfinished (headless completion gate)."""


class ZeroInterruptedError(ZeroRunError):
    """Exit code 130: the run was cancelled by SIGINT or SIGTERM."""


class ZeroProcessError(ZeroError):
    """The process ended without a `run_end` event (crash, kill, or a signal), or exited before
    writing any event at all (the message says which; the stderr tail says why)."""

    def __init__(self, message: str, *, signal: int | None = None, **context: Unpack[ErrorContext]) -> None:
        super().__init__(message, **context)
        self.signal = signal

    @property
    def signal_name(self) -> str | None:
        if self.signal is None:
            return None
        try:
            return _signal.Signals(self.signal).name
        except ValueError:
            return f"signal {self.signal}"


class ZeroTimeoutError(ZeroError):
    """One of the client's timeouts expired; the process group was ended."""

    retryable = True

    def __init__(
        self, message: str, *, timeout: TimeoutKind, seconds: float, **context: Unpack[ErrorContext]
    ) -> None:
        super().__init__(message, **context)
        self.timeout: TimeoutKind = timeout
        self.seconds = seconds


class ZeroNotFoundError(ZeroError):
    """The `zero` binary (or the configured command) does not exist."""

    def __init__(self, message: str, *, command: str, **context: Unpack[ErrorContext]) -> None:
        super().__init__(message, **context)
        self.command = command


class ZeroNotExecutableError(ZeroNotFoundError):
    """The configured command exists but cannot be executed (permissions, not a program)."""


class ZeroVersionError(ZeroError):
    """The binary speaks a stream-json schemaVersion this client cannot use: found by the version
    probe, by a run's refused input, or by a run whose events are all of that version."""


class ZeroProtocolError(ZeroError):
    """A stdout line is not a valid protocol event: raised in strict decode mode for the first bad
    line, and in every mode when the binary wrote lines but not one event (it is not Zero)."""

    def __init__(self, message: str, *, line_number: int, kind: str, **context: Unpack[ErrorContext]) -> None:
        super().__init__(message, **context)
        self.line_number = line_number
        self.kind = kind


#: When an `error` event's failure may go away by running the same request again, by code (the
#: schema's `x-zero-retry`, shared by the three clients). `after_run_start`: only when the run
#: got as far as `run_start`, i.e. the model was being called (rate limits, 5xx, drops); the same
#: code before the run means configuration (no provider, unknown provider, bad key file) and
#: retrying cannot help. Any code the binary marks `recoverable: true` is retryable too. Codes not
#: listed never are.
#: Read from the generated version registry on first use (`__getattr__`): the registry loads every
#: version's types, which `import zero_client` does not need.
RETRY_POLICY: Mapping[str, Literal["always", "after_run_start"]]


def __getattr__(name: str) -> Any:
    if name != "RETRY_POLICY":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from zero_client.versions import ERROR_RETRY_POLICY, LATEST_SCHEMA_VERSION

    policy = globals()["RETRY_POLICY"] = ERROR_RETRY_POLICY[LATEST_SCHEMA_VERSION]
    return policy


def retryable_error(code: str | None, *, recoverable: bool, run_started: bool) -> bool:
    """Whether an `error` event with this code describes a failure worth retrying (see RETRY_POLICY)."""
    if recoverable:
        return True
    policy = __getattr__("RETRY_POLICY").get(code or "")
    return policy == "always" or (policy == "after_run_start" and run_started)


_EXIT_CLASSES: dict[int, type[ZeroRunError]] = {
    1: ZeroCrashError,
    2: ZeroUsageError,
    3: ZeroProviderError,
    4: ZeroIncompleteError,
    130: ZeroInterruptedError,
}


def error_class_for_exit(exit_code: int) -> type[ZeroRunError]:
    """The error class for a non-zero `zero exec` exit code (unknown codes count as crashes)."""
    return _EXIT_CLASSES.get(exit_code, ZeroCrashError)


class StructuredOutputError(ZeroError):
    """A run asked for a typed result (`output_type=`) ended without a valid one: the model never
    called the output tool, or every object it gave failed validation. `last_attempt` is the last
    invalid object (the tool's arguments, None when there was none), `validation_errors` what was
    wrong with it, `attempts` how many objects were given; `result` is the run's result."""

    def __init__(
        self,
        message: str,
        *,
        last_attempt: Any = None,
        validation_errors: list[str] | None = None,
        attempts: int = 0,
        **context: Unpack[ErrorContext],
    ) -> None:
        super().__init__(message, **context)
        self.last_attempt = last_attempt
        self.validation_errors = list(validation_errors or [])
        self.attempts = attempts
