"""The zero-sdk pytest plugin: fixtures to test code that drives Zero, against zero-engine or a real binary.

Registered through the `pytest11` entry point `zero_client`, so installing zero-headless-sdk is enough.
Only pytest imports this module (zero_client itself never does). Fixtures (docs/testing.md):

- `zero_bin`: the command that runs Zero, from `--zero-bin=engine|PATH` (default `engine`, the
  `zero-engine` console script).
- `zero_model`: a running `FakeModelServer` for this test (empty; `zero_model.enqueue(...)`).
- `zero_workspace`: a `Workspace` (a fresh directory; `.write({"a.txt": "hi"})`, `.read("a.txt")`).
- `zero_env`: isolates the environment (HOME, XDG dirs and TMPDIR in tmp, ZERO_SDK_LAYER_ROOT in a
  directory of the test's own outside /tmp; every other ZERO_*,
  OPENAI_*, ANTHROPIC_* and *_API_KEY/*TOKEN*/*SECRET* variable removed) and points OPENAI_* at
  `zero_model`. Returns the resulting environment.
- `zero_client`: a `ZeroClient` running `zero_bin` in `zero_workspace` with `zero_env`, with the
  options of the test's `@pytest.mark.zero_client(permission_mode=..., extra_args=[...])`.
- `zero_client_factory`: `zero_client_factory(**options)` makes more such clients.
- `zero_config`: a `ZeroConfig` writing Zero's configuration files for this test's runs (MCP
  servers, hooks, provider profiles, workspace trust) into the private XDG_CONFIG_HOME of
  `zero_env` and the `.zero/` of `zero_workspace`; never the real user's configuration.
- `zero_plugin`: `zero_plugin(folder)` installs a built plugin for this test's runs, as
  `zero plugins add` does (into `zero_config`'s XDG_CONFIG_HOME); returns its id.
- `zero_skill`: `zero_skill(name, body, description="")` writes a SKILL.md into the runs'
  private XDG_DATA_HOME, where the `skill` tool finds it.
- `assert_no_leaks`: call it to fail unless every process this test's runs started (children,
  process-group members, grandchildren) has exited and no fd opened since setup is still open.
- `zero_replay`: `zero_replay("t.jsonl")` returns a ZeroClient whose "binary" plays that recorded
  transcript (no model at all).
- `zero_engine_client` (ENGINE ONLY): `zero_engine_client(EngineScript)` returns a ZeroClient
  running zero-engine's scripted provider, for misbehaviours only the engine can do. Tests using
  it are skipped under `--zero-bin=PATH`; mark others with `@pytest.mark.zero_engine_only`.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from zero_client.client import ZeroClient
from zero_client.testing.config_files import ZeroConfig
from zero_client.testing.engine_script import EngineScript
from zero_client.testing.fake_model import FakeModelServer

ENGINE = "engine"

# Variables that may carry real credentials or change which provider/binary Zero uses.
_LEAKY_PREFIXES = (
    "ZERO_",
    "OPENAI_",
    "ANTHROPIC_",
    "GEMINI_",
    "GOOGLE_",
    "AZURE_OPENAI",
    "OPENROUTER_",
    "GROQ_",
    "MISTRAL_",
    "DEEPSEEK_",
    "XAI_",
    "OLLAMA_",
)
_LEAKY_WORDS = re.compile(r"API_KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL", re.IGNORECASE)

# Set in every run's environment, so the processes a test started can be found again even after
# they were reparented (a grandchild whose parent died), by reading /proc/PID/environ.
MARKER = "ZERO_SDK_TEST_MARKER"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("zero", "zero-sdk testing kit")
    group.addoption(
        "--zero-bin",
        default=ENGINE,
        help="what zero_client runs: 'engine' (zero-engine, the default) or the path of a zero binary",
    )
    group.addoption(
        "--zero-schema-version",
        default="2",
        choices=("1", "2"),
        help="zero-engine's protocol (ZERO_SCHEMA_VERSION; default 2, as Zero 0.8.0)",
    )
    group.addoption(
        "--zero-warm-engine",
        default=os.environ.get("ZERO_SDK_WARM_ENGINE", "on"),
        choices=("on", "off"),
        help="run zero-engine from a warm server forked per run (default on; ZERO_SDK_WARM_ENGINE)",
    )


def pytest_configure(config: pytest.Config) -> None:
    _warm["enabled"] = config.getoption("--zero-warm-engine") == "on"
    config.addinivalue_line(
        "markers", "zero_engine_only: needs zero-engine (skipped when --zero-bin names a real binary)"
    )
    config.addinivalue_line(
        "markers",
        "zero_client(**options): ZeroClient options of the zero_client fixture "
        "(permission_mode=..., skip_permissions_unsafe=True, extra_args=[...], tools=[...])",
    )
    value = str(config.getoption("--zero-bin"))
    if value == ENGINE:
        return
    # Checked here, once: a fixture's error would be repeated by every test that uses it.
    binary = _real_binary(value)
    missing = missing_sandbox_helpers(binary, os.environ.get("PATH", ""))
    if missing and not hasattr(config, "workerinput"):  # once per session: not again per xdist worker
        config.issue_config_time_warning(
            pytest.PytestWarning(
                f"--zero-bin={value}: {', '.join(missing)} not found (Zero looks for zero-linux-sandbox "
                "next to itself or on PATH, for bwrap on PATH): this Zero refuses to run shell commands, "
                "which zero-engine runs in its own sandbox, so a test can pass against one and fail "
                "against the other. Put both on PATH (they ship with Zero)."
            ),
            stacklevel=2,
        )


def _real_binary(value: str) -> Path:
    path = Path(value).expanduser()
    if not (path.is_file() and os.access(path, os.X_OK)):
        raise pytest.UsageError(
            f"--zero-bin={value}: not an executable file (use 'engine' or a path to zero)"
        )
    return path.resolve()


def missing_sandbox_helpers(binary: Path, path: str) -> list[str]:
    """What the real Zero at `binary` lacks to sandbox shell commands on Linux: its helper
    (next to the binary, else on PATH) and bwrap (on PATH). Empty elsewhere than Linux."""
    if not sys.platform.startswith("linux"):
        return []
    missing = []
    helper = binary.parent / "zero-linux-sandbox"
    beside = helper.is_file() and os.access(helper, os.X_OK)
    if not beside and shutil.which("zero-linux-sandbox", path=path) is None:
        missing.append("zero-linux-sandbox")
    if shutil.which("bwrap", path=path) is None:
        missing.append("bwrap")
    return missing


def engine_command() -> list[str]:
    """zero-engine: its console script when installed, else `python -m zero_engine`.

    Under pytest with the warm engine on (`--zero-warm-engine=on`, the default), the command is the
    launcher of this session's warm server (`zero_engine.warm`): the same run, isolated as a fresh
    process is, without the interpreter's start-up and imports each time. When the server cannot
    start, or declines a run, the run is a fresh process.
    """
    found = shutil.which("zero-engine") or shutil.which("zero-engine", path=str(Path(sys.executable).parent))
    if not found:
        return [sys.executable, "-m", "zero_engine"]
    # The server imports this interpreter's zero_engine: only a script of this environment is
    # known to run the same code.
    same_env = os.path.samefile(Path(found).parent, Path(sys.executable).parent)
    warm = _warm_engine(found) if same_env else None
    return warm.command() if warm is not None else [found]


# This session's warm server: started on the first engine run, stopped at the session's end.
_warm: dict[str, Any] = {"enabled": False, "server": None, "failed": False}


def _warm_engine(engine: str) -> Any:
    if not _warm["enabled"] or _warm["failed"]:
        return _warm["server"]
    if _warm["server"] is None:
        from zero_engine.warm import WarmEngine

        # Not the test's own environment: the server must not carry a test's MARKER (it would
        # count as a process that test left behind); each run gets its caller's environment anyway.
        env = {name: value for name, value in os.environ.items() if name != MARKER}
        server = WarmEngine(engine, env=env)
        try:
            server.start()
        except OSError:
            _warm["failed"] = True
            return None
        _warm["server"] = server
    return _warm["server"]


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    _stop_warm()


def pytest_unconfigure(config: pytest.Config) -> None:
    _stop_warm()


def _stop_warm() -> None:
    server = _warm["server"]
    _warm.update(server=None, enabled=False)
    if server is not None:
        server.stop()


def _is_engine(config: pytest.Config) -> bool:
    return str(config.getoption("--zero-bin")) == ENGINE


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("zero_engine_only") and not _is_engine(item.config):
        pytest.skip("needs zero-engine (--zero-bin names a real binary)")


@pytest.fixture(scope="session")
def zero_bin(pytestconfig: pytest.Config) -> list[str]:
    value = str(pytestconfig.getoption("--zero-bin"))
    if value == ENGINE:
        return engine_command()
    return [str(_real_binary(value))]  # pytest_configure checked it already


@pytest.fixture
def zero_model() -> Iterator[FakeModelServer]:
    with FakeModelServer() as server:
        yield server


class Workspace:
    """A test's workspace directory."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def write(self, files: Mapping[str, str | bytes]) -> Workspace:
        """Create files (relative paths, parents made); returns self."""
        for name, content in files.items():
            target = self.path / name
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                target.write_bytes(content)
            else:
                target.write_text(content, encoding="utf-8")
        return self

    def read(self, name: str) -> str:
        return (self.path / name).read_text(encoding="utf-8")

    def exists(self, name: str) -> bool:
        return (self.path / name).exists()

    def __fspath__(self) -> str:
        return str(self.path)


