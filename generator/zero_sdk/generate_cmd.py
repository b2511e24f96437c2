"""`zero-sdk generate`: write the bindings of every language/version, or check they are current."""

from __future__ import annotations

import difflib
import shlex
import sys
from dataclasses import replace
from importlib.resources import as_file
from pathlib import Path

import click

from zero_sdk import resources
from zero_sdk.emitters import EMITTERS, EmitTarget, EmitterError, GeneratedFile
from zero_sdk.model import Schema, SchemaModelError, check_upgrade_chain, load_schema

__all__ = [
    "find_repo_root",
    "generate",
    "generate_files",
    "load_schemas",
    "print_drift",
    "schema_versions",
    "write_files",
]


def find_repo_root(start: Path) -> Path:
    """The nearest folder at or above `start` holding `schema/` and `pyproject.toml`."""
    for candidate in (start, *start.parents):
        if (candidate / "schema").is_dir() and (candidate / "pyproject.toml").is_file():
            return candidate
    raise click.ClickException(f"no zero-sdk checkout (schema/ + pyproject.toml) at or above {start}")


def load_schemas(root: Path | None) -> list[Schema]:
    """Every `root/schema/vN.json` (root None: the packaged schemas) as a model, ascending, with
    their upgrade tables checked."""
    schemas = []
    for version in schema_versions(root):
        if root is not None:
            schemas.append(load_schema(root / f"schema/v{version}.json"))
        else:
            with as_file(resources.schema_file(version)) as path:
                schemas.append(load_schema(path))
    check_upgrade_chain(schemas)
    return schemas


def generate_files(
    root: Path | None, langs: list[str], versions: list[int] | None = None, target: EmitTarget | None = None
) -> list[GeneratedFile]:
    """Every file the chosen emitters generate from `root/schema/vN.json`.

    `versions` picks the per-version files (None = all); each language's registry, which needs
    every version, is always generated.
    """
    schemas = load_schemas(root)
    wanted = [s for s in schemas if versions is None or s.version in versions]
    files: list[GeneratedFile] = []
    for lang in langs:
        emitter = EMITTERS[lang](replace(target or EmitTarget(), repo=root))
        for schema in wanted:
            files += emitter.emit(schema, f"schema/v{schema.version}.json")
        files += emitter.emit_registry(schemas)
    if target is None or target.out is None:
        # The plugin manifest's bindings (schema/plugin/v1.json), in this repository's layout.
        from zero_sdk.plugin.emit import manifest_binding_files

        files += manifest_binding_files(root, langs)
    return files


def write_files(files: list[GeneratedFile], destination: Path) -> None:
    """Write each file under `destination` whose text differs, saying which (`wrote PATH`).
    An `OSError` names the file that could not be written."""
    for generated in files:
        target = destination / generated.path
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            if not target.exists() or target.read_text(encoding="utf-8") != generated.text:
                target.write_text(generated.text, encoding="utf-8")
                click.echo(f"wrote {generated.path}")
        except OSError as exc:
            raise OSError(f"cannot write {target}: {exc.strerror or exc}") from None


def print_drift(files: list[GeneratedFile], destination: Path) -> int:
    """Print a unified diff (on stdout) of every file under `destination` that differs from what
    would be generated; the number of such files."""
    stale = 0
    for generated in files:
        target = destination / generated.path
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
    return stale


def schema_versions(root: Path | None) -> list[int]:
    """Every schemaVersion with a `schema/vN.json` file, ascending (a new bump is picked up as is).

    root None: the schemas packaged with this zero-sdk."""
    if root is None:
        return resources.schema_versions()
    found = []
    for path in (root / "schema").glob("v*.json"):
        number = path.stem[1:]
        if number.isdigit():
            found.append(int(number))
    return sorted(found)


def _select_versions(root: Path | None, version: str) -> list[int]:
    available = schema_versions(root)
    if version == "all":
        return available
    if not version.isdigit() or int(version) not in available:
        choices = ", ".join(str(v) for v in available)
        raise click.BadParameter(f"{version!r}: expected `all` or one of {choices}", param_hint="--version")
    return [int(version)]


class _GenerateFailed(click.ClickException):
    """An emitter failed (a tool it runs, e.g. datamodel-code-generator): said in one message,
    exit 2 like the other errors that are not about the bindings being out of date."""

    exit_code = 2


def _fix_command(
    lang: str, version: str, root: Path | None, out: Path | None, package: str | None
) -> str:
    """The command that regenerates what --check found stale, with the options as given, --root
    included: without it, the fix would read another checkout's schemas (or, with --out, the
    packaged ones) than those the check read."""
    command = f"zero-sdk generate --lang {lang} --version {version}"
    if root is not None:
        command += f" --root {shlex.quote(str(root))}"
    if out is not None:
        command += f" --out {shlex.quote(str(out))}"
    if package is not None:
        command += f" --package {shlex.quote(package)}"
    return command


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
    help="Repository root whose schema/ to read (default: the checkout around the current directory; "
    "with --out, the schemas this zero-sdk ships).",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Write self-contained bindings + runtime into DIR instead of this repository's layout.",
)
@click.option("--package", default=None, help="Import path / package / module name to generate under.")
def generate(
    lang: str, version: str, check: bool, root: Path | None, out: Path | None, package: str | None
) -> None:
    """Generate the protocol bindings from schema/vN.json."""
    # With --out nothing is written into a checkout, so the packaged schemas serve unless --root
    # names one: an installed zero-sdk generates into a user's project from any folder.
    repo: Path | None
    if out is not None:
        repo, destination = (find_repo_root(root.resolve()) if root is not None else None), out.resolve()
    else:
        repo = destination = find_repo_root((root or Path.cwd()).resolve())
    langs = sorted(EMITTERS) if lang == "all" else [lang]
    versions = _select_versions(repo, version)
    try:
        files = generate_files(repo, langs, versions, EmitTarget(out=out and out.resolve(), package=package))
    except SchemaModelError as exc:
        raise click.ClickException(f"invalid schema: {exc}") from None
    except ValueError as exc:  # an emitter refusing the target (e.g. Go --out without --package)
        raise click.UsageError(str(exc)) from None
    except EmitterError as exc:
        raise _GenerateFailed(str(exc)) from None
    if not check:
        try:
            write_files(files, destination)
        except OSError as exc:  # an output folder that cannot be created or written
            raise _GenerateFailed(str(exc)) from None
        return
    stale = print_drift(files, destination)
    if stale:
        click.echo(
            f"\n{stale} generated file(s) are out of date with schema/. Fix with:\n"
            f"  {_fix_command(lang, version, root, out, package)}",
            err=True,
        )
        sys.exit(1)
    click.echo(f"{len(files)} generated file(s) are up to date.")
