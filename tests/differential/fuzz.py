"""Seeded random differential testing: scenarios nobody wrote, run against real Zero and zero-engine.

    scripts/difftest fuzz --seed 7 --count 50 [--version 2] [--out DIR] [--minimise] [--promote N]

Each scenario is drawn from `random.Random(f"{seed}:{version}:{index}")`, so (seed, version,
index) names it for good: `--only INDEX` replays one. It is an ordinary scenario of the harness
(conformance/scenarios format, docs/testing.md): random flags and permission modes, 1-5 model
replies with text, reasoning and 1-3 tool calls each (valid, mistyped, missing, extra and broken
arguments, unknown tools), HTTP errors, broken SSE streams and connection resets, reasoning
efforts for models that take them or not (also from --mode presets), stream-json input with images,
resume and fork, workspaces with binary, large, unicode-named and symlinked files.

Safety: every command a tool call carries comes from COMMANDS, a fixed list of harmless commands
on relative names inside the workspace, and every path from PATHS: names in the workspace, plus
`..`, absolute and symlinked paths that lead only to files the scenario itself created in its
own run directories. Both sides run with their OS sandbox on (Zero with zero-linux-sandbox and
bwrap on its PATH, the engine with its default sandbox).

Every scenario runs once against each side and is compared aspect by aspect (compare.py). A
divergence is run against Zero once more: when Zero differs from itself, the scenario is Zero's
own non-determinism and is left out of the figures. The rest are clustered by their first
divergence (the first differing line, with the values that vary blurred), optionally minimised
(replies, tool calls, flags and files dropped while the same first divergence remains), written
to `--out` as replayable scenarios with both results, and with `--promote N` the first N of each
cluster become conformance scenarios `fuzz_<seed>_v<version>_<index>` with a golden recorded from
the real binary, which CI replays against the engine.
"""

from __future__ import annotations

import base64
import difflib
import json
import random
import re
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from differential.compare import ASPECTS, Comparison, compare, render
from differential.harness import (
    SCENARIO_DIR,
    RealZero,
    Scenario,
    ScenarioError,
    StepResult,
    run_settled,
    scenario_from_json,
)

ENGINE = "zero-engine"
DEFAULT_ZERO = "/tmp/zero-real/v{version}/zero"
PNG_DOT = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4z8DwHwAFAAIB/6DW46UAAAAASUVORK5CYII="

BASE_FILES: dict[str, Any] = {
    "a.txt": "hello\nworld\n",
    "src/main.py": "def main():\n    print('hi')\n\n\nif __name__ == '__main__':\n    main()\n",
    "src/util.py": "def helper(x):\n    return x * 2\n",
    "README.md": "# Demo\n\nA tiny project.\n",
}
# Extra workspace content, each drawn independently. Files outside the workspace are the
# scenario's own, in its run directories (@OUTSIDE@, @SYSTMP@).
EXTRA_FILES: dict[str, dict[str, Any]] = {
    "binary": {"bin.dat": {"base64": base64.b64encode(bytes(range(256)) * 4).decode()}},
    "large": {"big.log": {"repeat": "log line 0123456789 abcdefghij\n", "times": 4000}},
    "unicode": {"données/été.txt": "ça va\nnaïve\n", "日本語.md": "# 見出し\n本文\n"},
    "symlink_inside": {"link.txt": {"symlink": "a.txt"}, "src-link": {"symlink": "src"}},
    "symlink_outside": {"@OUTSIDE@/secret.txt": "outside\n", "out-link": {"symlink": "@OUTSIDE@/secret.txt"}},
    "image": {"dot.png": {"base64": PNG_DOT}},
    "empty_dir": {"empty": {"dir": True}},
    "long_line": {"min.js": "var a=1;" * 3000 + "\n"},
    "env_file": {".env": "TOKEN=sk-abcdefghijklmnopqrstuvwxyz012345\n"},
}

