"""Run one scenario against one `zero exec` implementation and capture what a client can observe.

A scenario (conformance/scenarios/<name>.json, format in docs/testing.md) is argv, stdin,
workspace files, environment and a model script, optionally after earlier steps (a run that
creates the session a later step resumes). Each run gets a fresh root directory with the
workspace, an isolated HOME (and XDG dirs), a TMPDIR, a directory outside every write root and a
directory under /tmp, plus a fresh fake model server per step. What is captured: exit code,
stdout, stderr, the files created/changed/deleted in the workspace, outside and /tmp areas, and
the request bodies the model server received.

Normalisation replaces ONLY values that differ from run to run: run ids, session ids (numbered
in order of appearance, so "the same session" stays visible), timestamps, the run's temp paths,
the server port and durations. Request bodies additionally have the text only a model reads
(the system prompt, tool descriptions) masked at capture time: that text is each
implementation's own, and Zero's is never stored in the repository.
"""

from __future__ import annotations

import base64
import contextlib
import fnmatch
import functools
import hashlib
import http.server
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zero_client.testing.fake_model import FakeModelServer
from zero_client.testing.script import Script, ScriptError

from differential.masking import mask_output, mask_request

REPO_ROOT = Path(__file__).resolve().parents[2]
SCENARIO_DIR = REPO_ROOT / "conformance" / "scenarios"
GOLDEN_DIR = REPO_ROOT / "conformance" / "goldens"
KNOWN_DIFFERENCES = GOLDEN_DIR / "known-differences.json"

# Placeholders usable in argv, env values, stdin, file names/contents and the model script:
# @WORKSPACE@, @HOME@, @TMPDIR@, @OUTSIDE@, @SYSTMP@ (directories), @PORT@ (the model server),
# @VERSION@ (the schema version being run), @REPO@ (this checkout, where the test MCP servers
# live) and @PYTHON@ (the Python that runs the harness: it has the `mcp` package the servers use).
AREAS = ("WORKSPACE", "HOME", "TMPDIR", "OUTSIDE", "SYSTMP")
PYTHON = sys.executable
# Zero's configuration files a scenario may give a run (written before the first step): the user
# layer in $XDG_CONFIG_HOME/zero/ (the run's private HOME/.config) and the project layer in the
# workspace's .zero/. A value is a JSON document (written indented) or a string (written as is,
# e.g. to test a malformed file).
CONFIG_FILES = {
    "user_config": ("HOME", ".config/zero/config.json"),
    "user_hooks": ("HOME", ".config/zero/hooks.json"),
    "project_config": ("WORKSPACE", ".zero/config.json"),
    "project_hooks": ("WORKSPACE", ".zero/hooks.json"),
    # The persistent MCP approvals `zero mcp approve` records. A grant's serverIdentity may be
    # @MCP_IDENTITY:<server>@: the identity of that stdio server of user_config/project_config
    # (it hashes the server's command line, which names this checkout's paths).
    "mcp_permissions": ("HOME", ".config/zero/mcp-permissions.json"),
}
MCP_IDENTITY_PLACEHOLDER = re.compile(r"@MCP_IDENTITY:([A-Za-z0-9._-]+)@")
MAX_INLINE_FILE = 20_000
DEFAULT_TIMEOUT = 60.0
SCENARIO_KEYS = frozenset(
    {
        "name",
        "description",
        "versions",
        "argv",
        "stdin",
        "files",
        "env",
        "model",
        "steps",
        "timeout",
        "git",
        "sandbox",
        "trusted",
        *CONFIG_FILES,
        "public_server",
        "interrupt",
    }
)
STEP_KEYS = frozenset({"argv", "stdin", "env", "model", "files", "timeout", "interrupt"})
INTERRUPT_SIGNALS = {"SIGINT": signal.SIGINT, "SIGTERM": signal.SIGTERM}
INTERRUPT_KEYS = frozenset({"signal", "after", "delay"})


class ScenarioError(ValueError):
    """A scenario file that cannot be run; the message names the file and the field."""


@dataclass(frozen=True)
class Step:
    argv: tuple[str, ...]
    stdin: str | None = None
    env: Mapping[str, str | None] = field(default_factory=dict)  # None unsets a variable
    model: Any = None  # the script's JSON form (placeholders are filled in per run)
    files: Mapping[str, Any] = field(default_factory=dict)  # written before this step
    timeout: float = DEFAULT_TIMEOUT
    interrupt: Interrupt | None = None


@dataclass(frozen=True)
class Interrupt:
    """A signal sent to the process (not its group: as `kill PID` would) once `after` shows on its
    stdout or stderr, `delay` seconds later: e.g. SIGINT while an MCP call is in flight."""

    signal: str  # a key of INTERRUPT_SIGNALS
    after: str
    delay: float = 1.0


