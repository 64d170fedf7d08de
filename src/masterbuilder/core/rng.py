"""A small seeded random number generator whose output never depends on the Python version.

Every random event of a game (shuffles, the first player) is drawn from one of these, seeded from the
game's seed, so a record ``(game, players, seed, options, actions)`` replays exactly anywhere.
"""

from collections.abc import MutableSequence
from typing import Final, TypeVar

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_SPAN: Final = 1 << 64


class SplitMix64:
    """SplitMix64 (Steele, Lea and Flood, 2014): fast, tiny, and good enough for shuffling cards."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next_u64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _SPAN - (_SPAN % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
