"""`python -m zero_sdk`: the zero-sdk command line (same entry as the console script)."""

from zero_sdk.entry import main

main()
