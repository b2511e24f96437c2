package zero

import (
	"fmt"
	"strings"
	"syscall"
	"time"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol"
)

// Error is implemented by every error the client returns, so callers can get the common
// context with errors.As:
//
//	var zerr zero.Error
//	if errors.As(err, &zerr) && zerr.Retryable() { ... }
//
// The concrete types (*CrashError, *UsageError, *ProviderError, *IncompleteError,
// *InterruptedError, *ProcessError, *TimeoutError, *NotFoundError, *VersionError,
// *ProtocolError) tell what happened; match them with errors.As too.
type Error interface {
	error
	// ExitCode is the process exit code, or -1 when there was none (not started, or killed).
	ExitCode() int
	// StderrTail is the last bytes of the process's stderr.
	StderrTail() string
	// Retryable tells whether repeating the same request may succeed (provider, timeout).
	Retryable() bool
	// RunID is the run's id, or "" when the run did not get that far.
	RunID() string
	// Result is what the run produced before it failed (nil when no process ran).
	Result() *RunResult
}

// errorBase is the context every error carries.
type errorBase struct {
	msg      string
	exitCode int
	stderr   string
	runID    string
	result   *RunResult
	cause    error
}

func newBase(msg string, exitCode int, result *RunResult, cause error) errorBase {
	b := errorBase{msg: msg, exitCode: exitCode, result: result, cause: cause}
	if result != nil {
		b.stderr = result.StderrTail
		b.runID = result.RunID
	}
	return b
}

// Error is the message with the exit code and the last stderr lines.
func (e *errorBase) Error() string {
	var b strings.Builder
	b.WriteString(e.msg)
	if e.exitCode >= 0 {
		fmt.Fprintf(&b, " (exit code %d)", e.exitCode)
	}
	if tail := strings.TrimRight(e.stderr, " \t\r\n"); strings.TrimSpace(tail) != "" {
		lines := strings.Split(tail, "\n")
		if len(lines) > 5 {
			lines = lines[len(lines)-5:]
		}
		b.WriteString("\nstderr (last lines):\n  ")
		b.WriteString(strings.Join(lines, "\n  "))
	}
	return b.String()
}

// Message is the bare message, without exit code and stderr.
func (e *errorBase) Message() string { return e.msg }

// Unwrap returns the cause: the context's error when the caller cancelled the run.
func (e *errorBase) Unwrap() error { return e.cause }

// ExitCode is the process exit code, or -1 when there was none.
func (e *errorBase) ExitCode() int { return e.exitCode }

// StderrTail is the last bytes of the process's stderr.
func (e *errorBase) StderrTail() string { return e.stderr }

// Retryable is false unless the error type says otherwise.
func (e *errorBase) Retryable() bool { return false }

// RunID is the run's id, or "".
func (e *errorBase) RunID() string { return e.runID }

// Result is what the run produced before it failed.
func (e *errorBase) Result() *RunResult { return e.result }

// CrashError is exit code 1: the binary crashed or could not write its output.
type CrashError struct{ errorBase }

// UsageError is exit code 2: bad flags, bad input, bad cwd or session preflight failure.
type UsageError struct{ errorBase }

// ProviderError is exit code 3: provider, config, sandbox or MCP failure. Retryable says which:
// a provider failure during the run (rate limit, server error, a dropped stream) is; a
// configuration problem found before the run started is not (see RetryableError).
type ProviderError struct {
	errorBase
	retryable bool
}

// Retryable tells whether the error events of the run make it worth retrying (RetryableError).
func (e *ProviderError) Retryable() bool { return e.retryable }

// IncompleteError is exit code 4: the run stopped with work unfinished.
type IncompleteError struct{ errorBase }

// InterruptedError is exit code 130: the run was cancelled by SIGINT or SIGTERM (which is what
// cancelling the context usually produces; errors.Is(err, context.Canceled) then holds too).
type InterruptedError struct{ errorBase }

// ProcessError is a process that ended without a `run_end` event (crash, kill, or a signal).
type ProcessError struct {
	errorBase
	// Signal is the signal that ended the process, or 0 when it exited by itself.
	Signal syscall.Signal
}

// TimeoutError is one of the client's timeouts expiring; the process group was ended.
type TimeoutError struct {
	errorBase
	// Kind is "first_event", "idle" or "total".
	Kind     string
	Duration time.Duration
}

// Retryable is true.
func (e *TimeoutError) Retryable() bool { return true }

// NotFoundError is a `zero` command (or configured command) that cannot be started.
type NotFoundError struct {
	errorBase
	Command string
}

// VersionError is a binary speaking a schemaVersion this client cannot use (or a mismatch).
type VersionError struct{ errorBase }

// ProtocolError is a stdout line that is not a valid protocol event (only in Strict mode).
type ProtocolError struct {
	errorBase
	Line int
	Kind string
}

// errorForExit builds the error type for a non-zero `zero exec` exit code (unknown codes count
// as crashes).
func errorForExit(exitCode int, base errorBase) Error {
	switch exitCode {
	case 2:
		return &UsageError{base}
	case 3:
		return &ProviderError{errorBase: base}
	case 4:
		return &IncompleteError{base}
	case 130:
		return &InterruptedError{base}
	default:
		return &CrashError{base}
	}
}

// RetryableError tells whether an `error` event with this code describes a failure worth
// retrying, by the schema's `x-zero-retry` table (the same table in the three clients): it is
// when the binary marks it recoverable, or its code's policy is "always", or the policy is
// "after_run_start" and the run got as far as run_start (the model was being called; before
// that the same code means configuration, which retrying cannot fix). Other codes never are.
func RetryableError(code string, recoverable, runStarted bool) bool {
	if recoverable {
		return true
	}
	versions := protocol.Registry().Versions
	for _, c := range versions[len(versions)-1].ErrorCodes {
		if c.Value == code {
			return c.Retry == "always" || (c.Retry == "after_run_start" && runStarted)
		}
	}
	return false
}

// StructuredOutputError is a run that asked for a typed result (ext.Extensions.OutputType) and
// ended without a valid one: the model never called the output tool, or every object it gave
// failed validation.
type StructuredOutputError struct {
	errorBase
	// LastAttempt is the last invalid object (the tool's arguments), nil when there was none.
	LastAttempt map[string]any
	// ValidationErrors says what was wrong with it.
	ValidationErrors []string
	// Attempts is how many objects the model gave.
	Attempts int
}

// NewStructuredOutputError is the error of result, a run without a valid typed result.
func NewStructuredOutputError(msg string, result *RunResult, lastAttempt map[string]any, validationErrors []string, attempts int) *StructuredOutputError {
	exitCode := -1
	if result != nil {
		exitCode = result.ExitCode
	}
	return &StructuredOutputError{newBase(msg, exitCode, result, nil), lastAttempt, validationErrors, attempts}
}
