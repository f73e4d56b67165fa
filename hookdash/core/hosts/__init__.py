"""The agents hookdash manages, one package each: what is that agent's own rule (the files
it reads, its events and what each event's matcher is tested against, its matcher
semantics, its planner rules) behind the same small surface.

Today `claude` lives here; Gemini CLI's rules are still in `core.gemini` and `core.load`
until they move beside it.
"""
