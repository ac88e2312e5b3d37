"""PyScript entry point: wire up the menu, nothing more.

Kept tiny on purpose: page start must stay close to a bare PyScript page, so only what the menu
needs is imported here; room and PeerJS code are imported when the player creates or joins.
"""

from web.menu import start

menu = start()  # kept referenced: it owns the page's JS callbacks
