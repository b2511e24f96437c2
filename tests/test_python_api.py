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


def test_protocol_classes_show_under_their_public_module() -> None:
    # The generator writes the classes into private `_models_vN` modules; `vN` is where they are
    # public, and what a type (the `Prompt` alias, a repr, help()) names at runtime.
    from zero_client import events, options, versions

    private = []
    for version, module in versions.MODULES.items():
        for name in module.__all__:
            value = getattr(module, name)
            if isinstance(value, type) and "._models_" in value.__module__:
                private.append(f"v{version}.{name}: {value.__module__}")
    assert private == []
    assert "_models_" not in repr(options.Prompt), repr(options.Prompt)
    assert events.PromptInput.__module__ == f"zero_client.versions.v{versions.LATEST_SCHEMA_VERSION}"
