"""Deterministic benchmark corpora: a long agent session in the binary's stream-json bytes.

    python bench/corpus.py --events 200000 --version 2 --out bench/out/session_v2.jsonl
    python bench/corpus.py --stream-bytes 1073741824 --version 2 > /dev/null   # on the fly

The session follows the ordering of docs/protocol.md 3.6.2: per turn, interleaved reasoning/text
deltas (5-80 chars), one `usage`, then per tool call `tool_call` [`checkpoint`]
[`permission_request`|`permission_decision`] `tool_result`. Tool outputs range from a few bytes
to the 10 KiB cut (with `[truncated]`), permission events carry `risk` and (v2) `block` / (v1)
`violation`, a few strings hold secret-shaped text (already `[REDACTED]` on the wire, as the
binary writes them), and a few `write_file` calls carry multi-MB `args`. About one line in two
thousand has an event type this client does not know (a newer binary), so the lenient decoder's
`UnknownEvent` fallback is exercised too. Lines are written like Go's encoding/json: keys sorted,
compact, `<` `>` `&` U+2028 U+2029 escaped. Same seed, same bytes.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

RUN_ID = "run_20260822101500_3fa9c2"
SESSION_ID = "zero_20260822101500_1755857700123456789_1"
OUTPUT_LIMIT = 10 * 1024
#: One multi-MB tool_call `args` per this many events (the default corpus gets a handful).
BIG_ARGS_EVERY = 40_000
BIG_ARGS_BYTES = (2 << 20, 6 << 20)
#: One event of a type unknown to this client per this many events.
UNKNOWN_EVERY = 2_000

_GO_ESCAPES = str.maketrans(
    {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
)
_DUMPS = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode

_PROSE = (
    "the test suite fails because parser returns None when input is empty so I will add a guard "
    "and update README.md then run go test ./... again; looking at internal/cli/exec.go first. "
    "Let me check whether config.json has the provider set before retrying the request with "
    "-o stream-json & --max-turns 12 (see docs/STREAM_JSON_PROTOCOL.md) — héllo wörld 世界 ✓ "
    "if a < b && c > d { return err } fmt.Errorf(\"wrap: %w\", err) `make build` passes now."
)
_WORDS = _PROSE.split(" ")
_PATHS = (
    "README.md", "internal/cli/exec.go", "internal/agent/loop.go", "docs/guide.md", "go.mod",
    "internal/streamjson/streamjson.go", "cmd/zero/main.go", "web/src/app.tsx", "scripts/ci.sh",
    "internal/tools/registry.go", "tests/test_exec.py", "Makefile",
)
_SECRETS = (
    "export OPENAI_API_KEY=[REDACTED]\n",
    "Authorization: Bearer [REDACTED]\n",
    'config: {"api_key=[REDACTED]"}\n',
    "using key [REDACTED] for the request\n",
)


def wire(obj: dict[str, Any]) -> bytes:
    """One line as the binary writes it (no newline)."""
    text = _DUMPS(obj)
    if "<" in text or ">" in text or "&" in text or "\u2028" in text or "\u2029" in text:
        text = text.translate(_GO_ESCAPES)
    return text.encode()


class _Session:
    """Builds the events of one session; `rng` alone decides every choice."""

    def __init__(self, version: int, seed: int, *, big_args: bool, unknown: bool) -> None:
        self.version = version
        self.rng = random.Random(seed)
        self.big_args = big_args
        self.unknown = unknown
        self.call = 0
        self.sequence = 0
        self.emitted = 0
        self.sequence_big = 0
        rng = random.Random(seed ^ 0x5EED)
        lines = []
        for index in range(4000):  # a pool of log/code-like text that outputs are cut from
            words = rng.choices(_WORDS, k=rng.randint(2, 14))
            lines.append(f"{index:5d}  " + " ".join(words))
        self.pool = "\n".join(lines) + "\n"

    def base(self, type_: str, **fields: Any) -> dict[str, Any]:
        return {"schemaVersion": self.version, "runId": RUN_ID, "type": type_, **fields}

    def delta(self) -> str:
        rng = self.rng
        target = rng.randint(5, 80)
        out: list[str] = []
        size = 0
        while size < target:
            word = rng.choice(_WORDS)
            out.append(word)
            size += len(word) + 1
        text = " ".join(out)[:target]
        return text + ("\n\n" if rng.random() < 0.05 else " ")

    def output(self) -> tuple[str, bool]:
        rng = self.rng
        size = int(2 ** rng.uniform(3, 14.2))  # 8 B .. ~19 KiB, log-uniform
        start = rng.randrange(0, len(self.pool) - 20_000)
        text = self.pool[start : start + size]
        if rng.random() < 0.01:
            text = rng.choice(_SECRETS) + text
        encoded = text.encode()
        if len(encoded) <= OUTPUT_LIMIT:
            return text, False
        return encoded[:OUTPUT_LIMIT].decode("utf-8", "ignore") + "\n[truncated]", True

    def risk(self, level: str, categories: list[str], reason: str = "") -> dict[str, Any]:
        risk: dict[str, Any] = {"level": level, "categories": categories}
        if reason:
            risk["reason"] = reason
        return risk

    def tool_events(self) -> Iterator[dict[str, Any]]:
        rng = self.rng
        self.call += 1
        call_id = f"call_{self.call}"
        kind = rng.choices(("read", "write", "shell", "grep", "plan"), weights=(40, 20, 25, 10, 5))[0]
        path = rng.choice(_PATHS)
        args: Any
        if kind == "read":
            name, side = "read_file", "read"
            args = {"path": path, "offset": 1, "limit": rng.choice((200, 400))}
        elif kind == "write":
            name, side = "write_file", "write"
            content_size = rng.randint(100, 3000)
            if self.big_args and self.emitted // BIG_ARGS_EVERY > self.sequence_big:
                self.sequence_big += 1
                content_size = rng.randint(*BIG_ARGS_BYTES)
            content = (self.pool * (content_size // len(self.pool) + 1))[:content_size]
            args = {"path": path, "content": content}
        elif kind == "shell":
            name, side = "exec_command", "shell"
            commands = ("go test ./... 2>&1 | tail -n 20", "make build", "ls -la", "git diff")
            args = {"cmd": rng.choice(commands)}
        elif kind == "grep":
            name, side, args = "grep", "read", {"pattern": rng.choice(_WORDS), "path": "internal"}
        else:
            name, side = "update_plan", "read"
            args = {"plan": [{"content": "Write tests", "status": "completed"},
                             {"content": "Fix parser", "status": "in_progress"},
                             {"content": "Ship", "status": "pending"}]}
        yield self.base("tool_call", id=call_id, name=name, args=args, sideEffect=side)
        if kind == "write":
            self.sequence += 1
            info = {"files": [path], "sequence": self.sequence, "tool": name}
            yield self.base("checkpoint", checkpoint=info)
        status = "ok"
        if kind in ("write", "shell"):
            perm: dict[str, Any] = {
                "autonomy": "low", "id": call_id, "name": name, "permission": "prompt",
                "permissionMode": "auto", "sessionId": SESSION_ID, "sideEffect": side,
            }
            roll = rng.random()
            if roll < 0.7:
                perm.update(type="permission_decision", action="allow", permissionGranted=False,
                            reason="workspace write is allowed",
                            risk=self.risk("medium", [side], "writes inside the workspace"))
            elif roll < 0.9:
                status = "error"
                perm.update(type="permission_request", action="prompt", permissionGranted=False,
                            reason="network access requires approval",
                            risk=self.risk("high", ["network", "shell"]))
            else:
                status = "error"
                block_risk = self.risk("high", ["absolute_path", "out_of_workspace", "write"],
                                       "path is outside the workspace")
                block = {"action": "deny", "code": "outside_workspace", "path": "/etc/hosts",
                         "reason": "path is outside the workspace", "recoverable": False,
                         "risk": block_risk, "toolName": name}
                perm.update(type="permission_decision", action="deny", permissionGranted=False,
                            reason="path is outside the workspace", risk=block_risk)
                perm["block" if self.version >= 2 else "violation"] = block
            yield {**self.base(perm.pop("type")), **perm}
        result: dict[str, Any] = {"id": call_id, "name": name, "status": status}
        if status == "error":
            result["output"] = f"Error: Sandbox approval required for {name}: path is outside the workspace"
            result["meta"] = {"permission_action": "prompt"}
            result["truncated"] = False
        else:
            output, cut = self.output()
            result["output"] = output
            result["truncated"] = cut
            if kind == "shell":
                result["display"] = {"kind": "shell", "summary": f"exit 0 · {output.count(chr(10))} lines"}
                result["meta"] = {"emitted_bytes": str(len(output)), "raw_bytes": str(len(output) * 3)}
            if kind == "write":
                result["changedFiles"] = [path]
                result["display"] = {"summary": f"wrote {len(args['content'])} bytes"}
            if "[REDACTED]" in output:
                result["redacted"] = True
        yield self.base("tool_result", **result)

    def turn(self) -> Iterator[dict[str, Any]]:
        rng = self.rng
        n_deltas = rng.randint(10, 120)
        reasoning_share = 0.35 if self.version >= 2 else 0.0  # v1 had no reasoning event
        for _ in range(n_deltas):
            kind = "reasoning" if rng.random() < reasoning_share else "text"
            yield self.base(kind, delta=self.delta())
            if self.unknown and rng.random() < 1 / UNKNOWN_EVERY:
                yield self.base("compaction", note="context compacted", tokensSaved=rng.randint(100, 9000))
        prompt, completion = rng.randint(2_000, 90_000), rng.randint(10, 2_000)
        yield self.base("usage", promptTokens=prompt, completionTokens=completion,
                        totalTokens=prompt + completion)
        for _ in range(rng.choices((0, 1, 2, 3), weights=(20, 50, 20, 10))[0]):
            yield from self.tool_events()

    def events(self, n_events: int) -> Iterator[dict[str, Any]]:
        yield self.base("run_start", apiModel="gpt-4.1", cwd="/home/dev/repo", model="gpt-4.1",
                        provider="openai", sessionId=SESSION_ID)
        self.emitted = 1
        while self.emitted < n_events - 2:
            for event in self.turn():
                yield event
                self.emitted += 1
        yield self.base("final", text="All tests pass. I changed `a.go` & `b.go`.")
        yield self.base("run_end", status="success", exitCode=0)


def session_lines(
    version: int, n_events: int, *, seed: int = 20260822, big_args: bool = True, unknown: bool = True
) -> Iterator[bytes]:
    """The lines (without newlines) of one deterministic session of about `n_events` events."""
    for event in _Session(version, seed, big_args=big_args, unknown=unknown).events(n_events):
        yield wire(event)


def write_corpus(
    path: Path, version: int, n_events: int, *, seed: int = 20260822, big_args: bool = True
) -> Path:
    """Writes the session to `path` (skipped when an identical one is already there)."""
    stamp = path.with_suffix(".stamp")
    key = f"v{version} n{n_events} seed{seed} big{int(big_args)} format3"
    if path.exists() and stamp.exists() and stamp.read_text() == key:
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as handle:
        for line in session_lines(version, n_events, seed=seed, big_args=big_args):
            handle.write(line + b"\n")
    stamp.write_text(key)
    return path


def stream_bytes(total: int, version: int, out: Any, *, seed: int = 7) -> None:
    """Writes ~`total` bytes of ordinary events (no multi-MB lines) to the binary file `out`.

    One block (up to 4 MiB) of a session is generated and repeated, so the generator costs almost
    nothing next to the reader; the stream is framed by `run_start` ... `run_end`.
    """
    lines = list(session_lines(version, 40_000, seed=seed, big_args=False, unknown=False))
    head, body, tail = lines[0], lines[1:-2], lines[-2:]
    block_size = min(4 << 20, max(64 << 10, total // 4))
    parts: list[bytes] = []
    size = 0
    for line in body:
        parts.append(line + b"\n")
        size += len(line) + 1
        if size >= block_size:
            break
    block = b"".join(parts)
    out.write(head + b"\n")
    written = len(head) + 1
    while written + len(block) <= total:
        out.write(block)
        written += len(block)
    out.write(b"\n".join(tail) + b"\n")
    out.flush()


def huge_line(size: int, version: int, out: Any) -> None:
    """run_start, one `text` event whose delta is `size` bytes, final, run_end."""
    base = {"schemaVersion": version, "runId": RUN_ID}
    out.write(wire({**base, "type": "run_start", "cwd": "/repo"}) + b"\n")
    chunk = b"x" * (1 << 20)
    out.write(b'{"delta":"')
    for _ in range(size // len(chunk)):
        out.write(chunk)
    out.write(b"x" * (size % len(chunk)))
    out.write(b'",' + wire({**base, "type": "text"})[1:] + b"\n")
    out.write(wire({**base, "type": "final", "text": "done"}) + b"\n")
    out.write(wire({**base, "type": "run_end", "status": "success", "exitCode": 0}) + b"\n")
    out.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--version", type=int, choices=(1, 2), default=2)
    parser.add_argument("--seed", type=int, default=20260822)
    parser.add_argument("--events", type=int, default=200_000)
    parser.add_argument("--no-big-args", action="store_true", help="leave out the multi-MB tool_call args")
    parser.add_argument("--out", type=Path, help="write the session here (default: stdout)")
    parser.add_argument("--stream-bytes", type=int, help="write ~N bytes of ordinary events to stdout")
    parser.add_argument("--huge-line", type=int, help="write a run with one text line of N bytes to stdout")
    args = parser.parse_args(argv)
    out = sys.stdout.buffer
    try:
        if args.stream_bytes is not None:
            stream_bytes(args.stream_bytes, args.version, out)
        elif args.huge_line is not None:
            huge_line(args.huge_line, args.version, out)
        elif args.out is not None:
            write_corpus(args.out, args.version, args.events, seed=args.seed, big_args=not args.no_big_args)
        else:
            lines = session_lines(args.version, args.events, seed=args.seed, big_args=not args.no_big_args)
            for line in lines:
                out.write(line + b"\n")
    except BrokenPipeError:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
