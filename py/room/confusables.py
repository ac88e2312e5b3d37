"""Unicode's confusable skeleton (UTS #39, section 4), for telling player names apart.

Two strings are *confusable* when their skeletons are equal: ``skeleton`` decomposes (NFD),
replaces every character by its prototype from Unicode's ``confusables.txt`` (Cyrillic ``а``
→ Latin ``a``, Greek ``Ο`` → Latin ``O``, digit ``0`` → ``O``, ``I`` → ``l``...) and decomposes
again. The table is :mod:`room.confusables_data`, generated from Unicode's file by
``tools/gen_confusables.py``; it is parsed once, on first use (a few milliseconds), because
only the host's room needs it.

>>> skeleton("H\\u0430na") == skeleton("Hana")  # Cyrillic a
True
>>> skeleton("B0b") == skeleton("BOb")
True
"""

from __future__ import annotations

import unicodedata
from functools import cache
from types import MappingProxyType


@cache
def table() -> MappingProxyType[str, str]:
    """Character → its prototype (one or more characters), read once from the data module."""
    from room.confusables_data import DATA

    mapping: dict[str, str] = {}
    for line in DATA.splitlines():
        if not line:
            continue
        target, sources = line.split(":")
        proto = "".join(chr(int(cp, 16)) for cp in target.split())
        for src in sources.split(","):
            mapping[chr(int(src, 16))] = proto
    return MappingProxyType(mapping)


def skeleton(text: str) -> str:
    """UTS #39 ``skeleton(X)``: NFD, each character to its prototype, NFD again."""
    protos = table()
    mapped = "".join(protos.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)
