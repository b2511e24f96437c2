"""zero_client: the reference Python client for Zero headless stream-json."""
