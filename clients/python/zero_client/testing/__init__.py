"""zero_client.testing: tools for testing code that drives Zero, against zero-engine or the real binary.

- `FakeModelServer` (`fake_model`): a loopback OpenAI-compatible model server that plays a script.
- `script`: the typed builder and JSON form of those scripts (format: docs/testing.md).

Stdlib only (beyond zero_client's own dependencies); never imports the engine.
"""

from zero_client.testing.config_files import ZeroConfig, ZeroConfigError
from zero_client.testing.fake_model import FakeModelServer, RecordedRequest
from zero_client.testing.script import DONE, Reply, Script, ScriptError

__all__ = [
    "DONE",
    "FakeModelServer",
    "RecordedRequest",
    "Reply",
    "Script",
    "ScriptError",
    "ZeroConfig",
    "ZeroConfigError",
]
