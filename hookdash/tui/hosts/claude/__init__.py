"""The dashboard's Claude Code parts."""