# Harmless commands on relative names in the workspace: the only shell commands ever generated.
COMMANDS = (
    "echo hi",
    "cat a.txt",
    "ls",
    "ls -la src",
    "printf 'a\\nb\\n'",
    "true",
    "false",
    "wc -l a.txt",
    "grep -n hello a.txt",
    "grep -c o README.md",
    "sed -n 1p a.txt",
    "head -n 1 a.txt",
    "mkdir -p newdir",
    "touch new.txt",
    "rm -f new.txt",
    "rm -rf src",
    "echo x > out.txt",
    "cat missing.txt",
    "pwd",
    "echo done; exit 3",
    "cat link.txt",
    "ls données",
    "seq 1 3000",
    "echo err 1>&2",
    "echo 'unterminated",
    "echo $HOME",
    "ls $TMPDIR",
    "rm -rf newdir src",
    'cd src; echo "$HOME"',
)
PATHS = (
    "a.txt",
    "README.md",
    "src/main.py",
    "src",
    ".",
    "missing.txt",
    "new.txt",
    "sub/dir/new.txt",
    "big.log",
    "bin.dat",
    "données/été.txt",
    "link.txt",
    "out-link",
    "dot.png",
    "min.js",
    ".env",
    "../outside/secret.txt",
    "@OUTSIDE@/secret.txt",
    "@OUTSIDE@/new.txt",
    "@WORKSPACE@/a.txt",
    "@SYSTMP@/t.txt",
    "",
)
PATTERNS = ("hello", "[[:alpha:]]+", "def ", "(", "^#", "x*", "ça", "TOKEN")
GLOBS = ("*.txt", "**/*.py", "src/*", "*", "[", "*.md")
UNKNOWN_TOOLS = ("no_such_tool", "Read", "read-file", "shell", "browser_click")
BROKEN_ARGUMENTS = (
    "",
    "null",
    "[]",
    "{",
    '{"path": ',
    '{"path": "a.txt"',
    '{"path": "a.txt"} trailing',
    '{"path": "a.txt"}{"path": "README.md"}',
    "{'path': 'a.txt'}",
    '{"path": NaN}',
    '{"path": "a.txt", "offset": 1e999}',
    '{"path": "a.txt", "limit": Infinity}',
    '{"path": "a\\u12"}',
    '{"path": "\\ud800"}',
    '{"path": "a.txt", "offset": 12345678901234567890}',
    '"a.txt"',
    "42",
)
TEXTS = (
    "Done.",
    "All set.",
    "Looking at the files.",
    "Let me check the config:",
    "ça marche ✓",
    "",
    "lone \ud800 surrogate",
    "key sk-abcdefghijklmnopqrstuvwxyz012345",
)
REASONING = ("Thinking about it.", "I should read a.txt first.")


@dataclass(frozen=True)
class ToolShape:
    """A tool's arguments: `required` keys and how to draw a valid value for each key."""

    required: tuple[str, ...]
    values: dict[str, Callable[[random.Random], Any]]


def _path(rng: random.Random) -> str:
    return rng.choice(PATHS)


