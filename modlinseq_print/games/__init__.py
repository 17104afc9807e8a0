"""Companion games: pure referees for Mod 13 and the Convoluted Coprimality Game (no rendering)."""
