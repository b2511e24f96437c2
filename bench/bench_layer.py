"""Goal 13: the cost of a run's private configuration layer (docs/extensions.md) with the user's
plugins in it.

Every SDK run with custom tools, hooks or instructions writes a layer before Zero starts, and
removes it afterwards. Most of the user's config home is linked, but `zero/plugins` (with
`specialists` and `commands`) is mirrored, a hard link per file, because Zero's sandbox keeps
only a real directory readable. Measured: writing and removing a layer for a user with one
plugin of N files, against the same for a user with none, in interleaved rounds (medians; ratio =
with plugin / without, lower is better). The layers go to a directory of bench/out (a layer root
may not be under /tmp, where every run's commands can write).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from benchlib import BENCH_DIR, Row, Settings, interleaved, last_spread

GOAL = "13 layer"
PLUGIN_FILES = (20, 2_000)  # a script plugin; one with its node_modules


def _home(base: Path, files: int) -> Path:
    home = base / f"home-{files}"
    zero = home / ".config" / "zero"
    zero.mkdir(parents=True)
    (zero / "config.json").write_text('{"maxTurns": 20}\n')
    for index in range(files):
        folder = zero / "plugins" / "big" / f"dir{index // 100}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"file{index}.js").write_text("module.exports = 1;\n" * 10)
    return home


def _layer_round_trip(home: Path) -> Callable[[], object]:
    from zero_client.extensions.layer import LayerSpec, new_layer_dir, write_layer

    def run() -> None:
        write_layer(new_layer_dir(), {"HOME": str(home)}, LayerSpec()).remove()

    return run


def run(settings: Settings) -> list[Row]:
    repeat = max(5, settings.startup_repeat * 2)
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="zero-bench-layer-") as tmp:
        base = Path(tmp)
        before = os.environ.get("ZERO_SDK_LAYER_ROOT")
        (BENCH_DIR / "out").mkdir(exist_ok=True)
        layers = tempfile.mkdtemp(prefix="layers-", dir=BENCH_DIR / "out")
        os.environ["ZERO_SDK_LAYER_ROOT"] = layers
        try:
            bare = _layer_round_trip(_home(base, 0))
            for files in PLUGIN_FILES:
                med = interleaved({"bare": bare, "plugin": _layer_round_trip(_home(base, files))}, repeat)
                spread = last_spread.get("plugin", (0.0, 0.0))
                rows.append(
                    Row(
                        goal=GOAL,
                        name=f"write + remove a run's layer, the user has a plugin of {files:,} files",
                        subject=f"{med['plugin'] * 1e3:.2f} ms",
                        baseline=f"the same without plugins {med['bare'] * 1e3:.2f} ms",
                        ratio=med["plugin"] / med["bare"] if med["bare"] > 0 else None,
                        target="reported (paid once per SDK run)",
                        met=None,
                        note=f"medians of {repeat}; per-round bare/plugin {spread[0]:.2f}-{spread[1]:.2f}",
                        data={"plugin_seconds": med["plugin"], "bare_seconds": med["bare"], "files": files},
                    )
                )
        finally:
            shutil.rmtree(layers, ignore_errors=True)
            if before is None:
                os.environ.pop("ZERO_SDK_LAYER_ROOT", None)
            else:
                os.environ["ZERO_SDK_LAYER_ROOT"] = before
    return rows
