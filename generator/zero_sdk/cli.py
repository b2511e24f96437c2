"""The `zero-sdk` command line."""

from __future__ import annotations

import click

from zero_sdk.run_cmd import run_command


@click.group()
@click.version_option(package_name="zero-sdk")
def main() -> None:
    """zero-sdk: schema, bindings and clients for Zero's headless stream-json protocol."""


main.add_command(run_command)


from zero_sdk.generate_cmd import generate  # noqa: E402

main.add_command(generate)

from zero_sdk.schema_diff import schema_group  # noqa: E402

main.add_command(schema_group)

from zero_sdk.transcript_validate import validate_command  # noqa: E402

main.add_command(validate_command)
from zero_sdk.demo_cmd import demo_command  # noqa: E402

main.add_command(demo_command)
