"""`zero-sdk record [-o STEM] [--script FILE] -- zero exec ...`: record a real run for replay.

Runs the command with its model traffic going through a loopback FakeModelServer, which either
passes every request through to the real upstream (`--upstream URL`, default the caller's
OPENAI_BASE_URL; the caller's key travels in the request's Authorization header as usual) or
plays `--script`. Writes, with secrets redacted:

- STEM.jsonl        the run's stdout, exactly (what `zero-sdk replay` and `zero_replay` play);
- STEM.run.json     argv, stdin, stderr, exit code and the model requests;
- STEM.script.json  the model's replies as a fake-model-server script (docs/testing.md), so the
                    same run can be replayed against zero-engine or zero with no upstream.

Secrets are the values (8+ characters) of environment variables whose names contain API_KEY,
TOKEN, SECRET, PASSWORD or CREDENTIAL; they become `<REDACTED>`. Request headers are not kept.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import click
from zero_client.testing import script as s
from zero_client.testing.fake_model import FakeModelServer, RecordedRequest

REDACTED = "<REDACTED>"
_SECRET_NAME = re.compile(r"API_KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL", re.IGNORECASE)
_FORWARDED_HEADERS = ("authorization", "content-type", "accept", "openai-organization", "openai-project")


def secrets_of(env: dict[str, str]) -> list[str]:
    values = {value for name, value in env.items() if _SECRET_NAME.search(name) and len(value) >= 8}
    return sorted(values, key=len, reverse=True)


def redact(text: str, secrets: list[str]) -> str:
    for secret in secrets:
        text = text.replace(secret, REDACTED)
    return text


def reply_from_response(status: int, content_type: str, body: bytes) -> s.Reply:
    """The scripted reply that reproduces an upstream response: SSE payloads, else the raw body."""
    if status == 200 and content_type.startswith("text/event-stream"):
        payloads: list[s.SSEPayload] = []
        for line in body.decode("utf-8", "replace").splitlines():
            if not line.startswith("data:"):
                continue
            data = line[5:].strip()
            try:
                payloads.append(json.loads(data) if data != s.DONE else s.DONE)
            except ValueError:
                payloads.append(data)
        return s.events(*payloads)
    return s.raw(body, status=status, content_type=content_type or None)


class PassThrough:
    """A FakeModelServer responder that forwards each request to `upstream` and keeps the reply."""

    def __init__(self, upstream: str, timeout: float) -> None:
        self.upstream = upstream.rstrip("/")
        self.timeout = timeout
        self.replies: list[s.Reply] = []

    def __call__(self, request: RecordedRequest) -> s.Reply:
        suffix = request.path[3:] if request.path.startswith("/v1") else request.path
        headers = {name: value for name, value in request.headers.items() if name in _FORWARDED_HEADERS}
        data = json.dumps(request.body).encode()
        forward = urllib.request.Request(self.upstream + suffix, data=data, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(forward, timeout=self.timeout) as response:
                reply = reply_from_response(
                    response.status, response.headers.get("Content-Type", ""), response.read()
                )
        except urllib.error.HTTPError as error:
            reply = reply_from_response(error.code, error.headers.get("Content-Type", ""), error.read())
        except (urllib.error.URLError, OSError) as error:
            reply = s.http_error(502, f"zero-sdk record: upstream {self.upstream} unreachable: {error}")
        self.replies.append(reply)
        return reply


@click.command("record", context_settings={"ignore_unknown_options": True})
@click.option(
    "-o",
    "--output",
    "stem",
    default="transcript",
    show_default=True,
    help="Output stem: writes STEM.jsonl, STEM.run.json and STEM.script.json.",
)
@click.option(
    "--script",
    "script_path",
    type=click.Path(exists=True, dir_okay=False),
    help="Play this fake-model script instead of passing through to an upstream.",
)
@click.option("--upstream", help="The real OpenAI-compatible base URL (default: $OPENAI_BASE_URL).")
@click.option("--timeout", default=300.0, show_default=True, help="Seconds per upstream request.")
@click.argument("command", nargs=-1, required=True, type=click.UNPROCESSED)
def record_command(
    stem: str, script_path: str | None, upstream: str | None, timeout: float, command: tuple[str, ...]
) -> None:
    """Run COMMAND (e.g. `-- zero exec -o stream-json "fix it"`) and record it for replay.

    Exits with COMMAND's exit status (the recording is written whatever it is).
    """
    upstream = upstream or os.environ.get("OPENAI_BASE_URL")
    passthrough: PassThrough | None = None
    if script_path is not None:
        try:
            played = s.Script.loads(Path(script_path).read_text(encoding="utf-8"))
        except s.ScriptError as error:
            raise click.UsageError(f"--script {script_path}: {error}") from None
        server = FakeModelServer(played)
    elif upstream:
        passthrough = PassThrough(upstream, timeout)
        server = FakeModelServer(responder=passthrough)
    else:
        raise click.UsageError(
            "no model to record from: set OPENAI_BASE_URL (and OPENAI_API_KEY) to pass through to a "
            "real upstream, or give --upstream URL, or --script FILE"
        )
    stdin = b"" if sys.stdin.isatty() else sys.stdin.buffer.read()
    env = {**os.environ, "OPENAI_BASE_URL": ""}
    secrets = secrets_of(dict(os.environ))
    with server:
        env["OPENAI_BASE_URL"] = server.base_url
        env.setdefault("OPENAI_API_KEY", "zero-sdk-record")
        try:
            done = subprocess.run(list(command), input=stdin, capture_output=True, env=env, check=False)
        except OSError as error:
            raise click.ClickException(f"cannot run {command[0]}: {error.strerror}") from None
        requests = server.requests
    replies = passthrough.replies if passthrough is not None else list(played.replies)[: len(requests)]
    out = Path(stem)
    out.parent.mkdir(parents=True, exist_ok=True)
    stdout_text = redact(done.stdout.decode("utf-8", "surrogateescape"), secrets)
    Path(f"{stem}.jsonl").write_bytes(stdout_text.encode("utf-8", "surrogateescape"))
    run: dict[str, Any] = {
        "argv": list(command),
        "stdin": stdin.decode("utf-8", "replace"),
        "stderr": done.stderr.decode("utf-8", "replace"),
        "exit_code": done.returncode,
        "requests": [{"method": r.method, "path": r.path, "body": r.body} for r in requests],
    }
    Path(f"{stem}.run.json").write_text(redact(json.dumps(run, indent=1), secrets) + "\n", encoding="utf-8")
    script_json = s.Script(replies).dumps()
    Path(f"{stem}.script.json").write_text(redact(script_json, secrets) + "\n", encoding="utf-8")
    click.echo(
        f"recorded {command[0]} (exit {done.returncode}, {len(requests)} model requests): "
        f"{stem}.jsonl, {stem}.run.json, {stem}.script.json",
        err=True,
    )
    # The recording is written either way; the status is the command's, as if it ran alone
    # (a signal N is 128 + N, as a shell reports it).
    sys.exit(done.returncode if done.returncode >= 0 else 128 - done.returncode)
