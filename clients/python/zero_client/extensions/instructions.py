"""The run's instructions (`instructions=`), through Zero's own mechanism: the user guidelines file.

Zero puts `<user config dir>/zero/ZERO.md` (the first entry of that directory whose name is
`ZERO.md` in any case, a regular file) into every run's system prompt under "## User
guidelines (ZERO.md)", trimmed and capped at 8 KiB, before the project's AGENTS.md/ZERO.md
(internal/agent/system_prompt.go, userGuidelines). The run's private configuration layer is that
directory for the run, so the layer gets its own `ZERO.md`: the user's file (if any) followed by
the instructions. Zero then behaves as it would with the user's file alone, plus the
instructions; the user's file is only read.

Zero cuts the file at 8 KiB: when both do not fit, the user's part is cut (marked as Zero marks a
cut) so the instructions always arrive whole; instructions longer than the cap alone are refused.
"""

from __future__ import annotations

import os

#: Zero's cap on a guidelines file (maxProjectContextBytes, applied to the user file too).
GUIDELINES_CAP_BYTES = 8 << 10
GUIDELINES_FILE = "ZERO.md"
TRUNCATION_MARKER = "\n… (truncated)"
SEPARATOR = "\n\n"


class InstructionsError(ValueError):
    """Instructions that cannot reach the model whole (longer than Zero's cap)."""


def is_guidelines_file(name: str) -> bool:
    """Whether Zero would take a file of this name for the user guidelines."""
    return name.lower() == GUIDELINES_FILE.lower()


def check_instructions(instructions: str) -> str:
    """The instructions as Zero will see them (trimmed); an error when they cannot fit."""
    text = instructions.strip()
    size = len(text.encode())
    if size > GUIDELINES_CAP_BYTES:
        raise InstructionsError(
            f"instructions= has {size} bytes: Zero reads at most {GUIDELINES_CAP_BYTES} bytes of ZERO.md"
        )
    return text


def users_guidelines(real_zero_dir: str | None) -> str:
    """The user's own ZERO.md as Zero reads it (first case-insensitive match, trimmed), or ""."""
    if real_zero_dir is None:
        return ""
    try:
        names = sorted(os.listdir(real_zero_dir))
    except OSError:
        return ""
    for name in names:
        path = os.path.join(real_zero_dir, name)
        if is_guidelines_file(name) and not os.path.isdir(path):
            try:
                with open(path, encoding="utf-8", errors="replace") as file:
                    return file.read().strip()
            except OSError:
                return ""
    return ""


def merged_guidelines(users: str, instructions: str) -> str:
    """The user's guidelines then the instructions, within Zero's cap (the user's part is cut)."""
    text = check_instructions(instructions)
    if not users:
        return text
    room = GUIDELINES_CAP_BYTES - len(text.encode()) - len(SEPARATOR)
    data = users.encode()
    if len(data) > room:
        cut = max(0, room - len(TRUNCATION_MARKER.encode()))
        users = data[:cut].decode("utf-8", errors="ignore") + TRUNCATION_MARKER if cut else ""
    return users + SEPARATOR + text if users else text


def write_guidelines(zero_dir: str, real_zero_dir: str | None, instructions: str) -> None:
    """Puts the layer's ZERO.md in `zero_dir` in place of the links to the user's one."""
    for name in os.listdir(zero_dir):
        if is_guidelines_file(name):
            os.unlink(os.path.join(zero_dir, name))  # a link to the user's file: never written
    content = merged_guidelines(users_guidelines(real_zero_dir), instructions)
    fd = os.open(os.path.join(zero_dir, GUIDELINES_FILE), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as file:
        file.write(content + "\n")
