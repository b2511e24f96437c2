"""Batch tasks: the task file (JSONL, one task per line), its validation, and `Task`.

A task line is one JSON object:

    {"id": "fix-42", "prompt": "Fix the failing test.", "copy_from": "repos/app",
     "options": {"model": "gpt-5", "max_turns": 30}, "env": {"ZERO_PROVIDER": "demo"},
     "timeouts": {"total": 900}, "metadata": {"suite": "smoke"}}

The whole file is checked before anything runs: every problem is reported as `FILE:LINE: FIELD:
MESSAGE` (all of them, not just the first), and a file with any problem runs no task. Relative
paths (`cwd`, `copy_from`, `options.images`, `options.add_dirs`) are resolved against the task
file's directory, so a task file travels with its fixtures.

The file is read twice: once to validate it (keeping only the ids, for duplicates), and once,
lazily, while the batch runs, so the driver's memory does not grow with the number of tasks.
"""

from __future__ import annotations

import math
import os
from collections.abc import Container, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from zero_client import protocol, versions
from zero_client.options import ExecOptions, Timeouts

__all__ = [
    "MAX_ID_LENGTH",
    "Task",
    "TaskFile",
    "TaskFileError",
    "TaskOptions",
    "TaskProblem",
    "TaskResources",
    "load_tasks",
    "validate_tasks",
]

#: Ids name files (transcripts, diffs, workspaces), so they are kept well below NAME_MAX.
MAX_ID_LENGTH = 200
#: How many problems a `TaskFileError` lists before it says how many more there are.
MAX_PROBLEMS_SHOWN = 50

_TOP_FIELDS = (
    "id",
    "prompt",
    "input",
    "cwd",
    "copy_from",
    "options",
    "env",
    "timeouts",
    "metadata",
    "resources",
)
#: Options that are a string flag, and on/off switches (named as `ZeroClient`'s keywords).
_STRING_OPTIONS = (
    "resume",
    "fork",
    "mode",
    "exec_profile",
    "reasoning_effort",
    "worktree_dir",
    "tag",
    "session_title",
)
_SWITCH_OPTIONS = ("skip_permissions_unsafe", "allow_escalation", "self_correct", "no_completion_gate")
_OPTION_FIELDS = (
    "model",
    "auto",
    "permission_mode",
    "enabled_tools",
    "disabled_tools",
    "max_turns",
    "images",
    "add_dirs",
    "plan",
    "schema_version",
    "extra_args",
    *_STRING_OPTIONS,
    *_SWITCH_OPTIONS,
    "worktree",
)
_TIMEOUT_FIELDS = ("start", "first_event", "idle", "total", "grace")
_RESOURCE_FIELDS = ("num_cpus", "num_gpus", "memory", "custom")
_AUTO_LEVELS = ("low", "medium", "high")


@dataclass(frozen=True)
class TaskProblem:
    """One problem of a task file: where it is and what is wrong."""

    path: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class TaskFileError(ValueError):
    """The task file (or task list) has problems; nothing was run. `problems` lists them all."""

    def __init__(self, problems: Sequence[TaskProblem]) -> None:
        self.problems = list(problems)
        shown = [str(p) for p in self.problems[:MAX_PROBLEMS_SHOWN]]
        if len(self.problems) > MAX_PROBLEMS_SHOWN:
            shown.append(f"... and {len(self.problems) - MAX_PROBLEMS_SHOWN} more problem(s)")
        super().__init__("\n".join(shown))


