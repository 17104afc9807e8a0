"""Print-and-play kits: presets read from TOML and the kit document built from them."""
