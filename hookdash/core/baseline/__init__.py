"""Your own hooks, watched: a baseline of every user-level hook of every coding agent on the
machine, and of each script they run, kept in hookdash's state directory. Anything new or
changed since you last looked is a finding (`user-hook-changed`) and a red banner in the
dashboard, until you accept it (`hookdash baseline accept`, or B in the dashboard).

- `sources`: what each agent's room says it reads from your home (its `user_hooks`
  module), found without a list of agents here;
- `watched`: those files read (capped, never a FIFO), their hooks and the scripts they run;
- `store`: the baseline file (0600, written atomically);
- `compare`: what changed since, with its diff, and the findings;
- `patterns`: known bad patterns in a repository (an executable under .claude/,
  `node .github/*.js` in a hook, a VS Code task that runs on folder open).
"""
