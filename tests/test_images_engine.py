"""Images through the `zero-engine` process (docs/protocol.md 1.11, 4.4): `--image` files and stream-json
images are merged and sent to the model as `image_url` data URLs; a model not known to support
vision gets none of them and stderr says so. The model is zero_client.testing.fake_model on 127.0.0.1."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from engine_support import EngineRun, base_env, run_engine, workspace
from zero_client.testing import FakeModelServer
from zero_client.testing import script as s

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR-fake-png-body"
JPEG = b"\xff\xd8\xff\xe0" + b"fake-jpeg-body"
GIF = b"GIF89a" + b"fake-gif-body"


@pytest.fixture
def server() -> Iterator[FakeModelServer]:
    with FakeModelServer() as running:
        yield running


def data_url(media_type: str, data: bytes) -> str:
    return f"data:{media_type};base64,{base64.b64encode(data).decode()}"


def message_line(content: str, *images: tuple[str, bytes]) -> bytes:
    event = {
        "schemaVersion": 2,
        "type": "message",
        "role": "user",
        "content": content,
        "images": [{"mediaType": kind, "data": base64.b64encode(data).decode()} for kind, data in images],
    }
    return json.dumps(event).encode() + b"\n"


def run_against(
    server: FakeModelServer, tmp_path: Path, model: str, args: list[str], stdin: bytes = b"", **extra: str
) -> EngineRun:
    server.enqueue(s.text("I see it.", usage=(10, 3)))
    ws = workspace(tmp_path)
    env = base_env(tmp_path, 2, OPENAI_BASE_URL=server.base_url, OPENAI_MODEL=model, **extra)
    return run_engine(["exec", "-o", "stream-json", "-C", str(ws), *args], env, stdin=stdin)


def user_content(server: FakeModelServer) -> Any:
    assert len(server.requests) == 1
    messages = server.requests[0].body["messages"]
    users = [m for m in messages if m["role"] == "user"]
    assert len(users) == 1
    return users[0]["content"]


def test_image_files_and_stream_images_are_merged_and_sent(server: FakeModelServer, tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    (ws / "shot.png").write_bytes(PNG)
    (tmp_path / "abs.gif").write_bytes(GIF)
    run = run_against(
        server,
        tmp_path,
        "gpt-4o",
        ["-i", "stream-json", "--image", "shot.png", "--image", str(tmp_path / "abs.gif")],
        stdin=message_line("what is in these?", ("jpg", JPEG)),
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stderr == b""
    assert user_content(server) == [
        {"type": "text", "text": "what is in these?"},
        {"type": "image_url", "image_url": {"url": data_url("image/png", PNG)}},
        {"type": "image_url", "image_url": {"url": data_url("image/gif", GIF)}},
        {"type": "image_url", "image_url": {"url": data_url("image/jpeg", JPEG)}},
    ]
    assert [e["type"] for e in run.events][-2:] == ["final", "run_end"]
    assert run.events[0]["model"] == "gpt-4o"


def test_an_image_only_message_runs_with_an_empty_prompt(server: FakeModelServer, tmp_path: Path) -> None:
    run = run_against(
        server, tmp_path, "gpt-4o", ["-i", "stream-json"], stdin=message_line("", ("image/png", PNG))
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert user_content(server) == [{"type": "image_url", "image_url": {"url": data_url("image/png", PNG)}}]


def test_a_non_vision_model_gets_no_images(server: FakeModelServer, tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    (ws / "shot.png").write_bytes(PNG)
    run = run_against(
        server,
        tmp_path,
        "llama3.1:8b",
        ["-i", "stream-json", "--image", "shot.png"],
        stdin=message_line("describe", ("png", PNG)),
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stderr == b"Model llama3.1:8b does not support image input; ignoring 2 image(s).\n"
    assert user_content(server) == "describe"
    assert "image_url" not in json.dumps(server.requests[0].body)
    assert [e["type"] for e in run.events] == ["run_start", "text", "usage", "final", "run_end"]
    assert run.events[-1]["exitCode"] == 0


def test_vision_override_off_drops_images(server: FakeModelServer, tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    (ws / "shot.png").write_bytes(PNG)
    run = run_against(server, tmp_path, "gpt-4o", ["--image", "shot.png", "look"], ZERO_MODEL_VISION="false")
    assert run.returncode == 0
    assert run.stderr == b"Model gpt-4o does not support image input; ignoring 1 image(s).\n"
    assert user_content(server) == "look"


def test_vision_override_on_sends_images(server: FakeModelServer, tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    (ws / "shot.png").write_bytes(PNG)
    run = run_against(
        server, tmp_path, "llama3.1:8b", ["--image", "shot.png", "look"], ZERO_MODEL_VISION="true"
    )
    assert run.returncode == 0 and run.stderr == b""
    assert user_content(server)[1] == {"type": "image_url", "image_url": {"url": data_url("image/png", PNG)}}


def test_the_session_records_the_prompt_only(server: FakeModelServer, tmp_path: Path) -> None:
    # As Zero: the user message in the session log is the prompt's text; images are not kept.
    ws = workspace(tmp_path)
    (ws / "shot.png").write_bytes(PNG)
    run = run_against(server, tmp_path, "gpt-4o", ["--image", "shot.png", "look"])
    session_id = run.events[0]["sessionId"]
    log = tmp_path / "xdg" / "zero" / "sessions" / session_id / "events.jsonl"
    first = json.loads(log.read_text().splitlines()[0])
    assert first["type"] == "message" and first["payload"] == {"content": "look", "role": "user"}


def test_the_demo_provider_ignores_images(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    (ws / "shot.png").write_bytes(PNG)
    env = base_env(tmp_path, 2, ZERO_PROVIDER="demo")
    run = run_engine(["exec", "-o", "stream-json", "-C", str(ws), "--image", "shot.png", "look"], env)
    assert run.returncode == 0
    assert run.stderr == b"Model zero-demo does not support image input; ignoring 1 image(s).\n"
