from hookdash.cli import main

raise SystemExit(main())
