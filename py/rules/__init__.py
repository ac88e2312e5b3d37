"""The rules layer: cards, hand evaluation, each game's state machine and settlement.

Pure standard-library Python with no browser import, so the host, the guests, the
command-line tools and the tests all run the very same rules (under CPython or Pyodide).
"""
