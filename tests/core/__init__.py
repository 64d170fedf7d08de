"""Tests of the game-agnostic core API."""