@pytest.fixture
def zero_workspace(tmp_path: Path) -> Workspace:
    path = tmp_path / "workspace"
    path.mkdir()
    return Workspace(path)


def isolated_environ(base: Mapping[str, str], root: Path) -> dict[str, str]:
    """`base` without leaky variables, with HOME, XDG dirs and TMPDIR under `root` (created)."""
    env = {
        name: value
        for name, value in base.items()
        if not name.startswith(_LEAKY_PREFIXES) and not _LEAKY_WORDS.search(name)
    }
    home = root / "home"
    dirs = {
        "HOME": home,
        "XDG_CONFIG_HOME": home / ".config",
        "XDG_DATA_HOME": home / ".local/share",
        "XDG_CACHE_HOME": home / ".cache",
        "XDG_STATE_HOME": home / ".local/state",
        "TMPDIR": root / "tmp",
    }
    for name, path in dirs.items():
        path.mkdir(parents=True, exist_ok=True)
        env[name] = str(path)
    env.update({"NO_COLOR": "1", "TERM": "dumb"})
    return env


@pytest.fixture
def zero_env(
    pytestconfig: pytest.Config,
    tmp_path: Path,
    zero_model: FakeModelServer,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
) -> dict[str, str]:
    # The SDK's extension layers (custom tools, hooks) must live outside every write root of a
    # run, and the test's tmp dir is under /tmp: a directory of this test's own under the layer
    # root the environment chose before it was isolated, removed when the test ends.
    # (Made by the first run that needs it.)
    from zero_client.extensions.layer import LAYER_ROOT_ENV, layer_root_path

    layer_root = Path(layer_root_path()) / f"test-{uuid.uuid4().hex[:12]}"
    request.addfinalizer(lambda: shutil.rmtree(layer_root, ignore_errors=True))
    env = isolated_environ(os.environ, tmp_path / "env")
    env[LAYER_ROOT_ENV] = str(layer_root)
    env.update(
        {
            "OPENAI_BASE_URL": zero_model.base_url,
            "OPENAI_API_KEY": "test-key",
            "OPENAI_MODEL": "gpt-4o-mini",
            MARKER: uuid.uuid4().hex,
        }
    )
    # zero-engine speaks either protocol; a real binary has one and ignores the variable.
    env["ZERO_SCHEMA_VERSION"] = str(pytestconfig.getoption("--zero-schema-version"))
    # Patch os.environ too, so processes the code under test starts itself are isolated as well.
    for name in list(os.environ):
        if name not in env:
            monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return env