def _interrupt(data: Any, where: str) -> Interrupt | None:
    if data is None:
        return None
    if not isinstance(data, dict) or set(data) - INTERRUPT_KEYS:
        raise ScenarioError(f"{where}: field 'interrupt' must be an object of {sorted(INTERRUPT_KEYS)}")
    name, after, delay = data.get("signal"), data.get("after"), data.get("delay", 1.0)
    if name not in INTERRUPT_SIGNALS:
        raise ScenarioError(f"{where}: field 'interrupt.signal' must be one of {sorted(INTERRUPT_SIGNALS)}")
    if not isinstance(after, str) or not after:
        raise ScenarioError(f"{where}: field 'interrupt.after' must be a non-empty string")
    if not isinstance(delay, int | float) or isinstance(delay, bool) or delay < 0:
        raise ScenarioError(f"{where}: field 'interrupt.delay' must be a number of seconds")
    return Interrupt(name, after, float(delay))


@dataclass(frozen=True)
class Scenario:
    name: str
    description: str
    versions: tuple[int, ...]
    steps: tuple[Step, ...]  # earlier steps, then the scenario's own run last
    path: Path
    git: bool = False  # the workspace is a git repository with its files committed
    # Shell tools run in the OS sandbox (Zero: its bwrap backend; the engine: its default).
    # False: Zero finds no backend and the engine runs on the host (ZERO_ENGINE_SANDBOX=off).
    sandbox: bool = True
    # Zero's configuration files (CONFIG_FILES keys), and whether the workspace is trusted (its
    # path is in the user layer's trust.json, as `zero trust` writes it).
    config_files: Mapping[str, Any] = field(default_factory=dict)
    trusted: bool = False
    # Every step runs in a private network namespace where @PUBLIC@ (a public address, port 80)
    # serves `/to?<url>` as a redirect to <url> (see `in_private_network`).
    public_server: bool = False

    @property
    def main(self) -> Step:
        return self.steps[-1]


def _step(data: Mapping[str, Any], where: str, allowed: frozenset[str]) -> Step:
    unknown = set(data) - allowed
    if unknown:
        raise ScenarioError(f"{where}: unknown field {sorted(unknown)[0]!r}")
    argv = data.get("argv")
    if not isinstance(argv, list) or not all(isinstance(a, str) for a in argv):
        raise ScenarioError(f"{where}: field 'argv' must be a list of strings")
    stdin = data.get("stdin")
    if stdin is not None and not isinstance(stdin, str):
        raise ScenarioError(f"{where}: field 'stdin' must be a string")
    env = data.get("env", {})
    if not isinstance(env, dict) or not all(isinstance(v, str | None) for v in env.values()):
        raise ScenarioError(f"{where}: field 'env' must be an object of strings (null unsets)")
    files = data.get("files", {})
    if not isinstance(files, dict):
        raise ScenarioError(f"{where}: field 'files' must be an object")
    model = data.get("model")
    if model is not None:
        try:
            Script.from_json(model)
        except ScriptError as error:
            raise ScenarioError(f"{where}: field 'model': {error}") from None
    timeout = data.get("timeout", DEFAULT_TIMEOUT)
    if not isinstance(timeout, int | float):
        raise ScenarioError(f"{where}: field 'timeout' must be a number")
    interrupt = _interrupt(data.get("interrupt"), where)
    return Step(tuple(argv), stdin, dict(env), model, dict(files), float(timeout), interrupt)


def _flag(data: Mapping[str, Any], where: str, key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise ScenarioError(f"{where}: field {key!r} must be true or false")
    return value


def load_scenario(path: Path) -> Scenario:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError) as error:
        raise ScenarioError(f"{path}: {error}") from None
    where = path.name
    if not isinstance(data, dict):
        raise ScenarioError(f"{where}: expected an object")
    name = data.get("name")
    if name != path.stem:
        raise ScenarioError(f"{where}: field 'name' must be the file name without .json ({path.stem!r})")
    return scenario_from_json(data, path)


def scenario_from_json(data: Mapping[str, Any], path: Path) -> Scenario:
    """A scenario from its JSON form (`path`: where it lives or would live, for messages)."""
    where = path.name
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise ScenarioError(f"{where}: field 'name' must be a non-empty string")
    versions = data.get("versions", [1, 2])
    if not isinstance(versions, list) or not versions or not all(v in (1, 2) for v in versions):
        raise ScenarioError(f"{where}: field 'versions' must be a non-empty list of 1 and 2")
    description = data.get("description", "")
    if not isinstance(description, str) or not description:
        raise ScenarioError(f"{where}: field 'description' must be a non-empty string")
    earlier = data.get("steps", [])
    if not isinstance(earlier, list):
        raise ScenarioError(f"{where}: field 'steps' must be a list")
    steps = [_step(item, f"{where}: steps[{i}]", STEP_KEYS) for i, item in enumerate(earlier)]
    steps.append(_step(data, where, SCENARIO_KEYS))
    config_files = {key: data[key] for key in CONFIG_FILES if key in data}
    for key, value in config_files.items():
        if not isinstance(value, dict | list | str):
            raise ScenarioError(f"{where}: field {key!r} must be a JSON object, array or string")
    return Scenario(
        name,
        description,
        tuple(versions),
        tuple(steps),
        path,
        git=_flag(data, where, "git", False),
        sandbox=_flag(data, where, "sandbox", True),
        config_files=config_files,
        trusted=_flag(data, where, "trusted", False),
        public_server=_flag(data, where, "public_server", False),
    )


