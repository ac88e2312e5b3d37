"""The bots' brains, one module per game family, each exposing ``BRAIN``
(a :class:`room.bots.Brain`)."""