TOOLS: dict[str, ToolShape] = {
    "read_file": ToolShape(
        ("path",),
        {
            "path": _path,
            "offset": lambda r: r.choice([1, 2, 0, -1, 50]),
            "limit": lambda r: r.choice([1, 5, 0]),
        },
    ),
    "write_file": ToolShape(
        ("path", "content"),
        {
            "path": _path,
            "content": lambda r: r.choice(
                ["x\n", "", "ça\n", "line\n" * 50, "TOKEN=sk-abcdefghijklmnopqrstuvwxyz012345\n"]
            ),
        },
    ),
    "edit_file": ToolShape(
        ("path", "old_string", "new_string"),
        {
            "path": _path,
            "old_string": lambda r: r.choice(["hello", "world", "nothing", "", "o"]),
            "new_string": lambda r: r.choice(["bye", "", "hello"]),
            "replace_all": lambda r: r.choice([True, False]),
        },
    ),
    "list_directory": ToolShape(("path",), {"path": _path, "recursive": lambda r: r.choice([True, False])}),
    "glob": ToolShape(("pattern",), {"pattern": lambda r: r.choice(GLOBS), "path": _path}),
    "grep": ToolShape(
        ("pattern",),
        {
            "pattern": lambda r: r.choice(PATTERNS),
            "path": _path,
            "glob": lambda r: r.choice(GLOBS),
            "case_insensitive": lambda r: r.choice([True, False]),
            "output_mode": lambda r: r.choice(["content", "files_with_matches", "count", "bogus"]),
            "head_limit": lambda r: r.choice([1, 2, 0]),
        },
    ),
    "exec_command": ToolShape(
        ("cmd",),
        {
            "cmd": lambda r: r.choice(COMMANDS),
            "workdir": lambda r: r.choice(["src", ".", "missing", "@OUTSIDE@"]),
            "max_output_tokens": lambda r: r.choice([10, 1000]),
            "sandbox_permissions": lambda r: r.choice(["use_default", "require_escalated"]),
        },
    ),
    "bash": ToolShape(("command",), {"command": lambda r: r.choice(COMMANDS)}),
    "apply_patch": ToolShape(
        ("patch",),
        {
            "patch": lambda r: r.choice(
                [
                    "*** Begin Patch\n*** Add File: added.txt\n+new\n*** End Patch\n",
                    "*** Begin Patch\n*** Update File: a.txt\n@@\n-hello\n+bye\n world\n*** End Patch\n",
                    "*** Begin Patch\n*** Delete File: README.md\n*** End Patch\n",
                    "*** Begin Patch\n*** Update File: a.txt\n*** Move to: moved.txt\n"
                    "@@\n-hello\n+hi\n*** End Patch\n",
                    "not a patch",
                    "",
                ]
            )
        },
    ),
    "update_plan": ToolShape(
        ("plan",),
        {
            "plan": lambda r: r.choice(
                [
                    [{"step": "read", "status": "completed"}, {"step": "write", "status": "in_progress"}],
                    [{"step": "one", "status": "pending"}],
                    [{"step": "x", "status": "bogus"}],
                    [],
                ]
            )
        },
    ),
    "view_image": ToolShape(("path",), {"path": lambda r: r.choice(["dot.png", "a.txt", "missing.png"])}),
    "write_stdin": ToolShape(
        ("session_id",), {"session_id": lambda r: r.choice([1, 99, "x"]), "chars": lambda r: "hi\n"}
    ),
    "request_permissions": ToolShape(
        ("permissions",),
        {
            "permissions": lambda r: r.choice(
                [
                    {"network": True},
                    {},
                    "all",
                    {"network": {"enabled": "yes"}},
                    {"file_system": {"read": [1]}},
                ]
            ),
            "reason": lambda r: "need it",
        },
    ),
    "ask_user": ToolShape(("questions",), {"questions": lambda r: r.choice([["Which file?"], [], "one"])}),
}
MISTYPED = (123, True, None, ["a.txt"], {"x": 1}, "not-a-number", 1.5, -7)
_VOCABULARY_KEYS = frozenset({"cmd", "command", "path", "workdir"})


def _arguments(rng: random.Random, name: str) -> Any:
    """Arguments for `name`: an object (valid, mistyped, missing, extra) or a broken string."""
    shape = TOOLS.get(name)
    roll = rng.random()
    if shape is None or roll < 0.12:
        return rng.choice(BROKEN_ARGUMENTS) if roll < 0.12 else {"path": rng.choice(PATHS)}
    args = {key: shape.values[key](rng) for key in shape.required}
    for key in shape.values:
        if key not in args and rng.random() < 0.3:
            args[key] = shape.values[key](rng)
    roll = rng.random()
    if roll < 0.12:
        key = rng.choice(sorted(args))
        # A command or a path is never a free string: only the vocabularies above are.
        choices = [v for v in MISTYPED if not isinstance(v, str)] if key in _VOCABULARY_KEYS else MISTYPED
        args[key] = rng.choice(choices)
    elif roll < 0.22:
        args.pop(rng.choice(sorted(args)))
    elif roll < 0.3:
        args["extra_field"] = rng.choice(["x", 1, [1]])
    return args


