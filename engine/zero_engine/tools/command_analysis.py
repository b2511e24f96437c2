"""What a shell command does, judged before it runs: destructive, network, piped installer, unparseable.

Zero judges a shell tool's command twice and adds the findings up (its risk classification, for
schemaVersion 2 as Zero 0.8.0 does it and for 1 as the v1-era binary did):

1. **Text rules**: regular expressions over the raw command line (`rm -rf` aimed at `/`, `~`,
   `$HOME` or `*`, `mkfs`, `dd if=`, `chown -R`, recursive or system-wide `chmod 777`, a fork
   bomb, a write to a block device, `curl ... | sh`; at schemaVersion 1 also the network
   programs). Being text rules, they also fire inside quoted arguments and comments:
   `echo "rm -rf /"` is destructive for Zero, and so it is here.
2. **The parse**: the command is parsed as a shell program, and every simple command in it (in
   lists, pipelines, subshells, command and process substitutions, function bodies, loops, `case`
   arms, here-documents) is resolved to the program it runs: leading `NAME=value` words, wrappers
   (`sudo`, `env`, `xargs`, `nohup`, `timeout`, `command`, `exec`, `nice`, ...) and their options
   are skipped, quotes and escapes are removed from the program name (`'r'm`, `r\\m`), a
   directory prefix too (`/bin/rm`), and the payload of `sh -c '...'` (and bash, zsh, ksh, dash)
   is parsed in turn, four levels deep at most. A program is destructive when it is `mkfs`,
   `fdisk`, `shred`, `dd` or `parted`, `rm` with both a recursive and a force flag in any spelling
   (`-rf`, `-fr`, `-r -f`, `-R -f`, `--recursive --force`; flags after `--` are file names), or
   `find` with `-delete` (at schemaVersion 2 also PowerShell's `Remove-Item -Recurse -Force`).
   Network programs are `curl`, `wget`, `ssh`, `rsync`, ... and, at schemaVersion 2, package
   managers that reach a registry, `git clone/fetch/pull/push`, dev servers and the like.
   A word whose value is only known at run time (`$X`, `$(...)`) contributes nothing to the
   program name, so `X=rm; $X -rf y` names no program and is not destructive, as in Zero.
   A command that does not parse is `unparseable_command` (and, at schemaVersion 2, `network`
   when a looser text rule finds a network program in it); its parse adds nothing else.

Why a parser and not more regular expressions: only a parse knows where a command starts. A
regular expression cannot tell `rm -r -f src` (destructive) from `grep -- -rf` or
`echo "shred wipes files"` (not), nor find the `rm` behind `sudo -u root`, inside `$(...)` or in
the third command of a pipeline. Zero parses with mvdan.cc/sh; the engine parses with
tree-sitter-bash and reads its tree the way Zero reads mvdan's (see `_simple_commands`), so both
see the same simple commands and the same words.

tree-sitter is imported on first use only (engine start-up does not pay for it). If it cannot be
imported, classification fails closed: every command is treated as destructive, with a reason
that names the missing module and the fix.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..goregex import NOT_WS, WS
from ..gotext import to_lower, trim_space

if TYPE_CHECKING:  # imported lazily at run time (see _parser)
    from tree_sitter import Node, Parser, Tree

__all__ = [
    "DESTRUCTIVE_DENY_REASON_V1",
    "DESTRUCTIVE_REASON",
    "CommandRisk",
    "ParserUnavailable",
    "command_risk",
    "destructive_reason",
    "parser_unavailable_reason",
]

DESTRUCTIVE_REASON = "destructive shell command requires approval"
DESTRUCTIVE_DENY_REASON_V1 = "destructive shell command is blocked by sandbox policy"


@dataclass(frozen=True)
class CommandRisk:
    """The risk categories a shell command adds to its tool call, as Zero's classifier adds them."""

    destructive: bool = False
    network: bool = False
    piped_installer: bool = False
    unparseable: bool = False
    #: Set when the shell parser could not be loaded: the command was not judged, and is treated
    #: as destructive (fail closed). The text says what is missing and how to install it.
    parser_problem: str | None = None

    def categories(self) -> dict[str, str]:
        """{category: risk level}, the entries Zero's `Classify` adds for the command."""
        found: dict[str, str] = {}
        if self.destructive:
            found["destructive"] = "critical"
        if self.piped_installer:
            found["piped_installer"] = "critical"
        if self.network:
            found["network"] = "critical"
        if self.unparseable:
            found["unparseable_command"] = "high"
        return found


class ParserUnavailable(RuntimeError):
    """tree-sitter or its bash grammar cannot be imported or loaded."""


# ------------------------------------------------------------------------------------------------
# Go regular expressions, written in Go's syntax and translated to Python's


