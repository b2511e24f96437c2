"""The Python API as a user explores it: `dir()` lists the lazy exports."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


@pytest.mark.parametrize("module", ["zero_client", "zero_client.batch"])
def test_dir_lists_every_lazy_export_before_any_is_used(module: str) -> None:
    # A fresh interpreter: nothing of the module was looked up yet.
    program = f"import json, {module} as m; print(json.dumps([dir(m), m.__all__]))"
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=60, check=True
    )
    listed, exported = json.loads(done.stdout)
    assert sorted(set(exported) - set(listed)) == []