@dataclass(frozen=True)
class TaskOptions:
    """The `zero exec` flags of one task (the `options` object of a task line)."""

    model: str | None = None
    auto: str | None = None
    permission_mode: str | None = None
    enabled_tools: tuple[str, ...] | None = None
    disabled_tools: tuple[str, ...] | None = None
    max_turns: int | None = None
    #: Absolute paths (relative ones in a task file are resolved against its directory).
    images: tuple[str, ...] = ()
    add_dirs: tuple[str, ...] = ()
    plan: bool = False
    #: The schemaVersion to try first (a preference, as `ZeroClient(schema_version=...)`).
    schema_version: int | None = None
    extra_args: tuple[str, ...] = ()
    resume: str | None = None
    fork: str | None = None
    mode: str | None = None
    exec_profile: str | None = None
    reasoning_effort: str | None = None
    worktree: bool | str | None = None
    worktree_dir: str | None = None
    tag: str | None = None
    session_title: str | None = None
    skip_permissions_unsafe: bool = False
    allow_escalation: bool = False
    self_correct: bool = False
    no_completion_gate: bool = False

    def exec_options(self) -> ExecOptions:
        """These options as the client's `ExecOptions` (the same typed options as `ZeroClient`)."""
        return ExecOptions(
            model=self.model,
            auto=self.auto,
            permission_mode=self.permission_mode,
            enabled_tools=self.enabled_tools,
            disabled_tools=self.disabled_tools,
            max_turns=self.max_turns,
            images=self.images,
            add_dirs=self.add_dirs,
            plan=self.plan,
            resume=self.resume,
            fork=self.fork,
            mode=self.mode,
            exec_profile=self.exec_profile,
            reasoning_effort=self.reasoning_effort,
            worktree=self.worktree,
            worktree_dir=self.worktree_dir,
            tag=self.tag,
            session_title=self.session_title,
            skip_permissions_unsafe=self.skip_permissions_unsafe,
            allow_escalation=self.allow_escalation,
            self_correct=self.self_correct,
            no_completion_gate=self.no_completion_gate,
            extra_args=self.extra_args,
        )


@dataclass(frozen=True)
class TaskResources:
    """What one task asks of a Ray cluster (the local backend ignores it)."""

    num_cpus: float | None = None
    num_gpus: float | None = None
    #: Bytes.
    memory: int | None = None
    #: Custom Ray resources, e.g. {"zero_binary": 1} to land only on nodes that have Zero.
    custom: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Task:
    """One task of a batch.

    - `prompt` (a string) or `input` (a list of stream-json input event objects, each with its
      own `schemaVersion`): exactly one of the two.
    - `cwd`: the directory the run works in (None: the current directory). With `copy_from`, the
      run works in a fresh copy of `copy_from` made for each attempt, and `cwd`, if given, is a
      relative path inside that copy.
    - `env`: merged onto the environment the batch builds (never the caller's whole environment,
      unless the batch is asked to inherit it).
    - `timeouts`: the client's timeouts for this task (None: the batch's).
    - `metadata`: any JSON object, carried to every result record of the task.
    - `resources`: for the Ray backend.
    """

    id: str
    prompt: str | None = None
    input: tuple[dict[str, Any], ...] | None = None
    cwd: str | None = None
    copy_from: str | None = None
    options: TaskOptions = field(default_factory=TaskOptions)
    env: Mapping[str, str] = field(default_factory=dict)
    timeouts: Timeouts | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict)
    resources: TaskResources | None = None
    #: Where the task came from, for messages ("" and 0 for a task built in code).
    source: str = ""
    line: int = 0

    def prompt_events(self) -> str | list[Any]:
        """What the client sends: the prompt, or the input events decoded (each in its version)."""
        if self.prompt is not None:
            return self.prompt
        assert self.input is not None
        return [
            protocol.decode_input(msgspec.json.encode(obj), version=obj["schemaVersion"])
            for obj in self.input
        ]


# ------------------------------------------------------------------------------------------------
# Parsing one task object


class _Directories:
    """The directories one reading of a task file checked (value as written -> (resolved path,
    exists)): the tasks of a file mostly name the same few (one repository to copy, one folder
    to run in), and a stat and a resolve per task add up over 50,000 lines. Bounded, so a file
    naming a folder per task keeps only the latest."""

    LIMIT = 1024

    def __init__(self) -> None:
        self._known: dict[str, tuple[str, bool]] = {}

    def get(self, value: str) -> tuple[str, bool] | None:
        return self._known.get(value)

    def remember(self, value: str, known: tuple[str, bool]) -> None:
        if len(self._known) >= self.LIMIT:
            self._known.clear()
        self._known[value] = known


