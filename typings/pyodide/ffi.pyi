"""Stub for `pyodide.ffi` (Pyodide is not installed under CPython).

`JsProxy` stands for any JavaScript object; its attributes are unknown to mypy, so they are
`Any`. The callback wrappers return proxies, typed `Any` for the same reason.
"""

from typing import Any

class JsProxy:
    def __getattr__(self, name: str) -> Any: ...

def create_once_callable(obj: Any) -> Any: ...
