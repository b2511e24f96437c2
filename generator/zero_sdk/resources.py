"""The generator's data files: the protocol schemas and the code templates, as package data.

`schema/` and `templates/` at the repository root are the only copy. `zero_sdk/schema` and
`zero_sdk/templates` are symlinks to them, so one lookup serves every install: a wheel ships the
files inside the package (setuptools follows the links), and an editable install reads the
checkout's files through the links. Everything that needs a schema or a template asks this module.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

__all__ = ["schema_file", "schema_versions", "schemas_dir", "templates_dir"]


def schemas_dir() -> Traversable:
    """The folder holding `vN.json` for every schemaVersion this copy of zero-sdk knows."""
    return files("zero_sdk") / "schema"


def templates_dir(lang: str) -> Traversable:
    """The jinja2 templates of one language's emitter (`templates/<lang>/` in the repository)."""
    return files("zero_sdk") / "templates" / lang


def schema_versions() -> list[int]:
    """Every schemaVersion with a packaged `vN.json`, ascending."""
    found = []
    for entry in schemas_dir().iterdir():
        name = entry.name
        if name.startswith("v") and name.endswith(".json") and name[1:-5].isdigit():
            found.append(int(name[1:-5]))
    return sorted(found)


def schema_file(version: int) -> Traversable:
    """The packaged `vN.json`; `LookupError` names the versions there are if N is not one of them."""
    entry = schemas_dir() / f"v{version}.json"
    if not entry.is_file():
        known = ", ".join(str(v) for v in schema_versions()) or "none"
        raise LookupError(f"no schema for schemaVersion {version} (this zero-sdk has: {known})")
    return entry
