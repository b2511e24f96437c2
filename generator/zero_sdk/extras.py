"""Which optional dependencies ("extras") each part of the `zero-sdk` command needs.

The base distribution depends on msgspec (and tree-sitter-bash, which the engine parses shell commands
with); the client and the engine need nothing else, so
the command line checks for its extras itself and says in one line what to install, exit 2,
instead of ending in an ImportError traceback.
"""

from __future__ import annotations

import importlib.util

__all__ = ["DISTRIBUTION", "EXIT_MISSING_EXTRA", "EXTRAS", "missing_extra_message"]

#: The name pip knows this project by (pyproject.toml): `zero-sdk` on PyPI is someone else's.
DISTRIBUTION = "zero-headless-sdk"
EXIT_MISSING_EXTRA = 2

#: extra name -> the modules it provides (import names, as pyproject.toml's extras install them).
EXTRAS: dict[str, tuple[str, ...]] = {
    "cli": ("click", "rich"),
    "gen": ("click", "rich", "jinja2", "datamodel_code_generator"),
    "ray": ("ray",),
    "tools": ("mcp",),
}


def missing_extra_message(what: str, extra: str) -> str | None:
    """None if every module of `extra` can be imported, else the one-line message for `what`."""
    missing = [name for name in EXTRAS[extra] if importlib.util.find_spec(name) is None]
    if not missing:
        return None
    return (
        f"{what} needs the `{extra}` extra (missing: {', '.join(missing)}): "
        f"pip install '{DISTRIBUTION}[{extra}]'"
    )