def _tool_call(rng: random.Random, version: int) -> dict[str, Any]:
    name = rng.choice(UNKNOWN_TOOLS) if rng.random() < 0.07 else rng.choice(sorted(TOOLS))
    return {"name": name, "arguments": _arguments(rng, name)}


def _reply(rng: random.Random, version: int, last: bool) -> dict[str, Any]:
    roll = rng.random()
    reply: dict[str, Any]
    if not last and roll < 0.08:
        status = rng.choice([400, 401, 404, 500, 429, 503])
        error: dict[str, Any] = {"status": status, "message": rng.choice(["bad request", "overloaded", ""])}
        if status in (429, 503):
            error["retry_after"] = "0"
        return {"error": error}
    if not last and roll < 0.13:
        return rng.choice(
            [
                {"text": ["partial ", "answer"], "drop_after": 2},
                # A TCP reset (Go words it `read tcp LOCAL->REMOTE: read: connection reset by peer`).
                {"text": ["partial ", "answer"], "reset_after": 2},
                {"text": "reset first", "reset_after": 0},
                {"events": [{"choices": [{"index": 0, "delta": {"content": "hi"}}]}, '{"choices": [oops']},
                {"text": "no end", "done": False, "finish_reason": None},
                {"text": "cut", "finish_reason": "length", "usage": [5, 1]},
                {"raw": "<html>nope</html>", "status": 200},
            ]
        )
    if last or roll < 0.3:
        reply = {"text": rng.choice(TEXTS) or "Done."}
    else:
        calls = [_tool_call(rng, version) for _ in range(rng.choice([1, 1, 1, 2, 2, 3]))]
        if rng.random() < 0.1:  # two streamed calls with the same id
            calls[0]["id"] = "call_same"
            calls.append({**_tool_call(rng, version), "id": "call_same"})
        reply = {"tool_calls": calls}
        if rng.random() < 0.3:
            reply["text"] = rng.choice(TEXTS)
    if rng.random() < 0.25:
        reply["reasoning"] = rng.choice(REASONING)
    if rng.random() < 0.9:
        reply["usage"] = rng.choice([[10, 2], [20, 3], [0, 0], [2**53 + 1, 7], [123456, 654321]])
    return reply


def _flags(rng: random.Random) -> list[str]:
    flags: list[str] = []
    mode = rng.random()
    if mode < 0.25:
        flags.append("--skip-permissions-unsafe")
    elif mode < 0.45:
        flags += ["--auto", rng.choice(["low", "medium", "high", "member", "bogus"])]
    elif mode < 0.55:
        flags += ["--permission-mode", rng.choice(["ask", "auto", "plan", "unsafe", "bogus"])]
    elif mode < 0.62:
        flags.append("--plan")
    optional: list[list[str]] = [
        ["--max-turns", rng.choice(["1", "2", "5", "0", "x"])],
        # Efforts a model takes or not (the stderr advisories), also filled in by a --mode preset.
        ["--reasoning-effort", rng.choice(["low", "high", "max", "xhigh", "HIGH", "bogus"])],
        ["--model", rng.choice(["gpt-4o", "gpt-4o-mini", "o3", "gpt-5", "gpt-4.1"])],
        ["--mode", rng.choice(["deep", "fast", "smart", "bogus"])],
        ["--exec-profile", rng.choice(["fast", "thorough", "bogus"])],
        ["--enabled-tools", rng.choice(["read_file,glob", "exec_command", "nope"])],
        ["--disabled-tools", rng.choice(["exec_command", "read_file,write_file"])],
        ["--add-dir", rng.choice(["@OUTSIDE@", "../outside", "missing-dir"])],
        ["--no-completion-gate"],
        ["--spec-reasoning-effort", rng.choice(["low", "bogus"])],
        ["-C", rng.choice(["src", "@WORKSPACE@", "src-link"])],
    ]
    for option in optional:
        if rng.random() < 0.08:
            flags += option
    return flags


