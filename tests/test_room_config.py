"""signal/ice URL parameters to PeerJS options, and share links."""

from __future__ import annotations

import pytest
from room.config import parse_ice, parse_signal, peer_options, read_params, share_link
from room.errors import CodeError, ConfigError
from room.identity import key_of


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("localhost:9000", ("localhost", 9000, "/", False)),
        ("127.0.0.1:9000/myapp", ("127.0.0.1", 9000, "/myapp", False)),
        ("[::1]:9000", ("[::1]", 9000, "/", False)),
        ("peer.example.org:443", ("peer.example.org", 443, "/", True)),
        ("wss://peer.example.org", ("peer.example.org", 443, "/", True)),
        ("https://peer.example.org:8443/p/q", ("peer.example.org", 8443, "/p/q", True)),
        ("ws://lan-box:9000", ("lan-box", 9000, "/", False)),
        ("http://lan-box", ("lan-box", 80, "/", False)),
        ("ws://peer.example.org:443", ("peer.example.org", 443, "/", False)),
        ("  my-host.local:65535/  ", ("my-host.local", 65535, "/", False)),
        ("WSS://Peer.Example.org:1", ("Peer.Example.org", 1, "/", True)),
    ],
)
def test_signal(text, expected):
    host, port, path, secure = expected
    assert parse_signal(text) == {"host": host, "port": port, "path": path, "secure": secure}


@pytest.mark.parametrize("text", [None, "", "   "])
def test_signal_absent_means_peerjs_cloud(text):
    assert parse_signal(text) == {}


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("localhost", "needs a port"),
        ("localhost:0", "1 to 65535"),
        ("localhost:65536", "1 to 65535"),
        ("localhost:abc", "'abc'"),
        ("localhost:", "''"),
        ("localhost:٩٠", "1 to 65535"),
        ("::1:9000", "brackets"),
        ("[::1:9000", "unclosed"),
        ("[nope]:9000", "IPv6"),
        ("[::1]x:9000", "unexpected"),
        ("300.1.1.1:9000", "IPv4"),
        ("bad_host:9000", "host name"),
        ("-bad.example:9000", "host name"),
        (":9000", "host name"),
        ("host:9000/pa th", "path"),
        ("host:9000/a?b", "path"),
        ("ftp://host:21", "scheme"),
    ],
)
def test_signal_errors_name_the_value(text, words):
    with pytest.raises(ConfigError) as info:
        parse_signal(text)
    assert str(info.value).startswith("signal:")
    assert words in str(info.value)
    assert info.value.code == "config/invalid"


def test_ice():
    assert parse_ice(None) is None
    assert parse_ice("") == [] and parse_ice("none") == [] and parse_ice(" NONE ") == []
    assert parse_ice("stun:stun.l.google.com:19302, stun:[2001:db8::1]") == [
        {"urls": "stun:stun.l.google.com:19302"},
        {"urls": "stun:[2001:db8::1]"},
    ]
    assert parse_ice("turns:ann:p:w@turn.example.org:5349") == [
        {"urls": "turns:turn.example.org:5349", "username": "ann", "credential": "p:w"}
    ]
    assert parse_ice("turn:u:p@10.0.0.1?transport=udp") == [
        {"urls": "turn:10.0.0.1?transport=udp", "username": "u", "credential": "p"}
    ]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("stun.example.org", "must start with"),
        ("http://stun.example.org", "must start with"),
        ("stun:host,,stun:other", "empty entry"),
        ("stun:host,", "empty entry"),
        ("turn:host:3478", "user:pass@host"),
        ("turn:user@host:3478", "user:pass@host"),
        ("turn::pass@host", "user:pass@host"),
        ("stun:u:p@host", "no user:pass@"),
        ("stun:host?transport=tcp", "takes no ?transport"),
        ("turn:u:p@host?transport=sctp", "transport=udp"),
        ("stun:host:99999", "1 to 65535"),
        ("stun:bad host", "host name"),
    ],
)
def test_ice_errors_name_the_value(text, words):
    with pytest.raises(ConfigError) as info:
        parse_ice(text)
    assert str(info.value).startswith("ice:")
    assert words in str(info.value)


def test_peer_options():
    assert peer_options() == {}
    assert peer_options(None, "none") == {"config": {"iceServers": []}}
    assert peer_options("127.0.0.1:9000", "stun:s.example") == {
        "host": "127.0.0.1", "port": 9000, "path": "/", "secure": False,
        "config": {"iceServers": [{"urls": "stun:s.example"}]},
    }


def test_read_params():
    assert read_params("?room=abcd234&signal=h%3A9000&ice=") == {
        "room": "abcd234", "signal": "h:9000", "ice": ""}
    assert read_params("") == {}


def test_share_link():
    assert share_link("https://omaha.example/", "abcd-234") == "https://omaha.example/?room=ABCD234"
    assert share_link("https://omaha.example", "ABCD234") == "https://omaha.example/?room=ABCD234"
    link = share_link(
        "http://127.0.0.1:8000/index.html?room=OLD&debug=1#frag",
        "ABCD234",
        {"signal": "127.0.0.1:9000/app", "ice": "", "room": "XXXXXXX", "debug": "1"},
    )
    assert link == "http://127.0.0.1:8000/index.html?room=ABCD234&signal=127.0.0.1:9000/app&ice="
    link = share_link("https://o.example/", "ABCD234", {"ice": "turn:u:p&x@t.example"})
    assert read_params(link.split("?", 1)[1])["ice"] == "turn:u:p&x@t.example"  # survives


def test_share_link_carries_the_room_key():
    key = key_of("host-token-abcdefghij")
    link = share_link("https://o.example/", "ABCD234", {"signal": "h:1"}, key=key)
    assert link == f"https://o.example/?room=ABCD234&signal=h:1&k={key}"
    with pytest.raises(ConfigError):
        share_link("https://o.example/", "ABCD234", key="not a key")


def test_share_link_errors():
    with pytest.raises(ConfigError):
        share_link("omaha.example", "ABCD234")
    with pytest.raises(CodeError):
        share_link("https://omaha.example/", "ABC")
