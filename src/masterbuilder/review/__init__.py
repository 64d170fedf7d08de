"""Game review: the strong bot grades every decision of a finished game (``masterbuilder review``)."""

from masterbuilder.review.engine import Decision, Judgement, Review, decisions, judge, review

__all__ = ["Decision", "Judgement", "Review", "decisions", "judge", "review"]