def _go_regexp(pattern: str, ignore_case: bool = False) -> re.Pattern[str]:
    """Compile a Go RE2 pattern (the subset the rules below use) so it matches what Go's does.

    Go differs from Python in `\\s` (no `\\v`), `$` (end of text only, Python also matches before a
    final newline), ASCII `\\b`/`\\d`, and `(?i)`, which folds `k` with the Kelvin sign and `s`
    with the long s. Escapes other than the ones listed, `(?` groups and a `-` ending a class
    range are refused, so a rule cannot silently mean something else here than in Go.
    """
    out: list[str] = []
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            escape = pattern[index : index + 2]
            if escape == "\\s":
                out.append(WS)
            elif escape == "\\S":
                out.append(NOT_WS)
            elif len(escape) == 2 and (escape in ("\\b", "\\d") or escape[1] in ".|()[]{}$*+?^\\-/"):
                out.append(escape)
            else:
                raise ValueError(f"unsupported escape {escape!r} in {pattern!r}")
            index += 2
        elif char == "[":
            end = pattern.index("]", index + 2)  # a class never starts with `]` here
            out.append(_go_class(pattern[index + 1 : end], ignore_case))
            index = end + 1
        elif char == "(" and pattern.startswith("(?", index):
            raise ValueError(f"unsupported group syntax in {pattern!r}")
        elif char == "$":
            out.append(r"\Z")
            index += 1
        elif ignore_case and char.isascii() and char.isalpha():
            out.append(_folded_class(char.lower()))
            index += 1
        else:
            out.append(char)
            index += 1
    return re.compile("".join(out), re.ASCII)


_EXTRA_FOLDS = {"k": "\u212a", "s": "\u017f"}  # Go's (?i) folds these onto k and s as well


def _folded_class(letter: str) -> str:
    return f"[{letter}{letter.upper()}{_EXTRA_FOLDS.get(letter, '')}]"


def _go_class(body: str, ignore_case: bool) -> str:
    negated = body.startswith("^")
    items = body[1:] if negated else body
    if "\\" in items or items.endswith("-"):
        raise ValueError(f"unsupported character class [{body}]")
    letters: set[str] = set()
    position = 0
    while position < len(items):
        if position + 2 < len(items) and items[position + 1] == "-":
            low, high = items[position], items[position + 2]
            letters.update(chr(code) for code in range(ord(low), ord(high) + 1))
            position += 3
        else:
            letters.add(items[position])
            position += 1
    extra = ""
    if ignore_case:
        folded = {
            fold
            for letter in letters
            if letter.isascii() and letter.isalpha()
            for fold in _folded_class(letter.lower())[1:-1]
        }
        extra = "".join(sorted(folded - letters))
    return f"[{'^' if negated else ''}{items}{extra}]"


_DEVICE = r"/dev/(sd[a-z]+\d*|nvme\d+n\d+(p\d+)?|hd[a-z]+\d*|xvd[a-z]+\d*|mmcblk\d+)"
_ROOT_TARGET = r"""["']?(/\*?|~|\$\{?HOME\}?|\*)["']?(\s|$)"""
_SYSTEM_TREE = r"(etc|usr|bin|sbin|lib|lib64|var|boot|opt|root|sys|proc|dev)"

# Zero's destructive text rules (the same at schemaVersion 1 and 2): (Go pattern, case-insensitive).
# Zero writes the first seven as one pattern of alternatives; one by one they match the same.
_DESTRUCTIVE_TEXT = (
    (r"""\brm\s+(-[A-Za-z]*r[A-Za-z]*f|-rf|-fr)\s+(--\s+)?["']?(\$\{?HOME\}?|/|~|\*)["']?""", True),
    (r"\bmkfs\b", True),
    (r"\bdd\s+if=", True),
    (r"\bchmod\s+(-[A-Za-z]*[rR][A-Za-z]*\s+)+0?777\b", True),
    (r"\bchmod\s+(-\S+\s+)*0?777\s+-[A-Za-z]*[rR][A-Za-z]*\b", True),
    (r"""\bchmod\s+(-\S+\s+)*0?777\s+["']?/(\s|$|["']|""" + _SYSTEM_TREE + r"\b)", True),
    (r"\bchown\s+-R\b", True),
    (r":\s*\(\s*\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:", False),  # fork bomb
    (r">\s*" + _DEVICE, True),  # a redirection onto a block device
    (r"\bof=" + _DEVICE, True),
    (r"\brm\s+(-{1,2}\S+\s+)*(--\s+)?" + _ROOT_TARGET, True),  # any flags, a root target
    (r"\bmkfs\.[a-z0-9]+\b", True),
)
_PIPED_INSTALLER = r"\b(curl|wget|fetch|aria2c)\b[^|]*\|\s*(ba|z|k|da)?sh\b"
# schemaVersion 2: looked at only when the command does not parse.
_UNPARSEABLE_NETWORK = (
    r"\b(curl|wget|fetch|aria2c|ssh|scp|sftp|rsync|nc|ncat|netcat|telnet|ftp|npx|http-server|vite|"
    r"next|nuxt|astro)\b"
    r"|\b(npm|pnpm|yarn|bun|pip|pip2|pip3)\s+(install|add|publish|login|start|serve|dev|preview|"
    r"run\s+(start|serve|dev|preview)|exec|x|dlx)\b"
    r"|\bgo\s+get\b|\bgit\s+clone\b|\bpython(2|3)?\s+-m\s+(http\.server|pip\s+install)\b"
    r"|\bgh\s+(api|repo\s+clone|release\s+download)\b"
)
# schemaVersion 1: a text rule for network programs, always applied.
_NETWORK_TEXT_V1 = (
    r"\b(curl|wget|scp|ssh|rsync|nc|netcat|python3?\s+-m\s+http\.server"
    r"|npm\s+(install|add|publish|login)|pnpm\s+(install|add|publish)|yarn\s+(add|publish)"
    r"|bun\s+(add|install|publish)|pip3?\s+install|go\s+get|git\s+clone"
    r"|gh\s+(release\s+download|repo\s+clone|api))\b"
)


