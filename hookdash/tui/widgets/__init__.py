"""The dashboard's widgets: each shows one part of a configuration snapshot."""
