"""The `zero-sdk` command line."""

from __future__ import annotations

import click


@click.group()
@click.version_option(package_name="zero-sdk")
def main() -> None:
    """zero-sdk: schema, bindings and clients for Zero's headless stream-json protocol."""
