"""Tests of the Caylus (2005) engine."""
