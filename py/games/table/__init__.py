"""Table policy every game shares, independent of any game's rules.

* :mod:`games.table.fair`: the provably fair deal's flow (commit, nonces, deal, reveal), the
  dealing orders it publishes, and :class:`~games.table.fair.FairDealing`, the glue every game
  extends;
* :mod:`games.table.dealcheck`: a player's browser reading a game's views against the order;
* :mod:`games.table.presence`: who sits here, who is connected, who is away since when, who
  was removed mid-hand (played out);
* :mod:`games.table.clock`: the grace period, the decision timer and auto-deal;
* :mod:`games.table.ledger`: the session ledger's view and fitting a view under the wire cap.

A game composes these pieces (see :mod:`games.ultimate`): it decides what a hand is; they
decide who is dealt in, when a decision times out and how the deal is proven.
"""
