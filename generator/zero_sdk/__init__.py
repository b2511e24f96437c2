"""zero_sdk: schema tooling (generator, diff, validate) and the zero-sdk command."""
