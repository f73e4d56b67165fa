"""Gemini CLI's own semantics, as the shipped 0.61 implements them: nothing of hookdash's."""
