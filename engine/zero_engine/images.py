"""`--image` loading (docs/protocol.md 1.11): existence, regular file, 10 MiB cap, type by content."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from zero_engine.provider import ImageInput

IMAGE_LIMIT = 10 * 1024 * 1024


class ImageLoadError(Exception):
    """A usage error (exit 2) with the exact upstream message."""


def sniff_media_type(head: bytes) -> str | None:
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if head.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if head.startswith((b"GIF87a", b"GIF89a")):
        return "image/gif"
    if head[:4] == b"RIFF" and head[8:14] == b"WEBPVP":
        return "image/webp"
    return None


def load_image(path_text: str, workspace: Path) -> ImageInput:
    path = Path(path_text)
    resolved = path if path.is_absolute() else workspace / path
    try:
        info = os.stat(resolved)
    except FileNotFoundError:
        raise ImageLoadError(f"image file not found: {path_text}") from None
    except OSError as exc:
        raise ImageLoadError(f"cannot open image {path_text}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise ImageLoadError(f"image file must be a regular file: {path_text}")
    if info.st_size > IMAGE_LIMIT:
        raise ImageLoadError(f"image {path_text} is larger than the 10 MiB limit")
    try:
        with open(resolved, "rb") as handle:
            data = handle.read(IMAGE_LIMIT + 1)
    except OSError as exc:
        raise ImageLoadError(f"cannot read image {path_text}: {exc.strerror or exc}") from None
    if len(data) > IMAGE_LIMIT:
        raise ImageLoadError(f"image {path_text} is larger than the 10 MiB limit")
    media_type = sniff_media_type(data[:32])
    if media_type is None:
        raise ImageLoadError(f"unsupported image type for {path_text} (allowed: png, jpeg, gif, webp)")
    return ImageInput(media_type=media_type, data=data)
