"""Turn the page's ``?signal=`` and ``?ice=`` URL parameters into PeerJS options.

Default (no parameters): the public PeerJS cloud server and PeerJS's own ICE servers — the
site works as deployed with nothing to configure. ``signal`` points at a self-hosted
PeerServer (a LAN party, the e2e tests); ``ice`` replaces the STUN/TURN list.

Decisions:

* ``signal`` is ``[scheme://]host[:port][/path]``. Without a scheme the port is required and
  the connection is secure exactly when the port is 443. ``wss://``/``https://`` force secure,
  ``ws://``/``http://`` force plain, and then the port defaults to 443 / 80. The path defaults
  to ``/``. An IPv6 host is written in brackets and kept in brackets (PeerJS pastes the host
  into a URL).
* ``ice`` is a comma-separated list of ``stun:host[:port]``, ``turn:user:pass@host[:port]`` or
  ``turns:user:pass@host[:port]`` (an optional ``?transport=udp|tcp`` is kept). An empty value
  or ``none`` means *no* ICE servers (loopback/LAN only, as the offline e2e tests need);
  leaving the parameter out keeps PeerJS's defaults.

Bad values raise :class:`ConfigError` naming the parameter and the value.

>>> parse_signal('localhost:9000')
{'host': 'localhost', 'port': 9000, 'path': '/', 'secure': False}
>>> parse_ice('stun:stun.example.org:3478')
[{'urls': 'stun:stun.example.org:3478'}]
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from room.codes import normalize_code
from room.errors import ConfigError
from room.identity import is_key

_LABEL_RE = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
_PATH_RE = re.compile(r"/[A-Za-z0-9._~/-]*")
_SCHEMES = (("wss://", True), ("https://", True), ("ws://", False), ("http://", False))
_LINK_PARAMS = ("signal", "ice")


def _host(text: str, what: str) -> str:
    """A hostname, IPv4 address or bracketed IPv6 address, else ConfigError."""
    if text.startswith("[") and text.endswith("]"):
        try:
            ipaddress.IPv6Address(text[1:-1])
        except ValueError:
            raise ConfigError(f"{what}: {text!r} is not an IPv6 address") from None
        return text
    if ":" in text:
        raise ConfigError(f"{what}: write an IPv6 address in brackets, like [::1], not {text!r}")
    labels = text.split(".")
    if labels and all(label.isdigit() for label in labels):
        try:
            ipaddress.IPv4Address(text)
        except ValueError:
            raise ConfigError(f"{what}: {text!r} is not an IPv4 address") from None
        return text
    if not text or len(text) > 253 or not all(_LABEL_RE.fullmatch(lab) for lab in labels):
        raise ConfigError(f"{what}: {text!r} is not a valid host name")
    return text


def _split_host_port(text: str, what: str) -> tuple[str, str | None]:
    """Split ``host[:port]`` (IPv6 in brackets) without judging either part yet."""
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise ConfigError(f"{what}: unclosed '[' in {text!r}")
        host, rest = text[: end + 1], text[end + 1 :]
        if rest and not rest.startswith(":"):
            raise ConfigError(f"{what}: unexpected {rest!r} after the host in {text!r}")
        return host, (rest[1:] if rest else None)
    if text.count(":") > 1:
        raise ConfigError(f"{what}: write an IPv6 address in brackets, like [::1], not {text!r}")
    host, colon, port = text.partition(":")
    return host, (port if colon else None)


def _port(text: str, what: str) -> int:
    if not text.isdigit() or not text.isascii() or not 1 <= int(text) <= 65535:
        raise ConfigError(f"{what}: port must be a number from 1 to 65535, got {text!r}")
    return int(text)


def parse_signal(text: str | None) -> dict[str, Any]:
    """PeerJS options ``{host, port, path, secure}`` for a ``signal`` value; ``{}`` if absent.

    >>> parse_signal('wss://peer.example.org/omaha')
    {'host': 'peer.example.org', 'port': 443, 'path': '/omaha', 'secure': True}
    >>> parse_signal('peer.example.org')
    Traceback (most recent call last):
    ...
    room.errors.ConfigError: signal: 'peer.example.org' needs a port, like host:9000
    """
    if text is None or not text.strip():
        return {}
    raw = text.strip()
    rest, secure = raw, None
    for prefix, is_secure in _SCHEMES:
        if rest.lower().startswith(prefix):
            rest, secure = rest[len(prefix) :], is_secure
            break
    else:
        if "://" in rest:
            raise ConfigError(f"signal: unsupported scheme in {raw!r}; use wss:// or ws://")
    slash = rest.find("/")
    hostport, path = (rest, "/") if slash < 0 else (rest[:slash], rest[slash:])
    if not _PATH_RE.fullmatch(path):
        raise ConfigError(f"signal: path {path!r} may hold only letters, digits and . _ ~ / -")
    host_text, port_text = _split_host_port(hostport, "signal")
    host = _host(host_text, "signal")
    if port_text is None:
        if secure is None:
            raise ConfigError(f"signal: {raw!r} needs a port, like host:9000")
        port = 443 if secure else 80
    else:
        port = _port(port_text, "signal")
    if secure is None:
        secure = port == 443
    return {"host": host, "port": port, "path": path, "secure": secure}


def _ice_server(entry: str) -> dict[str, str]:
    scheme, colon, rest = entry.partition(":")
    scheme = scheme.lower()
    if not colon or scheme not in ("stun", "turn", "turns"):
        raise ConfigError(f"ice: {entry!r} must start with stun:, turn: or turns:")
    query = ""
    if "?" in rest:
        rest, _, q = rest.partition("?")
        if q not in ("transport=udp", "transport=tcp"):
            raise ConfigError(f"ice: only ?transport=udp or ?transport=tcp is allowed in {entry!r}")
        if scheme == "stun":
            raise ConfigError(f"ice: a stun server takes no ?transport in {entry!r}")
        query = "?" + q
    server: dict[str, str] = {}
    if scheme == "stun":
        if "@" in rest:
            raise ConfigError(f"ice: a stun server takes no user:pass@ in {entry!r}")
    else:
        userinfo, at, rest = rest.rpartition("@")
        user, colon2, password = userinfo.partition(":")
        if not at or not colon2 or not user or not password:
            raise ConfigError(f"ice: {scheme} needs user:pass@host, got {entry!r}")
        server = {"username": user, "credential": password}
    host_text, port_text = _split_host_port(rest, "ice")
    host = _host(host_text, "ice")
    url = f"{scheme}:{host}" + ("" if port_text is None else f":{_port(port_text, 'ice')}")
    return {"urls": url + query, **server}


def parse_ice(text: str | None) -> list[dict[str, str]] | None:
    """RTCIceServer dicts for an ``ice`` value; None (PeerJS defaults) if absent.

    >>> parse_ice('turn:ann:pw@t.example:3478?transport=tcp')
    [{'urls': 'turn:t.example:3478?transport=tcp', 'username': 'ann', 'credential': 'pw'}]
    >>> parse_ice('none')
    []
    """
    if text is None:
        return None
    stripped = text.strip()
    if stripped == "" or stripped.lower() == "none":
        return []
    entries = [e.strip() for e in stripped.split(",")]
    if any(not e for e in entries):
        raise ConfigError(f"ice: empty entry in {text!r} (stray comma?)")
    return [_ice_server(e) for e in entries]


def peer_options(signal: str | None = None, ice: str | None = None) -> dict[str, Any]:
    """The options object for ``new Peer(id, options)`` from the two URL parameters.

    >>> peer_options('127.0.0.1:9000', '')
    {'host': '127.0.0.1', 'port': 9000, 'path': '/', 'secure': False, 'config': {'iceServers': []}}
    >>> peer_options()
    {}
    """
    options = parse_signal(signal)
    servers = parse_ice(ice)
    if servers is not None:
        options["config"] = {"iceServers": servers}
    return options


def read_params(query: str) -> dict[str, str]:
    """The page's query string (``?room=...&signal=...``) as a dict; last value wins."""
    return dict(parse_qsl(query.lstrip("?"), keep_blank_values=True))