@dataclass(frozen=True)
class _TextRules:
    destructive: tuple[re.Pattern[str], ...]
    piped_installer: re.Pattern[str]
    unparseable_network: re.Pattern[str]
    network_v1: re.Pattern[str]


@functools.cache
def _text_rules() -> _TextRules:
    """Compiled on first use: compiling them costs engine start-up several milliseconds."""
    return _TextRules(
        destructive=tuple(_go_regexp(pattern, ignore_case) for pattern, ignore_case in _DESTRUCTIVE_TEXT),
        piped_installer=_go_regexp(_PIPED_INSTALLER, True),
        unparseable_network=_go_regexp(_UNPARSEABLE_NETWORK, True),
        network_v1=_go_regexp(_NETWORK_TEXT_V1, True),
    )


# ------------------------------------------------------------------------------------------------
# The parser


_PARSER_LOCK = threading.Lock()
_LOCAL = threading.local()  # a tree-sitter Parser is not shared between threads


@functools.cache
def _language() -> Any:
    """The bash grammar; raises ParserUnavailable naming what is missing."""
    try:
        import tree_sitter
        import tree_sitter_bash
    except ImportError as error:
        raise ParserUnavailable(
            f"the shell parser is not installed ({error}): pip install 'tree-sitter>=0.25,<0.27' "
            "'tree-sitter-bash>=0.25,<0.26'"
        ) from None
    try:
        return tree_sitter.Language(tree_sitter_bash.language())
    except (TypeError, ValueError) as error:  # a grammar built for another tree-sitter ABI
        raise ParserUnavailable(f"the shell parser cannot load its bash grammar ({error})") from None


def _parser() -> Parser:
    parser: Parser | None = getattr(_LOCAL, "parser", None)
    if parser is None:
        with _PARSER_LOCK:
            language = _language()
        from tree_sitter import Parser

        parser = Parser(language)
        _LOCAL.parser = parser
    return parser


# Parts of a word whose value is only known when the shell runs: Zero's word text skips them.
_DYNAMIC_PARTS = frozenset(
    {
        "simple_expansion",
        "expansion",
        "command_substitution",
        "process_substitution",
        "arithmetic_expansion",
    }
)


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", "surrogatepass")


def _word_text(parts: Sequence[Node]) -> str:
    """The literal text of one shell word made of `parts` (adjacent nodes), as Zero reads it.

    Zero's word text joins the word's unquoted and quoted literal pieces as written (quotes
    removed, backslash escapes kept): `"r"m` gives `rm`, `r\\m` gives `r\\m`, and expansions
    (`$X`, `$(cmd)`, `$((1+1))`) give nothing.
    """
    pieces: list[str] = []
    for index, part in enumerate(parts):
        following = parts[index + 1] if index + 1 < len(parts) else None
        pieces.append(_part_text(part, following))
    return "".join(pieces)


def _part_text(part: Node, following: Node | None) -> str:
    kind = part.type
    if not part.is_named:
        # A `$` right before a double-quoted string makes it a locale string ($"..."): no text
        # of its own. Any other loose token (a trailing `$`) is literal text.
        if kind == "$" and following is not None and _locale_string(part, following):
            return ""
        return _text(part)
    if kind in _DYNAMIC_PARTS:
        return ""
    if kind == "raw_string":  # '...'
        return _text(part)[1:-1]
    if kind == "ansi_c_string":  # $'...', escapes as written
        return _text(part)[2:-1]
    if kind == "string":  # "...": its literal pieces, expansions dropped
        return "".join(_part_text(child, None) for child in part.children if child.type != '"')
    if kind in ("concatenation", "translated_string", "command_name"):
        return _word_text(part.children)
    return _text(part)  # word, number, string_content, brace_expression, ...


def _locale_string(dollar: Node, following: Node) -> bool:
    return following.type == "string" and following.start_byte == dollar.end_byte


def _words(nodes: Sequence[Node]) -> list[str]:
    """Word texts of argument nodes; nodes with no space between them form one word."""
    words: list[str] = []
    group: list[Node] = []
    for node in sorted(nodes, key=lambda item: item.start_byte):
        if group and group[-1].end_byte != node.start_byte:
            words.append(_word_text(group))
            group = []
        group.append(node)
    if group:
        words.append(_word_text(group))
    return words


