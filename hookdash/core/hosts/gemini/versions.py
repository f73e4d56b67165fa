"""What changes with the Gemini CLI version: the switches hookdash's verdicts follow.

hookdash's reference is Gemini CLI 0.61.0, and that is what it models when no Gemini CLI
is found. The differential harness (tests/gemini) ran these versions and found where their
behaviour differs in a way that changes a verdict; each switch names the first version
with the newer behaviour (read in the published bundles of the versions in between):

- `GEMINI_CLI_TRUST_WORKSPACE=false` makes the folder untrusted since 0.57.0; before, only
  `=true` was read, and the value `false` changed nothing.
- `GEMINI_RESTRICTED_MODE=true` makes the folder untrusted since 0.59.0 (checked before
  `GEMINI_CLI_TRUST_WORKSPACE=true`).
- The system settings files are read only when they and every directory above them are
  root-owned and not writable by group or others since 0.60.0.
- `security.folderTrust.enabled` defaults to true since 0.29.0; before, a folder with no
  trust decision was trusted.
- `tools.enableHooks: false` switched every hook off until 0.28.0, which removed it.
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from hookdash.core.hosts.gemini.installed import InstalledGemini

REFERENCE_VERSION = "0.61.0"
# The versions the differential harness ran and agreed with (README, "Version matrix").
VERIFIED_VERSIONS = ("0.26.0", "0.41.2", "0.60.0", "0.61.0")
FIRST_WITH_HOOKS = "0.26.0"

Version = tuple[int, int, int]


def parse_version(text: str | None) -> Version | None:
    """(major, minor, patch) of "0.61.0" or "0.62.0-nightly.20260901"; None otherwise."""
    match = re.match(r"^\s*v?(\d+)\.(\d+)\.(\d+)", text or "")
    if match is None:
        return None
    major, minor, patch = (int(part) for part in match.groups())
    return major, minor, patch


def _version(text: str) -> Version:
    """A version this module spells out (always well-formed)."""
    parsed = parse_version(text)
    assert parsed is not None, text
    return parsed


def _at_least(version: Version, first: str) -> bool:
    return version >= _version(first)


class GeminiModel(BaseModel):
    """Which Gemini CLI hookdash models, and the behaviour that follows from its version."""

    version: str  # the version modelled: the installed one, or the reference
    installed: InstalledGemini | None = None
    verified: bool = True  # the harness ran this exact version
    note: str | None = None  # one sentence when the modelled version is a guess

    trust_env_false: bool = True
    restricted_mode_env: bool = True
    system_files_need_root: bool = True
    folder_trust_default: bool = True
    tools_enable_hooks: bool = False

    @property
    def label(self) -> str:
        """How verdicts name it: "Gemini CLI 0.61.0"."""
        return f"Gemini CLI {self.version}"


def model_for(installed: InstalledGemini | None) -> GeminiModel:
    """The switches for the installed Gemini CLI (the reference when none or unknown)."""
    detected = installed.version if installed else None
    parsed = parse_version(detected)
    if installed is None or parsed is None:
        note = None
        if installed is not None:
            note = (
                f"hookdash could not tell which version {installed.path} is; it shows what "
                f"Gemini CLI {REFERENCE_VERSION} would do."
            )
        return GeminiModel(version=REFERENCE_VERSION, installed=installed, note=note)
    version = detected or REFERENCE_VERSION
    verified = parsed in {_version(v) for v in VERIFIED_VERSIONS}
    note = None
    if not _at_least(parsed, FIRST_WITH_HOOKS):
        note = (
            f"Gemini CLI {version} is older than {FIRST_WITH_HOOKS}, the first version whose "
            "hooks hookdash models; what it shows may not hold for it."
        )
    elif parsed > _version(REFERENCE_VERSION):
        note = (
            f"Gemini CLI {version} is newer than any version hookdash has been checked "
            f"against ({', '.join(VERIFIED_VERSIONS)}); it shows what {REFERENCE_VERSION} "
            "would do."
        )
    elif not verified:
        note = (
            f"Gemini CLI {version} has not been run by hookdash's harness (checked: "
            f"{', '.join(VERIFIED_VERSIONS)}); its verdicts follow the version differences "
            "known from those runs."
        )
    return GeminiModel(
        version=version,
        installed=installed,
        verified=verified,
        note=note,
        trust_env_false=_at_least(parsed, "0.57.0"),
        restricted_mode_env=_at_least(parsed, "0.59.0"),
        system_files_need_root=_at_least(parsed, "0.60.0"),
        folder_trust_default=_at_least(parsed, "0.29.0"),
        tools_enable_hooks=not _at_least(parsed, "0.28.0"),
    )


def describe_gemini(model: GeminiModel) -> str:
    """A few words on which Gemini CLI hookdash found and models (status lines)."""
    installed = model.installed
    if installed is None:
        return f"Gemini CLI not found: verdicts as for {model.version}"
    if installed.version is None:
        return f"Gemini CLI version unknown: verdicts as for {model.version}"
    return f"Gemini CLI {installed.version}" + ("" if model.verified else " (not verified)")
