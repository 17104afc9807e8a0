"""Small helpers for the words of messages: counts with the right plural."""


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 tile', '2 tiles' (or the given plural form): a count and its noun."""
    return f"{count} {word if count == 1 else many or word + 's'}"
