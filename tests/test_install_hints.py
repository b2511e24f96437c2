"""Every install hint names a package that is ours (or one we already depend on).

The distribution used to be `zero-sdk` and the npm package `@zero-sdk/protocol`: on PyPI,
`zero-sdk` is an unrelated 2022 project and `zero-engine` an unrelated 2026 one, so a user
following a hint such as `pip install 'zero-sdk[otel]'` ran a stranger's code. The names are now
`zero-headless-sdk` on both registries; on 2026-12-03 PyPI and npm both answered 404 for it
(`curl -s -o /dev/null -w '%{http_code}' https://pypi.org/pypi/zero-headless-sdk/json` and
`https://registry.npmjs.org/zero-headless-sdk`), and also for npm's punctuation-free spelling.

This test reads every tracked text file (source, docs, README, tests, scripts, templates) and
every install command in it: `pip install`, `pipx install`, `uv add`/`uv pip install`, `npm
install`/`npm i`, `npm install-scripts approve`, `go get`/`go install`. Each package it names must
be ours, a path (a wheel or tarball of ours), or a dependency the project already declares.
Neither package is published yet, so a hint may not send a user to a registry for ours: `pip
install 'zero-headless-sdk[x]'` is allowed because pip takes the installed distribution and only
fetches the extra's dependencies (the missing-extra messages are shown by an installed copy); `npm
install zero-headless-sdk` and `go get <our module>` are not.
"""

from __future__ import annotations

import json
import re
import subprocess
import tomllib
from pathlib import Path

from zero_sdk.extras import DISTRIBUTION, missing_extra_message

ROOT = Path(__file__).resolve().parent.parent

OURS = "zero-headless-sdk"
#: Names that belong to someone else on the registry the hint would fetch from.
TAKEN = {"zero-sdk", "zero-engine", "zero_sdk", "zero_engine", "@zero-sdk/protocol"}
GO_MODULE = "github.com/zero-sdk/zero-sdk/clients/go"

# Recorded output of the real Zero (tool output, prompts) is data, not our advice.
SKIPPED_DIRS = ("conformance/",)
SKIPPED_FILES = {
    "clients/typescript/package-lock.json",
    "tests/test_install_hints.py",  # quotes the old names to say why
}

#: Packages a hint may name besides ours, each with why (the declared dependencies come on top).
OTHER_PYTHON = {
    "pip": "upgrading pip itself (scripts/bootstrap)",
    "opentelemetry-exporter-otlp-proto-grpc": "OTLP over grpc, which the otel extra leaves out",
}

_STOP = r"[^\n`#;|&)\"\\]*"
_COMMANDS = {
    "pip": re.compile(r"\b(?:pip3?|pipx|uv pip) install\b(" + _STOP + ")"),
    "uv": re.compile(r"\buv add\b(" + _STOP + ")"),
    "npm": re.compile(r"\b(?:npm|pnpm|yarn) (?:install|i|add)(?![\w-])(" + _STOP + ")"),
    "npm-approve": re.compile(r"\bnpm install-scripts approve\b(" + _STOP + ")"),
    "go": re.compile(r"\bgo (?:get|install)\b(" + _STOP + ")"),
}
#: Flags whose next word is a value, not a package.
_VALUE_FLAGS = {"-r", "-c", "-e", "-t", "-i", "--target", "--python", "--index-url", "--prefix", "-w"}
# Any `name[extra]` spelling of one of our extras names the distribution.
_EXTRA_SPELLING = re.compile(r"([A-Za-z0-9_.{}$/-]+)\[(?:cli|gen|otel|ray|dev)(?:,[a-z]+)*\]")


def _normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _tracked_text_files() -> list[tuple[str, str]]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    files = []
    for rel in listed.decode().split("\0"):
        if not rel or rel.startswith(SKIPPED_DIRS) or rel in SKIPPED_FILES:
            continue
        path = ROOT / rel
        if not path.is_file() or path.is_symlink():
            continue
        try:
            files.append((rel, path.read_text(encoding="utf-8")))
        except UnicodeDecodeError:
            continue
    return files


def _declared_python() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        requirements += extra
    return {_normalize(re.split(r"[<>=!~;\[ ]", req, maxsplit=1)[0]) for req in requirements}


def _declared_npm() -> set[str]:
    package = json.loads((ROOT / "clients/typescript/package.json").read_text(encoding="utf-8"))
    names: set[str] = set()
    for key in ("dependencies", "devDependencies", "peerDependencies"):
        names |= set(package.get(key, {}))
    return names


