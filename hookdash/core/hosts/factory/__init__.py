"""Factory droid: an agent hookdash scans; `scan` reads its project files as Factory droid
reads them (scan.py)."""
