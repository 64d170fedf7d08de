"""Errors shared by every game."""


class IllegalAction(ValueError):
    """An action that is not legal in the current state.

    ``reason`` is a sentence a player can read ("You have only 3 coins; the wage is 4.").
    The state that refused the action is left exactly as it was.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
