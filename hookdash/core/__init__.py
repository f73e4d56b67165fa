"""hookdash's pure domain: everything headless is built from here.

This package must never import Textual (a test enforces it), so the CLI stays fast and
the engine can be reused anywhere.
"""
