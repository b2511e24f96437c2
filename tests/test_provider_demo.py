"""The offline demo provider, driven with hand-made requests whose tool results come from a real
tmp_path workspace (no engine involved)."""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from zero_engine.provider import (
    ChatMessage,
    ModelRequest,
    ProviderChunk,
    ReasoningDelta,
    TextDelta,
    ToolCallRequest,
    ToolDefinition,
    TurnEnd,
    Usage,
)
from zero_engine.providers.demo import NOTES_FILE, DemoProvider, document_title, file_text, parse_listing

AUTO_TOOLS = ("list_directory", "read_file", "glob", "exec_command")
REFUSAL = "Error: Sandbox approval required for exec_command: command requires approval"


def tool_defs(names: tuple[str, ...]) -> tuple[ToolDefinition, ...]:
    return tuple(ToolDefinition(name, f"The {name} tool.", {"type": "object"}) for name in names)


def listing_output(root: Path, max_depth: int = 2) -> str:
    """The engine's list_directory format: dirs first, sorted, two spaces per level, dirs end in /."""

    def walk(directory: Path, depth: int) -> list[str]:
        entries = sorted(directory.iterdir(), key=lambda p: (not p.is_dir(), p.name))
        lines: list[str] = []
        for entry in entries:
            if entry.is_dir():
                lines.append("  " * depth + entry.name + "/")
                if depth < max_depth:
                    lines += walk(entry, depth + 1)
            else:
                lines.append("  " * depth + entry.name)
        return lines

    return "Contents of .:\n\n" + "\n".join(walk(root, 0))


def read_output(root: Path, path: str) -> str:
    target = root / path
    if not target.is_file():
        return f"Error reading file {path}: open {target}: no such file or directory"
    return "".join(f"{number}|{line}\n" for number, line in enumerate(target.read_text().splitlines(), 1))


def counted_entries(root: Path, max_depth: int = 2) -> tuple[int, int, Counter[str]]:
    """Files, directories and extensions within the listing depth, counted independently."""
    files = directories = 0
    extensions: Counter[str] = Counter()
    for current, dirnames, filenames in os.walk(root):
        depth = len(Path(current).relative_to(root).parts)
        directories += len(dirnames)
        files += len(filenames)
        extensions.update(Path(name).suffix for name in filenames)
        if depth >= max_depth:
            dirnames.clear()
    return files, directories, extensions


def run_demo(
    root: Path, tools: tuple[str, ...], exec_result: Callable[[ToolCallRequest], str] = lambda call: REFUSAL
) -> list[list[ProviderChunk]]:
    """Drive the provider like the agent loop would, answering tool calls from the workspace."""
    provider = DemoProvider()
    messages: list[ChatMessage] = [
        ChatMessage("system", "You are Zero."),
        ChatMessage("user", "Show me around"),
    ]
    turns: list[list[ProviderChunk]] = []
    for _ in range(6):
        chunks = list(provider.stream(ModelRequest("zero-demo", tuple(messages), tool_defs(tools))))
        turns.append(chunks)
        end = chunks[-1]
        assert isinstance(end, TurnEnd)
        if not end.tool_calls:
            return turns
        text = "".join(c.text for c in chunks if isinstance(c, TextDelta))
        messages.append(ChatMessage("assistant", text, tool_calls=end.tool_calls))
        for call in end.tool_calls:
            args = json.loads(call.arguments)
            if call.name == "list_directory":
                output = listing_output(root, args["max_depth"])
            elif call.name == "read_file":
                output = read_output(root, args["path"])
            else:
                output = exec_result(call)
            messages.append(ChatMessage("tool", output, tool_call_id=call.id, name=call.name))
    raise AssertionError("the demo did not finish within six turns")


def final_text(turns: list[list[ProviderChunk]]) -> str:
    return "".join(c.text for c in turns[-1] if isinstance(c, TextDelta))


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    (tmp_path / "README.md").write_text("Intro line\n\n# Demo Project\n\nSome words.\n## Later heading\n")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\n')
    (tmp_path / "package.json").write_text('{"name": "demo"}\n')
    (tmp_path / "Makefile").write_text("all:\n")
    (tmp_path / "go.mod").write_text("module demo\n")
    (tmp_path / "src" / "web").mkdir(parents=True)
    (tmp_path / "src" / "app.py").write_text("print('hi')\n")
    (tmp_path / "src" / "util.py").write_text("X = 1\n")
    (tmp_path / "src" / "web" / "index.ts").write_text("export {}\n")
    (tmp_path / "src" / "web" / "deep").mkdir()
    (tmp_path / "src" / "web" / "deep" / "hidden.rs").write_text("fn main() {}\n")  # beyond depth 2
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "guide.md").write_text("# Guide\n")
    return tmp_path


def test_info_names_the_demo_provider() -> None:
    info = DemoProvider().info
    assert (info.kind, info.model, info.api_model) == ("demo", "zero-demo", "zero-demo")


def test_turn_one_reasons_explains_and_surveys(workspace: Path) -> None:
    turns = run_demo(workspace, AUTO_TOOLS)
    first = turns[0]
    assert isinstance(first[0], ReasoningDelta) and first[0].text
    assert any(isinstance(c, TextDelta) and c.text for c in first)
    assert [type(c) for c in first[-2:]] == [Usage, TurnEnd]
    end = first[-1]
    assert isinstance(end, TurnEnd) and end.finish_reason == "tool_calls"
    assert [(c.name, json.loads(c.arguments)) for c in end.tool_calls] == [
        ("list_directory", {"path": ".", "recursive": True, "max_depth": 2}),
        ("read_file", {"path": "README.md"}),
    ]
    assert len({c.id for c in end.tool_calls}) == 2


