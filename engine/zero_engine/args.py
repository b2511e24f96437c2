"""`zero exec` argument parsing (docs/protocol.md 1.2-1.4): a left-to-right loop, then the checks."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from zero_engine import gotext
from zero_engine.gojson import go_quote

PROMPT_REQUIRED = 'Prompt required. Use `zero exec "prompt"` or `zero exec --file prompt.txt`.'
_SESSION_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$")
_GO_INT = re.compile(r"^[+-]?[0-9]+$")
_GO_FLOAT = re.compile(
    r"^[+-]?(?:(?:[0-9](?:_?[0-9])*)?\.?[0-9](?:_?[0-9])*(?:[eE][+-]?[0-9]+)?|[0-9]+\.|"
    r"inf|infinity|nan|0[xX][0-9a-fA-F_.]+(?:[pP][+-]?[0-9]+)?)$",
    re.IGNORECASE,
)
_TOOL_LIST_SEPARATORS = re.compile(r"[,\s]+")

# Flags that only make sense inside Zero itself: parsed, then refused after the generic checks.
UNSUPPORTED_FLAGS = (
    "--use-spec",
    "--spec-model",
    "--spec-reasoning-effort",
    "--calling-session-id",
    "--calling-tool-use-id",
    "--tag",
    "--depth",
    "--allow-escalation",
    "--self-correct",
)


class UsageError(Exception):
    """An execUsageError: exit 2. `stream_json` says whether -o stream-json was known when it fired."""

    def __init__(self, message: str, stream_json: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.stream_json = stream_json


@dataclass
class ExecOptions:
    input_format: str = "text"  # text | stream-json
    output_format: str = "text"  # text | json | stream-json
    autonomy: str = "low"
    prompt_parts: list[str] = field(default_factory=list)
    file: str = ""
    image_paths: list[str] = field(default_factory=list)
    add_dirs: list[str] = field(default_factory=list)
    mode: str = ""
    model: str = ""
    profile: str = ""
    reasoning_effort: str = ""
    exec_profile: str = ""
    permission_mode: str = ""
    plan: bool = False
    skip_permissions_unsafe: bool = False
    list_tools: bool = False
    enabled_tools: list[str] | None = None
    disabled_tools: list[str] | None = None
    max_turns: int = 0
    cwd: str = ""
    resume: str = ""
    resume_latest: bool = False
    fork: str = ""
    session_title: str = ""
    init_session_id: str = ""
    notify: str = ""
    no_notify: bool = False
    no_completion_gate: bool = False
    trace: str | None = None
    worktree: bool = False
    worktree_name: str = ""
    worktree_dir: str = ""
    use_spec: bool = False
    spec_model: str = ""
    spec_reasoning_effort: str = ""
    tag: str = ""
    unsupported: list[str] = field(default_factory=list)  # in argv order

    @property
    def prompt_text(self) -> str:
        return gotext.trim_space(" ".join(self.prompt_parts))


def looks_like_flag(value: str) -> bool:
    """Go's flagValueLooksLikeOption: starts with '-' and does not parse as a float64."""
    return value.startswith("-") and not _GO_FLOAT.match(value)


def parse_tool_list(value: str) -> list[str]:
    names: list[str] = []
    for name in _TOOL_LIST_SEPARATORS.split(value):
        if name and name not in names:
            names.append(name)
    return names


_VALUE_CHECKS: dict[str, tuple[tuple[str, ...], str]] = {
    "--auto": (
        ("low", "medium", "high", "member"),
        "Invalid autonomy level {}. Expected low, medium, or high.",
    ),
    "--notify": (
        ("off", "bell", "notify", "both"),
        "invalid --notify {}. Expected off, bell, notify, or both.",
    ),
    "-o": (
        ("text", "json", "stream-json", "debug"),
        "invalid output format {}. Expected text, json, stream-json, or debug.",
    ),
    "-i": (("text", "stream-json"), "Invalid input format {}. Expected text or stream-json."),
    "--reasoning-effort": (
        ("low", "medium", "high"),
        "invalid --reasoning-effort {}. Expected low, medium, or high.",
    ),
    "--spec-reasoning-effort": (
        ("low", "medium", "high"),
        "invalid --spec-reasoning-effort {}. Expected low, medium, or high.",
    ),
}


# Values the v1-era parser did not check while parsing (a later unknown flag wins over them).
V1_UNCHECKED_VALUES = frozenset({"--auto", "--reasoning-effort", "--spec-reasoning-effort"})

# Flags the v1-era binary did not have yet: at schemaVersion 1 they are unknown exec flags.
V1_UNKNOWN_FLAGS = frozenset(
    {"--plan", "--permission-mode", "--exec-profile", "--no-completion-gate", "--trace"}
)


