"""The floor below load, run and edit: files on disk. Opening a file safely (never a FIFO
or a device, capped), replacing one atomically, hookdash's own state directory, what
hookdash remembers of a file it wrote, and handing large blocks of memory back."""
