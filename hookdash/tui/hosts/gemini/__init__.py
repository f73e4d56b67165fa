"""The dashboard's Gemini CLI parts."""