class _Unparseable(Exception):
    """The tree has an error, or a shape a POSIX shell (and Zero's parser) would reject."""


def _simple_commands(script: str) -> list[list[str]]:
    """Every simple command in `script`, each as its words (program first), like Zero's walk.

    Raises _Unparseable when the script has a syntax error. Assignments (`X=1 cmd`) and
    redirections are not words of the command. Where tree-sitter-bash reads a script differently
    from a POSIX shell (and from Zero's parser), the shell's reading wins:
    - words after a redirection target belong to the command the redirection follows
      (`a || rm >log -rf x` runs `rm -rf x`); tree-sitter hangs them on the redirection, and
      the redirection on the whole list;
    - where tree-sitter reports an error the shell does not, the script is rewritten to an
      equivalent one it reads (see `_REWRITES`), and parsed again;
    - a here-document ends only at a line that is its delimiter alone (`EOF || x` does not end
      it; tree-sitter ends it there);
    - a `{` with no blank after it starts a word (`{}`, `{a,b}`), not a group; so `{ls;}` is an
      error (`{ls` is a word, and the `}` closes nothing);
    - these are errors, which tree-sitter accepts: `;;` outside a `case`, `!` after a `|`, and words after
      a redirection that follows a compound command (`{ ls; } >out x`).
    """
    source = script.encode("utf-8", "surrogatepass")
    tree = _parser().parse(source)
    if b"<<" in source:
        source, tree = _close_here_documents_as_the_shell_does(source, tree)
    for rewrite in _REWRITES:
        if not tree.root_node.has_error and not _glued_groups(tree.root_node, source):
            break
        rewritten = rewrite(source)
        if rewritten is not None and rewritten != source:
            source, tree = rewritten, _parser().parse(rewritten)
    if b"<<" in source:
        source, tree = _expose_here_document_substitutions(source, tree)
    root = tree.root_node
    if root.has_error:
        raise _Unparseable
    stray = _stray_redirect_words(root)
    commands: list[list[str]] = [_words(nodes) for nodes in stray.pop(None, [])]
    # Parents travel with the nodes: tree-sitter finds a node's parent from the root down.
    stack: list[tuple[Node, Node | None]] = [(root, None)]
    while stack:
        node, parent = stack.pop()
        stack.extend((child, node) for child in reversed(node.children))
        _check_syntax(node, parent, source)
        if node.type == "command":
            commands.append(_command_words(node, stray.get(node.id, [])))
    return commands


def _backquotes_as_parentheses(source: bytes) -> bytes | None:
    """`source` with each backquoted command written `$(...)`, or None if a backquote is left open.

    As the shell does: a backquote outside single quotes opens a command that ends at the next
    backquote not escaped, whatever comes between (`#`, quotes); inside it `\\$`, `\\``
    and `\\\\` lose their backslash.
    """
    out = bytearray()
    index, size = 0, len(source)
    single = double = False
    while index < size:
        char = source[index : index + 1]
        if single:
            single = char != b"'"
        elif char == b"\\":
            out += source[index : index + 2]
            index += 2
            continue
        elif char == b"'" and not double:
            single = True
        elif char == b'"':
            double = not double
        elif char == b"`":
            inner = bytearray()
            index += 1
            while index < size and source[index : index + 1] != b"`":
                pair = source[index : index + 2]
                if pair in (b"\\$", b"\\`", b"\\\\"):
                    inner += pair[1:]
                    index += 2
                else:
                    inner += source[index : index + 1]
                    index += 1
            if index >= size:
                return None
            out += b"$(" + (inner if inner.strip() else b":") + b"\n)"  # the newline ends a comment
            index += 1
            continue
        elif char == b"#" and not double and (index == 0 or source[index - 1 : index] in b" \t\n;&|()"):
            line_end = source.find(b"\n", index)
            line_end = size if line_end < 0 else line_end
            out += source[index:line_end]  # a comment: its backquotes are text
            index = line_end
            continue
        out += char
        index += 1
    return bytes(out)


def _escape_loose_end(source: bytes) -> bytes | None:
    """A `$` or an unpaired `\\` ending the script is literal: escaped, the word only gains a `\\`."""
    trailing = len(source) - len(source.rstrip(b"\\"))
    if source.endswith(b"$") or trailing % 2 == 1:
        return source[:-1] + b"\\" + source[-1:]
    return None


_EMPTY_SUBSTITUTION = re.compile(rb"\$\((\s*)\)")


def _fill_empty_substitutions(source: bytes) -> bytes:
    """`$()` runs nothing, which tree-sitter calls an error; `$(:)` runs nothing too."""
    return _EMPTY_SUBSTITUTION.sub(rb"$(:\1)", source)


_BRACE_WORD = re.compile(rb"(^|[ \t\n;&|(])\{(?![ \t\n])")


def _escape_brace_words(source: bytes) -> bytes:
    """A word that starts with `{` (`{}`, `{a,b}`) is a word, not a group: tree-sitter disagrees."""
    return _BRACE_WORD.sub(rb"\1\\{", source)


