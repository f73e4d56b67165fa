"""Giving the bytes back: the journal of one action's writes and its undo, what a disable
replaced, and which keys hookdash itself created."""
