"""`zero-engine exec`: the startup order of docs/protocol.md 1.13, the run, and the terminal events."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

from zero_engine import gotext
from zero_engine.args import ExecOptions, UsageError, parse_exec_args
from zero_engine.cancellation import RunCancelled
from zero_engine.cancellation import reset as reset_cancellation
from zero_engine.events import StreamJsonEvents
from zero_engine.gojson import go_quote
from zero_engine.output import FdWriter, JsonSink, Sink, StreamJsonSink, TextSink

EXIT_SUCCESS, EXIT_CRASH, EXIT_USAGE, EXIT_PROVIDER, EXIT_INCOMPLETE, EXIT_INTERRUPTED = 0, 1, 2, 3, 4, 130
DEFAULT_MAX_TURNS = 80
DEFAULT_MAX_TURNS_V1 = 30  # the v1-era default (config/resolver.go), with no ZERO_MAX_TURNS
MAX_TURNS_CEILING = 500
# --mode presets (model, reasoning effort, max turns) and --exec-profile presets (max turns,
# reasoning effort), as Zero 0.8.0 defines them. They only fill what the caller left unset. The
# mode's model goes through the model catalog like --model; all of them belong to Anthropic or
# Google, so with the engine's OpenAI-compatible provider a mode fails as it does in Zero.
MODE_PRESETS = {
    "smart": ("claude-sonnet-4.5", "medium", 0),
    "deep": ("claude-opus-4.1", "high", 160),
    "fast": ("claude-haiku-4.5", "low", 15),
    "large": ("gemini-2.5-pro", "medium", 0),
    "precise": ("claude-sonnet-4.5", "high", 0),
}
EXEC_PROFILE_PRESETS = {"balanced": (0, ""), "fast": (30, "low"), "thorough": (160, "high")}
MODES = tuple(MODE_PRESETS)
EXEC_PROFILES = tuple(EXEC_PROFILE_PRESETS)
_PERMISSION_MODES = {
    "plan": "plan",
    "spec-draft": "spec-draft",
    "spec_draft": "spec-draft",
    "auto": "auto",
    "member": "member-auto",
    "member-auto": "member-auto",
    "member_auto": "member-auto",
    "ask": "ask",
    "unsafe": "unsafe",
    "high": "unsafe",
}


class PreRunFailure(Exception):
    def __init__(self, code: str, message: str, exit_code: int) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.exit_code = exit_code


def _usage(message: str) -> PreRunFailure:
    return PreRunFailure("usage_error", message, EXIT_USAGE)


def new_run_id(now: float | None = None) -> str:
    stamp = time.strftime("%Y%m%d%H%M%S", time.gmtime(time.time() if now is None else now))
    return f"run_{stamp}_{os.urandom(3).hex()}"


#: The schemaVersions the engine speaks (it is hand-written per version: a schema bump alone does
#: not add one; the test suite says which versions its end-to-end runs did not reach).
ENGINE_SCHEMA_VERSIONS = (1, 2)


def schema_version_from_env(env: Mapping[str, str]) -> int:
    raw = env.get("ZERO_SCHEMA_VERSION")
    if raw is None or raw.strip() == "":
        return 2  # Zero 0.8.0 speaks schemaVersion 2
    if raw.strip() in {str(version) for version in ENGINE_SCHEMA_VERSIONS}:
        return int(raw.strip())
    expected = " or ".join(str(version) for version in ENGINE_SCHEMA_VERSIONS)
    raise UsageError(f"invalid ZERO_SCHEMA_VERSION {go_quote(raw)}. Expected {expected}.")


@contextmanager
def cancellation_on_signals() -> Iterator[None]:
    """SIGINT/SIGTERM cancel the run once; later signals are absorbed (the handler stays)."""
    fired = False
    reset_cancellation()

    def handler(signum: int, frame: FrameType | None) -> None:
        nonlocal fired
        if not fired:
            fired = True
            raise RunCancelled

    previous = {sig: signal.signal(sig, handler) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, old in previous.items():
            if signal.getsignal(sig) is handler:
                # Keep absorbing until exit: the real handler stays registered until runExec returns.
                signal.signal(sig, lambda _s, _f: None)
            del old


def resolve_permission_mode(options: ExecOptions, schema_version: int = 2) -> tuple[str, str]:
    """(permission mode, unsafe reason or "") per docs/protocol.md 1.7."""
    autonomy = options.autonomy.strip().lower()
    levels = ("", "low", "medium", "high", "member") if schema_version >= 2 else ("", "low", "medium", "high")
    if autonomy not in levels:
        raise _usage(f"Invalid autonomy level {go_quote(options.autonomy)}. Expected low, medium, or high.")
    if options.plan:
        return "plan", ""
    if options.permission_mode:
        mode = _PERMISSION_MODES.get(options.permission_mode.strip().lower())
        if mode is None:
            raise _usage(
                f"Invalid permission mode {go_quote(options.permission_mode)}. "
                "Expected plan, spec-draft, auto, member, ask, or unsafe."
            )
        return mode, "--permission-mode unsafe" if mode == "unsafe" else ""
    if autonomy == "high":
        return "unsafe", "--auto high"
    if options.skip_permissions_unsafe:
        return "unsafe", "--skip-permissions-unsafe"
    if autonomy == "member":
        return "member-auto", ""
    return "auto", ""


def resolve_max_turns(
    options: ExecOptions, env: Mapping[str, str], schema_version: int = 2, configured: int = 0
) -> int:
    """--max-turns, else ZERO_MAX_TURNS, else config.json's maxTurns (`configured`), else 80; the
    v1-era Zero read no ZERO_MAX_TURNS and defaulted to 30."""
    if options.max_turns > 0:
        return options.max_turns
    if schema_version < 2:
        return configured if configured > 0 else DEFAULT_MAX_TURNS_V1
    raw = env.get("ZERO_MAX_TURNS", "").strip()
    if raw.isdigit() and int(raw) > 0:
        return min(int(raw), MAX_TURNS_CEILING)
    return configured if configured > 0 else DEFAULT_MAX_TURNS


def resolve_workspace(options: ExecOptions) -> Path:
    root = (
        Path(os.path.normpath(os.path.join(os.getcwd(), options.cwd))) if options.cwd else Path(os.getcwd())
    )
    if not root.is_dir():
        raise _usage(f"cwd must be an existing directory: {root}")
    return root


@dataclass
class Context:
    options: ExecOptions
    env: Mapping[str, str]
    schema_version: int
    stdout: FdWriter
    stderr: FdWriter
    sink: Sink | None = None
    worktree: Any = None  # the prepared --worktree, released when the run ends
    extensions: Any = None  # extensions.RunExtensions: MCP servers closed when the run ends

    def make_sink(self, run_id: str) -> Sink:
        autonomy = self.options.autonomy
        if self.options.output_format == "stream-json":
            return StreamJsonSink(
                StreamJsonEvents(self.schema_version, run_id), self.stdout, self.stderr, autonomy
            )
        if self.options.output_format == "json":
            return JsonSink(self.stdout, self.stderr, autonomy, self.schema_version)
        return TextSink(self.stdout, self.stderr, self.schema_version)


def _read_prompt(options: ExecOptions, workspace: Path, schema_version: int) -> tuple[str, tuple[Any, ...]]:
    from zero_engine.streaminput import StreamInputError, parse_stream_input

    file_path = Path(options.file) if options.file else None
    if file_path is not None and not file_path.is_absolute():
        file_path = workspace / file_path
    if options.input_format == "stream-json":
        if file_path is not None:
            try:
                raw = file_path.read_bytes()
            except FileNotFoundError:
                raise _usage(f"prompt file not found: {file_path}") from None
            except OSError as exc:
                raise _usage(f"failed to read stream-json input: {exc}") from None
        else:
            raw = _read_stdin()
        try:
            parsed = parse_stream_input(raw, schema_version)
        except StreamInputError as exc:
            raise _usage(str(exc)) from None
        return parsed.prompt, parsed.images
    prompt = options.prompt_text
    if file_path is not None:
        try:
            contents = gotext.trim_space(file_path.read_text(encoding="utf-8", errors="replace"))
        except FileNotFoundError:
            raise _usage(f"prompt file not found: {file_path}") from None
        except OSError as exc:
            raise _usage(f"failed to read prompt file: {exc}") from None
        if not contents:
            raise _usage(f"prompt file is empty: {file_path}")
        prompt = f"{prompt}\n\n{contents}" if prompt else contents
    if not gotext.trim_space(prompt):
        from zero_engine.args import PROMPT_REQUIRED

        raise _usage(PROMPT_REQUIRED)
    return prompt, ()


def _read_stdin() -> bytes:
    chunks: list[bytes] = []
    while True:
        try:
            chunk = os.read(0, 1 << 20)
        except OSError as exc:
            raise _usage(f"failed to read stream-json input: {exc.strerror or exc}") from None
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def _apply_presets(options: ExecOptions) -> None:
    """--mode, then --exec-profile: each fills only what is still unset (a mode's turn budget
    counts as pinned, so a profile does not displace it)."""
    if options.mode:
        model, effort, max_turns = MODE_PRESETS[options.mode.strip().lower()]
        options.model = options.model or model
        options.reasoning_effort = options.reasoning_effort or effort
        options.max_turns = options.max_turns or max_turns
    if options.exec_profile:
        max_turns, effort = EXEC_PROFILE_PRESETS[options.exec_profile.strip().lower()]
        options.reasoning_effort = options.reasoning_effort or effort
        options.max_turns = options.max_turns or max_turns


def _preflight_session(options: ExecOptions, env: Mapping[str, str]) -> None:
    from zero_engine.sessions import SessionError, SessionRequest, SessionStore, default_root

    request = SessionRequest(
        resume=options.resume,
        resume_latest=options.resume_latest,
        fork=options.fork,
        init_session_id=options.init_session_id,
        title=options.session_title,
        stream_json=options.output_format == "stream-json",
    )
    try:
        SessionStore(default_root(dict(env)), dict(env)).preflight(request)
    except SessionError as exc:
        raise _usage(str(exc)) from None


def _check_add_dirs(options: ExecOptions) -> None:
    """Each --add-dir must name an existing directory other than `/` (Zero's sandbox scope)."""
    for entry in options.add_dirs:
        expanded = os.path.expanduser(entry.strip()) if entry.strip().startswith("~") else entry.strip()
        # A relative entry is resolved against the process's directory, not -C's (as Zero does).
        path = Path(os.path.normpath(os.path.join(os.getcwd(), expanded)))

        def failure(problem: str, entry: str = entry) -> PreRunFailure:
            return PreRunFailure("sandbox_error", f"write root {go_quote(entry)}: {problem}", EXIT_PROVIDER)

        if not path.exists():
            missing = path
            while not missing.parent.exists() and missing.parent != missing:
                missing = missing.parent  # Go's EvalSymlinks names the first missing component
            raise failure(f"write root must exist: lstat {missing}: no such file or directory")
        resolved = path.resolve()
        if not resolved.is_dir():
            raise failure(f"write root {resolved} is not a directory")
        if resolved.parent == resolved:
            raise failure(f"refusing filesystem root {resolved} as a write root")


def _absolute_add_dir(entry: str) -> str:
    stripped = entry.strip()
    if not stripped or stripped.startswith("~") or os.path.isabs(stripped):
        return entry
    return os.path.normpath(os.path.join(os.getcwd(), stripped))


# Zero's "No provider configured" message (kept byte for byte: it is protocol output) sends the
# user to `zero setup`, which configures the real Zero, not this engine. A person at a terminal
# also gets what the engine reads; pipes (clients, the fidelity goldens) see exactly Zero's output.
ENGINE_PROVIDER_HINT = (
    "zero-engine: `zero setup` and `zero auth` configure the real Zero, not this engine. The engine "
    "reads an OpenAI-compatible provider from OPENAI_API_KEY, OPENAI_MODEL and OPENAI_BASE_URL, or "
    "ZERO_PROVIDER=demo for its offline demo (docs/engine.md).\n"
)


def _is_terminal(fd: int) -> bool:
    try:
        return os.isatty(fd)
    except OSError:
        return False


def run_exec(args: list[str], env: Mapping[str, str]) -> int:
    stdout, stderr = FdWriter(1), FdWriter(2)
    try:
        schema_version = schema_version_from_env(env)
        options, help_requested = parse_exec_args(args, schema_version)
    except UsageError as exc:
        if exc.stream_json and "schema_version" in locals():
            ctx = Context(ExecOptions(output_format="stream-json"), env, schema_version, stdout, stderr)
            ctx.make_sink(new_run_id()).pre_run_error("usage_error", exc.message, EXIT_USAGE)
        else:
            stderr.write(f"[zero] {exc.message}\n".encode())
        return EXIT_USAGE if stdout.error is None else EXIT_CRASH
    if help_requested:
        from zero_engine.exec_help import exec_help

        stdout.write(exec_help(schema_version).encode())
        return EXIT_SUCCESS if stdout.error is None else EXIT_CRASH
    ctx = Context(options, env, schema_version, stdout, stderr)
    try:
        return _run(ctx)
    except PreRunFailure as failure:
        ctx.make_sink(new_run_id()).pre_run_error(failure.code, failure.message, failure.exit_code)
        from zero_engine.providers import no_provider_message

        if failure.message == no_provider_message(schema_version) and _is_terminal(2):
            stderr.write(ENGINE_PROVIDER_HINT.encode())
        return failure.exit_code if stdout.error is None else EXIT_CRASH
    finally:
        if ctx.extensions is not None:  # Zero's deferred MCP close, before the worktree release
            for line in ctx.extensions.close():
                stderr.write(line.encode())
        if ctx.worktree is not None:  # as Zero's deferred release: after the run's last output
            from zero_engine.worktrees import release

            problem = release(ctx.worktree, env)
            if problem:
                stderr.write(
                    f"zero: failed to release worktree lock on {ctx.worktree.path}: {problem}\n".encode()
                )


def _run(ctx: Context) -> int:
    from zero_engine.providers import build_provider, no_provider_message, resolve_provider_config
    from zero_engine.sessions import SessionError, SessionRequest, SessionStore, default_root

    options, env = ctx.options, ctx.env
    if options.mode and options.mode.strip().lower() not in MODES:  # 3
        raise _usage(
            f"unknown mode {go_quote(options.mode)}. Valid modes: smart, deep, fast, large, precise."
        )
    if options.exec_profile and options.exec_profile.strip().lower() not in EXEC_PROFILES:  # 4
        raise _usage(
            f"unknown execution profile {go_quote(options.exec_profile)}. "
            "Valid profiles: balanced, fast, thorough."
        )
    _apply_presets(options)
    workspace = resolve_workspace(options)  # 5
    trust_root = workspace  # trust is the launch directory's, inherited by a --worktree
    if options.worktree:  # 6: the run moves into a git worktree of the workspace's repository
        from zero_engine.worktrees import WorktreeError, prepare

        try:
            ctx.worktree = prepare(
                workspace, options.worktree_name, options.worktree_dir, env, ctx.schema_version
            )
        except WorktreeError as exc:
            raise _usage(str(exc)) from None
        workspace = ctx.worktree.path
    permission_mode, unsafe_reason = resolve_permission_mode(options, ctx.schema_version)  # 8
    if ctx.schema_version < 2:  # the v1-era Zero started its MCP servers here, plan mode too
        _start_mcp_v1(ctx, workspace, trust_root, _mcp_autonomy(options))
    model = options.model
    if model:  # 9: --model through the model catalog (aliases, deprecation redirects)
        from zero_engine.providers.catalog import resolve_model_flag

        model, notice = resolve_model_flag(model)
        if notice:
            ctx.stderr.write(f"{notice}\n".encode())
    from zero_engine.extensions import ConfigError, load_extensions, provider_environment

    config_error = ""
    try:  # 10: Zero's configuration files (config.json, user and project layers)
        if ctx.extensions is None:
            ctx.extensions = load_extensions(env, str(workspace), str(trust_root), ctx.schema_version)
        config_error = ctx.extensions.config.provider_problem or ctx.extensions.config.resolve_problem
    except ConfigError as exc:
        config_error = str(exc)
    # The v1-era Zero listed the tools before it resolved the configuration and the provider
    # (its MCP start, above, read the files without those checks): a problem there never stops
    # `--list-tools` at v1. Zero 0.8.0 resolves first.
    lists_first = options.list_tools and ctx.schema_version < 2
    if config_error and not lists_first:
        if not options.list_tools:
            _preflight_session(options, env)
            _read_prompt(options, workspace, ctx.schema_version)
        raise PreRunFailure("provider_error", config_error, EXIT_PROVIDER)
    provider_config = resolve_provider_config(provider_environment(ctx.extensions, env), ctx.schema_version)
    if provider_config.error and not lists_first:
        # Zero reports input problems (usage errors) before a configuration failure.
        if not options.list_tools:
            _preflight_session(options, env)
            _read_prompt(options, workspace, ctx.schema_version)
        raise PreRunFailure("provider_error", provider_config.error, EXIT_PROVIDER)
    if ctx.schema_version >= 2:
        _check_add_dirs(options)  # 11 (v1: after the tool filters)
    from zero_engine.tools.filters import ToolFilterError, validate_tool_filters
    from zero_engine.tools.registry import ToolRegistry

    probe = ToolRegistry(
        workspace=workspace,
        permission_mode=permission_mode,  # type: ignore[arg-type]
        autonomy=options.autonomy,
        schema_version=ctx.schema_version,
        environ=env,
        add_dirs=options.add_dirs,
        specialist_tools=_specialist_tools(options),
    )
    if permission_mode != "plan" and ctx.schema_version >= 2:  # 13: MCP servers (none in plan mode)
        _start_mcp(ctx, probe, workspace, _mcp_autonomy(options))
    _activate_plugins(ctx, probe, workspace)  # 13b: plugins, after the MCP servers (plan mode too)
    extra_tools = [*ctx.extensions.mcp_tools, *ctx.extensions.plugin_tools]
    if extra_tools:
        probe = ToolRegistry(
            workspace=workspace,
            permission_mode=permission_mode,  # type: ignore[arg-type]
            autonomy=options.autonomy,
            schema_version=ctx.schema_version,
            environ=env,
            add_dirs=options.add_dirs,
            specialist_tools=_specialist_tools(options),
            extra_tools=extra_tools,
        )
    try:  # 14
        filters = validate_tool_filters(
            options.enabled_tools or (),
            options.disabled_tools or (),
            [spec.name for spec in probe.all_specs()],
        )
    except ToolFilterError as exc:
        raise _usage(exc.message) from None
    if ctx.schema_version < 2:
        _check_add_dirs(options)
    registry = ToolRegistry(
        workspace=workspace,
        permission_mode=permission_mode,  # type: ignore[arg-type]
        autonomy=options.autonomy,
        schema_version=ctx.schema_version,
        enabled=filters.enabled,
        disabled=filters.disabled,
        add_dirs=[_absolute_add_dir(entry) for entry in options.add_dirs],
        environ=env,
        specialist_tools=_specialist_tools(options),
        extra_tools=extra_tools,
        skill_roots=ctx.extensions.skill_roots,
        defer_threshold=ctx.extensions.config.defer_threshold,
    )
    if options.list_tools:  # 15
        return _list_tools(ctx, registry, workspace, permission_mode)
    session_request = SessionRequest(
        resume=options.resume,
        resume_latest=options.resume_latest,
        fork=options.fork,
        init_session_id=options.init_session_id,
        title=options.session_title,
        stream_json=options.output_format == "stream-json",
    )
    store = SessionStore(default_root(dict(env)), dict(env))
    try:
        store.preflight(session_request)  # 16
    except SessionError as exc:
        raise _usage(str(exc)) from None
    prompt, stream_images = _read_prompt(options, workspace, ctx.schema_version)  # 17
    from zero_engine.provider import ProviderError

    # 18: the provider is configured (or "No provider configured"), but constructed only after
    # the images were loaded, as in Zero.
    build_error: str | None = None
    resolved_model = ""  # the model of a provider that could not be built, for the advisory (21)
    try:
        provider = build_provider(provider_config, model or None, options.reasoning_effort)
    except ProviderError as exc:
        provider, build_error = None, str(exc)
        resolved_model = getattr(exc, "model", "")
    if provider is None and build_error is None:
        raise PreRunFailure("provider_error", no_provider_message(ctx.schema_version), EXIT_PROVIDER)
    from zero_engine.images import ImageLoadError, load_image

    try:  # 19
        images = tuple(load_image(path, workspace) for path in options.image_paths) + tuple(stream_images)
    except ImageLoadError as exc:
        raise _usage(str(exc)) from None
    if images and provider is not None and not provider.info.supports_vision:  # 20
        ctx.stderr.write(
            f"Model {provider.info.model} does not support image input; "
            f"ignoring {len(images)} image(s).\n".encode()
        )
        images = ()
    advisory_model = provider.info.model if provider is not None else resolved_model
    if options.reasoning_effort and advisory_model:  # 21: the --reasoning-effort advisory
        from zero_engine.providers.catalog import reasoning_effort_notice

        notice = reasoning_effort_notice(advisory_model, options.reasoning_effort)
        if notice:
            ctx.stderr.write(f"{notice}\n".encode())
    if provider is None:  # 22
        raise PreRunFailure(
            "provider_error", build_error or no_provider_message(ctx.schema_version), EXIT_PROVIDER
        )
    from zero_engine.sessions import SessionInfo

    info = provider.info
    session_info = SessionInfo(cwd=str(workspace), model_id=info.model, provider=info.kind)
    try:
        session = store.open_session(session_request, session_info, prompt)  # 23
    except SessionError as exc:
        raise _usage(str(exc)) from None
    session_id = session.id if session is not None else ""
    run_id = new_run_id()  # 24
    sink = ctx.make_sink(run_id)
    if session is not None:
        from zero_engine.session_sink import RecordingSink

        sink = RecordingSink(
            sink,
            session,
            prompt=prompt,
            autonomy=options.autonomy,
            workspace_root=str(workspace),
            schema_version=ctx.schema_version,
        )
        prompt = session.prompt(prompt, ctx.schema_version)  # the resume/fork prefix (1.9)
    attach = getattr(provider, "attach_output", None)
    if attach is not None:
        from zero_engine.providers.scripted import OutputHooks

        attach(OutputHooks(text_line=sink.text_delta_line))
    sink.run_start(str(workspace), session_id, info.kind, info.model, info.api_model, permission_mode)  # 25
    if ctx.stdout.error is not None:
        return EXIT_CRASH
    if unsafe_reason:  # 26
        sink.warning(f"Unsafe permissions are active for this run because {unsafe_reason} was passed.")
        if ctx.stdout.error is not None:
            return EXIT_CRASH
    from zero_engine.extensions import attach_hooks

    attach_hooks(ctx.extensions, registry, env, str(workspace), permission_mode == "plan", session_id)
    notice = ctx.extensions.notice()
    if notice:
        ctx.stderr.write(notice.encode())
    return _agent_run(ctx, sink, provider, registry, prompt, images, session_id, workspace)


def _activate_plugins(ctx: Context, probe: Any, workspace: Path) -> None:
    """Zero's plugin activation: its warnings on stderr, and the tools, hooks and skill folders
    for the run. A plugin tool may not take a name the run already has (core tools, delegation
    tools, MCP tools); the local automation tools and tool_search, which Zero registers after
    the plugins, replace a plugin tool of their name without a warning."""
    if ctx.schema_version < 2:  # see docs/engine.md, "Plugins and skills"
        return
    from zero_engine.extensions import activate_plugins
    from zero_engine.tools.extra_tools import LOCAL_TOOLS

    later = {tool.spec.name for tool in LOCAL_TOOLS} | {"tool_search"}
    taken = {spec.name for spec in probe.registered_specs()} | {
        tool.spec.name for tool in ctx.extensions.mcp_tools
    }
    warnings = activate_plugins(
        ctx.extensions, ctx.env, str(workspace), lambda name: name in taken and name not in later
    )
    if warnings:
        ctx.stderr.write(warnings.encode())


def _mcp_autonomy(options: ExecOptions) -> str:
    """What the run asks of mcp-permissions.json's grants (Zero's execMCPAutonomy)."""
    from zero_engine.mcp_permissions import run_autonomy

    return run_autonomy(options.autonomy, options.skip_permissions_unsafe)


def _start_mcp_v1(ctx: Context, workspace: Path, trust_root: Path, autonomy: str) -> None:
    """The v1-era order: the configuration is read for its MCP servers right after the permission
    mode, so a broken config.json is an `mcp_error`; the servers run on the host."""
    from zero_engine.config import MCPSetupError
    from zero_engine.extensions import ConfigError, load_extensions, start_mcp

    try:
        ctx.extensions = load_extensions(ctx.env, str(workspace), str(trust_root), ctx.schema_version)
        start_mcp(
            ctx.extensions, ctx.env, str(workspace), ctx.schema_version, (str(workspace),), (), autonomy
        )
    except (ConfigError, MCPSetupError) as exc:
        raise PreRunFailure("mcp_error", str(exc), EXIT_PROVIDER) from None


def _start_mcp(ctx: Context, probe: Any, workspace: Path, autonomy: str) -> None:
    """Start the configured MCP servers in the run's sandbox; a refused entry is an `mcp_error`."""
    from zero_engine.config import MCPSetupError
    from zero_engine.extensions import ConfigError, start_mcp

    try:
        start_mcp(
            ctx.extensions,
            ctx.env,
            str(workspace),
            ctx.schema_version,
            probe.processes.write_roots,
            probe.processes.temp_roots,
            autonomy,
        )
    except (ConfigError, MCPSetupError) as exc:
        raise PreRunFailure("mcp_error", str(exc), EXIT_PROVIDER) from None


_SCRATCH_MARKERS = ("scratch", "debug", "tmp", "temp", "repro", "fix_test")


def _git_untracked(workspace: Path, env: Mapping[str, str], write_roots: Sequence[str]) -> list[str] | None:
    """Untracked files per `git status`, or None when git or a repository is missing (Zero 0.8.0)."""
    from zero_engine.tools.host_git import HARDENED_OPTIONS, host_git_environment, host_git_executable

    git = host_git_executable(env, write_roots)
    if git is None:
        return None
    if not env.get("GIT_DIR") and not any(
        (folder / ".git").exists() for folder in (workspace, *workspace.parents)
    ):
        return None  # not inside a repository: skip the git process git would fail in anyway
    import subprocess

    # This git runs on the host, after the model's commands: it must run none of their code
    # (tools/host_git.py). Nested repositories are not entered either (--ignore-submodules).
    command = [
        git,
        *HARDENED_OPTIONS,
        "-C",
        str(workspace),
        "status",
        "--porcelain",
        "-z",
        "--untracked-files=all",
        "--ignore-submodules=all",
    ]
    try:
        done = subprocess.run(
            command,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=5,
            check=False,
            env=host_git_environment(env, write_roots),
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    entries = done.stdout.decode("utf-8", "surrogateescape").split("\0")
    return [entry[3:] for entry in entries if entry.startswith("?? ")]


def _scratch_like(path: str) -> bool:
    name = os.path.basename(path).lower().strip()
    return bool(name) and any(marker in name for marker in _SCRATCH_MARKERS)


class _ScratchFiles:
    """Zero 0.8.0's end-of-run warning about new scratch/debug-like files left untracked in git."""

    def __init__(self, workspace: Path, env: Mapping[str, str], write_roots: Sequence[str]) -> None:
        self.workspace = workspace
        self.env = env
        self.write_roots = tuple(write_roots)
        untracked = _git_untracked(workspace, env, self.write_roots)
        self.baseline = None if untracked is None else {path for path in untracked if _scratch_like(path)}

    def warn(self, sink: Sink) -> None:
        if self.baseline is None:
            return
        untracked = _git_untracked(self.workspace, self.env, self.write_roots)
        new = [path for path in untracked or () if _scratch_like(path) and path not in self.baseline]
        if not new:
            return
        self.baseline.update(new)
        plural = "" if len(new) == 1 else "s"
        sink.warning(
            f"This run left {len(new)} new scratch/debug-like file{plural} untracked in git: "
            f"{', '.join(new)}. Review before committing/staging."
        )


def _agent_run(
    ctx: Context,
    sink: Sink,
    provider: Any,
    registry: Any,
    prompt: str,
    images: tuple[Any, ...],
    session_id: str,
    workspace: Path,
) -> int:
    from zero_engine.loop import AgentLoop, LoopSettings, truncation_notice
    from zero_engine.provider import ProviderError

    loop = AgentLoop(
        provider,
        registry,
        sink,
        LoopSettings(
            max_turns=resolve_max_turns(
                ctx.options,
                ctx.env,
                ctx.schema_version,
                ctx.extensions.config.max_turns if ctx.extensions is not None else 0,
            ),
            session_id=session_id,
            schema_version=ctx.schema_version,
            completion_gate=not ctx.options.no_completion_gate,
            acceptance_check=(ctx.options.exec_profile or "").strip().lower() == "thorough",
            system_prompt=_system_prompt(ctx, str(workspace)),
        ),
    )
    scratch = (
        _ScratchFiles(workspace, ctx.env, registry.processes.write_roots) if ctx.schema_version >= 2 else None
    )
    session_hooks = _SessionHooks(ctx, provider, prompt, loop)
    try:
        with cancellation_on_signals(), session_hooks:
            try:
                outcome = loop.run(prompt, images)
                session_hooks.outcome = outcome
            except RunCancelled:
                if scratch is not None:
                    scratch.warn(sink)
                sink.run_error("interrupted", "run cancelled by signal", EXIT_INTERRUPTED, "interrupted")
                return EXIT_INTERRUPTED if ctx.stdout.error is None else EXIT_CRASH
            except ProviderError as exc:
                if scratch is not None:
                    scratch.warn(sink)
                sink.run_error("provider_error", str(exc), EXIT_PROVIDER, "error")
                return EXIT_PROVIDER if ctx.stdout.error is None else EXIT_CRASH
            notice = truncation_notice(outcome.finish_reason)
            if notice:
                sink.warning(notice)
            if scratch is not None:
                scratch.warn(sink)
            gate = not ctx.options.no_completion_gate and ctx.schema_version >= 2
            if outcome.incomplete_reason and gate:
                sink.incomplete(outcome.final_text, outcome.incomplete_reason)
                code = EXIT_INCOMPLETE
            else:
                sink.final(outcome.final_text)
                sink.success()
                code = EXIT_SUCCESS
    except RunCancelled:  # a signal that landed while the terminal events were being written
        sink.run_error("interrupted", "run cancelled by signal", EXIT_INTERRUPTED, "interrupted")
        code = EXIT_INTERRUPTED
    return code if ctx.stdout.error is None else EXIT_CRASH


def _system_prompt(ctx: Context, workspace: str) -> str:
    """The engine's system prompt with the run's context sections in Zero's order: the user's
    and the project's guidelines files (zero_engine.guidelines), then the skills the skill tool
    can load (names and descriptions, as Zero lists them)."""
    from zero_engine.guidelines import guideline_sections
    from zero_engine.loop import SYSTEM_PROMPT
    from zero_engine.skills import load_skills, prompt_section, skill_roots

    sections = [SYSTEM_PROMPT, *guideline_sections(workspace, ctx.env)]
    if ctx.schema_version >= 2:  # the v1-era skill tool loaded no skills
        plugin_roots = ctx.extensions.skill_roots if ctx.extensions is not None else []
        skills = prompt_section(load_skills(skill_roots(ctx.env, plugin_roots)))
        if skills:
            sections.append(skills)
    return "\n\n".join(sections)


class _SessionHooks:
    """sessionStart before the first model turn, sessionEnd when the loop exits (errors included),
    as Zero's agent run dispatches them."""

    def __init__(self, ctx: Context, provider: Any, prompt: str, loop: Any) -> None:
        self.hooks = ctx.extensions.hooks if ctx.extensions is not None else None
        self.provider_name = ctx.extensions.provider_name if ctx.extensions is not None else "openai"
        self.model = provider.info.model
        self.loop = loop
        self.outcome: Any = None
        self.title = ""
        if self.hooks is not None:
            from zero_engine.sessions import session_title

            self.title = session_title(prompt, ctx.options.session_title)

    def __enter__(self) -> _SessionHooks:
        if self.hooks is not None:
            self.hooks.session_start(self.provider_name, self.model, self.title)
        return self

    def __exit__(self, kind: Any, error: Any, _traceback: Any) -> None:
        if self.hooks is None:
            return
        outcome = self.outcome
        self.hooks.session_end(
            self.provider_name,
            self.model,
            self.loop.turns,
            "",
            outcome.finish_reason if outcome is not None else "",
            bool(outcome.incomplete_reason) if outcome is not None else False,
            str(error) if error is not None and outcome is None else "",
        )


def _specialist_tools(options: Any) -> bool:
    """Zero registers its delegation tools at --auto medium/high and with --skip-permissions-unsafe
    (not for --use-spec runs or specialist children)."""
    if options.use_spec or options.tag.strip().lower() == "specialist":
        return False
    return bool(options.skip_permissions_unsafe) or options.autonomy.strip().lower() in ("medium", "high")


def _list_tools(ctx: Context, registry: Any, workspace: Path, permission_mode: str) -> int:
    from zero_engine.events import json_line, json_tools_listing
    from zero_engine.tools.filters import render_tool_listing

    specs = registry.visible_specs()
    listing = render_tool_listing(specs)
    fmt = ctx.options.output_format
    if fmt == "stream-json":
        events = StreamJsonEvents(ctx.schema_version, new_run_id())
        for fields in (events.run_start(str(workspace)), events.final(listing), events.run_end("success", 0)):
            ctx.stdout.write(events.encode(fields))
    elif fmt == "json":
        ctx.stdout.write(
            json_line(
                json_tools_listing(
                    [
                        (s.name, s.description, s.side_effect, s.permission)
                        for s in sorted(specs, key=lambda s: s.name)
                    ]
                )
            )
        )
    else:
        ctx.stdout.write(f"{listing}\n".encode())
    return EXIT_SUCCESS if ctx.stdout.error is None else EXIT_CRASH