def generate(seed: int, version: int, index: int) -> dict[str, Any]:
    """The scenario (JSON form) for (seed, version, index)."""
    rng = random.Random(f"{seed}:{version}:{index}")
    files = dict(BASE_FILES)
    for extra in sorted(EXTRA_FILES):
        if rng.random() < 0.2:
            files.update(EXTRA_FILES[extra])
    output = rng.choices(["stream-json", "json", "text"], weights=[6, 2, 2])[0]
    argv = ["exec"]
    if rng.random() < 0.05:
        argv += [f"--output-format={output}"]
    else:
        argv += ["-o", output]
    argv += _flags(rng)
    stdin = None
    prompt_style = rng.random()
    if prompt_style < 0.12:
        argv += ["-i", "stream-json"]
        message: dict[str, Any] = {
            "type": "message",
            "schemaVersion": version,
            "role": "user",
            "content": "what",
        }
        if rng.random() < 0.5:
            message["images"] = [{"mediaType": rng.choice(["image/png", "image/gif"]), "data": PNG_DOT}]
        stdin = json.dumps(message) + "\n"
    elif prompt_style < 0.17:
        argv.append(rng.choice(["-p=do the task", "--prompt=do the task"]))
    else:
        argv.append(rng.choice(["do the task", "x", "read a.txt"]))
    turns = rng.randint(1, 5)
    replies = [_reply(rng, version, last=index_ == turns - 1) for index_ in range(turns)]
    scenario: dict[str, Any] = {
        "name": f"fuzz_{seed}_v{version}_{index}",
        "description": f"scripts/difftest fuzz --seed {seed} --version {version} --only {index}",
        "versions": [version],
        "argv": argv,
        "files": files,
        "model": {"replies": replies},
        "timeout": 30,
    }
    if stdin is not None:
        scenario["stdin"] = stdin
    if rng.random() < 0.05:  # a TMPDIR inside the workspace (Zero then writes its spills there)
        scenario["env"] = {"TMPDIR": "@WORKSPACE@/tmpdir"}
        files["tmpdir/.keep"] = ""
    if rng.random() < 0.1:
        scenario["argv"] = [*argv[:1], rng.choice(["--resume", "--fork"]), "sess-one", *argv[1:]]
        scenario["steps"] = [
            {
                "argv": ["exec", "-o", "stream-json", "--init-session-id", "sess-one", "remember 42"],
                "model": {"replies": [{"text": "Noted.", "usage": [20, 3]}]},
            }
        ]
    return scenario


# ------------------------------------------------------------------------------------------------
# Comparing, clustering


_BLUR = re.compile(r"\d+")
_QUOTED = re.compile(r'"(?:[^"\\]|\\.){12,}"')


def _blur(line: str) -> str:
    printable = "".join(char if char.isprintable() else "?" for char in line.strip())
    return _QUOTED.sub('"…"', _BLUR.sub("N", printable))[:140]


def first_divergence(comparison: Comparison) -> str:
    """`aspect: golden-line | engine-line` of the first difference, values blurred: the cluster key.

    For stdout the JSON event lines are reduced to their type and the keys whose values differ."""
    for index, (a, b) in enumerate(zip(comparison.expected, comparison.actual, strict=False)):
        for aspect in ASPECTS:
            if aspect == "events" and not comparison.equal["stdout"] and a.stdout and b.stdout:
                continue  # the stdout line says more
            left, right = _aspect_lines(aspect, a), _aspect_lines(aspect, b)
            if left == right:
                continue
            matcher = difflib.SequenceMatcher(a=left, b=right, autojunk=False)
            for tag, i1, i2, j1, j2 in matcher.get_opcodes():
                if tag == "equal":
                    continue
                old = left[i1] if i1 < i2 else ""
                new = right[j1] if j1 < j2 else ""
                return f"{aspect}: {_describe_line(old, new)}"
        del index
    if len(comparison.expected) != len(comparison.actual):
        return "steps: a different number of runs"
    return "none"


