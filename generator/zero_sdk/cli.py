"""The `zero-sdk` command line.

Subcommands are imported only when they run: `zero-sdk generate` must work even when the
generated bindings it is about to rewrite are missing or broken (the other commands import them).
A command whose extra is not installed still shows in `--help`, and says what to install when run.
"""

from __future__ import annotations

import importlib

import click

from zero_sdk.extras import DISTRIBUTION, EXIT_MISSING_EXTRA, missing_extra_message

# name -> (module, attribute, extra it needs) of each subcommand.
_COMMANDS: dict[str, tuple[str, str, str]] = {
    "batch": ("zero_sdk.batch_cmd", "batch_command", "cli"),
    "demo": ("zero_sdk.demo_cmd", "demo_command", "cli"),
    "export": ("zero_sdk.export_cmd", "export_command", "cli"),
    "generate": ("zero_sdk.generate_cmd", "generate", "gen"),
    "plugin": ("zero_sdk.plugin.cli", "plugin_group", "gen"),
    "record": ("zero_sdk.record_cmd", "record_command", "cli"),
    "replay": ("zero_sdk.replay_cmd", "replay_command", "cli"),
    "run": ("zero_sdk.run_cmd", "run_command", "cli"),
    "schema": ("zero_sdk.schema_diff", "schema_group", "cli"),
    "validate": ("zero_sdk.transcript_validate", "validate_command", "cli"),
}


def _needs_extra(name: str, message: str) -> click.Command:
    """A stand-in for a command whose extra is missing: any arguments, one line, exit 2."""

    def report() -> None:
        click.echo(f"Error: {message}", err=True)
        raise SystemExit(EXIT_MISSING_EXTRA)

    return click.Command(
        name,
        callback=report,
        help=message,
        short_help=message,
        context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
        add_help_option=False,
    )


class _LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(_COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in _COMMANDS:
            return None
        module, attribute, extra = _COMMANDS[cmd_name]
        message = missing_extra_message(f"zero-sdk {cmd_name}", extra)
        if message is not None:
            return _needs_extra(cmd_name, message)
        command = getattr(importlib.import_module(module), attribute)
        assert isinstance(command, click.Command)
        return command


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name=DISTRIBUTION)
def main() -> None:
    """zero-sdk: schema, bindings and clients for Zero's headless stream-json protocol."""
