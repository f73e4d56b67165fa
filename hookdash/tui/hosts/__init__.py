"""What a host's hooks need on the dashboard that no other host's do (its form's fields,
its plan's view, its review, its firing), one package per agent: `tui/hosts/<agent>/`,
found by the host's name. The screens outside it treat every host alike."""
