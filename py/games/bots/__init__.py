"""The bots' brains, one module per family of games (each exposes ``BRAIN``, a
:class:`room.bots.Brain`), found through the catalogue by :mod:`games.bots.registry`."""
