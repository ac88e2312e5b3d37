"""Games: each game a small module behind the room's game interface, over one shared table
policy (seating and the button, clocks and grace, the fair-deal flow, chips/cents ledgers).

Imports point down: ``games`` may import ``room`` and ``rules``; ``room`` never imports a game
(the page hands the room a factory from the registry); only ``web`` touches the browser.
"""
