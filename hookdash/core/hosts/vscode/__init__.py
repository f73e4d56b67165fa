"""VS Code's agent hooks: an agent hookdash scans. It has no hook file of its own in a
repository; it runs other agents' files (`also_run_by` in `hookdash scan`)."""
