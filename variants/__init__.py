"""The built-in variants, each a plugin that uses only the public API (as a third party would)."""
