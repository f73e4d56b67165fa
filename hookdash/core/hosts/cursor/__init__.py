"""Cursor: an agent hookdash scans; `scan` reads its project files as Cursor
reads them (scan.py)."""
