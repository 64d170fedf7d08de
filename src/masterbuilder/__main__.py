"""python -m masterbuilder: the masterbuilder command."""

from masterbuilder.cli import main

main()
