"""Codex CLI: an agent hookdash scans; `scan` reads its project files as Codex CLI
reads them (scan.py)."""