class _Checker:
    """Checks one task object, collecting problems rather than stopping at the first."""

    def __init__(self, path: str, line: int, base: Path, directories: _Directories | None = None) -> None:
        self.path = path
        self.line = line
        self.base = base
        self.directories = directories
        self.problems: list[TaskProblem] = []

    def problem(self, field_name: str, message: str) -> None:
        self.problems.append(TaskProblem(self.path, self.line, field_name, message))

    def unknown_fields(self, obj: Mapping[str, Any], known: Sequence[str], prefix: str) -> None:
        for key in obj:
            if key not in known:
                self.problem(f"{prefix}{key}", f"unknown field (known: {', '.join(known)})")

    def string(self, obj: Mapping[str, Any], key: str, where: str, *, empty_ok: bool = False) -> str | None:
        value = obj.get(key)
        if value is None:
            return None
        if not isinstance(value, str):
            self.problem(where, f"must be a string, not {_json_type(value)}")
            return None
        if not empty_ok and not value.strip():
            self.problem(where, "must not be empty")
            return None
        return value

    def strings(self, obj: Mapping[str, Any], key: str, where: str) -> tuple[str, ...] | None:
        value = obj.get(key)
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            self.problem(where, "must be a list of strings")
            return None
        return tuple(value)

    def number(
        self, obj: Mapping[str, Any], key: str, where: str, *, positive: bool, allow_null: bool
    ) -> float | None:
        value = obj.get(key)
        if value is None:
            if key in obj and not allow_null:
                self.problem(where, "must be a number, not null")
            return None
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            self.problem(where, f"must be a number, not {_json_type(value)}")
            return None
        if value < 0 or (positive and value == 0):
            self.problem(where, "must be greater than 0" if positive else "must not be negative")
            return None
        return float(value)

    def directory(self, value: str, where: str) -> str | None:
        known = self.directories.get(value) if self.directories is not None else None
        if known is None:
            path = (self.base / value).resolve() if not os.path.isabs(value) else Path(value)
            known = (str(path), path.is_dir())
            if self.directories is not None:
                self.directories.remember(value, known)
        shown, exists = known
        if not exists:
            self.problem(where, f"directory {value!r} does not exist" + _resolved_note(value, Path(shown)))
            return None
        return shown

    def file(self, value: str, where: str) -> str | None:
        path = (self.base / value).resolve() if not os.path.isabs(value) else Path(value)
        if not path.is_file():
            self.problem(where, f"file {value!r} does not exist" + _resolved_note(value, path))
            return None
        return str(path)


def _resolved_note(given: str, path: Path) -> str:
    return f" (resolved to {path})" if not os.path.isabs(given) else ""


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _parse_options(check: _Checker, raw: object) -> TaskOptions:
    if raw is None:
        return TaskOptions()
    if not isinstance(raw, dict):
        check.problem("options", f"must be an object, not {_json_type(raw)}")
        return TaskOptions()
    check.unknown_fields(raw, _OPTION_FIELDS, "options.")
    auto = check.string(raw, "auto", "options.auto")
    if auto is not None and auto not in _AUTO_LEVELS:
        check.problem("options.auto", f"must be one of {', '.join(_AUTO_LEVELS)}, not {auto!r}")
    max_turns = raw.get("max_turns")
    if max_turns is not None and (
        isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 1
    ):
        check.problem("options.max_turns", "must be an integer of at least 1")
        max_turns = None
    switches: dict[str, bool] = {}
    for name in ("plan", *_SWITCH_OPTIONS):
        value = raw.get(name, False)
        if not isinstance(value, bool):
            check.problem(f"options.{name}", f"must be true or false, not {_json_type(value)}")
            value = False
        switches[name] = value
    worktree = raw.get("worktree")
    if worktree is not None and not isinstance(worktree, bool | str):
        check.problem("options.worktree", f"must be true, false or a name, not {_json_type(worktree)}")
        worktree = None
    texts = {name: check.string(raw, name, f"options.{name}") for name in _STRING_OPTIONS}
    schema_version = raw.get("schema_version")
    if schema_version is not None and schema_version not in versions.SUPPORTED_SCHEMA_VERSIONS:
        supported = ", ".join(map(str, versions.SUPPORTED_SCHEMA_VERSIONS))
        check.problem("options.schema_version", f"must be one of {supported}, not {schema_version!r}")
        schema_version = None
    images = [
        check.file(image, f"options.images[{i}]")
        for i, image in enumerate(check.strings(raw, "images", "options.images") or ())
    ]
    add_dirs = [
        check.directory(d, f"options.add_dirs[{i}]")
        for i, d in enumerate(check.strings(raw, "add_dirs", "options.add_dirs") or ())
    ]
    return TaskOptions(
        model=check.string(raw, "model", "options.model"),
        auto=auto,
        permission_mode=check.string(raw, "permission_mode", "options.permission_mode"),
        enabled_tools=check.strings(raw, "enabled_tools", "options.enabled_tools"),
        disabled_tools=check.strings(raw, "disabled_tools", "options.disabled_tools"),
        max_turns=max_turns,
        images=tuple(i for i in images if i is not None),
        add_dirs=tuple(d for d in add_dirs if d is not None),
        schema_version=schema_version,
        extra_args=check.strings(raw, "extra_args", "options.extra_args") or (),
        worktree=worktree,
        plan=switches["plan"],
        skip_permissions_unsafe=switches["skip_permissions_unsafe"],
        allow_escalation=switches["allow_escalation"],
        self_correct=switches["self_correct"],
        no_completion_gate=switches["no_completion_gate"],
        resume=texts["resume"],
        fork=texts["fork"],
        mode=texts["mode"],
        exec_profile=texts["exec_profile"],
        reasoning_effort=texts["reasoning_effort"],
        worktree_dir=texts["worktree_dir"],
        tag=texts["tag"],
        session_title=texts["session_title"],
    )


