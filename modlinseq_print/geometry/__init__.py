"""The address model: cells, addresses, board shapes, patterns and wrap (pure Python)."""