def expand_names(names: Sequence[str]) -> list[str]:
    """Scenario names, where a name with * ? or [ is a glob over the scenario files."""
    available = sorted(path.stem for path in SCENARIO_DIR.glob("*.json"))
    expanded: list[str] = []
    for name in names:
        name = name.removesuffix(".json")
        matches = fnmatch.filter(available, name) if any(c in name for c in "*?[") else [name]
        if not matches or (matches == [name] and name not in available):
            raise ScenarioError(f"no such scenario: {name}")
        expanded += [match for match in matches if match not in expanded]
    return expanded


def load_scenarios(names: Sequence[str] = (), version: int | None = None) -> list[Scenario]:
    """All scenarios (or the named ones; globs allowed), sorted by name, optionally only those
    for `version`."""
    chosen = expand_names(names) if names else sorted(path.stem for path in SCENARIO_DIR.glob("*.json"))
    scenarios = [load_scenario(SCENARIO_DIR / f"{name}.json") for name in chosen]
    return [s for s in scenarios if version is None or version in s.versions]


# ------------------------------------------------------------------------------------------------
# The run's directories, and normalisation


# Spilled tool output goes to $TMPDIR/zero-tool-output-<uid>/, and that path is part of the
# output and of its byte counts. The TMPDIR's name is padded to make up for the uid's length
# (at most 10 digits), so the path has the same length for every user: goldens recorded as root
# replay byte for byte as any other user.
TMPDIR_NAME = "tmp" + "_" * (10 - len(str(os.getuid())))


@dataclass
class RunDirs:
    """The directories of one scenario run; `close()` removes them."""

    root: Path
    systmp: Path

    @classmethod
    def create(cls) -> RunDirs:
        # The root must lie outside /tmp and outside $TMPDIR: Zero treats both as extra write
        # roots, so a workspace under /tmp would make "outside the workspace" unreachable.
        base = Path(os.environ.get("DIFFTEST_ROOT", "/var/tmp"))
        try:
            root = Path(tempfile.mkdtemp(prefix="zero-difftest-", dir=base)).resolve()
        except OSError as error:
            raise ScenarioError(
                f"cannot create a run directory in {base} ({error.strerror}): set DIFFTEST_ROOT to a "
                "writable directory outside /tmp"
            ) from None
        systmp = Path(tempfile.mkdtemp(prefix="zero-difftest-", dir="/tmp")).resolve()
        dirs = cls(root, systmp)
        for area in ("WORKSPACE", "HOME", "TMPDIR", "OUTSIDE"):
            dirs.path(area).mkdir()
        return dirs

    def path(self, area: str) -> Path:
        if area == "SYSTMP":
            return self.systmp
        names = {"WORKSPACE": "ws", "HOME": "home", "TMPDIR": TMPDIR_NAME, "OUTSIDE": "outside"}
        return self.root / names[area]

    def fill(self, text: str) -> str:
        for area in AREAS:
            text = text.replace(f"@{area}@", str(self.path(area)))
        return text.replace("@REPO@", str(REPO_ROOT)).replace("@PYTHON@", PYTHON)

    def close(self) -> None:
        for path in (self.root, self.systmp):
            shutil.rmtree(path, ignore_errors=True)