# Rewrites into what tree-sitter reads as the shell reads the original, tried in turn while the
# parse has an error. tree-sitter reads a `#` inside backquotes as a comment that hides the
# closing one and cannot pair nested unescaped backquotes: the shell pairs them first.
_REWRITES: tuple[Callable[[bytes], bytes | None], ...] = (
    _escape_loose_end,
    lambda source: _backquotes_as_parentheses(source) if b"`" in source else None,
    _fill_empty_substitutions,
    _escape_brace_words,
)


def _check_syntax(node: Node, parent: Node | None, source: bytes) -> None:
    if _glued_group(node, source):
        raise _Unparseable  # `{ls;}`: `{ls` is a word, so the `}` closes nothing
    if node.type == "command_name" and node.text == b"}":
        raise _Unparseable  # the same, once `{ls` is read as a word
    if node.type in (";;", ";&", ";;&") and (parent is None or parent.type != "case_item"):
        raise _Unparseable
    if (
        node.type == "negated_command"
        and parent is not None
        and parent.type == "pipeline"
        and parent.named_children[0].id != node.id
    ):
        raise _Unparseable  # `a | ! b`: `!` only starts a pipeline
    if node.type == "heredoc_redirect":
        end = _here_document_end(node)
        if end is None or end.start_byte == end.end_byte or not _whole_line(end, node, source):
            raise _Unparseable  # a here-document that never ends


_MAX_HERE_DOCUMENT_REPAIRS = 16  # past that the script stays unparseable (each repair re-parses)


def _close_here_documents_as_the_shell_does(source: bytes, tree: Tree) -> tuple[bytes, Tree]:
    """Parse again until every here-document ends where the shell ends it.

    A here-document ends at a line that is its delimiter and nothing else; tree-sitter also ends
    it at a line that starts with the delimiter (`EOF | cat`) or has blanks before it. A `#` put
    in front of such a line keeps it in the document's text (where it belongs) and out of
    tree-sitter's way; the document then runs on to its real end, or stays open (an error).
    """
    for _ in range(min(source.count(b"\n") + 1, _MAX_HERE_DOCUMENT_REPAIRS)):
        ends = (
            (_here_document_end(redirect), redirect)
            for redirect in _nodes(tree.root_node, "heredoc_redirect")
        )
        misplaced = next(
            (end for end, redirect in ends if end is not None and not _whole_line(end, redirect, source)),
            None,
        )
        if misplaced is None:
            break
        if misplaced.start_byte == misplaced.end_byte:
            raise _Unparseable  # tree-sitter's stand-in end at the end of the input: never closed
        source = source[: misplaced.start_byte] + b"#" + source[misplaced.start_byte :]
        tree = _parser().parse(source)
    return source, tree


def _expose_here_document_substitutions(source: bytes, tree: Tree) -> tuple[bytes, Tree]:
    """Parse again with here-document texts tree-sitter reads the substitutions of, as the shell does.

    In a here-document with an unquoted delimiter the shell runs `$(...)` and backquotes.
    tree-sitter-bash misses a substitution that follows blanks at the start of a line and every
    backquote, and calls `\\$(` at the start of a line an error. The text is rewritten so it
    finds exactly the shell's substitutions: backquotes become `$(...)`, the escapes `\\$`,
    `\\``, `\\\\` become plain characters, escaped newlines are removed, and the blanks that
    start a line are dropped. Only the document's own text changes, never a command outside it.
    """
    edits: list[tuple[int, int, bytes]] = []
    previous_end = 0
    for redirect in _nodes(tree.root_node, "heredoc_redirect"):
        start = next((child for child in redirect.children if child.type == "heredoc_start"), None)
        end = _here_document_end(redirect)
        if start is None or end is None:
            continue
        line_end = source.find(b"\n", start.end_byte)
        body_start = max(line_end + 1, previous_end)
        body_end = source.rfind(b"\n", 0, end.start_byte) + 1
        previous_end = end.end_byte + 1
        delimiter = start.text or b""
        if line_end < 0 or body_end <= body_start or any(quote in delimiter for quote in b"'\"\\"):
            continue  # empty, or quoted: the text is literal, no substitution runs
        body = source[body_start:body_end]
        text = _here_document_text(body, delimiter)
        if text != body:
            edits.append((body_start, body_end, text))
    if not edits:
        return source, tree
    for body_start, body_end, text in reversed(edits):
        source = source[:body_start] + text + source[body_end:]
    return source, _parser().parse(source)


def _here_document_text(body: bytes, delimiter: bytes) -> bytes:
    out = bytearray()
    index = 0
    in_backquotes = False
    while index < len(body):
        char = body[index : index + 1]
        following = body[index + 1 : index + 2]
        if char == b"\\" and following in (b"$", b"`", b"\\"):
            out += b"__"  # an escaped character: literal text
            index += 2
        elif char == b"\\" and following == b"\n":
            index += 2  # a line continuation
        elif char == b"`":
            if in_backquotes and out.endswith(b"$("):
                out += b":"  # an empty command substitution
            out += b"\n)" if in_backquotes else b"$("  # the newline ends a comment inside
            in_backquotes = not in_backquotes
            index += 1
        else:
            out += char
            index += 1
    lines = [line.lstrip(b" \t") for line in bytes(out).split(b"\n")]
    # A line that starts with the delimiter once its blanks are gone must not end the document.
    return b"\n".join(b"#" + line if line.startswith(delimiter) else line for line in lines)