def _parse_input(check: _Checker, raw: object) -> tuple[dict[str, Any], ...] | None:
    if not isinstance(raw, list) or not raw:
        check.problem("input", "must be a non-empty list of input event objects")
        return None
    events: list[dict[str, Any]] = []
    for index, item in enumerate(raw):
        where = f"input[{index}]"
        if not isinstance(item, dict):
            check.problem(where, f"must be an input event object, not {_json_type(item)}")
            continue
        version = item.get("schemaVersion")
        if isinstance(version, bool) or version not in versions.SUPPORTED_SCHEMA_VERSIONS:
            supported = ", ".join(map(str, versions.SUPPORTED_SCHEMA_VERSIONS))
            check.problem(f"{where}.schemaVersion", f"must be one of {supported}, not {version!r}")
            continue
        try:
            protocol.decode_input(msgspec.json.encode(item), version=version)
        except protocol.ProtocolError as exc:
            field_name = f"{where}.{exc.field}" if exc.field else where
            check.problem(field_name, f"not a valid input event: {exc.kind}: {exc.detail}")
            continue
        events.append(item)
    return tuple(events)


def _parse_timeouts(check: _Checker, raw: object) -> Timeouts | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        check.problem("timeouts", f"must be an object, not {_json_type(raw)}")
        return None
    check.unknown_fields(raw, _TIMEOUT_FIELDS, "timeouts.")
    values: dict[str, Any] = {}
    for key in ("start", "first_event", "idle", "total"):
        if key in raw:  # null disables a timeout, as in `Timeouts`
            values[key] = check.number(raw, key, f"timeouts.{key}", positive=True, allow_null=True)
    if "grace" in raw:
        grace = check.number(raw, "grace", "timeouts.grace", positive=False, allow_null=False)
        if grace is not None:
            values["grace"] = grace
    return Timeouts(**values)


def _parse_resources(check: _Checker, raw: object) -> TaskResources | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        check.problem("resources", f"must be an object, not {_json_type(raw)}")
        return None
    check.unknown_fields(raw, _RESOURCE_FIELDS, "resources.")
    memory = raw.get("memory")
    if memory is not None and (isinstance(memory, bool) or not isinstance(memory, int) or memory < 0):
        check.problem("resources.memory", "must be a number of bytes (an integer, not negative)")
        memory = None
    custom = raw.get("custom", {})
    if not isinstance(custom, dict) or not all(
        isinstance(v, int | float) and not isinstance(v, bool) and v >= 0 for v in custom.values()
    ):
        check.problem(
            "resources.custom", "must be an object of resource name to amount (a number, not negative)"
        )
        custom = {}
    return TaskResources(
        num_cpus=check.number(raw, "num_cpus", "resources.num_cpus", positive=False, allow_null=True),
        num_gpus=check.number(raw, "num_gpus", "resources.num_gpus", positive=False, allow_null=True),
        memory=memory,
        custom={str(k): float(v) for k, v in custom.items()},
    )


def _check_id(check: _Checker, raw: object) -> str | None:
    if raw is None:
        check.problem("id", "missing (every task needs a unique id)")
        return None
    if not isinstance(raw, str):
        check.problem("id", f"must be a string, not {_json_type(raw)}")
        return None
    if not raw.strip():
        check.problem("id", "must not be empty")
        return None
    if len(raw) > MAX_ID_LENGTH:
        check.problem("id", f"is {len(raw)} characters long; at most {MAX_ID_LENGTH} are allowed")
        return None
    if any(ord(c) < 32 or ord(c) == 127 for c in raw):
        check.problem("id", "must not contain control characters")
        return None
    return raw


