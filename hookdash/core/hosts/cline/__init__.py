"""Cline: an agent hookdash scans; `scan` reads its project files as Cline
reads them (scan.py)."""
