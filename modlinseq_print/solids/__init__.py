"""Pieces as solids for 3D printing: tiles, markers and racks built with manifold3d, written as 3MF and STL."""
