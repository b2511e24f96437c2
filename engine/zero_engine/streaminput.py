"""Stream-json input parsing (docs/protocol.md section 4): lines, per-line checks, prompt, images."""

from __future__ import annotations

import base64
import json
import re
from dataclasses import dataclass
from typing import Any

from zero_engine import gotext
from zero_engine.gojson import go_quote
from zero_engine.provider import ImageInput

IMAGE_LIMIT = 10 * 1024 * 1024
_COMMON_KEYS = frozenset({"schemaVersion", "type", "content"})
_MESSAGE_KEYS = _COMMON_KEYS | {"role", "images"}
_INT64 = 2**63
_MEDIA_TYPES = {
    "png": "image/png",
    "image/png": "image/png",
    "jpeg": "image/jpeg",
    "jpg": "image/jpeg",
    "image/jpeg": "image/jpeg",
    "image/jpg": "image/jpeg",
    "gif": "image/gif",
    "image/gif": "image/gif",
    "webp": "image/webp",
    "image/webp": "image/webp",
}


class StreamInputError(Exception):
    """A usage error in the stream-json input; the message is what the user sees."""


@dataclass(frozen=True)
class StreamInput:
    prompt: str
    images: tuple[ImageInput, ...]


@dataclass(frozen=True)
class _RawImage:
    media_type: str
    data: str


class _WrongType(Exception):
    """A value has the wrong JSON type for the typed decode (Go: expected a JSON object)."""


def _reject_constant(name: str) -> Any:
    raise ValueError(f"invalid JSON constant {name}")  # Go's decoder has no NaN/Infinity


def _decode_object(line: str) -> dict[str, Any] | None:
    try:
        value = json.loads(line, parse_constant=_reject_constant)
    except (ValueError, RecursionError):  # RecursionError: nesting deeper than Python's limit
        return None
    if value is None:
        return {}  # `null` decodes into an empty map, then fails the version check
    return value if isinstance(value, dict) else None


def _as_string(value: Any) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise _WrongType
    return value


def _as_int(value: Any) -> int:
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not -_INT64 <= value < _INT64:
        raise _WrongType
    return value


def _as_images(value: Any) -> list[_RawImage]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise _WrongType
    images: list[_RawImage] = []
    for item in value:
        if item is None:
            images.append(_RawImage("", ""))
            continue
        if not isinstance(item, dict):
            raise _WrongType
        media_type = data = ""
        for key, field in item.items():  # Go matches struct fields case-insensitively
            folded = key.lower()
            if folded == "mediatype":
                media_type = _as_string(field)
            elif folded == "data":
                data = _as_string(field)
        images.append(_RawImage(media_type, data))
    return images


def parse_stream_input(raw: bytes, schema_version: int) -> StreamInput:
    """Parse a whole stream-json input; raises StreamInputError with the exact message."""
    text = raw.decode("utf-8", "replace")
    contents: list[str] = []
    raw_images: list[_RawImage] = []
    events = 0
    for number, physical in enumerate(text.split("\n"), start=1):
        line = physical[:-1] if physical.endswith("\r") else physical
        line = gotext.trim_space(line)
        if not line:
            continue

        def fail(detail: str, number: int = number) -> StreamInputError:
            return StreamInputError(f"Invalid stream-json input at line {number}: {detail}")

        obj = _decode_object(line)
        if obj is None:
            raise fail("expected a JSON object.")
        allowed = _MESSAGE_KEYS if obj.get("type") == "message" else _COMMON_KEYS
        for key in obj:
            if key not in allowed:
                raise fail(f"unknown field {key}")
        try:
            version = _as_int(obj.get("schemaVersion"))
            event_type = _as_string(obj.get("type"))
            content = _as_string(obj.get("content"))
            role = _as_string(obj.get("role"))
            images = _as_images(obj.get("images"))
        except _WrongType:
            raise fail("expected a JSON object.") from None
        if version != schema_version:
            raise fail(f"schemaVersion must be {schema_version}")
        if not gotext.trim_space(content) and not images:
            raise fail("content is required")
        if event_type not in ("prompt", "message"):
            raise fail("type must be prompt or message")
        if event_type == "message" and role != "user":
            raise fail("role must be user")
        events += 1
        if gotext.trim_space(content):  # Go's TrimSpace: U+001C..U+001F are content
            contents.append(gotext.trim_space(content))
        raw_images.extend(images)
    if events == 0:
        raise StreamInputError("Stream-json input must include at least one prompt or user message event.")
    return StreamInput(prompt="\n\n".join(contents), images=tuple(_resolve_image(i) for i in raw_images))


