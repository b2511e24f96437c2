"""The offline demo provider (`ZERO_PROVIDER=demo`): real work in the workspace, no model.

It is a small deterministic state machine over the conversation it is given, so a newcomer's
first run shows every kind of event honestly (reasoning, text, tool calls, a permission refusal,
usage, a final answer) and every fact in its answer comes from a tool result of that run:

  turn 1  reasoning + text, then `list_directory` (recursive, depth 2) and `read_file README.md`
  turn 2  read up to three key project files the listing showed (and the README, if it is not
          README.md), and try one write the headless default mode refuses
  turn 3  a factual summary: files and directories seen, languages by extension, README title,
          and what happened to the write

The stage is recovered from the tool calls it made earlier (their ids carry the stage), so the
provider itself keeps no state between requests. Tool outputs are plain text; the parsers below
accept the engine's formats and degrade to "unknown" rather than fail on anything else.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from zero_engine.provider import (
    ChatMessage,
    ModelRequest,
    ProviderChunk,
    ProviderInfo,
    ReasoningDelta,
    TextDelta,
    ToolCallRequest,
    TurnEnd,
    Usage,
)

DEMO_MODEL = "zero-demo"
NOTES_FILE = "zero-demo-notes.md"

# Project manifests worth reading, most telling first.
KEY_FILES = (
    "pyproject.toml", "package.json", "go.mod", "Cargo.toml", "setup.py", "setup.cfg",
    "requirements.txt", "pom.xml", "build.gradle", "build.gradle.kts", "Gemfile", "composer.json",
    "CMakeLists.txt", "Makefile",
)  # fmt: skip
README_NAMES = ("README.md", "README.rst", "README.txt", "README")
MAX_KEY_FILES = 3

LANGUAGES_BY_EXTENSION = {
    ".py": "Python", ".pyi": "Python", ".js": "JavaScript", ".mjs": "JavaScript", ".cjs": "JavaScript",
    ".jsx": "JavaScript", ".ts": "TypeScript", ".tsx": "TypeScript", ".go": "Go", ".rs": "Rust",
    ".java": "Java", ".kt": "Kotlin", ".rb": "Ruby", ".php": "PHP", ".c": "C", ".h": "C",
    ".cc": "C++", ".cpp": "C++", ".hpp": "C++", ".cs": "C#", ".swift": "Swift", ".sh": "Shell",
    ".md": "Markdown", ".rst": "reStructuredText", ".toml": "TOML", ".json": "JSON", ".yaml": "YAML",
    ".yml": "YAML", ".html": "HTML", ".css": "CSS", ".sql": "SQL",
}  # fmt: skip

_ID_LIST = "demo-1-list"
_ID_README = "demo-1-readme"
_ID_READ_PREFIX = "demo-2-read-"
_ID_WRITE = "demo-2-write"


# ------------------------------------------------------------------------------------------------
# Parsing tool outputs


@dataclass(frozen=True)
class Listing:
    files: tuple[str, ...] = ()
    directories: tuple[str, ...] = ()
    ok: bool = False


_LISTING_NOISE = re.compile(r"^(contents of .*:|directory is empty.*|\[.*\]|\(.*\)|\.\.\..*)$", re.IGNORECASE)
_TREE_GLYPHS = "│├└─|`+"


def parse_listing(output: str) -> Listing:
    """Parse `list_directory` output: a header, then one entry per line, two spaces per level,
    directories ending in `/`. Entries given as full relative paths work as well."""
    if not output.strip() or output.lstrip().lower().startswith("error"):
        return Listing()
    files: list[str] = []
    directories: list[str] = []
    parents: list[str] = []
    for line in output.splitlines():
        stripped = line.strip()
        if not stripped or _LISTING_NOISE.match(stripped):
            continue
        name = stripped.lstrip(_TREE_GLYPHS + " ").removeprefix("./")
        if not name:
            continue
        depth = (len(line) - len(line.lstrip(" \t" + _TREE_GLYPHS))) // 2
        del parents[depth:]
        path = "/".join([*parents, name.rstrip("/")])
        if name.endswith("/"):
            directories.append(path)
            parents.append(name.rstrip("/"))
        else:
            files.append(path)
    return Listing(files=tuple(files), directories=tuple(directories), ok=True)


_NUMBERED_LINE = re.compile(r"^\s*\d+ ?[|\t:]\s?")  # "12|x", "12\tx", "12:x" and Zero's "12 | x"


def file_text(output: str) -> str | None:
    """The file content from `read_file` output (line-number prefixes `N | ` removed), or None."""
    if not output.strip() or output.lstrip().lower().startswith("error"):
        return None
    lines = output.splitlines()
    content = [line for line in lines if line.strip()]
    if content and sum(bool(_NUMBERED_LINE.match(line)) for line in content) * 2 >= len(content):
        lines = [_NUMBERED_LINE.sub("", line, count=1) for line in lines if _NUMBERED_LINE.match(line)]
    return "\n".join(lines)


def document_title(text: str) -> str | None:
    """The first heading: `# Title` (ATX) or a line underlined with `===`/`---` (Setext, reST)."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        atx = re.match(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$", line)
        if atx:
            return atx.group(1).strip()
        underline = lines[index + 1].strip() if index + 1 < len(lines) else ""
        if line.strip() and len(underline) >= 3 and set(underline) <= set("=-~^*"):
            return line.strip()
    return None


