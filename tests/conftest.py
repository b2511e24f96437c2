"""Shared pytest configuration: the engine's test guard, the sandbox check, and the opt-in long
mode for tests marked `slow`.

Every engine a test starts runs with its OS sandbox on, the engine's default: the session starts
by removing every ZERO_ENGINE_* variable it inherited (an exported ZERO_ENGINE_SANDBOX=off, a
ZERO_ENGINE_BWRAP naming some other program, a ZERO_ENGINE_PASS_ENV...), so only what a test
sets itself reaches an engine. Two places set ZERO_ENGINE_SANDBOX=off on purpose, and neither
runs anything but a harmless command in its own temp dir: tests/test_tools_policy.py (an engine
without a sandbox must prompt for a shell command, which then never runs) and the differential
harness for a scenario marked `"sandbox": false` (sandbox_off_bash_unsafe: `echo made >
made.txt && cat a.txt` in the scenario's workspace), replayed by tests/test_engine_goldens.py.
The guard (ZERO_ENGINE_TEST_GUARD=1, exported here and put into every
environment the test helpers build) makes the engine fail loudly if a command the policy must
refuse ever reaches the code that starts processes: a test of a refusal checks the decision.
Under CI a machine where the sandbox cannot start fails the whole run at once, with the cause,
instead of every shell test failing one by one.

`pytest --run-slow` or `ZERO_SDK_SLOW=1 pytest` runs them; otherwise they are skipped. The long
mode is also exported as ZERO_SDK_SLOW=1 (in every xdist worker), so a test can scale its own
effort with `os.environ.get("ZERO_SDK_SLOW") == "1"`.

Tests leave nothing behind outside their own temp dirs. Every test runs with TMPDIR set to a
directory of its own under pytest's temp root, so whatever a process it starts puts under
$TMPDIR (the engine's spill files and its tools' private area, Go's t.TempDir, node's
os.tmpdir()) stays there; helpers that build an environment from scratch give it a TMPDIR too
(engine_support.engine_tmpdir). And the run compares /tmp before and after: an entry that was
not there when it began, is there at its end and bears a name this repository's code or tests
give temp files (`OURS`: `zero-...`, the engine's spill files, Go's `TestXxx...` dirs) fails the
run, listed. Other programs sharing /tmp are not this run's concern, and an entry that goes away
within a second (another run's, still working) is not counted. Nested pytest runs (a test that
runs the suite of a repository copy) leave the check to the outer run; ZERO_SDK_TMP_CHECK=0 turns
it off.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from engine_support import stop_warm_engine
from toolchains import engine_coverage_note, in_ci
from zero_engine.tools.process_sandbox import TEST_GUARD_ENV, select_backend

SLOW_ENV = "ZERO_SDK_SLOW"
#: The engine's own variables (ZERO_ENGINE_SANDBOX, ZERO_ENGINE_BWRAP, ...): cleared at start.
ENGINE_ENV_PREFIX = "ZERO_ENGINE_"
TMP_CHECK_ENV = "ZERO_SDK_TMP_CHECK"
#: The shared temp dir, whatever TMPDIR says.
SHARED_TMP = Path("/tmp")
_TMP_BEFORE = pytest.StashKey[frozenset[str]]()
#: The names this repository's code and tests give what they put in a temp dir; not the TMPDIR
#: of a whole scripts/test run (`zero-sdk-test.*`), which that run removes (another may be going).
OURS = re.compile(r"(?!zero-sdk-test\.)(zero-|ws-|Test[A-Z])")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--run-slow",
        action="store_true",
        default=False,
        help=f"run the tests marked slow (long fuzz/property/fault runs); same as {SLOW_ENV}=1",
    )


def slow_enabled(config: pytest.Config) -> bool:
    return bool(config.getoption("--run-slow")) or os.environ.get(SLOW_ENV, "") not in ("", "0")


def shared_tmp_entries() -> frozenset[str]:
    """The entries of /tmp, and of the engine's spill directory there (`zero-tool-output-<uid>`,
    which outlives the runs that write into it)."""
    names = {entry.name for entry in os.scandir(SHARED_TMP)}
    spill = f"zero-tool-output-{os.getuid()}"
    if (SHARED_TMP / spill).is_dir():
        names |= {f"{spill}/{entry.name}" for entry in os.scandir(SHARED_TMP / spill)}
    return frozenset(names)


def _is_controller(config: pytest.Config) -> bool:
    """The main pytest process (not an xdist worker): the one that sees the whole run."""
    return not hasattr(config, "workerinput")


def _tmp_check_enabled() -> bool:
    return os.environ.get(TMP_CHECK_ENV, "") not in ("0", "false") and SHARED_TMP.is_dir()


def pytest_configure(config: pytest.Config) -> None:
    if _is_controller(config) and _tmp_check_enabled():
        config.stash[_TMP_BEFORE] = shared_tmp_entries()
        os.environ[TMP_CHECK_ENV] = "0"  # nested runs: this one checks, and sees their files too
    if slow_enabled(config):
        os.environ[SLOW_ENV] = "1"
    for name in [name for name in os.environ if name.startswith(ENGINE_ENV_PREFIX)]:
        del os.environ[name]  # inherited from the shell: never this session's choice
    os.environ[TEST_GUARD_ENV] = "1"
    if in_ci():
        backend = select_backend({"PATH": os.environ.get("PATH", "")})
        if not backend.sandboxed:
            problem = backend.problem
            raise pytest.UsageError(f"CI needs the engine's OS sandbox, and it cannot start: {problem}")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Says when a schemaVersion of schema/ was not reached by any end-to-end run."""
    from zero_client.versions import SUPPORTED_SCHEMA_VERSIONS
    from zero_engine.execrun import ENGINE_SCHEMA_VERSIONS

    note = engine_coverage_note(SUPPORTED_SCHEMA_VERSIONS, ENGINE_SCHEMA_VERSIONS)
    if note is not None and _is_controller(terminalreporter.config):
        terminalreporter.write_sep("=", "schema versions without end-to-end runs", yellow=True)
        terminalreporter.write_line(note)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if slow_enabled(config):
        return
    skip = pytest.mark.skip(reason=f"slow: run with --run-slow or {SLOW_ENV}=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _tmpdir_of_the_test(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """TMPDIR for every process the test starts with this process's environment: its own."""
    monkeypatch.setenv("TMPDIR", str(tmp_path_factory.mktemp("TMPDIR")))


#: Where tests' extension layers go: outside every write root of their runs (the layer refuses
#: /tmp, $TMPDIR and the workspace), in a directory each test makes and removes.
LAYERS_PARENT = Path(__file__).resolve().parent.parent / ".layers"


@pytest.fixture(autouse=True)
def _layer_root_of_the_test(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """ZERO_SDK_LAYER_ROOT for the SDK's extension layers (docs/extensions.md): a directory of
    this test's own outside /tmp, removed with everything in it when the test ends."""
    import shutil
    import tempfile

    LAYERS_PARENT.mkdir(mode=0o700, exist_ok=True)
    root = Path(tempfile.mkdtemp(dir=LAYERS_PARENT))
    monkeypatch.setenv("ZERO_SDK_LAYER_ROOT", str(root))
    yield root
    shutil.rmtree(root, ignore_errors=True)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fails the run when it left something in /tmp (see the module docstring)."""
    stop_warm_engine()  # this process's warm engine server (tests/engine_support.py), if any
    before = session.config.stash.get(_TMP_BEFORE, None)
    if before is None or not _is_controller(session.config):
        return
    new = {name for name in shared_tmp_entries() - before if OURS.match(name)}
    if new:
        time.sleep(1)  # an entry another run is still using goes away
        new &= shared_tmp_entries()
    left = sorted(new)
    if not left:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line("")
        reporter.write_sep("=", f"entries left in {SHARED_TMP}", red=True)
    lines = [
        f"the tests left {len(left)} entr{'y' if len(left) == 1 else 'ies'} in {SHARED_TMP} (each test must "
        f"keep its files in its own temp dir: give the processes it starts a TMPDIR there; "
        f"{TMP_CHECK_ENV}=0 turns this check off):",
        *(f"  {SHARED_TMP / name}" for name in left),
    ]
    for line in lines:
        if reporter is not None:
            reporter.write_line(line, red=True)
        else:
            print(line)
    if session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
