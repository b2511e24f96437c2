"""The `zero-sdk` command line.

Subcommands are imported only when they run: `zero-sdk generate` must work even when the
generated bindings it is about to rewrite are missing or broken (the other commands import them).
"""

from __future__ import annotations

import importlib

import click

# name -> (module, attribute) of each subcommand.
_COMMANDS: dict[str, tuple[str, str]] = {
    "demo": ("zero_sdk.demo_cmd", "demo_command"),
    "generate": ("zero_sdk.generate_cmd", "generate"),
    "record": ("zero_sdk.record_cmd", "record_command"),
    "replay": ("zero_sdk.replay_cmd", "replay_command"),
    "run": ("zero_sdk.run_cmd", "run_command"),
    "schema": ("zero_sdk.schema_diff", "schema_group"),
    "validate": ("zero_sdk.transcript_validate", "validate_command"),
}


class _LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(_COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in _COMMANDS:
            return None
        module, attribute = _COMMANDS[cmd_name]
        command = getattr(importlib.import_module(module), attribute)
        assert isinstance(command, click.Command)
        return command


@click.group(cls=_LazyGroup)
@click.version_option(package_name="zero-sdk")
def main() -> None:
    """zero-sdk: schema, bindings and clients for Zero's headless stream-json protocol."""
