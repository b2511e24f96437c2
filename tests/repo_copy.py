"""The one copy-and-regenerate fixture: a throwaway copy of this repository to change and regenerate.

Every test that edits generated files, regenerates with other hash seeds, or bumps the schema
(the v3 rehearsal) works on a `RepoCopy`, never on the checkout. The copy holds everything that
generation, the clients and the test suite read (node_modules is symlinked, caches are left out),
and its commands run the *copy's* code: PYTHONPATH points at its generator, client and engine.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
COPIED = ("schema", "generator", "templates", "clients", "conformance", "engine", "tests", "docs")
IGNORED = shutil.ignore_patterns(
    "node_modules", "__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache", "*.egg-info", "dist"
)


class RepoCopy:
    """A copy of the repository at `root`; `python`, `zero_sdk` and `run` execute in it."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(
                str(root / part) for part in ("generator", "clients/python", "engine")
            ),
        }

    def run(
        self,
        argv: list[str],
        *,
        check: bool = True,
        cwd: Path | None = None,
        env: dict[str, str] | None = None,
        timeout: float = 300,
    ) -> subprocess.CompletedProcess[str]:
        proc = subprocess.run(
            argv, cwd=cwd or self.root, env={**self.env, **(env or {})}, capture_output=True, text=True,
            timeout=timeout, check=False,
        )  # fmt: skip
        if check and proc.returncode != 0:
            raise AssertionError(
                f"{' '.join(argv)}: exit {proc.returncode}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}"
            )
        return proc

    def python(self, code: str, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return self.run([sys.executable, "-c", code, *args], check=check)

    def zero_sdk(self, *args: str, check: bool = True, seed: str = "0") -> subprocess.CompletedProcess[str]:
        code = "import sys; from zero_sdk.cli import main; main(sys.argv[1:])"
        return self.run([sys.executable, "-c", code, *args], check=check, env={"PYTHONHASHSEED": seed})

    def generate(self, *args: str, check: bool = True, seed: str = "0") -> subprocess.CompletedProcess[str]:
        return self.zero_sdk("generate", "--root", str(self.root), *args, check=check, seed=seed)


def copy_repo(destination: Path) -> RepoCopy:
    """Copy the repository into `destination` (created) and check that its code is what runs."""
    destination.mkdir(parents=True, exist_ok=True)
    for name in COPIED:
        shutil.copytree(REPO / name, destination / name, ignore=IGNORED, symlinks=True)
    shutil.copy2(REPO / "pyproject.toml", destination / "pyproject.toml")
    modules = REPO / "clients" / "typescript" / "node_modules"
    if modules.is_dir():
        (destination / "clients" / "typescript" / "node_modules").symlink_to(
            modules, target_is_directory=True
        )
    copy = RepoCopy(destination)
    where = copy.python("import zero_sdk, zero_client; print(zero_sdk.__file__); print(zero_client.__file__)")
    assert all(line.startswith(str(destination)) for line in where.stdout.splitlines()), where.stdout
    return copy
