"""rules.ed25519 against RFC 8032's test vectors (§7.1), and what it must refuse."""

from __future__ import annotations

import pytest
from rules.ed25519 import L, P, public_key, sign, verify

# RFC 8032 §7.1: TEST 1, TEST 2, TEST 3, TEST SHA(abc) — (secret seed, public key, message, sig)
VECTORS = [
    ("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
     "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bac"
     "c61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
    ("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
     "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e"
     "458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
    ("c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
     "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290"
     "ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
    ("833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
     "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a8"
     "36ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
     "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909351fc9ac90b3ec"
     "fdfbc7c66431e0303dca179c138ac17ad9bef1177331a704"),
]


@pytest.mark.parametrize(("seed", "public", "message", "signature"), VECTORS)
def test_rfc8032_vectors(seed, public, message, signature):
    seed_b, msg = bytes.fromhex(seed), bytes.fromhex(message)
    assert public_key(seed_b).hex() == public
    assert sign(seed_b, msg).hex() == signature
    assert sign(seed_b, msg, bytes.fromhex(public)).hex() == signature
    assert verify(bytes.fromhex(public), msg, bytes.fromhex(signature))


def flip(data: bytes, index: int, bit: int = 1) -> bytes:
    changed = bytearray(data)
    changed[index] ^= bit
    return bytes(changed)


def test_any_changed_bit_of_message_key_or_signature_fails():
    _seed, public_hex, message_hex, sig_hex = VECTORS[2]
    public, message, sig = (bytes.fromhex(x) for x in (public_hex, message_hex, sig_hex))
    assert not verify(public, flip(message, 0), sig)
    assert not verify(public, message + b"\0", sig)
    for i in (0, 17, 31):
        assert not verify(flip(public, i), message, sig)
    for i in (0, 31, 32, 50, 63):
        assert not verify(public, message, flip(sig, i))
    other = public_key(bytes.fromhex(VECTORS[0][0]))
    assert not verify(other, message, sig)


def test_malformed_inputs_are_false_not_errors():
    _seed, public_hex, message_hex, sig_hex = VECTORS[1]
    public, message, sig = (bytes.fromhex(x) for x in (public_hex, message_hex, sig_hex))
    assert not verify(public[:31], message, sig)
    assert not verify(public, message, sig[:63])
    assert not verify(public, message, sig + b"\0")
    assert not verify("not bytes", message, sig)  # type: ignore[arg-type]
    # S + L is the same scalar mod L: a malleable copy the RFC requires to be refused.
    s = int.from_bytes(sig[32:], "little")
    assert not verify(public, message, sig[:32] + (s + L).to_bytes(32, "little"))
    # A key whose y is not below p (non-canonical) and a y with no x on the curve.
    assert not verify(P.to_bytes(32, "little"), message, sig)
    no_point = next(y for y in range(2, 100)
                    if not verify(y.to_bytes(32, "little"), b"", bytes(64))
                    and _off_curve(y))
    assert not verify(no_point.to_bytes(32, "little"), message, sig)


def _off_curve(y: int) -> bool:
    from rules.ed25519 import _recover_x

    return _recover_x(y, 0) is None


def test_seeds_must_be_32_bytes():
    for bad in (b"", bytes(31), bytes(33), "x" * 32):
        with pytest.raises(ValueError, match="32 bytes"):
            public_key(bad)  # type: ignore[arg-type]


def test_signatures_are_deterministic_and_bound_to_the_key():
    a, b = bytes(range(32)), bytes(range(1, 33))
    msg = b"uomaha"
    assert sign(a, msg) == sign(a, msg)
    assert verify(public_key(a), msg, sign(a, msg))
    assert not verify(public_key(b), msg, sign(a, msg))
