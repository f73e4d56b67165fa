"""The dashboard's screens: the hook list (main), problems, help."""
