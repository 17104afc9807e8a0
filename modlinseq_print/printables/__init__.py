"""Printables: each builds a format-neutral Scene (or Document) from the model."""