def _nodes(root: Node, kind: str) -> list[Node]:
    """The nodes of one kind under root, in document order."""
    found: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == kind:
            found.append(node)
        stack.extend(reversed(node.children))
    return found


def _here_document_end(redirect: Node) -> Node | None:
    return next((child for child in redirect.children if child.type == "heredoc_end"), None)


def _whole_line(end: Node, redirect: Node, source: bytes) -> bool:
    """Whether a here-document's delimiter stands alone on its line (after tabs, for `<<-`)."""
    line_start = source.rfind(b"\n", 0, end.start_byte) + 1
    before = source[line_start : end.start_byte]
    if redirect.children and redirect.children[0].type == "<<-":
        before = before.lstrip(b"\t")
    if before != b"":
        return False
    if source[end.end_byte : end.end_byte + 1] in (b"", b"\n"):
        return True
    # At the very end of the script Zero's parser also takes the delimiter with blanks after it.
    return source[end.end_byte :].rstrip(b"\n").strip(b" \t") == b""


_BLANKS = (b" ", b"\t", b"\n")


def _glued_group(node: Node, source: bytes) -> bool:
    """A group tree-sitter opened at a `{` with no blank after it: for the shell that is a word."""
    return (
        node.type == "compound_statement" and source[node.start_byte + 1 : node.start_byte + 2] not in _BLANKS
    )


def _glued_groups(root: Node, source: bytes) -> bool:
    return b"{" in source and any(_glued_group(node, source) for node in _nodes(root, "compound_statement"))


def _stray_redirect_words(root: Node) -> dict[int | None, list[list[Node]]]:
    """Words tree-sitter hung on redirections, by the id of the command they belong to.

    Under the key None: word lists with no command before them (`>out rm -rf x` parsed so).
    """
    stray: dict[int | None, list[list[Node]]] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type != "redirected_statement":
            continue
        words = [
            word
            for redirect in node.children_by_field_name("redirect")
            for word in redirect.children_by_field_name("destination")[1:]
        ]
        if not words:
            continue
        body = node.child_by_field_name("body")
        if body is None:
            stray.setdefault(None, []).append(words)
            continue
        while body.type in ("list", "pipeline", "negated_command"):
            body = body.named_children[-1]
        if body.type != "command":
            raise _Unparseable  # `{ ls; } >out x`: a word after a compound command
        stray.setdefault(body.id, []).append(words)
    return stray


def _command_words(command: Node, stray: Sequence[Sequence[Node]]) -> list[str]:
    nodes: list[Node] = []
    name = command.child_by_field_name("name")
    if name is not None:
        nodes.append(name)
    nodes.extend(command.children_by_field_name("argument"))
    for hung in stray:
        nodes.extend(hung)
    words = _words(nodes)
    if words and words[0] == "coproc" and name is not None and name.text == b"coproc":
        return words[1:]  # `coproc cmd ...`: a keyword before the command, not a program
    return words


# ------------------------------------------------------------------------------------------------
# Reading one simple command, as Zero does


_WRAPPERS = frozenset(
    {
        "sudo",
        "command",
        "env",
        "nohup",
        "time",
        "exec",
        "doas",
        "nice",
        "timeout",
        "stdbuf",
        "setsid",
        "ionice",
        "xargs",
    }
)
# Per wrapper, the options that take the next word as their value (`sudo -u root rm`).
_WRAPPER_VALUE_OPTIONS: Mapping[str, frozenset[str]] = {
    "sudo": frozenset(
        {
            "-u",
            "--user",
            "-g",
            "--group",
            "-p",
            "--prompt",
            "-C",
            "--close-from",
            "-r",
            "--role",
            "-T",
            "--command-timeout",
            "-U",
            "--other-user",
            "-h",
            "--host",
            "-D",
            "--chdir",
            "-R",
            "--chroot",
        }
    ),
    "doas": frozenset({"-u", "-C"}),
    "env": frozenset({"-u", "--unset", "-S", "--split-string", "-C", "--chdir"}),
    "timeout": frozenset({"-s", "--signal", "-k", "--kill-after"}),
    "nice": frozenset({"-n", "--adjustment"}),
    "ionice": frozenset({"-c", "--class", "-n", "--classdata", "-p", "--pid"}),
    "stdbuf": frozenset({"-i", "--input", "-o", "--output", "-e", "--error"}),
    "xargs": frozenset(
        {
            "-a",
            "--arg-file",
            "-d",
            "--delimiter",
            "-E",
            "-I",
            "--replace",
            "-L",
            "--max-lines",
            "-n",
            "--max-args",
            "-P",
            "--max-procs",
            "-s",
            "--max-chars",
        }
    ),
}
_SHELLS = frozenset({"sh", "bash", "zsh", "ksh", "dash"})
_MAX_DEPTH = 4  # how many `sh -c` payloads deep the analysis follows
_DESTRUCTIVE_PROGRAMS = frozenset({"mkfs", "fdisk", "shred", "dd", "parted"})
_POWERSHELL_REMOVE = frozenset({"remove-item", "ri", "rd", "rmdir", "del", "erase", "rm"})
_NETWORK_PROGRAMS_V1 = frozenset(
    {"curl", "wget", "ssh", "scp", "sftp", "rsync", "nc", "ncat", "netcat", "telnet", "ftp"}
)
_NETWORK_PROGRAMS = _NETWORK_PROGRAMS_V1 | {"iwr", "irm", "invoke-webrequest", "invoke-restmethod"}
_LOCAL_SERVERS = frozenset({"http-server", "serve", "vite", "next", "nuxt", "astro"})
_WINDOWS_SUFFIXES = (".exe", ".cmd", ".bat", ".com")