def _words(args: str) -> list[str]:
    words, skip = [], False
    for raw in args.split():
        word = raw.strip("'\"")
        if skip:
            skip = False
            continue
        if word in _VALUE_FLAGS:
            skip = True
            continue
        if not word or word.startswith("-") or word in {"...", "…"}:
            continue
        words.append(word)
    return words


def _is_placeholder(word: str) -> bool:
    return word.startswith(("{", "$", "<"))


def _problem(kind: str, word: str, declared_py: set[str], declared_npm: set[str]) -> str | None:
    if _is_placeholder(word):
        return None
    if kind in ("pip", "uv"):
        if "/" in word or word.endswith(".whl") or word in {".", ".."}:
            wheel = word.split("/")[-1].split("[")[0]
            if wheel.endswith(".whl") and not wheel.startswith(OURS.replace("-", "_") + "-"):
                return f"a wheel that is not ours: {word}"
            return None
        name = _normalize(re.split(r"[<>=!~\[]", word, maxsplit=1)[0])
        if name == OURS or name in declared_py or name in OTHER_PYTHON:
            return None
        return f"names the Python distribution {name!r}, which is not ours nor a declared dependency"
    if kind == "npm":
        if ("/" in word and not word.startswith("@")) or word.endswith(".tgz"):
            tarball = word.split("/")[-1]
            if tarball.endswith(".tgz") and not tarball.startswith(OURS + "-"):
                return f"a package tarball that is not ours: {word}"
            return None
        name = word if word.startswith("@") and word.count("@") == 1 else word.rsplit("@", 1)[0] or word
        if name == OURS:
            return f"sends the user to the npm registry for {OURS}, which is not published: use a path"
        if name in declared_npm:
            return None
        return f"names the npm package {name!r}, which is not ours nor a declared dependency"
    if kind == "npm-approve":
        return None if word == OURS else f"approves the install scripts of {word!r}, not of {OURS}"
    if kind == "go":
        module = word.split("@")[0]
        if module.startswith(GO_MODULE):
            return f"go get of {module}: the module is not published; README shows the replace directive"
        return f"names the Go module {module!r}, which is not ours"
    raise AssertionError(kind)


def test_the_packages_are_named_ours() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    package = json.loads((ROOT / "clients/typescript/package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "clients/typescript/package-lock.json").read_text(encoding="utf-8"))
    names = {
        "pyproject.toml": project["name"],
        "zero_sdk.extras.DISTRIBUTION": DISTRIBUTION,
        "package.json": package["name"],
        "package-lock.json": lock["name"],
        "package-lock.json packages['']": lock["packages"][""]["name"],
    }
    assert {where: name for where, name in names.items() if name != OURS} == {}
    assert OURS not in TAKEN
    message = missing_extra_message("zero-sdk x", "ray") or ""
    assert not message or message.endswith(f"pip install '{OURS}[ray]'"), message


def test_every_install_hint_names_our_package_or_a_declared_dependency() -> None:
    declared_py, declared_npm = _declared_python(), _declared_npm()
    problems, seen = [], 0
    for rel, text in _tracked_text_files():
        for number, line in enumerate(text.splitlines(), 1):
            for kind, pattern in _COMMANDS.items():
                for match in pattern.finditer(line):
                    for word in _words(match.group(1)):
                        seen += 1
                        problem = _problem(kind, word, declared_py, declared_npm)
                        if problem:
                            problems.append(f"{rel}:{number}: {problem}: {line.strip()}")
            for match in _EXTRA_SPELLING.finditer(line):
                name = match.group(1).split("/")[-1]
                if _is_placeholder(name) or name.endswith(".whl") or name.startswith(("{", "$")):
                    if name.endswith(".whl") and not name.startswith(OURS.replace("-", "_") + "-"):
                        problems.append(f"{rel}:{number}: the extra of a wheel not ours: {line.strip()}")
                    continue
                if _normalize(name) != OURS:
                    problems.append(f"{rel}:{number}: the extra of {name!r}, not of {OURS}: {line.strip()}")
            for taken in ("@zero-sdk/", "zero_sdk-0.", "zero-sdk-protocol"):
                if taken in line:
                    problems.append(f"{rel}:{number}: names {taken!r} (someone else's name): {line.strip()}")
    assert seen > 20, f"only {seen} install commands found: the scan is broken"
    assert problems == [], "\n".join(problems)
