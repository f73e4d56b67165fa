"""GitHub Copilot CLI: an agent hookdash scans; `scan` reads its project files as GitHub Copilot CLI
reads them (scan.py)."""
