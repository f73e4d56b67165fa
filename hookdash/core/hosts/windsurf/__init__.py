"""Windsurf: an agent hookdash scans; `scan` reads its project files as Windsurf
reads them (scan.py)."""
