from clubdesk.cli import main

raise SystemExit(main())
