"""Rendering: the format-neutral scene, paper layout, and one writer module per output format."""
