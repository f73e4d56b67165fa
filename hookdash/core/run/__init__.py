"""Running hooks, what every host shares: the hook's OS process, the `--input` override,
the run log and its feed, saved payloads. Each host's payloads, planner and firing are in
core/hosts/<host>/."""
