"""Console entry point for `zero-engine`."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    sys.stderr.write(f"zero-engine: not implemented yet: {args}\n")
    return 1
