"""Running hooks: payloads, the planner, the shared engine, the OS processes, and the
logs of runs."""
