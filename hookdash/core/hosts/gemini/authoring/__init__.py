"""Writing Gemini CLI's hooks: add one, change its fields, remove it, and the form's draft
and review (Claude Code's: hosts/claude/authoring.py; one hook's text, the same shape in
both, is core.edit.editor.hook_text)."""
