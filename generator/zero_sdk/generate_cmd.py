"""`zero-sdk generate`: write the bindings of every language/version, or check they are current."""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

import click

from zero_sdk.emitters import EMITTERS, GeneratedFile
from zero_sdk.model import SchemaModelError, load_schema

__all__ = ["find_repo_root", "generate", "generate_files", "schema_versions"]


def find_repo_root(start: Path) -> Path:
    """The nearest folder at or above `start` holding `schema/` and `pyproject.toml`."""
    for candidate in (start, *start.parents):
        if (candidate / "schema").is_dir() and (candidate / "pyproject.toml").is_file():
            return candidate
    raise click.ClickException(f"no zero-sdk checkout (schema/ + pyproject.toml) at or above {start}")


def generate_files(root: Path, langs: list[str], versions: list[int]) -> list[GeneratedFile]:
    """Every file the chosen emitters generate from `root/schema/vN.json`."""
    files: list[GeneratedFile] = []
    for version in versions:
        relpath = f"schema/v{version}.json"
        schema = load_schema(root / relpath)
        for lang in langs:
            files += EMITTERS[lang]().emit(schema, relpath)
    return files


def schema_versions(root: Path) -> list[int]:
    """Every schemaVersion with a `schema/vN.json` file, ascending (a new bump is picked up as is)."""
    found = []
    for path in (root / "schema").glob("v*.json"):
        number = path.stem[1:]
        if number.isdigit():
            found.append(int(number))
    return sorted(found)


def _select_versions(root: Path, version: str) -> list[int]:
    available = schema_versions(root)
    if version == "all":
        return available
    if not version.isdigit() or int(version) not in available:
        choices = ", ".join(str(v) for v in available)
        raise click.BadParameter(f"{version!r}: expected `all` or one of {choices}", param_hint="--version")
    return [int(version)]


def _fix_command(lang: str, version: str) -> str:
    return f"zero-sdk generate --lang {lang} --version {version}"


@click.command("generate")
@click.option("--lang", type=click.Choice([*sorted(EMITTERS), "all"]), default="all", show_default=True)
@click.option(
    "--version",
    "version",
    default="all",
    show_default=True,
    help="A schemaVersion N (schema/vN.json must exist) or `all` (every schema/v*.json).",
)
@click.option("--check", is_flag=True, help="Fail (exit 1) with a diff if generated files are out of date.")
@click.option(
    "--root",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Repository root (default: found from the current directory).",
)
def generate(lang: str, version: str, check: bool, root: Path | None) -> None:
    """Generate the protocol bindings from schema/vN.json."""
    repo = find_repo_root((root or Path.cwd()).resolve())
    langs = sorted(EMITTERS) if lang == "all" else [lang]
    versions = _select_versions(repo, version)
    try:
        files = generate_files(repo, langs, versions)
    except SchemaModelError as exc:
        raise click.ClickException(f"invalid schema: {exc}") from None
    if not check:
        for generated in files:
            target = repo / generated.path
            target.parent.mkdir(parents=True, exist_ok=True)
            if not target.exists() or target.read_text(encoding="utf-8") != generated.text:
                target.write_text(generated.text, encoding="utf-8")
                click.echo(f"wrote {generated.path}")
        return
    stale = 0
    for generated in files:
        target = repo / generated.path
        current = target.read_text(encoding="utf-8") if target.exists() else ""
        if current != generated.text:
            stale += 1
            sys.stdout.writelines(
                difflib.unified_diff(
                    current.splitlines(keepends=True),
                    generated.text.splitlines(keepends=True),
                    fromfile=f"a/{generated.path}",
                    tofile=f"b/{generated.path} (regenerated)",
                )
            )
    if stale:
        click.echo(
            f"\n{stale} generated file(s) are out of date with schema/. Fix with:\n"
            f"  {_fix_command(lang, version)}",
            err=True,
        )
        sys.exit(1)
    click.echo(f"{len(files)} generated file(s) are up to date.")
