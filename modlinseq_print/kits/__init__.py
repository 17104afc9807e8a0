"""Print-and-play kits: presets read from TOML (preset_loading, presets) and the kit document built from them
(build), with the tile sheets, manifests and cut files of a kit's pieces (piece_files). The front door's
`mp.kit("standard")` (api.kit) builds one."""
