"""Tabnine CLI: an agent hookdash scans; `scan` reads its project files as Tabnine CLI
reads them (scan.py)."""
