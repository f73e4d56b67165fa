#!/usr/bin/env python3
"""Format the file Claude just edited."""

import json
import subprocess
import sys

data = json.load(sys.stdin)
path = data["tool_input"].get("file_path") or data["tool_response"].get("filePath")
if path and path.endswith(".py"):
    subprocess.run(["ruff", "format", path], check=False)