class _Parser:
    def __init__(self, args: list[str], schema_version: int = 2) -> None:
        self.args = args
        self.index = 0
        self.options = ExecOptions()
        self.schema_version = schema_version

    def error(self, message: str) -> UsageError:
        return UsageError(message, self.options.output_format == "stream-json")

    def value(self, flag: str) -> str:
        """nextFlagValue: the next arg, trimmed, rejected when missing or flag-shaped."""
        if self.index + 1 >= len(self.args):
            raise self.error(f"{flag} requires a value")
        value = self.args[self.index + 1].strip()
        if not value or (looks_like_flag(value) and not (flag == "--trace" and value == "-")):
            raise self.error(f"{flag} requires a value")
        check = _VALUE_CHECKS.get(flag)
        if self.schema_version < 2 and flag in V1_UNCHECKED_VALUES:
            check = None  # the v1-era parser took these as they came (--auto is checked later)
        if check is not None and value.lower() not in check[0]:
            raise self.error(check[1].format(go_quote(value)))
        if flag in ("--max-turns", "--depth") and not _GO_INT.match(value):
            raise self.error(_integer_message(flag, value))
        self.index += 1
        return value

    def inline(self, arg: str, flag: str, required: bool) -> str:
        value = arg[len(flag) + 1 :].strip()
        if required and not value:
            raise self.error(f"{flag} requires a value")
        return value

    def parse(self) -> tuple[ExecOptions, bool]:
        o = self.options
        if not self.args:
            raise UsageError(PROMPT_REQUIRED)
        while self.index < len(self.args):
            arg = self.args[self.index]
            if arg in ("-h", "--help", "help"):
                return o, True
            if arg == "--":
                o.prompt_parts.extend(self.args[self.index + 1 :])
                break
            if self.schema_version < 2 and arg.split("=", 1)[0] in V1_UNKNOWN_FLAGS:
                raise self.error(f"unknown exec flag {go_quote(arg)}")
            if not arg.startswith("-"):
                o.prompt_parts.append(arg)
            elif arg.startswith("--") and "=" in arg:
                self.parse_inline(arg, arg.split("=", 1)[0])
            elif arg.startswith("-p=") or arg == "-p":
                if self.schema_version < 2:  # the v1-era binary had only --prompt
                    raise self.error(f"unknown exec flag {go_quote(arg)}")
                if arg == "-p":
                    self.parse_flag(arg)
                else:
                    self.parse_inline(arg, "-p")
            else:
                self.parse_flag(arg)
            self.index += 1
        return o, False

    def parse_flag(self, arg: str) -> None:
        o = self.options
        boolean_flags = {
            "--skip-permissions-unsafe": "skip_permissions_unsafe",
            "--list-tools": "list_tools",
            "--no-notify": "no_notify",
            "--plan": "plan",
            "--no-completion-gate": "no_completion_gate",
            "--use-spec": "use_spec",
        }
        if arg in boolean_flags:
            setattr(o, boolean_flags[arg], True)
            if arg == "--use-spec":
                o.unsupported.append(arg)
        elif arg in ("--allow-escalation", "--self-correct"):
            o.unsupported.append(arg)
        elif arg in ("-w", "--worktree"):
            o.worktree = True
            following = (
                gotext.trim_space(self.args[self.index + 1]) if self.index + 1 < len(self.args) else ""
            )
            if following and not looks_like_flag(following):
                o.worktree_name = following
                self.index += 1
        elif arg == "--resume":
            following = self.args[self.index + 1] if self.index + 1 < len(self.args) else ""
            if following and not following.startswith("-") and following.strip():
                o.resume = following.strip()
                self.index += 1
            else:
                o.resume_latest = True
        elif arg in ("-o", "--output-format"):
            o.output_format = _output_format(self.value("-o"), self)
        elif arg in ("-i", "--input-format"):
            o.input_format = _input_format(self.value("-i"), self)
        elif arg in ("-r", "--reasoning-effort"):
            # `-r` is not validated upstream; the long form is.
            o.reasoning_effort = self.value("--reasoning-effort" if arg.startswith("--") else arg)
        elif arg in ("-f", "--file"):
            o.file = self.value(arg)
        elif arg in ("-m", "--model"):
            o.model = self.value(arg)
        elif arg in ("-C", "--cwd"):
            o.cwd = self.value(arg)
        elif arg in ("-p", "--prompt"):
            o.prompt_parts.append(self.value(arg))
        else:
            self.parse_valued(arg)

    def parse_valued(self, arg: str) -> None:
        o = self.options
        if arg == "--auto":
            o.autonomy = self.value(arg)
        elif arg == "--notify":
            o.notify = self.value(arg)
        elif arg == "--enabled-tools":
            o.enabled_tools = parse_tool_list(self.value(arg))
        elif arg == "--disabled-tools":
            o.disabled_tools = parse_tool_list(self.value(arg))
        elif arg == "--image":
            o.image_paths.append(self.value(arg))
        elif arg == "--add-dir":
            o.add_dirs.append(self.value(arg))
        elif arg == "--mode":
            o.mode = self.value(arg)
        elif arg == "--profile":
            o.profile = self.value(arg)
        elif arg == "--exec-profile":
            o.exec_profile = self.value(arg)
        elif arg == "--permission-mode":
            o.permission_mode = self.value(arg)
        elif arg == "--max-turns":
            o.max_turns = _max_turns(self.value(arg), self)
        elif arg == "--fork":
            o.fork = self.value(arg)
        elif arg == "--session-title":
            o.session_title = self.value(arg)
        elif arg == "--init-session-id":
            o.init_session_id = self.value(arg)
        elif arg == "--trace":
            o.trace = self.value(arg)
        elif arg == "--worktree-dir":
            o.worktree_dir = self.value(arg)
        elif arg in (
            "--spec-model",
            "--spec-reasoning-effort",
            "--calling-session-id",
            "--calling-tool-use-id",
            "--tag",
            "--depth",
        ):
            value = self.value(arg)
            if arg == "--depth":
                _depth(value, self)
            elif arg == "--tag":
                o.tag = value
            elif arg == "--spec-model":
                o.spec_model = value
            elif arg == "--spec-reasoning-effort":
                o.spec_reasoning_effort = value
            o.unsupported.append(arg)
        else:
            raise self.error(f"unknown exec flag {go_quote(arg)}")

    def parse_inline(self, arg: str, flag: str) -> None:
        o = self.options
        required = (
            "--permission-mode",
            "--notify",
            "--image",
            "--add-dir",
            "--mode",
            "--exec-profile",
            "--spec-model",
            "--spec-reasoning-effort",
            "--calling-session-id",
            "--calling-tool-use-id",
            "--tag",
            "--session-title",
            "--init-session-id",
        )
        optional = (
            "--trace",
            "--auto",
            "--enabled-tools",
            "--disabled-tools",
            "--file",
            "--model",
            "--profile",
            "--reasoning-effort",
            "--cwd",
            "--input-format",
            "--output-format",
            "--prompt",
            "-p",
            "--fork",
            "--worktree",
            "--worktree-dir",
            "--resume",
        )
        if flag in ("--max-turns", "--depth"):
            value = self.inline(arg, flag, required=False)
            if not value:
                raise self.error(f"{flag} requires a value")
            if flag == "--max-turns":
                o.max_turns = _max_turns(value, self)
            else:
                _depth(value, self)
                o.unsupported.append(flag)
            return
        if flag not in required and flag not in optional:
            raise self.error(f"unknown exec flag {go_quote(arg)}")
        value = self.inline(arg, flag, required=flag in required)
        simple = {
            "--permission-mode": "permission_mode",
            "--notify": "notify",
            "--mode": "mode",
            "--exec-profile": "exec_profile",
            "--session-title": "session_title",
            "--init-session-id": "init_session_id",
            "--auto": "autonomy",
            "--file": "file",
            "--model": "model",
            "--profile": "profile",
            "--reasoning-effort": "reasoning_effort",
            "--cwd": "cwd",
            "--fork": "fork",
            "--trace": "trace",
            "--tag": "tag",
            "--spec-model": "spec_model",
            "--spec-reasoning-effort": "spec_reasoning_effort",
            "--worktree-dir": "worktree_dir",
        }
        if flag in simple:
            setattr(o, simple[flag], value)
        if flag == "--image":
            o.image_paths.append(value)
        elif flag == "--add-dir":
            o.add_dirs.append(value)
        elif flag == "--enabled-tools":
            o.enabled_tools = parse_tool_list(value)
        elif flag == "--disabled-tools":
            o.disabled_tools = parse_tool_list(value)
        elif flag == "--input-format":
            o.input_format = _input_format(value, self)
        elif flag == "--output-format":
            o.output_format = _output_format(value, self)
        elif flag in ("--prompt", "-p"):
            o.prompt_parts.append(value)
        elif flag == "--resume":
            o.resume, o.resume_latest = value, not value
        elif flag == "--worktree":
            o.worktree = True
            o.worktree_name = gotext.trim_space(value)
        if flag in UNSUPPORTED_FLAGS:
            o.unsupported.append(flag)


