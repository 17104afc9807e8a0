"""CLI commands, one module each; every module has register(subparsers)."""