def languages(files: tuple[str, ...]) -> list[tuple[str, int]]:
    """Languages by file extension, most files first, then by name."""
    counts = Counter(
        LANGUAGES_BY_EXTENSION[ext] for path in files if (ext := _extension(path)) in LANGUAGES_BY_EXTENSION
    )
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def _count(number: int, noun: str) -> str:
    plural = noun[:-1] + "ies" if noun.endswith("y") else noun + "s"
    return f"{number} {noun if number == 1 else plural}"


def _extension(path: str) -> str:
    name = path.rsplit("/", 1)[-1]
    return "." + name.rsplit(".", 1)[-1].lower() if "." in name.lstrip(".") else ""


# ------------------------------------------------------------------------------------------------
# The provider


@dataclass
class _Run:
    """What the current run's conversation says: the prompt and the results of our tool calls."""

    prompt: str = ""
    tools: frozenset[str] = frozenset()
    calls: dict[str, ToolCallRequest] = field(default_factory=dict)  # by id
    results: dict[str, str] = field(default_factory=dict)  # tool output by tool call id
    stage: int = 0  # how many of our tool-calling turns already happened

    @classmethod
    def from_request(cls, request: ModelRequest) -> _Run:
        last_user = max((i for i, m in enumerate(request.messages) if m.role == "user"), default=-1)
        run = cls(
            prompt=request.messages[last_user].content if last_user >= 0 else "",
            tools=frozenset(tool.name for tool in request.tools),
        )
        for message in request.messages[last_user + 1 :]:
            run._absorb(message)
        return run

    def _absorb(self, message: ChatMessage) -> None:
        if message.role == "assistant":
            ours = [call for call in message.tool_calls if call.id.startswith("demo-")]
            if ours:
                self.stage += 1
            self.calls.update((call.id, call) for call in ours)
        elif message.role == "tool":
            self.results[message.tool_call_id] = message.content

    def read_result(self, path: str) -> str | None:
        for call_id, call in self.calls.items():
            if call.name == "read_file" and _call_path(call) == path and call_id in self.results:
                return file_text(self.results[call_id])
        return None


def _call_path(call: ToolCallRequest) -> str:
    try:
        arguments = json.loads(call.arguments)
    except ValueError:
        return ""
    return str(arguments.get("path", "")) if isinstance(arguments, dict) else ""


def _call(call_id: str, name: str, **arguments: object) -> ToolCallRequest:
    return ToolCallRequest(call_id, name, json.dumps(arguments))