@pytest.fixture
def zero_config(zero_env: dict[str, str], zero_workspace: Workspace) -> ZeroConfig:
    """Zero's configuration files for this test (user layer in zero_env's XDG_CONFIG_HOME)."""
    return ZeroConfig(Path(zero_env["XDG_CONFIG_HOME"]), zero_workspace.path, Path(zero_env["XDG_DATA_HOME"]))


@pytest.fixture
def zero_plugin(zero_config: ZeroConfig) -> Callable[..., str]:
    """`zero_plugin(folder, project=False)`: install a (built) plugin folder for this test's runs,
    as `zero plugins add` does; returns its id (`ZeroConfig.plugin`)."""
    return zero_config.plugin


@pytest.fixture
def zero_skill(zero_config: ZeroConfig) -> Callable[..., Path]:
    """`zero_skill(name, body, description="")`: a SKILL.md the runs' `skill` tool can load."""
    return zero_config.skill


#: What the fixtures set themselves: a test's options may not replace them.
_FIXED_OPTIONS = frozenset({"command", "cwd", "env", "inherit_env"})


def _client_options(options: Mapping[str, Any], where: str) -> dict[str, Any]:
    fixed = sorted(_FIXED_OPTIONS & set(options))
    if fixed:
        raise pytest.UsageError(
            f"{where}: {', '.join(fixed)}: set by the fixtures (zero_bin, zero_workspace, zero_env); "
            "pass other ZeroClient options"
        )
    return dict(options)


@pytest.fixture
def zero_client_factory(
    zero_bin: list[str], zero_workspace: Workspace, zero_env: dict[str, str]
) -> Callable[..., ZeroClient]:
    """`zero_client_factory(**options)`: a ZeroClient like `zero_client`'s with more options
    (`permission_mode="plan"`, `skip_permissions_unsafe=True`, `extra_args=[...]`, `tools=[...]`)."""

    def make(**options: Any) -> ZeroClient:
        options = _client_options(options, "zero_client_factory")
        return ZeroClient(zero_bin, cwd=str(zero_workspace.path), env=zero_env, **options)

    return make


