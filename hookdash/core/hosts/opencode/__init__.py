"""OpenCode: an agent hookdash scans; `scan` reads its project files as OpenCode
reads them (scan.py)."""
