"""Tests of The Builders: Middle Ages (rules cite the Polish rulebook by section)."""