def _resolve_image(image: _RawImage) -> ImageInput:
    too_big = StreamInputError(f"Stream-json image exceeds the {IMAGE_LIMIT} byte limit.")
    if len(image.data) // 4 * 3 > IMAGE_LIMIT:  # checked on the encoded length, before decoding
        raise too_big
    try:
        data = decode_base64_like_go(image.data.encode("utf-8"))
    except Base64Error as exc:
        raise StreamInputError(f"Stream-json image data is not valid base64: {exc}") from None
    if len(data) > IMAGE_LIMIT:
        raise too_big
    return ImageInput(media_type=normalize_media_type(image.media_type), data=data)


def normalize_media_type(original: str) -> str:
    value = gotext.trim_space(original).lower()
    if value.startswith("data:"):
        value = gotext.trim_space(value[len("data:") :].split(";", 1)[0])
    try:
        return _MEDIA_TYPES[value]
    except KeyError:
        raise StreamInputError(
            f"Stream-json image has an unsupported image media type {go_quote(original)}."
        ) from None


class Base64Error(Exception):
    """Go's base64.CorruptInputError: `illegal base64 data at input byte N`."""

    def __init__(self, offset: int) -> None:
        super().__init__(f"illegal base64 data at input byte {offset}")


_B64_ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_B64_VALUES = {char: index for index, char in enumerate(_B64_ALPHABET)}
_NEWLINES = (0x0A, 0x0D)
_B64_BODY = re.compile(rb"[A-Za-z0-9+/]*")


def decode_base64_like_go(src: bytes) -> bytes:
    """Standard padded base64 with Go's rules: CR/LF ignored, errors name the byte offset."""
    clean = src.replace(b"\n", b"").replace(b"\r", b"")
    body = clean.rstrip(b"=")
    if len(clean) % 4 == 0 and len(clean) - len(body) <= 2 and _B64_BODY.fullmatch(body):
        return base64.b64decode(clean)  # well-formed: the C decoder agrees with Go here
    out = bytearray()
    index = 0
    length = len(src)
    while True:
        quantum: list[int] = []
        while len(quantum) < 4:
            if index == length:
                if not quantum:
                    return bytes(out)
                if len(quantum) == 1:
                    raise Base64Error(index - 1)
                raise Base64Error(index - len(quantum))  # padding is required
            char = src[index]
            index += 1
            if char in _B64_VALUES:
                quantum.append(_B64_VALUES[char])
                continue
            if char in _NEWLINES:
                continue
            if char != 0x3D:  # '='
                raise Base64Error(index - 1)
            if len(quantum) < 2:
                raise Base64Error(index - 1)
            if len(quantum) == 2:  # expect a second '=' (newlines may sit between)
                while index < length and src[index] in _NEWLINES:
                    index += 1
                if index == length:
                    raise Base64Error(length)
                if src[index] != 0x3D:
                    raise Base64Error(index - 1)
                index += 1
            while index < length and src[index] in _NEWLINES:
                index += 1
            if index < length:
                raise Base64Error(index)  # trailing data after padding
            _append_quantum(out, quantum)
            return bytes(out)
        _append_quantum(out, quantum)


def _append_quantum(out: bytearray, quantum: list[int]) -> None:
    bits = 0
    for value in quantum:
        bits = (bits << 6) | value
    bits <<= 6 * (4 - len(quantum))
    chunk = bits.to_bytes(3, "big")
    out.extend(chunk[: len(quantum) - 1] if len(quantum) < 4 else chunk)
