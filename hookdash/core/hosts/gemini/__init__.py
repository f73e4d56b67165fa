"""Gemini CLI's own rules, as the shipped 0.61 implements them (its files, layers, events,
matchers, planner, runner, trust), and hookdash's operations that only Gemini's files have
(firing through its runner, switching hooks with its disabled lists, recording trust in
its trusted_hooks.json). What every host shares is in core, outside core/hosts/; Claude
Code's rules are in hosts/claude/."""
