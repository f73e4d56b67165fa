"""Loading a configuration: the layers read, the registry built, every hook judged,
the problems found."""
