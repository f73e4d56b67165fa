"""What the dashboard does differently per host, one package per host (`tui/hosts/<host>`),
found by the host's name: the rest of `tui` never compares a host's name."""