def test_turn_two_reads_key_files_and_tries_a_refusable_write(workspace: Path) -> None:
    turns = run_demo(workspace, AUTO_TOOLS)
    end = turns[1][-1]
    assert isinstance(end, TurnEnd)
    reads = [json.loads(c.arguments)["path"] for c in end.tool_calls if c.name == "read_file"]
    present = [
        name
        for name in ("pyproject.toml", "package.json", "go.mod", "Makefile")
        if (workspace / name).exists()
    ]
    assert reads == present[:3]  # at most three, most telling first
    [write] = [c for c in end.tool_calls if c.name != "read_file"]
    assert write.name == "exec_command"  # write_file is not visible in auto mode
    assert NOTES_FILE in json.loads(write.arguments)["cmd"]


def test_final_summary_reports_facts_of_the_workspace(workspace: Path) -> None:
    turns = run_demo(workspace, AUTO_TOOLS)
    assert len(turns) == 3
    end = turns[-1][-1]
    assert isinstance(end, TurnEnd) and end.tool_calls == () and end.finish_reason == "stop"
    summary = final_text(turns)
    files, directories, extensions = counted_entries(workspace)
    assert f"{files} files and {directories} directories" in summary  # the fixture has several of each
    assert f"Python ({extensions['.py']})" in summary
    assert f"Markdown ({extensions['.md']})" in summary
    assert "TypeScript (1)" in summary and "Rust" not in summary  # hidden.rs is three levels down
    assert '"Demo Project"' in summary
    assert "refused" in summary and REFUSAL in summary
    assert not (workspace / NOTES_FILE).exists()


def test_every_turn_reports_usage_once(workspace: Path) -> None:
    for turn in run_demo(workspace, AUTO_TOOLS):
        usages = [c for c in turn if isinstance(c, Usage)]
        assert len(usages) == 1 and usages[0].prompt_tokens > 0 and usages[0].completion_tokens > 0


def test_other_readme_names_are_read_when_the_listing_shows_them(tmp_path: Path) -> None:
    (tmp_path / "README.rst").write_text("Sphinx Thing\n============\n\nText.\n")
    turns = run_demo(tmp_path, AUTO_TOOLS)
    second = turns[1][-1]
    assert isinstance(second, TurnEnd)
    assert ("read_file", {"path": "README.rst"}) in [
        (c.name, json.loads(c.arguments)) for c in second.tool_calls
    ]
    summary = final_text(turns)
    assert '"Sphinx Thing" (README.rst)' in summary
    assert "1 file and 0 directories" in summary


def test_write_file_is_used_when_exec_command_is_not_visible(workspace: Path) -> None:
    turns = run_demo(workspace, ("list_directory", "read_file", "write_file"), lambda call: "Wrote 1 line.")
    end = turns[1][-1]
    assert isinstance(end, TurnEnd)
    assert [c.name for c in end.tool_calls][-1] == "write_file"
    assert "allowed and ran: Wrote 1 line." in final_text(turns)


def test_without_tools_it_answers_at_once(workspace: Path) -> None:
    turns = run_demo(workspace, ())
    assert len(turns) == 1
    assert "not available" in final_text(turns)


def test_an_earlier_run_in_the_conversation_does_not_count(workspace: Path) -> None:
    old_call = ToolCallRequest("demo-1-list", "list_directory", "{}")
    messages = (
        ChatMessage("user", "first run"),
        ChatMessage("assistant", "", tool_calls=(old_call,)),
        ChatMessage("tool", "Contents of .:\n\nold.txt", tool_call_id="demo-1-list"),
        ChatMessage("assistant", "done"),
        ChatMessage("user", "again"),
    )
    chunks = list(DemoProvider().stream(ModelRequest("zero-demo", messages, tool_defs(AUTO_TOOLS))))
    end = chunks[-1]
    assert isinstance(end, TurnEnd) and [c.name for c in end.tool_calls] == ["list_directory", "read_file"]


def test_the_demo_is_deterministic(workspace: Path) -> None:
    assert run_demo(workspace, AUTO_TOOLS) == run_demo(workspace, AUTO_TOOLS)


# ------------------------------------------------------------------------------------------------
# The defensive parsers


def test_parse_listing_builds_paths_from_indentation() -> None:
    listing = parse_listing("Contents of .:\n\nsrc/\n  pkg/\n    mod.py\n  main.py\nREADME.md\n")
    assert listing.directories == ("src", "src/pkg")
    assert listing.files == ("src/pkg/mod.py", "src/main.py", "README.md")


def test_parse_listing_rejects_errors_and_skips_noise() -> None:
    assert not parse_listing("Error listing directory .: permission denied").ok
    listing = parse_listing("Contents of .:\n\na.py\n[output truncated: 10 more entries]\n")
    assert listing.files == ("a.py",)


def test_file_text_strips_line_numbers_only_when_present() -> None:
    assert file_text("1|# Title\n2|\n3|body") == "# Title\n\nbody"
    assert file_text("# Plain\ntext") == "# Plain\ntext"
    assert file_text("Error: no such file") is None


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("# One\n## Two", "One"),
        ("x\n\nTitle\n=====\n", "Title"),
        ("no heading here", None),
        ("  ## Sub ##\n", "Sub"),
    ],
)
def test_document_title(text: str, title: str | None) -> None:
    assert document_title(text) == title


def test_a_model_flag_does_not_change_what_the_demo_reports() -> None:
    assert DemoProvider(model="gpt-4o").info.model == "zero-demo"