def _is_numeric(word: str) -> bool:
    return word != "" and all("0" <= char <= "9" for char in word)


def _strip_chars(text: str, cutset: str) -> str:
    return "".join(char for char in text if char not in cutset)


def _windows_basename(token: str) -> str | None:
    """The program of a Windows-style path (`C:\\tools\\curl.exe`, `.\\x.exe`), or None."""
    drive = len(token) >= 3 and token[0].isascii() and token[0].isalpha() and token[1] == ":"
    unc = token.startswith("\\\\")
    relative = token.startswith(".\\") or token.startswith("..\\")
    backslashed = "\\" in token and token.lower().endswith(_WINDOWS_SUFFIXES)
    if not (drive or unc or relative or backslashed):
        return None
    cut = max(token.rfind("\\"), token.rfind("/"))
    if cut >= 0:
        return token[cut + 1 :] or None
    return token[2:] if drive else None


def _program_name(word: str, schema_version: int) -> str:
    """A word in program position reduced to a bare lower-case program name (`/bin/RM` -> `rm`)."""
    token = trim_space(word).lstrip("$(").rstrip(")")
    windows = _windows_basename(_strip_chars(token, "\"'`")) if schema_version >= 2 else None
    if windows is not None:
        token = windows
    else:
        token = _strip_chars(token, "\"'`\\")
        token = token[token.rfind("/") + 1 :]
    token = to_lower(token)
    if schema_version >= 2:
        for suffix in _WINDOWS_SUFFIXES:
            if token.endswith(suffix):
                return token[: -len(suffix)]
    return token


def _effective_program(words: Sequence[str], schema_version: int) -> tuple[str, list[str]]:
    """The program a simple command runs behind assignments and wrappers, and the words after it."""
    wrapper = ""
    index = 0
    while index < len(words):
        word = words[index]
        index += 1
        if word == "":
            if wrapper == "":
                return "", []  # a run-time value in program position: unknown program
            continue  # most likely a wrapper's option or its value
        if "=" in word and not word.startswith("="):
            continue
        if word.startswith("-"):
            if "=" not in word and word in _WRAPPER_VALUE_OPTIONS.get(wrapper, ()) and index < len(words):
                index += 1
            continue
        if _is_numeric(word):
            continue
        program = _program_name(word, schema_version)
        if program in _WRAPPERS:
            wrapper = program
            continue
        return program, list(words[index:])
    return "", []


def _dash_c_payload(args: Sequence[str]) -> str:
    for index, word in enumerate(args[:-1]):
        if word == "-c":
            return args[index + 1]
    return ""


def _recursive_force(args: Sequence[str]) -> bool:
    recursive = force = False
    for word in args:
        if word == "--":
            break  # the rest are file names
        if word == "--recursive":
            recursive = True
        elif word == "--force":
            force = True
        elif word.startswith("--"):
            continue
        elif word.startswith("-"):
            recursive = recursive or "r" in word[1:] or "R" in word[1:]
            force = force or "f" in word[1:]
    return recursive and force


def _powershell_recursive_force(args: Sequence[str]) -> bool:
    lowered = {to_lower(word) for word in args}
    return bool(lowered & {"-recurse", "-r"}) and "-force" in lowered


def _first_subcommand(words: Sequence[str], aliases: Mapping[str, str] | None = None) -> str:
    for word in words:
        if word == "" or word.startswith("-") or _is_numeric(word):
            continue
        return (aliases or {}).get(word, word)
    return ""


def _second_subcommand(words: Sequence[str]) -> str:
    positional = [word for word in words if word != "" and not word.startswith("-")]
    return positional[1] if len(positional) > 1 else ""


