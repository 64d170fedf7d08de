"""Matches and tournaments between bots."""

from masterbuilder.arena.match import GameResult, agent_seeds, play_game

__all__ = ["GameResult", "agent_seeds", "play_game"]
