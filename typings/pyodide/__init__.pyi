"""Stub for Pyodide, which is not installed under CPython: only what the page imports."""