def share_link(
    base_url: str,
    code: str,
    params: Mapping[str, str | None] | None = None,
    key: str | None = None,
    invite: str | None = None,
) -> str:
    """The link a host shares: ``base_url`` with ``?room=CODE``, keeping ``signal``/``ice``,
    and ``k=KEY``, the room's public key (:mod:`room.identity`), so that even a guest's first
    join checks that whoever answers at the room's address is its host, and ``i=INVITE``, the
    room's invitation (:func:`room.admission.invite_for`: with approval on, only a newcomer
    who has it may ask for a seat).

    Other parameters and any fragment of ``base_url`` are dropped: the link carries the room
    and the network settings a guest needs to reach the same signalling server, nothing else.

    >>> share_link('https://omaha.example/?room=OLD#x', 'abcd234', {'signal': 'h:9000'})
    'https://omaha.example/?room=ABCD234&signal=h:9000'
    >>> share_link('https://omaha.example/', 'ABCD234', key='A' * 43)[-46:-40]
    '&k=AAA'
    """
    parts = urlsplit(base_url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ConfigError(f"share link: {base_url!r} is not an http(s) address")
    query: list[tuple[str, str]] = [("room", normalize_code(code))]
    for name in _LINK_PARAMS:
        value = (params or {}).get(name)
        if value is not None:
            query.append((name, value))
    if key is not None:
        if not is_key(key):
            raise ConfigError(f"share link: {key!r} is not a room key")
        query.append(("k", key))
    if invite is not None:
        if not re.fullmatch(r"[A-Za-z0-9_-]{22}", invite):
            raise ConfigError(f"share link: {invite!r} is not an invitation")
        query.append(("i", invite))
    return urlunsplit(
        (parts.scheme, parts.netloc, parts.path or "/", urlencode(query, safe=":/@,[]"), "")
    )
