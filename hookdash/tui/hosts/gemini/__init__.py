"""Gemini CLI on the dashboard (`host`: what it registers)."""