def _integer_message(flag: str, value: str) -> str:
    if flag == "--depth":
        return f"invalid --depth {go_quote(value)}. Expected a non-negative integer."
    return f"invalid --max-turns {go_quote(value)}. Expected a positive integer."


def _max_turns(value: str, parser: _Parser) -> int:
    trimmed = value.strip()
    if not _GO_INT.match(trimmed) or int(trimmed) <= 0 or int(trimmed) >= 2**63:
        raise parser.error(_integer_message("--max-turns", value))
    return int(trimmed)


def _depth(value: str, parser: _Parser) -> int:
    trimmed = value.strip()
    if not _GO_INT.match(trimmed) or int(trimmed) < 0:
        raise parser.error(_integer_message("--depth", value))
    return int(trimmed)


def _output_format(value: str, parser: _Parser) -> str:
    lowered = value.strip().lower()
    if lowered in ("", "text"):
        return "text"
    if lowered == "json":
        return "json"
    if lowered in ("stream-json", "debug"):
        return "stream-json"
    raise parser.error(
        f"invalid output format {go_quote(value)}. Expected text, json, stream-json, or debug."
    )


def _input_format(value: str, parser: _Parser) -> str:
    lowered = value.strip().lower()
    if lowered in ("", "text"):
        return "text"
    if lowered == "stream-json":
        return "stream-json"
    raise parser.error(f"Invalid input format {go_quote(value)}. Expected text or stream-json.")


