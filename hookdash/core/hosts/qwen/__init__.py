"""Qwen Code: an agent hookdash scans; `scan` reads its project files as Qwen Code
reads them (scan.py)."""
