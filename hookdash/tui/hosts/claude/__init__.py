"""Claude Code on the dashboard: its hook form and fields, its plan screen and fire result,
its facts in the details pane, its review, its firing, and the import of its hooks."""
