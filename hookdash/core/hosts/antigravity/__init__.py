"""Antigravity CLI: an agent hookdash scans; `scan` reads its project files as Antigravity CLI
reads them (scan.py)."""