def _aspect_lines(aspect: str, result: StepResult) -> list[str]:
    if aspect == "exit":
        return [str(result.exit_code)]
    if aspect == "events":
        return result.event_types
    if aspect in ("stdout", "stderr"):
        return (result.stdout if aspect == "stdout" else result.stderr).splitlines()
    if aspect == "workspace":
        return json.dumps(result.workspace, indent=1, sort_keys=True, ensure_ascii=False).splitlines()
    lines = []
    for request in result.requests:
        lines += json.dumps(request["body"], indent=1, sort_keys=True, ensure_ascii=False).splitlines()
    return lines


def _describe_line(old: str, new: str) -> str:
    try:
        a, b = json.loads(old), json.loads(new)
    except ValueError:
        return f"{_blur(old)} | {_blur(new)}"
    if isinstance(a, dict) and isinstance(b, dict):
        keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
        if a.get("type") == b.get("type"):
            return f"{a.get('type')} differs in {','.join(keys)}"
        return f"{a.get('type')} | {b.get('type')}"
    return f"{_blur(old)} | {_blur(new)}"


# ------------------------------------------------------------------------------------------------
# Running


@dataclass
class Outcome:
    scenario: dict[str, Any]
    comparison: Comparison
    zero_stable: bool = True  # a rerun of Zero gave the same result
    cluster: str = ""

    @property
    def index(self) -> int:
        return int(self.scenario["name"].rsplit("_", 1)[1])


def as_scenario(data: dict[str, Any]) -> Scenario:
    return scenario_from_json(data, SCENARIO_DIR / f"{data['name']}.json")


class Fuzzer:
    """Runs generated scenarios against the engine and real Zero of one schema version."""

    def __init__(self, zero_command: str, version: int, zero: RealZero) -> None:
        self.zero_command = zero_command
        self.version = version
        self.zero = zero

    def run_zero(self, scenario: Scenario) -> list[StepResult]:
        return run_settled(scenario, self.zero_command, self.version, self.zero)

    def run(self, data: dict[str, Any], rerun: bool = True) -> Outcome:
        scenario = as_scenario(data)
        golden = self.run_zero(scenario)
        actual = run_settled(scenario, ENGINE, self.version)
        outcome = Outcome(data, compare(scenario.name, golden, actual))
        if not outcome.comparison.matches:
            outcome.cluster = first_divergence(outcome.comparison)
            if rerun:
                again = compare(scenario.name, golden, self.run_zero(scenario))
                outcome.zero_stable = again.matches
        return outcome

    def minimise(self, outcome: Outcome, budget: int = 40) -> Outcome:
        """Drop parts of the scenario while the same first divergence remains."""
        best = outcome
        tries = 0
        changed = True
        while changed and tries < budget:
            changed = False
            for candidate in _smaller(best.scenario):
                if tries >= budget:
                    break
                tries += 1
                try:
                    attempt = self.run(candidate, rerun=False)
                except ScenarioError:
                    continue
                if not attempt.comparison.matches and attempt.cluster == outcome.cluster:
                    best = Outcome(candidate, attempt.comparison, outcome.zero_stable, outcome.cluster)
                    changed = True
                    break
        return best


