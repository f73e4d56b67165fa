"""Writing files, what every host shares: the JSON-with-comments editor (one hook's text
included), the edits' results, undo, and the import of Claude Code's hooks into Gemini's
files. Each host's own writes (switching, authoring, trust) are in core/hosts/<host>/."""
