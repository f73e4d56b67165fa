"""Amp: an agent hookdash scans; `scan` reads its project files as Amp
reads them (scan.py)."""
