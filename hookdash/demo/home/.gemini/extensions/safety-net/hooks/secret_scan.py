#!/usr/bin/env python3
"""BeforeTool hook for write_file|replace: deny writes that contain secrets."""

import json
import re
import sys

SECRETS = [
    (r"AKIA[0-9A-Z]{16}", "an AWS access key id"),
    (r"(?i)aws_secret_access_key\s*[=:]\s*['\"]?[A-Za-z0-9/+=]{40}", "an AWS secret key"),
    (r"-----BEGIN (RSA |EC |OPENSSH )?PRIVATE KEY-----", "a private key"),
    (r"\bghp_[A-Za-z0-9]{36}\b", "a GitHub token"),
    (r"\bsk-[A-Za-z0-9]{32,}\b", "an API secret key"),
]


def main() -> int:
    event = json.load(sys.stdin)
    tool_input = event.get("tool_input", {})
    text = "\n".join(str(tool_input.get(k, "")) for k in ("content", "new_string"))
    for pattern, what in SECRETS:
        if re.search(pattern, text):
            where = tool_input.get("file_path", "the file")
            print(
                json.dumps(
                    {
                        "decision": "deny",
                        "reason": f"secret-scan: the new content of {where} contains {what}. "
                        "Read secrets from the environment instead.",
                    }
                )
            )
            return 0
    print("{}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
