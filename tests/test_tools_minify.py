"""read_minified_file's views: Zero's comment stripper for the languages it models, the
whitespace-only view for everything else, and what each reports in meta."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from zero_engine.tools.extra_tools import _COMMENT_STYLES, strip_comments
from zero_engine.tools.registry import ToolRegistry

PYTHON = _COMMENT_STYLES[".py"]


@pytest.mark.parametrize(
    ("source", "stripped"),
    [
        ("x = 1  # note\ny = 2\n", "x = 1  \ny = 2\n"),
        ('s = "# kept"  # gone\n', 's = "# kept"  \n'),
        ("s = '\\'# kept'\n", "s = '\\'# kept'\n"),  # an escaped quote does not end the string
        ('"""doc # kept\n"""\n# gone\n', '"""doc # kept\n"""\n\n'),
        ('f"{d["k"]} # kept" # gone\n', 'f"{d["k"]} # kept" \n'),  # a same-quote string inside a field
        ('f"{{not a field}} # kept"\n', 'f"{{not a field}} # kept"\n'),
        ('elf"x" # gone\n', 'elf"x" \n'),  # an identifier ending in f is no f-string prefix
        ("# only a comment", ""),
    ],
)
def test_python_comments_go_and_strings_stay(source: str, stripped: str) -> None:
    assert strip_comments(source, PYTHON) == stripped


def test_block_comments_and_text_blocks() -> None:
    java = _COMMENT_STYLES[".java"]
    assert strip_comments('a /* x */ b // y\nc = """ // kept """;', java) == 'a  b \nc = """ // kept """;'
    assert strip_comments("a /* never closed", java) == "a "
    css = _COMMENT_STYLES[".css"]
    assert strip_comments("a { b: c } // not a css comment", css) == "a { b: c } // not a css comment"


def test_only_known_languages_are_stripped(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = 1  # note\n\n\n\ny = 2\n")
    (tmp_path / "a.sh").write_text("echo hi  # kept: shell is not modelled\n")
    registry = ToolRegistry(tmp_path, "auto", environ={})
    python = registry.execute("c1", "read_minified_file", json.dumps({"path": "a.py"})).result
    assert python.output == (
        "File: a.py \u2014 minified python view (comments stripped, no line numbers; 6\u21923 lines, "
        "~47% fewer bytes). For exact text/comments or before editing, use read_file.\n\nx = 1\n\ny = 2"
    )
    assert (python.meta["mode"], python.meta["compacted"], python.meta["compact_bytes"]) == (
        "python",
        "true",
        "12",
    )
    shell = registry.execute("c2", "read_minified_file", json.dumps({"path": "a.sh"})).result
    assert "whitespace-normalized view" in shell.output and "# kept" in shell.output
    assert (shell.meta["mode"], shell.meta["compacted"]) == ("text", "false")
    ranged = registry.execute("c3", "read_minified_file", json.dumps({"path": "a.py", "limit": 1})).result
    assert "safe ranged view" in ranged.output and ranged.output.endswith("x = 1  # note".rstrip())


def test_v1_reads_the_whole_file(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = 1\ny = 2\n")
    registry = ToolRegistry(tmp_path, "auto", schema_version=1, environ={})
    result = registry.execute("c1", "read_minified_file", json.dumps({"path": "a.py", "offset": 2})).result
    assert result.output.endswith("\n\nx = 1\ny = 2")
