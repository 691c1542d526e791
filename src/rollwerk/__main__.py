"""Run the command-line interface: ``python -m rollwerk``."""

from rollwerk.cli import main

raise SystemExit(main())
