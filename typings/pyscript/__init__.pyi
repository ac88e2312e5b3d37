"""Stub for PyScript, which ships no type information.

Honest about what it is: the browser objects are JavaScript proxies whose attributes mypy
cannot know, so they are typed `Any`. This stub only lets mypy check the Python around them.
"""

from typing import Any

document: Any
window: Any