@pytest.fixture
def zero_client(request: pytest.FixtureRequest, zero_client_factory: Callable[..., ZeroClient]) -> ZeroClient:
    """`ZeroClient(zero_bin, cwd=zero_workspace.path, env=zero_env)`, with the options of the
    test's `@pytest.mark.zero_client(**options)` marker (`permission_mode=...`, `extra_args=[...]`)."""
    marker = request.node.get_closest_marker("zero_client")
    if marker is None:
        return zero_client_factory()
    if marker.args:
        raise pytest.UsageError(
            f"@pytest.mark.zero_client takes ZeroClient's keyword options only, not {marker.args!r}"
        )
    return zero_client_factory(**_client_options(marker.kwargs, "@pytest.mark.zero_client"))


@pytest.fixture
def zero_replay(zero_workspace: Workspace, zero_env: dict[str, str]) -> Callable[..., ZeroClient]:
    """`zero_replay(transcript, exit_code=None, stderr=None)`: a client whose binary replays it."""

    def make(
        transcript: str | os.PathLike[str],
        *,
        exit_code: int | None = None,
        stderr: str | os.PathLike[str] | None = None,
    ) -> ZeroClient:
        command = [sys.executable, "-m", "zero_client.testing.replay"]
        if exit_code is not None:
            command += ["--exit-code", str(exit_code)]
        if stderr is not None:
            command += ["--stderr", os.fspath(stderr)]
        command.append(str(Path(transcript).resolve()))
        return ZeroClient(command, cwd=str(zero_workspace.path), env=zero_env)

    return make


@pytest.fixture
def zero_engine_client(
    pytestconfig: pytest.Config, tmp_path: Path, zero_workspace: Workspace, zero_env: dict[str, str]
) -> Callable[[EngineScript], ZeroClient]:
    """ENGINE ONLY: `zero_engine_client(script)` runs zero-engine's scripted provider with it."""
    if not _is_engine(pytestconfig):
        pytest.skip("needs zero-engine's scripted provider (--zero-bin names a real binary)")

    def make(script: EngineScript) -> ZeroClient:
        path = script.write(tmp_path / f"engine-script-{uuid.uuid4().hex[:8]}.json")
        env = {**zero_env, "ZERO_PROVIDER": "scripted", "ZERO_SCRIPT": str(path)}
        return ZeroClient(engine_command(), cwd=str(zero_workspace.path), env=env)

    return make


def _open_fds() -> dict[int, str]:
    fds: dict[int, str] = {}
    for name in os.listdir("/proc/self/fd"):
        try:
            fds[int(name)] = os.readlink(f"/proc/self/fd/{name}")
        except OSError:
            continue  # the fd listdir itself used, closed by now
    return fds


def marked_processes(marker_value: str) -> dict[int, str]:
    """pid -> command line of every live process whose environment holds MARKER=marker_value."""
    needle = f"{MARKER}={marker_value}".encode()
    found: dict[int, str] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as handle:
                environ = handle.read().split(b"\0")
            with open(f"/proc/{name}/stat", "rb") as handle:
                state = handle.read().rsplit(b")", 1)[1].split()[0]
            with open(f"/proc/{name}/cmdline", "rb") as handle:
                cmdline = handle.read().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue  # exited meanwhile, or not ours to read
        if needle in environ and state != b"Z":
            found[int(name)] = cmdline
    return found


class LeakChecker:
    """`assert_no_leaks(timeout=2.0)`: waits up to `timeout` for stragglers, then fails naming them."""

    def __init__(self, marker_value: str) -> None:
        self.marker_value = marker_value
        self.fds_before = _open_fds()

    def leaks(self) -> list[str]:
        found = [
            f"process {pid} still running: {cmd}" for pid, cmd in marked_processes(self.marker_value).items()
        ]
        for fd, target in _open_fds().items():
            if self.fds_before.get(fd) != target:
                found.append(f"fd {fd} still open: {target}")
        return found

    def __call__(self, timeout: float = 2.0) -> None:
        deadline = time.monotonic() + timeout
        while True:
            leaks = self.leaks()
            if not leaks or time.monotonic() >= deadline:
                break
            time.sleep(0.05)
        assert not leaks, "left behind by the test:\n  " + "\n  ".join(leaks)


@pytest.fixture
def assert_no_leaks(zero_env: dict[str, str]) -> LeakChecker:
    return LeakChecker(zero_env[MARKER])
