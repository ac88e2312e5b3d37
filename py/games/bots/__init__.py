"""The bots' brains, one module per game family (each exposes ``BRAIN``, a
:class:`room.bots.Brain`), found through the catalogue's ``GameEntry.brain``."""
