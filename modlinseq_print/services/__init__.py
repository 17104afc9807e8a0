"""Files print-on-demand services and virtual tabletops take as they are: upload bundles and Tabletop Simulator."""
