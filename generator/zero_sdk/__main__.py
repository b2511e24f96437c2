"""`python -m zero_sdk`: the zero-sdk command line."""

from zero_sdk.cli import main

main()
