"""The dashboard (Textual). Screens and widgets over `hookdash.core`; no domain logic.

Layout:
- `app.py`      HookdashApp: owns `config` (the loaded Configuration), reloads it in a
                thread worker, runs core's DirectoryWatcher on the files it was read
                from, app-wide actions.
- `loading.py`  what a load gives the app (configuration, other agents' line, watch
                targets) and the first load, started before Textual is imported.
- `commands.py` every action once: key, Footer label, palette entry, help text.
- `styles.py`   finds the .tcss files (source tree or installed wheel).
- `colors.py`   Rich styles from the current theme (tree labels, details).
- `screens/`    base (HookdashScreen: the app typed, config and theme followed once),
                hooks (main), switch (which file and list to disable in), confirm,
                fire, plan, trust (review), log (live), problems, help. Each screen's
                rules are in styles/<screen>.tcss, nested under its type.
- `widgets/`    hook_tree, hook_details, banners, status_line, empty_state, run_list
                (the live log's line-API list), run_view (a run as Rich renderables).

Importing this package does not import Textual; `hookdash.tui.app` does.
"""
