"""The room layer: the host-authoritative protocol between one host and its guests.

Sans-IO on purpose (h11-style): the host room takes events (a connection opened, a text
arrived, time passed) and returns what to send; it never touches a socket or reads a clock.
That keeps every rule about who may do what testable under plain CPython, with the very
same code the browser runs. Imports only ``rules`` and the standard library.
"""
