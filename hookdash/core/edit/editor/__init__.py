"""The JSON-with-comments editor: targeted edits of a settings file's text that keep every
other byte, checked before use, and one write of a user or workspace settings file."""
