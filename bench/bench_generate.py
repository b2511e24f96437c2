"""Goal 7: wall time of `zero-sdk generate` (all languages, all versions) and of `--check`.

`generate` writes into a scratch copy of the repository (schema/, templates/, pyproject.toml),
so the checked-in bindings are never touched; `--check` runs read-only on the checkout itself.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from benchlib import PYTHON, ROOT, VENV_BIN, Row, Settings, bench_env


def _wall(argv: list[str], cwd: Path) -> tuple[float, str]:
    start = time.perf_counter()
    proc = subprocess.run(argv, cwd=cwd, capture_output=True, env=bench_env(), check=False)
    elapsed = time.perf_counter() - start
    return elapsed, "" if proc.returncode == 0 else proc.stderr.decode(errors="replace")[-300:]


def run(settings: Settings) -> list[Row]:
    zero_sdk = str(VENV_BIN / "zero-sdk")
    repeat = max(1, min(settings.repeat, 5))
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="zero-bench-gen-") as tmp:
        scratch = Path(tmp)
        for name in ("schema", "templates"):
            if (ROOT / name).is_dir():
                shutil.copytree(ROOT / name, scratch / name)
        shutil.copy(ROOT / "pyproject.toml", scratch / "pyproject.toml")
        cases = {
            "generate": (
                [zero_sdk, "generate", "--lang", "all", "--version", "all", "--root", str(scratch)],
                scratch,
            ),
            "check": ([zero_sdk, "generate", "--check"], ROOT),
            "bare": ([PYTHON, "-c", "pass"], ROOT),
        }
        times: dict[str, list[float]] = {name: [] for name in cases}
        errors: dict[str, str] = {}
        for _ in range(repeat):
            for name, (argv, cwd) in cases.items():
                elapsed, error = _wall(argv, cwd)
                times[name].append(elapsed)
                if error:
                    errors[name] = error
        generated = sorted(str(p.relative_to(scratch)) for p in scratch.rglob("*")
                           if p.is_file() and p.parts[len(scratch.parts)] not in ("schema", "templates")
                           and p.name != "pyproject.toml")
    med = {name: statistics.median(values) for name, values in times.items()}
    for name, label in (("generate", "`zero-sdk generate` (all langs, all versions) into a scratch copy"),
                        ("check", "`zero-sdk generate --check` (drift check) on the checkout")):
        note = f"median of {repeat}"
        if name == "generate":
            note += f"; wrote {len(generated)} files"
        if name in errors:
            note += f"; FAILED: {errors[name].strip().splitlines()[-1] if errors[name].strip() else '?'}"
        rows.append(Row(
            goal="7 generator",
            name=label,
            subject=f"{med[name] * 1e3:.0f} ms",
            baseline=f"python -c pass {med['bare'] * 1e3:.0f} ms",
            ratio=med[name] / med["bare"],
            target="wall time (reported)",
            met=None if name not in errors else False,
            note=note,
            data={"medians": med, "files": generated},
        ))
    return rows
