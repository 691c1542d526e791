"""Run the command-line interface: ``python -m rollwerk``."""

from rollwerk.cli._main import main

raise SystemExit(main())
