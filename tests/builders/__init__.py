"""Tests of The Builders: Middle Ages (rules cite the Polish rulebook, shared/seeds/002_*)."""
