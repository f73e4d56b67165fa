"""Recording trust of project hooks (Gemini's `trusted_hooks.json` plus hookdash's script
fingerprints), for exactly what the question showed."""
