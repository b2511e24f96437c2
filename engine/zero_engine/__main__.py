from zero_engine.cli import main

raise SystemExit(main())
