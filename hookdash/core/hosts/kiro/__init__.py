"""Kiro: an agent hookdash scans; `scan` reads its project files as Kiro
reads them (scan.py)."""
