"""Writing hooks: add one, change its fields, remove it, and the form's draft and review."""