def parse_task(
    obj: object, *, path: str, line: int, base: Path, directories: _Directories | None = None
) -> tuple[Task | None, list[TaskProblem]]:
    """One task object of a task file -> (the task, or None, and its problems). `directories`:
    what this reading of the file found already."""
    check = _Checker(path, line, base, directories)
    if not isinstance(obj, dict):
        check.problem("", f"a task must be a JSON object, not {_json_type(obj)}")
        return None, check.problems
    check.unknown_fields(obj, _TOP_FIELDS, "")
    task_id = _check_id(check, obj.get("id"))
    prompt = obj.get("prompt")
    input_events: tuple[dict[str, Any], ...] | None = None
    if ("prompt" in obj) == ("input" in obj):
        check.problem(
            "prompt", "give exactly one of `prompt` (a string) and `input` (a list of input events)"
        )
    elif "prompt" in obj:
        prompt = check.string(obj, "prompt", "prompt")
    else:
        input_events = _parse_input(check, obj["input"])
    copy_from = check.string(obj, "copy_from", "copy_from")
    if copy_from is not None:
        copy_from = check.directory(copy_from, "copy_from")
    cwd = check.string(obj, "cwd", "cwd")
    if cwd is not None:
        if obj.get("copy_from") is not None:
            # Inside the per-attempt copy: relative, and present in the directory copied.
            inner = Path(cwd)
            if inner.is_absolute() or ".." in inner.parts:
                check.problem("cwd", "with copy_from, cwd is a relative path inside the copy (no '..')")
                cwd = None
            elif copy_from is not None and not (Path(copy_from) / inner).is_dir():
                check.problem("cwd", f"directory {cwd!r} does not exist in copy_from {copy_from}")
                cwd = None
        else:
            cwd = check.directory(cwd, "cwd")
    elif obj.get("copy_from") is None:
        cwd = str(base)
    env = obj.get("env", {})
    if not isinstance(env, dict):
        check.problem("env", f"must be an object of strings, not {_json_type(env)}")
        env = {}
    for key, value in env.items():
        if not isinstance(value, str):
            check.problem(f"env.{key}", f"must be a string, not {_json_type(value)}")
        elif not key or "=" in key or "\0" in key or "\0" in value:
            check.problem(f"env.{key}", "is not a valid environment variable (name or value)")
    metadata = obj.get("metadata", {})
    if not isinstance(metadata, dict):
        check.problem("metadata", f"must be an object, not {_json_type(metadata)}")
        metadata = {}
    options = _parse_options(check, obj.get("options"))
    timeouts = _parse_timeouts(check, obj.get("timeouts"))
    resources = _parse_resources(check, obj.get("resources"))
    if check.problems or task_id is None:
        return None, check.problems
    return (
        Task(
            id=task_id,
            prompt=prompt,
            input=input_events,
            cwd=cwd,
            copy_from=copy_from,
            options=options,
            env=dict(env),
            timeouts=timeouts,
            metadata=metadata,
            resources=resources,
            source=path,
            line=line,
        ),
        [],
    )


# ------------------------------------------------------------------------------------------------
# Task files and task lists


def _lines(path: Path) -> Iterator[tuple[int, bytes]]:
    with open(path, "rb") as handle:
        for number, line in enumerate(handle, start=1):
            if line.strip():
                yield number, line


#: Byte order marks an editor may put at the start of a file, and what each means.
_BOMS = (
    (b"\xef\xbb\xbf", "a UTF-8 byte order mark (BOM)"),
    (b"\xff\xfe", "a UTF-16 byte order mark (BOM): the file is UTF-16"),
    (b"\xfe\xff", "a UTF-16 byte order mark (BOM): the file is UTF-16"),
)


def _decode_line(data: bytes, path: str, number: int) -> tuple[object, TaskProblem | None]:
    for mark, what in _BOMS:
        if data.startswith(mark):
            return None, TaskProblem(
                path, number, "", f"starts with {what}; save the task file as UTF-8 without a BOM"
            )
    try:
        return msgspec.json.decode(data), None
    except msgspec.DecodeError as exc:
        return None, TaskProblem(path, number, "", f"malformed JSON: {exc}")


