"""Tests of the research adapters (masterbuilder.interop)."""
