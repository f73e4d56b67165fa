"""Goose: an agent hookdash scans; `scan` reads its project files as Goose
reads them (scan.py)."""