def valid_session_id(value: str) -> bool:
    return bool(_SESSION_ID.match(value))


def _combination_checks(o: ExecOptions) -> None:
    stream = o.output_format == "stream-json"

    def fail(message: str) -> UsageError:
        return UsageError(message, stream)

    resuming = bool(o.resume) or o.resume_latest
    plan_mode = o.plan or o.permission_mode.strip().lower() == "plan"
    if o.no_notify and o.notify:
        raise fail("Use either --notify or --no-notify, not both.")
    if o.notify and o.notify not in ("off", "bell", "notify", "both"):
        raise fail(f"invalid --notify {go_quote(o.notify)}. Expected off, bell, notify, or both.")
    if resuming and o.fork:
        raise fail("Use either --resume or --fork, not both.")
    if o.use_spec and (resuming or o.fork):
        raise fail("--use-spec cannot be combined with --resume or --fork.")
    if o.use_spec and o.tag.strip().lower() == "specialist":
        raise fail("--use-spec cannot be used inside a specialist child session.")
    if o.use_spec and "--self-correct" in o.unsupported:
        raise fail("--self-correct cannot be combined with --use-spec.")
    if o.use_spec and o.no_completion_gate:
        raise fail("--no-completion-gate cannot be combined with --use-spec.")
    if not o.use_spec and o.spec_model:
        raise fail("--spec-model requires --use-spec.")
    if not o.use_spec and o.spec_reasoning_effort:
        raise fail("--spec-reasoning-effort requires --use-spec.")
    if plan_mode and o.use_spec:
        raise fail("Use either --plan or --use-spec, not both.")
    if o.plan and o.skip_permissions_unsafe:
        raise fail("Use either --plan or --skip-permissions-unsafe, not both.")
    if o.plan and o.worktree:
        raise fail("--plan cannot be combined with --worktree.")
    if o.plan and o.permission_mode and o.permission_mode.strip().lower() != "plan":
        raise fail(f"--plan cannot be combined with --permission-mode={o.permission_mode}.")
    if o.init_session_id and resuming:
        raise fail("Use --init-session-id only when creating or forking a session.")
    if o.worktree and o.fork:
        raise fail(
            "--fork cannot be used with --worktree. "
            "Forked sessions must continue in the source session workspace."
        )
    if o.worktree_dir and not o.worktree:
        raise fail("--worktree-dir requires --worktree.")
    if o.init_session_id and not valid_session_id(o.init_session_id):
        raise fail(f"invalid --init-session-id {go_quote(o.init_session_id)}")
    if o.input_format == "stream-json" and o.prompt_text:
        raise fail("Stream-json input does not accept positional prompt text. Pipe JSONL or use --file.")
    if not o.list_tools and not o.file and o.input_format != "stream-json" and not o.prompt_text:
        raise fail(PROMPT_REQUIRED)
    if o.unsupported:
        raise fail(f"{o.unsupported[0]} is not supported by zero-engine")


def parse_exec_args(args: list[str], schema_version: int = 2) -> tuple[ExecOptions, bool]:
    """Returns (options, help_requested). Raises UsageError with the exact message."""
    options, help_requested = _Parser(args, schema_version).parse()
    if not help_requested:
        _combination_checks(options)
    return options, help_requested
