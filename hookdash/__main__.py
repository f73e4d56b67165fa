from hookdash.cli import run

run()