RUN_ID = re.compile(r"\brun_\d{14}_[0-9a-f]{6}\b")
SESSION_ID = re.compile(r"\bzero_\d{14}_\d+_\d+\b")
TIMESTAMP = re.compile(r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?")
# Any loopback port, also right after Go's JSON escape of `->` (`-\u003e127.0.0.1:PORT` in a
# connection error, where \b finds no word boundary).
PORT = re.compile(r"(?:\b|(?<=\\u003e))(127\.0\.0\.1|localhost):\d+")
DURATION_KEYS = re.compile(r'("(?:durationMs|duration_ms|elapsed_ms|elapsedMs|wall_time_ms)":\s*)"?[0-9.]+"?')
WALL_TIME = re.compile(r"(Wall time: )[0-9.]+( seconds?)")
# Spilled tool output goes to $TMPDIR/zero-tool-output-<uid>/<tool>-<random uint32>.txt.
SPILL_PATH = re.compile(r"(zero-tool-output-)\d+(/[A-Za-z0-9_]+-)(\d+)(\.txt)")
SHORT_SPILL_ID = "<SPILL_ID_SHORT>"
# --worktree directories are named after a digest of the repository's (temporary) path.
WORKTREE_DIR = re.compile(r"(zero-worktree-[A-Za-z0-9._-]+?-)[0-9a-f]{10}\b")
# Zero summarises earlier session events for a resumed or forked run by joining the values of a
# map, in Go's random map order: the words of each summary line are sorted to compare them.
SESSION_CONTEXT = re.compile(r"(Previous session context:\n)(.*?)(\n\n|\Z)", re.S)
SUMMARY_LINE = re.compile(r"^(- #\d+ [\w-]+: )(.*)$", re.M)
# An MCP server's identity is a digest of its command line, which names this checkout's paths
# (tests/test_mcp_engine.py checks the engine computes Zero's digest).
MCP_IDENTITY = re.compile(r'("mcp\.identity\\?":\\?")[0-9a-f]{32}')


class Normalizer:
    """Replaces run-specific values. One per scenario run, so ids are numbered across its steps."""

    def __init__(self, dirs: RunDirs, port: int | None = None) -> None:
        pairs: list[tuple[str, str]] = []
        for area in AREAS:
            real = dirs.path(area)
            for variant in {str(real), os.path.realpath(real)}:
                pairs.append((variant, f"<{area}>"))
        pairs.append((str(dirs.root), "<ROOT>"))
        # The checkout and its Python differ between the recording machine and CI.
        pairs += [(PYTHON, "<PYTHON>"), (str(REPO_ROOT), "<REPO>")]
        self._paths = sorted(pairs, key=lambda pair: -len(pair[0]))
        self._ids: dict[str, str] = {}

    def _number(self, kind: str) -> Any:
        def replace(match: re.Match[str]) -> str:
            value = match.group(0)
            if value not in self._ids:
                count = sum(1 for v in self._ids.values() if v.startswith(f"<{kind}_"))
                self._ids[value] = f"<{kind}_{count + 1}>"
            return self._ids[value]

        return replace

    def text(self, text: str) -> str:
        for real, placeholder in self._paths:
            text = text.replace(real, placeholder)
        text = RUN_ID.sub(self._number("RUN_ID"), text)
        text = SESSION_ID.sub(self._number("SESSION_ID"), text)
        text = TIMESTAMP.sub("<TIMESTAMP>", text)
        text = PORT.sub(r"\1:<PORT>", text)
        text = DURATION_KEYS.sub(r'\1"<DURATION>"', text)
        text = WALL_TIME.sub(r"\1<DURATION>\2", text)
        text = SPILL_PATH.sub(_spill_id, text)
        text = WORKTREE_DIR.sub(r"\1<PATH_DIGEST>", text)
        text = MCP_IDENTITY.sub(r"\1<MCP_IDENTITY>", text)
        return SESSION_CONTEXT.sub(_sort_summaries, text)

    def value(self, value: Any) -> Any:
        """A JSON value with every string normalised."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, list):
            return [self.value(item) for item in value]
        if isinstance(value, dict):
            return {self.text(key): self.value(item) for key, item in value.items()}
        return value


def _spill_id(match: re.Match[str]) -> str:
    # A 10-digit id keeps the byte counts in `meta` stable; `record` re-runs a scenario whose
    # spill id came out shorter (see SHORT_SPILL_ID).
    spill_id = "<SPILL_ID>" if len(match.group(3)) == 10 else SHORT_SPILL_ID
    return f"{match.group(1)}<UID>{match.group(2)}{spill_id}{match.group(4)}"


def _sort_summaries(match: re.Match[str]) -> str:
    lines = SUMMARY_LINE.sub(
        lambda line: line.group(1) + " ".join(sorted(line.group(2).split(" "))), match.group(2)
    )
    return match.group(1) + lines + match.group(3)


# ------------------------------------------------------------------------------------------------
# Workspace effects


def _write_files(dirs: RunDirs, files: Mapping[str, Any]) -> None:
    for name, spec in files.items():
        target = Path(dirs.fill(name))
        if not target.is_absolute():
            target = dirs.path("WORKSPACE") / target
        target.parent.mkdir(parents=True, exist_ok=True)
        mode = None
        if isinstance(spec, dict) and "symlink" in spec:
            target.symlink_to(dirs.fill(spec["symlink"]))
            continue
        if isinstance(spec, dict) and "dir" in spec:
            target.mkdir(parents=True, exist_ok=True)
            continue
        if isinstance(spec, str):
            data = dirs.fill(spec).encode()
        elif isinstance(spec, dict) and "base64" in spec:
            data = base64.b64decode(spec["base64"])
            mode = spec.get("mode")
        elif isinstance(spec, dict) and "text" in spec:
            data = dirs.fill(spec["text"]).encode()
            mode = spec.get("mode")
        elif isinstance(spec, dict) and "repeat" in spec:
            data = (dirs.fill(spec["repeat"]) * int(spec.get("times", 1))).encode()
        else:
            raise ScenarioError(f"file {name!r}: expected a string or text/base64/repeat/symlink/dir")
        target.write_bytes(data)
        if mode is not None:
            target.chmod(int(str(mode), 8))


def _write_config_files(dirs: RunDirs, scenario: Scenario, fill: Callable[[str], str]) -> None:
    """Zero's configuration files of the scenario (placeholders filled in, @PORT@ included: a
    provider profile names the first step's model server), and the trust store when the
    scenario trusts the workspace."""
    for key, value in scenario.config_files.items():
        area, relative = CONFIG_FILES[key]
        target = dirs.path(area) / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        text = value if isinstance(value, str) else json.dumps(value, indent=2) + "\n"
        text = MCP_IDENTITY_PLACEHOLDER.sub(lambda match: _mcp_identity(scenario, match[1], fill), text)
        target.write_text(fill(text))
    if scenario.trusted:
        store = dirs.path("HOME") / ".config" / "zero" / "trust.json"
        store.parent.mkdir(parents=True, exist_ok=True)
        store.write_text(json.dumps({"trusted": [os.path.realpath(dirs.path("WORKSPACE"))]}, indent=2))


def _mcp_identity(scenario: Scenario, name: str, fill: Callable[[str], str]) -> str:
    """The identity Zero gives the stdio MCP server `name` of the scenario's config files (the
    SDK's own computation, zero_client.extensions.layer.server_identity: command and args only)."""
    from zero_client.extensions.layer import Command, server_identity

    for key in ("project_config", "user_config"):
        document = scenario.config_files.get(key)
        servers = (document.get("mcp") or {}).get("servers") or {} if isinstance(document, dict) else {}
        server = servers.get(name)
        if isinstance(server, dict):
            if server.get("env"):
                raise ScenarioError(f"{scenario.path.name}: @MCP_IDENTITY:{name}@ of a server with env")
            args = [fill(arg) for arg in server.get("args") or []]
            return server_identity(Command(fill(server["command"]), args))
    raise ScenarioError(f"{scenario.path.name}: @MCP_IDENTITY:{name}@ names no configured MCP server")


def _describe(path: Path) -> Any:
    if path.is_symlink():
        return {"symlink": os.readlink(path)}
    data = path.read_bytes()
    try:
        text = data.decode()
    except UnicodeDecodeError:
        text = None
    if text is not None and len(text) <= MAX_INLINE_FILE:
        return text
    return {"sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}


def snapshot(dirs: RunDirs, skip_git: bool = False) -> dict[str, Any]:
    """Every file (and empty directory) in the workspace, outside and /tmp areas (without the
    workspace's .git when the harness made it a repository)."""
    files: dict[str, Any] = {}
    for area, prefix in (("WORKSPACE", ""), ("OUTSIDE", "<OUTSIDE>/"), ("SYSTMP", "<SYSTMP>/")):
        base = dirs.path(area)
        for dirpath, dirnames, filenames in os.walk(base):
            here = Path(dirpath)
            if skip_git and here == dirs.path("WORKSPACE") and ".git" in dirnames:
                dirnames.remove(".git")
            for name in filenames + [d for d in dirnames if (here / d).is_symlink()]:
                files[prefix + str((here / name).relative_to(base))] = _describe(here / name)
            if not dirnames and not filenames and here != base:
                files[prefix + str(here.relative_to(base)) + "/"] = {"dir": True}
    return files


def effects(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    created = {k: v for k, v in after.items() if k not in before}
    changed = {k: v for k, v in after.items() if k in before and before[k] != v}
    deleted = sorted(k for k in before if k not in after)
    out: dict[str, Any] = {}
    if created:
        out["created"] = dict(sorted(created.items()))
    if changed:
        out["changed"] = dict(sorted(changed.items()))
    if deleted:
        out["deleted"] = deleted
    return out


# ------------------------------------------------------------------------------------------------
# Running


@dataclass
class StepResult:
    exit_code: int
    stdout: str
    stderr: str
    workspace: dict[str, Any]
    requests: list[dict[str, Any]]
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {
            "exit_code": self.exit_code,
            "stdout": self.stdout.splitlines(keepends=True),
            "stderr": self.stderr.splitlines(keepends=True),
            "workspace": self.workspace,
            "requests": self.requests,
            "seconds": round(self.seconds, 1),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> StepResult:
        return cls(
            exit_code=data["exit_code"],
            stdout="".join(data["stdout"]),
            stderr="".join(data["stderr"]),
            workspace=data["workspace"],
            requests=data["requests"],
            seconds=float(data.get("seconds", 0.0)),
        )

    @property
    def event_types(self) -> list[str]:
        types = []
        for line in self.stdout.splitlines():
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if isinstance(event, dict) and isinstance(event.get("type"), str):
                types.append(event["type"])
        return types


def command_prefix(command: str) -> list[str]:
    """`zero-engine` (this checkout's engine) or any command line that runs a `zero` binary."""
    parts = shlex.split(command)
    if parts == ["zero-engine"]:
        return [sys.executable, "-m", "zero_engine"]
    return parts


# ------------------------------------------------------------------------------------------------
# The OS sandbox of the implementation under test

SANDBOX_HELPER = "zero-linux-sandbox"
BWRAP = "bwrap"
# zero-engine runs shell tools on the host only when asked to, and then says so on stderr in one
# line starting with ENGINE_HOST_WARNING; the harness drops that one line before comparing.
ENGINE_SANDBOX_ENV = "ZERO_ENGINE_SANDBOX"
ENGINE_HOST_WARNING = "zero-engine: warning: ZERO_ENGINE_SANDBOX=off"
# The `sandbox_backend` Zero reports in a shell tool's meta when bwrap runs the command.
SANDBOXED_BACKEND = "linux-bwrap"


@dataclass(frozen=True)
class SandboxTools:
    """The executables a real Zero needs on PATH to run shell tools in its bwrap backend (it looks
    up both by name on PATH; with either missing it runs commands directly)."""

    helper: Path
    bwrap: Path

    def bin_dir(self, under: Path) -> Path:
        """A directory holding exactly the two, under their own names (for PATH)."""
        directory = under / "sandbox-bin"
        directory.mkdir(exist_ok=True)
        for name, target in ((SANDBOX_HELPER, self.helper), (BWRAP, self.bwrap)):
            link = directory / name
            if not link.is_symlink():
                link.symlink_to(target)
        return directory


def path_without_sandbox_tools(path: str) -> str:
    """`path` (a PATH value) without the directories that hold a zero-linux-sandbox or a bwrap,
    so that only the harness decides whether Zero finds them."""
    kept = [
        entry
        for entry in path.split(os.pathsep)
        if entry and not any(os.path.exists(os.path.join(entry, name)) for name in (SANDBOX_HELPER, BWRAP))
    ]
    return os.pathsep.join(kept)


def drop_host_warning(stderr: str) -> str:
    """`stderr` without the first line that starts with ENGINE_HOST_WARNING (only that one: a
    second would be a difference)."""
    lines = stderr.splitlines(keepends=True)
    for index, line in enumerate(lines):
        if line.startswith(ENGINE_HOST_WARNING):
            return "".join(lines[:index] + lines[index + 1 :])
    return stderr


def sandbox_backends(result: StepResult) -> set[str]:
    """The `sandbox_backend` values in the meta of the tool results on a run's stdout, leaving out
    the calls that asked to run outside the sandbox (`sandbox_permissions: require_escalated`,
    which Zero grants in unsafe mode)."""
    found = set()
    escalated: set[str] = set()
    for line in result.stdout.splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if not isinstance(event, dict):
            continue
        args = event.get("args")
        escalating = isinstance(args, dict) and args.get("sandbox_permissions") == "require_escalated"
        if event.get("type") == "tool_call" and escalating:
            escalated.add(str(event.get("id")))
        meta = event.get("meta")
        if str(event.get("id")) in escalated:
            continue
        if isinstance(meta, dict) and isinstance(meta.get("sandbox_backend"), str):
            found.add(meta["sandbox_backend"])
    return found


def _base_env(dirs: RunDirs, version: int, port: int, path: str) -> dict[str, str]:
    home = dirs.path("HOME")
    return {
        "PATH": path,
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "TMPDIR": str(dirs.path("TMPDIR")),
        "LANG": "C.UTF-8",
        "TERM": "dumb",
        "NO_COLOR": "1",
        "OPENAI_BASE_URL": f"http://127.0.0.1:{port}/v1",
        "OPENAI_API_KEY": "sk-difftest-key",
        "OPENAI_MODEL": "gpt-4o-mini",
        # Selects the protocol in zero-engine; Zero itself has one version per binary.
        "ZERO_SCHEMA_VERSION": str(version),
        # zero-engine only (Zero ignores it): the test MCP servers are Python programs, which a
        # loaded machine may take longer than Zero's 8 s to start.
        "ZERO_ENGINE_MCP_CONNECT_TIMEOUT": "60",
    }


def _run_process(
    argv: list[str],
    stdin: bytes | None,
    env: dict[str, str],
    cwd: Path,
    timeout: float,
    interrupt: Interrupt | None = None,
) -> tuple[int, bytes, bytes]:
    if interrupt is not None:
        return _run_interrupted(argv, stdin, env, cwd, timeout, interrupt)
    process = _spawn(argv, stdin, env, cwd)
    try:
        out, err = process.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        err += f"\n[difftest: killed after {timeout}s]\n".encode()
        return -9, out, err
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # a grandchild left behind must not leak
    return process.returncode, out, err


def _spawn(argv: list[str], stdin: bytes | None, env: dict[str, str], cwd: Path) -> subprocess.Popen[bytes]:
    """A scenario's process, in a session of its own (killed as a group), its output piped."""
    return subprocess.Popen(
        argv,
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=cwd,
        start_new_session=True,
    )


def _run_interrupted(
    argv: list[str], stdin: bytes | None, env: dict[str, str], cwd: Path, timeout: float, interrupt: Interrupt
) -> tuple[int, bytes, bytes]:
    """_run_process, sending `interrupt.signal` once `interrupt.after` shows in the output."""
    process = _spawn(argv, stdin, env, cwd)
    output = {"out": bytearray(), "err": bytearray()}
    seen = threading.Event()
    marker = interrupt.after.encode()

    def read(name: str, stream: Any) -> None:
        for chunk in iter(lambda: stream.read1(65536), b""):
            output[name] += chunk
            if marker in output["out"] or marker in output["err"]:
                seen.set()

    readers = [threading.Thread(target=read, args=(name, getattr(process, "std" + name))) for name in output]
    for reader in readers:
        reader.start()
    if process.stdin is not None:
        with contextlib.suppress(OSError):
            process.stdin.write(stdin or b"")
            process.stdin.close()
    deadline = time.monotonic() + timeout
    try:
        if seen.wait(timeout) and process.poll() is None:
            time.sleep(interrupt.delay)
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(INTERRUPT_SIGNALS[interrupt.signal])
        try:
            code = process.wait(max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            code = -9
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # a grandchild left behind must not leak
        for reader in readers:
            reader.join(5)
    if code == -9:
        output["err"] += f"\n[difftest: killed after {timeout}s]\n".encode()
    return code, bytes(output["out"]), bytes(output["err"])


@dataclass(frozen=True)
class RealZero:
    """How a real Zero binary is run: PATH holds the sandbox helper and bwrap (`tools`) exactly
    when the scenario asks for the sandbox, and neither otherwise."""

    tools: SandboxTools | None = None
    why_no_tools: str = ""  # what is missing, when `tools` is None


def run_scenario(
    scenario: Scenario,
    command: str,
    version: int,
    zero: RealZero | None = None,
    inspect: Callable[[RunDirs, Normalizer], None] | None = None,
) -> list[StepResult]:
    """Run every step of `scenario` against `command` in fresh run directories.

    `zero` is given for a real Zero binary (see RealZero). Without it (zero-engine) PATH is the
    caller's, and the engine sandboxes as it does by default. Either way a scenario without the
    sandbox sets ZERO_ENGINE_SANDBOX=off, the engine's opt-in to running on the host. `inspect`
    sees the run directories after the last step, before they are removed (e.g. to read the
    session store the run left)."""
    path = os.environ.get("PATH", "/usr/bin:/bin")
    if zero is not None:
        path = path_without_sandbox_tools(path)
        if scenario.sandbox and zero.tools is None:
            raise ScenarioError(
                f'{scenario.name} asks for the sandbox ("sandbox": true), and there are no {SANDBOX_HELPER} '
                f"and {BWRAP} to put on Zero's PATH: {zero.why_no_tools or 'none were given'}"
            )
    dirs = RunDirs.create()
    try:
        if zero is not None and zero.tools is not None and scenario.sandbox:
            path = os.pathsep.join([str(zero.tools.bin_dir(dirs.root)), path])
        normalizer = Normalizer(dirs)
        results = []
        for index, step in enumerate(scenario.steps):
            _write_files(dirs, step.files)
            if index == 0 and scenario.git:
                _init_git(dirs.path("WORKSPACE"))
            run = functools.partial(
                _run_step,
                step,
                command,
                version,
                dirs,
                normalizer,
                path,
                scenario.sandbox,
                scenario.git,
                scenario if index == 0 else None,
            )
            results.append(in_private_network(run) if scenario.public_server else run())
        if inspect is not None:
            inspect(dirs, normalizer)
        return results
    finally:
        dirs.close()


#: The public server of a `"public_server": true` scenario: an address any web_fetch check accepts
#: (not loopback, private, link-local or reserved for documentation), only ever assigned inside a
#: private network namespace, so nothing leaves the machine.
PUBLIC_ADDRESS = "93.184.215.14"
PUBLIC_URL = f"http://{PUBLIC_ADDRESS}"


class PrivateNetworkUnavailable(ScenarioError):
    """The machine cannot give a step a private network namespace (it needs root)."""


def in_private_network(run: Callable[[], StepResult]) -> StepResult:
    """`run()` in a thread of its own that first moves into a new network namespace (a namespace is
    per thread on Linux: the rest of this process, and the machine, keep theirs). There loopback is
    up and also holds PUBLIC_ADDRESS, where a server answers `/to?<url>` with a redirect to <url>
    and anything else with a page. The fake model server and the implementation, both started by
    `run`, live in the namespace too."""
    outcome: dict[str, Any] = {}

    def body() -> None:
        try:
            _enter_private_network()
            server = http.server.ThreadingHTTPServer(("0.0.0.0", 80), _PublicRedirector)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            try:
                outcome["result"] = run()
            finally:
                server.shutdown()
                server.server_close()
        except BaseException as error:  # handed to the caller's thread
            outcome["error"] = error

    thread = threading.Thread(target=body, name="difftest-private-network")
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["result"]  # type: ignore[no-any-return]


def _enter_private_network() -> None:
    import ctypes
    import fcntl
    import socket
    import struct

    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(0x40000000) != 0:  # CLONE_NEWNET, this thread only
        raise PrivateNetworkUnavailable(
            f"a public_server scenario needs a private network namespace, and unshare failed: "
            f"{os.strerror(ctypes.get_errno())} (it needs root)"
        )
    up = 0x1 | 0x40  # IFF_UP | IFF_RUNNING
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        fcntl.ioctl(probe, 0x8914, struct.pack("16sh22x", b"lo", up))  # SIOCSIFFLAGS
        address = struct.pack("16sHH4s8x", b"lo:1", socket.AF_INET, 0, socket.inet_aton(PUBLIC_ADDRESS))
        fcntl.ioctl(probe, 0x8916, address)  # SIOCSIFADDR
        fcntl.ioctl(probe, 0x8914, struct.pack("16sh22x", b"lo:1", up))


class _PublicRedirector(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        if self.path.startswith("/to?"):
            self.send_response(302)
            self.send_header("Location", urllib.parse.unquote(self.path[len("/to?") :]))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        body = b"public page\n"
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_: object) -> None:
        pass


#: How many times a run is made while a spilled-output file name comes out short (see
#: SHORT_SPILL_ID): about one run in four does, so eight short ones in a row is one in 100 000.
SPILL_ID_ATTEMPTS = 8


def has_short_spill_id(results: Sequence[StepResult]) -> bool:
    return any(SHORT_SPILL_ID in r.stdout + r.stderr + json.dumps(r.requests) for r in results)


def run_settled(
    scenario: Scenario,
    command: str,
    version: int,
    zero: RealZero | None = None,
    runner: Callable[[Scenario, str, int, RealZero | None], list[StepResult]] | None = None,
) -> list[StepResult]:
    """`run_scenario`, made again while a spill file name is shorter than 10 digits.

    Zero and zero-engine both name a spill file with a random uint32 in decimal, and the file's
    path is part of the output (and of its byte counts): a 9-digit name is one byte shorter.
    That is the only tolerance here: a run is taken only when every spill name has 10 digits, and
    is then compared byte for byte."""
    run = runner or run_scenario
    results: list[StepResult] = run(scenario, command, version, zero)
    for _ in range(SPILL_ID_ATTEMPTS - 1):
        if not has_short_spill_id(results):
            break
        results = run(scenario, command, version, zero)
    return results


def _init_git(workspace: Path) -> None:
    """A repository with every file committed, by a fixed author at a fixed time (same hashes)."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(workspace),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "difftest",
        "GIT_AUTHOR_EMAIL": "difftest@example.com",
        "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z",
        "GIT_COMMITTER_NAME": "difftest",
        "GIT_COMMITTER_EMAIL": "difftest@example.com",
        "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z",
    }
    for argv in (
        ["init", "-q", "-b", "main"],
        ["add", "-A"],
        ["commit", "-q", "--allow-empty", "-m", "init"],
    ):
        subprocess.run(["git", "-C", str(workspace), *argv], env=env, check=True, capture_output=True)


# Zero's bwrap plan mounts a read-only tmpfs over `.git/hooks` and `.git/config` in every write
# root, /tmp included, and bwrap creates a missing mount point on the host: each sandboxed run of
# the real Zero leaves empty /tmp/.git/hooks and /tmp/.git/config directories (which then make
# `go build` in any /tmp folder fail to read VCS status). The harness removes the ones a run
# created; rmdir removes only empty directories, and nothing that existed before is touched.
MOUNT_POINT_LITTER = ("/tmp/.git/hooks", "/tmp/.git/config", "/tmp/.git")


class _MountPointLitter:
    """Counts the runs in flight (scenarios run in parallel threads): what existed before the
    first of overlapping runs is kept; the rest goes when the last of them ends."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.active = 0
        self.existed: set[str] = set()

    @contextlib.contextmanager
    def removed_after(self) -> Iterator[None]:
        with self.lock:
            if self.active == 0:
                self.existed = {path for path in MOUNT_POINT_LITTER if os.path.lexists(path)}
            self.active += 1
        try:
            yield
        finally:
            with self.lock:
                self.active -= 1
                if self.active == 0:
                    for path in MOUNT_POINT_LITTER:
                        if path not in self.existed:
                            with contextlib.suppress(OSError):
                                os.rmdir(path)  # only an empty directory goes


_LITTER = _MountPointLitter()


def _run_step(
    step: Step,
    command: str,
    version: int,
    dirs: RunDirs,
    normalizer: Normalizer,
    path: str,
    sandbox: bool = True,
    git: bool = False,
    configure: Scenario | None = None,  # write this scenario's configuration files first
) -> StepResult:
    with FakeModelServer() as server:

        def fill(text: str) -> str:
            filled = dirs.fill(text).replace("@PORT@", str(server.port)).replace("@VERSION@", str(version))
            return filled.replace("@PUBLIC@", PUBLIC_URL)

        if configure is not None:
            _write_config_files(dirs, configure, fill)

        if step.model is not None:
            server.enqueue(*Script.loads(fill(json.dumps(step.model))).replies)
        env = _base_env(dirs, version, server.port, path)
        if not sandbox:
            env[ENGINE_SANDBOX_ENV] = "off"
        for key, value in step.env.items():
            if value is None:
                env.pop(key, None)
            else:
                env[key] = fill(value)
        argv = command_prefix(command) + [fill(arg) for arg in step.argv]
        before = snapshot(dirs, skip_git=git)
        started = time.monotonic()
        stdin = None if step.stdin is None else fill(step.stdin).encode()
        with _LITTER.removed_after():
            code, out, err = _run_process(
                argv, stdin, env, dirs.path("WORKSPACE"), step.timeout, step.interrupt
            )
        seconds = time.monotonic() - started
        after = snapshot(dirs, skip_git=git)
        requests = [{"path": r.path, "body": normalizer.value(mask_request(r.body))} for r in server.requests]
    stderr = err.decode("utf-8", "replace")
    if not sandbox:
        stderr = drop_host_warning(stderr)
    return StepResult(
        exit_code=code,
        stdout=mask_output(normalizer.text(out.decode("utf-8", "replace"))),
        stderr=mask_output(normalizer.text(stderr)),
        workspace=normalizer.value(effects(before, after)),
        requests=requests,
        seconds=seconds,
    )
