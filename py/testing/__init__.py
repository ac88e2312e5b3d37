"""Test harnesses: real room code minus the network (never part of the page).

``testing`` may import any layer but ``web`` (tests/test_layers.py)."""
