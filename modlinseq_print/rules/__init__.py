"""The rules engine: modular-linear sequences, positions, blocked cells, wild tiles, turns and scores."""
