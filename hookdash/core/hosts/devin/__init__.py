"""Devin Desktop: an agent hookdash scans; `scan` reads its project files as Devin Desktop
reads them (scan.py)."""
