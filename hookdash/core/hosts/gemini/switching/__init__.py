"""Switching hooks off and on: the disabled lists, the global switch, the safe fixes, and
how the switched hooks will read once loaded again."""