class DemoProvider:
    """A built-in provider that needs no network, key or model."""

    def __init__(self, model: str | None = None) -> None:
        # `model` (the --model value) is accepted so the engine can pass it uniformly, and
        # ignored: no model runs here, and run_start must not claim that one did.
        del model
        self.info = ProviderInfo(kind="demo", model=DEMO_MODEL, api_model=DEMO_MODEL, supports_vision=False)

    def stream(self, request: ModelRequest) -> Iterator[ProviderChunk]:
        run = _Run.from_request(request)
        if run.stage == 0:
            reasoning, text, calls = self._survey(run)
        elif run.stage == 1:
            reasoning, text, calls = self._dig_in(run)
        else:
            reasoning, text, calls = "", "", ()
        if not calls:  # nothing (more) to look at: answer with what the tools told us
            reasoning, text = "I have what the tools could tell me; summarizing it.", self._summary(run)
        yield ReasoningDelta(reasoning)
        for line in text.splitlines(keepends=True):
            yield TextDelta(line)
        prompt_size = sum(len(m.content) for m in request.messages) + sum(
            len(t.description) for t in request.tools
        )
        output_size = len(reasoning) + len(text) + sum(len(c.name) + len(c.arguments) for c in calls)
        yield Usage(prompt_tokens=max(1, prompt_size // 4), completion_tokens=max(1, output_size // 4))
        yield TurnEnd(tool_calls=calls, finish_reason="tool_calls" if calls else "stop")

    def _survey(self, run: _Run) -> tuple[str, str, tuple[ToolCallRequest, ...]]:
        asked = " ".join(run.prompt.split())
        asked = asked if len(asked) <= 80 else asked[:77] + "..."
        reasoning = (
            f'The request was: "{asked}". I am the offline demo provider and have no model, so I '
            "will survey the workspace with real tools and report only what they show."
        )
        calls: list[ToolCallRequest] = []
        if "list_directory" in run.tools:
            calls.append(_call(_ID_LIST, "list_directory", path=".", recursive=True, max_depth=2))
        if "read_file" in run.tools:
            # README.md is by far the most common name; the listing is not known yet, so turn 2
            # reads README.rst/.txt instead when the listing shows that this guess was wrong.
            calls.append(_call(_ID_README, "read_file", path="README.md"))
        text = "I'll look around the workspace: list its files two levels deep and read the README.\n"
        return reasoning, text, tuple(calls)

    def _dig_in(self, run: _Run) -> tuple[str, str, tuple[ToolCallRequest, ...]]:
        listing = parse_listing(run.results.get(_ID_LIST, ""))
        top_level = set(listing.files) - {path for path in listing.files if "/" in path}
        calls: list[ToolCallRequest] = []
        if "read_file" in run.tools:
            if run.read_result("README.md") is None:
                other_readme = next((name for name in README_NAMES[1:] if name in top_level), None)
                if other_readme:
                    calls.append(_call(_ID_READ_PREFIX + "readme", "read_file", path=other_readme))
            key_files = [name for name in KEY_FILES if name in top_level][:MAX_KEY_FILES]
            calls += [
                _call(f"{_ID_READ_PREFIX}{index}", "read_file", path=name)
                for index, name in enumerate(key_files, 1)
            ]
        write = self._write_attempt(run)
        if write is not None:
            calls.append(write)
        read_names = [_call_path(call) for call in calls if call.name == "read_file"]
        parts = []
        if read_names:
            parts.append("read " + ", ".join(read_names))
        if write is not None:
            parts.append(f"try to save a notes file ({NOTES_FILE}) with {write.name}")
        text = (
            f"The listing shows {_count(len(listing.files), 'file')}. Next I'll "
            + " and ".join(parts)
            + ".\n"
        )
        reasoning = (
            "A headless run has no one to approve writes, so the write should be refused; "
            "the summary will say what actually happened."
        )
        return reasoning, text, tuple(calls)

    @staticmethod
    def _write_attempt(run: _Run) -> ToolCallRequest | None:
        # write_file is hidden from the model in the default `auto` mode (docs/protocol.md 6.2), but
        # exec_command is advertised there. An ordinary command would run inside the OS sandbox and
        # write into the user's folder, so the demo asks to run it outside the sandbox
        # (`require_escalated`): that needs an approval headless exec cannot give, which shows a
        # refused write without touching the folder (unsafe mode denies it too: nothing runs
        # unsandboxed without a grant). In modes that show write_file but not exec_command
        # (plan, ask), write_file stands in.
        if "exec_command" in run.tools:
            command = f"printf '%s\\n' '# Notes from the Zero demo' > {NOTES_FILE}"
            return _call(
                _ID_WRITE,
                "exec_command",
                cmd=command,
                sandbox_permissions="require_escalated",
                justification="Save the demo's notes.",
            )
        if "write_file" in run.tools:
            return _call(_ID_WRITE, "write_file", path=NOTES_FILE, content="# Notes from the Zero demo\n")
        return None

    @staticmethod
    def _summary(run: _Run) -> str:
        listing = parse_listing(run.results.get(_ID_LIST, ""))
        lines = ["Summary of the workspace (from this run's tool results):"]
        if listing.ok:
            counts = (
                f"{_count(len(listing.files), 'file')} and {_count(len(listing.directories), 'directory')}"
            )
            lines.append(f"- Seen two levels deep: {counts}.")
            found = languages(listing.files)
            shown = ", ".join(f"{name} ({count})" for name, count in found) if found else "none recognized"
            lines.append(f"- Languages by file extension: {shown}.")
        else:
            lines.append("- The directory listing was not available, so file counts are unknown.")

        readme_name, readme = next(
            ((name, text) for name in README_NAMES if (text := run.read_result(name)) is not None), ("", None)
        )
        if readme is None:
            lines.append("- README: none could be read.")
        else:
            title = document_title(readme)
            lines.append(
                f'- README title: "{title}" ({readme_name}).' if title else f"- {readme_name} has no heading."
            )

        key_files = [name for name in KEY_FILES if run.read_result(name) is not None]
        if key_files:
            lines.append("- Key files read: " + ", ".join(key_files) + ".")

        write = run.calls.get(_ID_WRITE)
        if write is not None:
            outcome = run.results.get(_ID_WRITE)
            first_line = (outcome or "").strip().splitlines()[0] if (outcome or "").strip() else ""
            if outcome is None:
                lines.append(f"- The {write.name} write attempt got no result.")
            elif re.match(r"(?i)^(error|sandbox block)", first_line):
                lines.append(f"- The write with {write.name} was refused: {first_line}")
            else:
                lines.append(
                    f"- The write with {write.name} was allowed and ran: {first_line or '(no output)'}"
                )
        return "\n".join(lines) + "\n"