class TaskFile:
    """A validated task file; iterating it reads the tasks from the file again, one at a time."""

    def __init__(self, path: Path, count: int, ids: frozenset[str]) -> None:
        self.path = path
        self.count = count
        #: Every task's id (for `--resume`: which tasks are done already).
        self.ids = ids

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[Task]:
        return self.pending(())

    def pending(self, skip: Container[str]) -> Iterator[Task]:
        """The tasks whose ids are not in `skip` (the final ones of a resumed batch), read from
        the file again, one at a time; a skipped line is not checked again beyond its id."""
        shown, base = str(self.path), self.path.parent
        directories = _Directories()
        seen = 0
        for number, data in _lines(self.path):
            obj, problem = _decode_line(data, shown, number)
            if problem is None and (task_id := _id_of(obj)) is not None and task_id in skip:
                seen += 1
                continue
            task, problems = (
                (None, [problem])
                if problem is not None
                else parse_task(obj, path=shown, line=number, base=base, directories=directories)
            )
            if task is None or task.id not in self.ids:
                changed = TaskProblem(shown, number, "", "the task file changed after it was validated")
                raise TaskFileError([changed, *(p for p in problems if p is not None)])
            seen += 1
            yield task
        if seen != self.count:
            raise TaskFileError([TaskProblem(shown, 0, "", "the task file changed after it was validated")])


def load_tasks(path: str | os.PathLike[str]) -> TaskFile:
    """Validates a task file (every line, every field) and returns it; raises `TaskFileError`
    listing every problem, or `OSError` when the file cannot be read."""
    file_path = Path(path)
    shown, base = str(path), file_path.resolve().parent
    problems: list[TaskProblem] = []
    ids: set[str] = set()
    first_line: dict[str, int] = {}
    count = 0
    directories = _Directories()
    for number, data in _lines(file_path):
        obj, problem = _decode_line(data, shown, number)
        if problem is not None:
            problems.append(problem)
            continue
        task, found = parse_task(obj, path=shown, line=number, base=base, directories=directories)
        problems += found
        task_id = task.id if task is not None else _id_of(obj)
        if task_id is not None:
            if task_id in ids:
                problems.append(
                    TaskProblem(
                        shown, number, "id", f"duplicate id {task_id!r} (first on line {first_line[task_id]})"
                    )
                )
            else:
                ids.add(task_id)
                first_line[task_id] = number
        count += 1
    if count == 0 and not problems:
        problems.append(TaskProblem(shown, 0, "", "the task file has no tasks"))
    if problems:
        raise TaskFileError(problems)
    return TaskFile(file_path.resolve(), count, frozenset(ids))


def _id_of(obj: object) -> str | None:
    task_id = obj.get("id") if isinstance(obj, dict) else None
    return task_id if isinstance(task_id, str) and task_id.strip() else None


def validate_tasks(tasks: Iterable[Task]) -> list[Task]:
    """Checks tasks built in code as a task file is checked (ids, prompt/input, directories);
    raises `TaskFileError` listing every problem ("task N" counts from 1)."""
    checked = list(tasks)
    problems: list[TaskProblem] = []
    first: dict[str, int] = {}
    for number, task in enumerate(checked, start=1):
        where = task.source or "tasks"
        line = task.line or number
        check = _Checker(where, line, Path.cwd())
        _check_id(check, task.id)
        if (task.prompt is None) == (task.input is None):
            check.problem("prompt", "give exactly one of `prompt` and `input`")
        elif task.prompt is not None and not task.prompt.strip():
            check.problem("prompt", "must not be empty")
        elif task.input is not None:
            _parse_input(check, list(task.input))
        if task.copy_from is not None:
            check.directory(task.copy_from, "copy_from")
            if task.cwd is not None and (Path(task.cwd).is_absolute() or ".." in Path(task.cwd).parts):
                check.problem("cwd", "with copy_from, cwd is a relative path inside the copy (no '..')")
        elif task.cwd is not None:
            check.directory(task.cwd, "cwd")
        problems += check.problems
        if task.id in first:
            problems.append(
                TaskProblem(where, line, "id", f"duplicate id {task.id!r} (first: task {first[task.id]})")
            )
        else:
            first[task.id] = line
    if problems:
        raise TaskFileError(problems)
    return checked
