"""Matches and tournaments between bots."""

from masterbuilder.arena.match import GameResult, agent_seeds, play_game
from masterbuilder.arena.tournament import TournamentConfig, run_tournament, schedule, summarize_tournament

__all__ = [
    "GameResult",
    "TournamentConfig",
    "agent_seeds",
    "play_game",
    "run_tournament",
    "schedule",
    "summarize_tournament",
]
