"""The plugin system: hook specifications, the variant registry, and the core's own defaults."""
