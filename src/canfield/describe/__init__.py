"""The position in words (filled by the describe issue)."""
