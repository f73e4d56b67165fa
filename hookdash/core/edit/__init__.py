"""Writing files: atomic writes, JSON-with-comments text edits, switching, trust, fixes."""