_REGISTRY_SUBCOMMANDS = frozenset(
    {
        "install",
        "add",
        "ci",
        "create",
        "dlx",
        "publish",
        "unpublish",
        "login",
        "logout",
        "adduser",
        "whoami",
        "ping",
        "audit",
        "outdated",
        "update",
        "upgrade",
        "search",
        "view",
        "info",
        "show",
        "dist-tag",
        "deprecate",
        "owner",
        "org",
        "team",
        "token",
        "profile",
        "access",
        "start",
        "serve",
        "dev",
        "preview",
        "exec",
    }
)
_SERVER_SCRIPTS = frozenset({"start", "serve", "dev", "preview"})
_PACKAGE_MANAGER_ALIASES: Mapping[str, Mapping[str, str]] = {
    "npm": {"run": "run", "exec": "exec", "x": "exec"},
    "pnpm": {"run": "run", "exec": "exec", "dlx": "exec"},
    "yarn": {"run": "run", "exec": "exec", "dlx": "exec"},
    "bun": {"run": "run", "x": "exec"},
}


def _package_manager_network(words: Sequence[str], aliases: Mapping[str, str]) -> bool:
    if "--offline" in words or "--no-network" in words:
        return False
    first = _first_subcommand(words, aliases)
    if first in _REGISTRY_SUBCOMMANDS:
        return True
    return first == "run" and _second_subcommand(words) in _SERVER_SCRIPTS


def _python_network(words: Sequence[str]) -> bool:
    for index, word in enumerate(words[:-1]):
        if word != "-m":
            continue
        module = words[index + 1]
        if module == "http.server":
            return True
        if module == "pip" and _first_subcommand(words[index + 2 :]) == "install":
            return True
    return False


def _uses_network(program: str, args: Sequence[str]) -> bool:
    """schemaVersion 2: whether the program (with these arguments) reaches the network."""
    if program in _NETWORK_PROGRAMS or program in _LOCAL_SERVERS:
        return True
    words = [to_lower(trim_space(word)) for word in args]
    if program in ("python", "python2", "python3", "py"):
        return _python_network(words)
    if program in _PACKAGE_MANAGER_ALIASES:
        return _package_manager_network(words, _PACKAGE_MANAGER_ALIASES[program])
    if program == "npx":
        return True
    if program in ("pip", "pip2", "pip3"):
        return _first_subcommand(words) == "install"
    if program == "go":
        return _first_subcommand(words) == "get"
    if program == "git":
        return _first_subcommand(words) in ("clone", "fetch", "pull", "push", "ls-remote", "archive")
    if program == "gh":
        first, second = _first_subcommand(words), _second_subcommand(words)
        return first == "api" or (first, second) in (("release", "download"), ("repo", "clone"))
    return False


@dataclass
class _Findings:
    destructive: bool = False
    network: bool = False
    unparseable: bool = False


def _analyze(script: str, schema_version: int, findings: _Findings, depth: int) -> None:
    try:
        commands = _simple_commands(script)
    except _Unparseable:
        findings.unparseable = True
        return
    for words in commands:
        program, args = _effective_program(words, schema_version)
        if program == "":
            continue
        if depth < _MAX_DEPTH and program in _SHELLS:
            payload = _dash_c_payload(args)
            if payload:
                _analyze(payload, schema_version, findings, depth + 1)
        if schema_version >= 2:
            findings.network = findings.network or _uses_network(program, args)
        else:
            findings.network = findings.network or program in _NETWORK_PROGRAMS_V1
        findings.destructive = findings.destructive or (
            program in _DESTRUCTIVE_PROGRAMS
            or (program == "rm" and _recursive_force(args))
            or (program == "find" and "-delete" in args)
            or (schema_version >= 2 and program in _POWERSHELL_REMOVE and _powershell_recursive_force(args))
        )


def command_risk(command: str, schema_version: int) -> CommandRisk:
    """The categories Zero's classifier adds for a shell command (`command` as the tool got it)."""
    rules = _text_rules()
    text_destructive = any(pattern.search(command) for pattern in rules.destructive)
    piped = rules.piped_installer.search(command) is not None
    findings = _Findings()
    if trim_space(command):
        try:
            _analyze(command, schema_version, findings, 0)
        except ParserUnavailable as error:
            return CommandRisk(destructive=True, piped_installer=piped, parser_problem=str(error))
    if schema_version >= 2:
        loose_network = findings.unparseable and rules.unparseable_network.search(command) is not None
        network = findings.network or loose_network
    else:
        network = findings.network or rules.network_v1.search(command) is not None
    return CommandRisk(
        destructive=text_destructive or findings.destructive,
        network=network,
        piped_installer=piped,
        unparseable=findings.unparseable,
    )


def parser_unavailable_reason(problem: str) -> str:
    """The reason of a shell command refused because the parser that judges it is missing."""
    return f"shell command cannot be classified, so it is treated as destructive: {problem}"


def destructive_reason(command: str, schema_version: int) -> str | None:
    """Why `command` is destructive (the reason a client sees), or None when it is not.

    Only the destructive judgement: a network command that is not destructive gives None.
    """
    risk = command_risk(command, schema_version)
    if risk.parser_problem is not None:
        return parser_unavailable_reason(risk.parser_problem)
    if not risk.destructive:
        return None
    return DESTRUCTIVE_REASON if schema_version >= 2 else DESTRUCTIVE_DENY_REASON_V1
