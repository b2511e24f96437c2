"""zero_engine: an embedded, offline implementation of headless `zero exec`."""
