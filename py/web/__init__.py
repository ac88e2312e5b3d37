"""Browser layer: the only package that touches ``js``/``pyscript``/``pyodide``.

Thin on purpose: clicks become room messages and room views become DOM. Modules that need the
browser import it themselves; pure helpers (texts, links) stay importable under CPython so they can
be tested there.
"""
