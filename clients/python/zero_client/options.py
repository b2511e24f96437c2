"""Client configuration: timeouts, the `zero exec` command line, and the stdin input events."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias, Unpack

from zero_client.errors import ErrorContext, ZeroNotExecutableError, ZeroNotFoundError, ZeroVersionError

# These three come from the generated version registry, which loads every version's types:
# `__getattr__` below reads them on first use, so `import zero_client` does not pay for that.
if TYPE_CHECKING:
    from zero_client import versions

    #: Every schemaVersion this client speaks.
    SUPPORTED_SCHEMA_VERSIONS: tuple[int, ...]
    #: An input event of any supported schema version (`zero_client.events.PromptInput`, ...).
    InputEvent: TypeAlias = versions.AnyInputEvent
    #: What `stream()` and `run()` accept: a prompt, one input event, or a sequence of them.
    Prompt: TypeAlias = str | InputEvent | Sequence[str | InputEvent]


def __dir__() -> list[str]:
    """The lazy names too (a module's default `dir()` lists only what is bound yet)."""
    return sorted({*globals(), *("SUPPORTED_SCHEMA_VERSIONS", "InputEvent", "Prompt")})


def __getattr__(name: str) -> Any:
    # `InputEvent` and `Prompt` are the real unions at run time (for isinstance and
    # introspection), built when first asked for.
    if name not in ("SUPPORTED_SCHEMA_VERSIONS", "InputEvent", "Prompt"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from zero_client import versions

    if name == "SUPPORTED_SCHEMA_VERSIONS":
        value: Any = versions.SUPPORTED_SCHEMA_VERSIONS
    elif name == "InputEvent":
        value = versions.AnyInputEvent
    else:  # Prompt
        value = str | versions.AnyInputEvent | Sequence[str | versions.AnyInputEvent]
    globals()[name] = value
    return value


@dataclass(frozen=True)
class Timeouts:
    """Client-side timeouts in seconds; None disables one.

    - `start`: from spawning until the process has read all of stdin (it reads stdin to EOF only
      after config, sandbox and MCP startup).
    - `first_event`: from spawning until the first stdout event.
    - `idle`: the longest gap between two events once the first one arrived.
    - `total`: the whole run.
    - `grace`: after the SIGINT that ends a run early, how long to wait before SIGKILL of the
      process group.
    """

    start: float | None = 60.0
    first_event: float | None = None
    idle: float | None = None
    total: float | None = None
    grace: float = 3.0


def resolve_command(command: str | Sequence[str] | None) -> list[str]:
    """The argv prefix that starts zero: `command`, else env ZERO_BIN, else `zero` on PATH.

    Raises ZeroNotFoundError / ZeroNotExecutableError with a message naming what was tried.
    """
    if command is None:
        from_env = os.environ.get("ZERO_BIN")
        argv = [from_env] if from_env else ["zero"]
        origin = "ZERO_BIN" if from_env else "the default command"
    elif isinstance(command, str):
        argv, origin = [command], "command"
    else:
        argv, origin = list(command), "command"
    if not argv or not argv[0]:
        raise ZeroNotFoundError("the command to start zero is empty", command="")
    program = argv[0]
    import shutil  # lazily: ~2 ms of imports, needed only to resolve a bare command name

    found = shutil.which(program)
    if found is not None:
        # A relative path names a file from here; the process starts in the run's cwd (a batch
        # task's workspace), where the same relative path names nothing.
        return [os.path.abspath(found) if os.sep in found else found, *argv[1:]]
    if os.sep in program and os.path.exists(program):
        why = "is a directory" if os.path.isdir(program) else "is not executable (check its mode bits)"
        raise ZeroNotExecutableError(f"{program} ({origin}) {why}", command=program)
    where = "at that path" if os.sep in program else "on PATH"
    raise ZeroNotFoundError(
        f"{program} ({origin}) was not found {where}; install zero, set ZERO_BIN, or pass command=",
        command=program,
    )


@dataclass(frozen=True)
class ExecOptions:
    """The `zero exec` flags the client passes (the stream-json formats are always set).

    Each is a typed option of `ZeroClient`/`AsyncZeroClient` (README, "Options of a run", shows
    the same options in TypeScript, Go and `zero-sdk run`/`batch`)."""

    model: str | None = None
    auto: str | None = None
    permission_mode: str | None = None
    enabled_tools: Sequence[str] | None = None
    disabled_tools: Sequence[str] | None = None
    resume: str | bool | None = None
    fork: str | None = None
    max_turns: int | None = None
    images: Sequence[str] = ()
    add_dirs: Sequence[str] = ()
    plan: bool = False
    mode: str | None = None
    exec_profile: str | None = None
    reasoning_effort: str | None = None
    worktree: str | bool | None = None
    worktree_dir: str | None = None
    tag: str | None = None
    session_title: str | None = None
    init_session_id: str | None = None
    skip_permissions_unsafe: bool = False
    allow_escalation: bool = False
    self_correct: bool = False
    no_completion_gate: bool = False
    extra_args: Sequence[str] = ()

    def argv(self) -> list[str]:
        args = ["exec", "--input-format", "stream-json", "--output-format", "stream-json"]
        valued = (
            ("--model", self.model),
            ("--mode", self.mode),
            ("--exec-profile", self.exec_profile),
            ("--reasoning-effort", self.reasoning_effort),
            ("--auto", self.auto),
            ("--permission-mode", self.permission_mode),
            ("--max-turns", None if self.max_turns is None else str(self.max_turns)),
            ("--worktree-dir", self.worktree_dir),
            ("--tag", self.tag),
            ("--session-title", self.session_title),
            ("--init-session-id", self.init_session_id),
            ("--fork", self.fork),
        )
        for flag, value in valued:
            if value is not None:
                args += [flag, value]
        if self.enabled_tools is not None:
            args += ["--enabled-tools", ",".join(self.enabled_tools)]
        if self.disabled_tools is not None:
            args += ["--disabled-tools", ",".join(self.disabled_tools)]
        for image in self.images:
            args += ["--image", str(image)]
        for directory in self.add_dirs:
            args += ["--add-dir", str(directory)]
        switches = (
            ("--plan", self.plan),
            ("--skip-permissions-unsafe", self.skip_permissions_unsafe),
            ("--allow-escalation", self.allow_escalation),
            ("--self-correct", self.self_correct),
            ("--no-completion-gate", self.no_completion_gate),
        )
        args += [flag for flag, on in switches if on]
        # `--worktree` takes an optional name: given as `--worktree=NAME` so it cannot swallow
        # the next argument.
        if self.worktree is True:
            args.append("--worktree")
        elif isinstance(self.worktree, str):
            args.append(f"--worktree={self.worktree}")
        args += list(self.extra_args)
        # Last, because a bare `--resume` takes the next non-flag argument as the session id.
        if self.resume is True:
            args.append("--resume")
        elif isinstance(self.resume, str):
            args += ["--resume", self.resume]
        return args


def merged_env(env: Mapping[str, str] | None, *, inherit: bool = True) -> dict[str, str]:
    """The child environment: this process's environment updated with `env`, or (`inherit=False`)
    `env` alone, for callers that build the child's whole environment themselves."""
    merged = dict(os.environ) if inherit else {}
    if env:
        merged.update(env)
    return merged


def check_schema_version(
    version: int, *, spoken_by: Sequence[str] = (), **context: Unpack[ErrorContext]
) -> int:
    """`version`, or a ZeroVersionError naming it and the supported versions (and the command
    that speaks it, when `spoken_by` gives one)."""
    from zero_client.versions import SUPPORTED_SCHEMA_VERSIONS

    if version not in SUPPORTED_SCHEMA_VERSIONS:
        speaker = f" (spoken by {' '.join(spoken_by)})" if spoken_by else ""
        raise ZeroVersionError(
            f"schemaVersion {version}{speaker} is not supported by this client "
            f"(supported: {', '.join(map(str, SUPPORTED_SCHEMA_VERSIONS))})",
            **context,
        )
    return version


def input_events(prompt: Prompt, version: int) -> list[Any]:
    """The prompt as input events of `version` (the binary's); events of another version are
    converted (same fields, its schemaVersion), so code can build them from `zero_client.events`."""
    import msgspec

    from zero_client import protocol, versions
    from zero_client._base import ProtocolStruct

    items: Sequence[str | InputEvent]
    items = [prompt] if isinstance(prompt, str | ProtocolStruct) else prompt
    if not items:
        raise ValueError("the prompt is empty: pass a string, an input event, or a list of them")
    module = versions.MODULES[check_schema_version(version)]
    events: list[Any] = []
    for item in items:
        if isinstance(item, str):
            events.append(module.PromptInput(content=item))
        elif item.schema_version == version:
            events.append(item)
        else:
            raw = msgspec.json.decode(protocol.encode_event(item))
            raw["schemaVersion"] = version
            events.append(protocol.decode_input(msgspec.json.encode(raw), version=version))
    return events