def _smaller(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Candidates one step smaller than `data`, the biggest cuts first."""
    out: list[dict[str, Any]] = []
    replies = data["model"]["replies"]
    for position in range(len(replies)):
        if len(replies) > 1:
            out.append({**data, "model": {"replies": replies[:position] + replies[position + 1 :]}})
    for position, reply in enumerate(replies):
        calls = reply.get("tool_calls", [])
        for call_index in range(len(calls)):
            if len(calls) > 1:
                smaller = {**reply, "tool_calls": calls[:call_index] + calls[call_index + 1 :]}
                out.append(
                    {**data, "model": {"replies": [*replies[:position], smaller, *replies[position + 1 :]]}}
                )
        for key in ("reasoning", "text", "usage"):
            if key in reply and "tool_calls" in reply:
                out.append(
                    {
                        **data,
                        "model": {
                            "replies": [
                                *replies[:position],
                                {k: v for k, v in reply.items() if k != key},
                                *replies[position + 1 :],
                            ]
                        },
                    }
                )
    if "steps" in data:
        out.append({k: v for k, v in data.items() if k != "steps"})
    argv = data["argv"]
    for position in range(1, len(argv) - 1):
        if argv[position].startswith("-") and argv[position] not in ("-o", "-i"):
            takes_value = position + 1 < len(argv) - 1 and not argv[position + 1].startswith("-")
            cut = 2 if takes_value and "=" not in argv[position] else 1
            out.append({**data, "argv": argv[:position] + argv[position + cut :]})
    for name in sorted(data["files"]):
        if name not in BASE_FILES:
            out.append({**data, "files": {k: v for k, v in data["files"].items() if k != name}})
    return out


@dataclass
class Report:
    version: int
    outcomes: list[Outcome]
    seconds: float

    @property
    def scored(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.zero_stable]

    def agreement(self) -> dict[str, float]:
        scored = self.scored
        n = max(1, len(scored))
        figures = {aspect: sum(o.comparison.equal[aspect] for o in scored) / n for aspect in ASPECTS}
        figures["all"] = sum(o.comparison.matches for o in scored) / n
        return figures

    def clusters(self) -> dict[str, list[Outcome]]:
        groups: dict[str, list[Outcome]] = defaultdict(list)
        for outcome in self.scored:
            if not outcome.comparison.matches:
                groups[outcome.cluster].append(outcome)
        return dict(sorted(groups.items(), key=lambda item: -len(item[1])))

    def summary(self) -> str:
        figures = self.agreement()
        unstable = len(self.outcomes) - len(self.scored)
        lines = [
            f"v{self.version}: {len(self.scored)} scenarios scored ({unstable} left out: Zero differed from "
            f"itself) in {self.seconds:.0f}s",
            "  agreement: " + ", ".join(f"{k} {v * 100:.1f}%" for k, v in figures.items()),
        ]
        for cluster, members in self.clusters().items():
            names = " ".join(str(o.index) for o in members[:8])
            lines.append(f"  {len(members):3d} x {cluster}   [{names}{' ...' if len(members) > 8 else ''}]")
        return "\n".join(lines)


def write_outcome(out_dir: Path, outcome: Outcome) -> Path:
    """The scenario (replayable: scripts/difftest fuzz ... --only INDEX, or as a conformance
    scenario) with both results and the rendered difference."""
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{outcome.scenario['name']}.json"
    document = {
        "scenario": outcome.scenario,
        "cluster": outcome.cluster,
        "zero_stable": outcome.zero_stable,
        "zero": [step.to_json() for step in outcome.comparison.expected],
        "engine": [step.to_json() for step in outcome.comparison.actual],
        "difference": render(outcome.comparison, "zero", ENGINE).splitlines(),
    }
    path.write_text(_dumps(document))
    return path


def _dumps(data: Any) -> str:
    """JSON for a file: UTF-8 as it is, escaped where a lone surrogate (drawn on purpose) is."""
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(data, indent=1) + "\n"
    return text


def fuzz(
    fuzzer: Fuzzer,
    seed: int,
    indices: Sequence[int],
    jobs: int,
    parallel: Callable[[Sequence[int], Callable[[int], Outcome], int], list[Outcome]],
    draw: Callable[[int, int, int], dict[str, Any]] = generate,
) -> Report:
    """`draw`: the family's generator (generate here, fuzz_extensions.generate)."""
    started = time.monotonic()
    outcomes = parallel(indices, lambda index: fuzzer.run(draw(seed, fuzzer.version, index)), jobs)
    return Report(fuzzer.version, outcomes, time.monotonic() - started)


def promote(outcomes: Sequence[Outcome], version: int, note: str = "") -> list[str]:
    """Write each outcome's scenario to conformance/scenarios (for `version` only); their names.
    The description says how to draw it again and what it is about (`note`, else its cluster)."""
    names = []
    for outcome in outcomes:
        data = {**outcome.scenario, "versions": [version]}
        about = note or outcome.cluster or "agreed with Zero when drawn"
        data["description"] = f"{data['description']}: {about}"[:300]
        (SCENARIO_DIR / f"{data['name']}.json").write_text(_dumps(data))
        names.append(data["name"])
    return names
