"""Ed25519 signatures (RFC 8032), pure Python: the room's players prove who they are with them.

Why our own: the page runs on Pyodide, where no wheel with a C Ed25519 is guaranteed, and the
room needs only three operations on 32-byte keys: derive a key pair from a 32-byte secret seed,
sign, verify. Big integers are native in Python, so the curve is a few dozen lines.

How it is fast enough: points are kept in extended twisted Edwards coordinates
``(X:Y:Z:T)`` (no inversion until the end, RFC 8032 §5.1.4); multiples of the base point
come from a table of ``j · 16**i · B`` (64 windows × 15 points, built once on first use, in
"Niels" form ``(Y+X, Y-X, 2dT)`` so one addition costs 7 multiplications), so ``[a]B`` is
64 additions and no doubling; a variable point (``[k]A`` in verify) uses a 4-bit window.

Verification is the RFC's cofactorless check ``[S]B == R + [k]A`` on canonical encodings:
``S`` must be below the group order, ``A`` and ``R`` must decode (y below p, x = 0 only with
the sign bit clear). This is not constant-time: Python's integers are not, and here it does
not matter (the secrets are derived from a rejoin token that lives in the same browser).

>>> secret = bytes(32)
>>> public = public_key(secret)
>>> signature = sign(secret, b"hello")
>>> verify(public, b"hello", signature), verify(public, b"hellO", signature)
(True, False)
"""

from __future__ import annotations

import hashlib
from functools import cache

P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493
"""The order of the base point's group."""
D = -121665 * pow(121666, -1, P) % P
D2 = 2 * D % P
SQRT_M1 = pow(2, (P - 1) // 4, P)
SEED_BYTES = 32
KEY_BYTES = 32
SIGNATURE_BYTES = 64

_BY = 4 * pow(5, -1, P) % P
Point = tuple[int, int, int, int]
"""Extended coordinates (X, Y, Z, T) with x = X/Z, y = Y/Z, x·y = T/Z."""
Niels = tuple[int, int, int]
"""An affine point as (y+x, y-x, 2·d·x·y), ready to be added."""
IDENTITY: Point = (0, 1, 1, 0)


def _recover_x(y: int, sign: int) -> int | None:
    """The x with x² = (y² − 1)/(d·y² + 1) and parity ``sign``, or None (RFC 8032 §5.1.3)."""
    if y >= P:
        return None
    u, v = (y * y - 1) % P, (D * y * y + 1) % P
    x = u * pow(v, 3, P) * pow(u * pow(v, 7, P), (P - 5) // 8, P) % P
    if (v * x * x - u) % P:
        if (v * x * x + u) % P:
            return None
        x = x * SQRT_M1 % P
    if x == 0 and sign:
        return None
    if x & 1 != sign:
        x = P - x
    return x


_BX = _recover_x(_BY, 0) or 0
BASE: Point = (_BX, _BY, 1, _BX * _BY % P)


def _add(p: Point, q: Point) -> Point:
    x1, y1, z1, t1 = p
    x2, y2, z2, t2 = q
    a = (y1 - x1) * (y2 - x2) % P
    b = (y1 + x1) * (y2 + x2) % P
    c = t1 * D2 * t2 % P
    d = z1 * 2 * z2 % P
    e, f, g, h = b - a, d - c, d + c, b + a
    return (e * f % P, g * h % P, f * g % P, e * h % P)


def _add_niels(p: Point, q: Niels) -> Point:
    x1, y1, z1, t1 = p
    ypx, ymx, t2d = q
    a = (y1 - x1) * ymx % P
    b = (y1 + x1) * ypx % P
    c = t1 * t2d % P
    d = 2 * z1
    e, f, g, h = b - a, d - c, d + c, b + a
    return (e * f % P, g * h % P, f * g % P, e * h % P)


def _double(p: Point) -> Point:
    x1, y1, z1, _ = p
    a, b = x1 * x1 % P, y1 * y1 % P
    c = 2 * z1 * z1 % P
    h = a + b
    e = h - (x1 + y1) * (x1 + y1) % P
    g = a - b
    f = c + g
    return (e * f % P, g * h % P, f * g % P, e * h % P)


def _niels(p: Point) -> Niels:
    x, y, z, _ = p
    zi = pow(z, -1, P)
    x, y = x * zi % P, y * zi % P
    return ((y + x) % P, (y - x) % P, x * y * D2 % P)


@cache
def _base_table() -> tuple[tuple[Niels, ...], ...]:
    """``table[i][j-1] = j · 16**i · B`` for the 64 windows of a 256-bit scalar (built once:
    ~1000 additions, a few ms; a pure function's memo, not state)."""
    table = []
    start = BASE
    for _ in range(64):
        row, acc = [], start
        for _ in range(15):
            row.append(acc)
            acc = _add(acc, start)
        table.append(tuple(_niels(q) for q in row))
        start = acc  # 16 · start
    return tuple(table)


def _base_mul(k: int) -> Point:
    table = _base_table()
    acc = IDENTITY
    for i in range(64):
        nibble = (k >> (4 * i)) & 15
        if nibble:
            acc = _add_niels(acc, table[i][nibble - 1])
    return acc


def _mul(k: int, p: Point) -> Point:
    multiples = [IDENTITY, p]
    for _ in range(14):
        multiples.append(_add(multiples[-1], p))
    acc = IDENTITY
    for shift in range(252, -4, -4):
        acc = _double(_double(_double(_double(acc))))
        nibble = (k >> shift) & 15
        if nibble:
            acc = _add(acc, multiples[nibble])
    return acc


def _encode(p: Point) -> bytes:
    x, y, z, _ = p
    zi = pow(z, -1, P)
    x, y = x * zi % P, y * zi % P
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


def _decode(data: bytes) -> Point | None:
    if len(data) != 32:
        return None
    n = int.from_bytes(data, "little")
    y, sign = n & ((1 << 255) - 1), n >> 255
    x = _recover_x(y, sign)
    if x is None:
        return None
    return (x, y, 1, x * y % P)


def _same(p: Point, q: Point) -> bool:
    return (p[0] * q[2] - q[0] * p[2]) % P == 0 and (p[1] * q[2] - q[1] * p[2]) % P == 0


def _expand(seed: bytes) -> tuple[int, bytes]:
    if not isinstance(seed, bytes | bytearray) or len(seed) != SEED_BYTES:
        raise ValueError(f"an Ed25519 secret seed is {SEED_BYTES} bytes")
    h = hashlib.sha512(bytes(seed)).digest()
    a = int.from_bytes(h[:32], "little")
    a &= (1 << 254) - 8
    a |= 1 << 254
    return a, h[32:]


def _hash_int(*parts: bytes) -> int:
    return int.from_bytes(hashlib.sha512(b"".join(parts)).digest(), "little") % L


def public_key(seed: bytes) -> bytes:
    """The 32-byte public key of a 32-byte secret seed (RFC 8032 §5.1.5)."""
    a, _ = _expand(seed)
    return _encode(_base_mul(a))


def sign(seed: bytes, message: bytes, public: bytes | None = None) -> bytes:
    """The 64-byte signature of ``message`` by ``seed``'s key (RFC 8032 §5.1.6). Pass
    ``public`` (``public_key(seed)``) to save one scalar multiplication."""
    a, prefix = _expand(seed)
    if public is None:
        public = _encode(_base_mul(a))
    r = _hash_int(prefix, message)
    big_r = _encode(_base_mul(r))
    k = _hash_int(big_r, public, message)
    return big_r + ((r + k * a) % L).to_bytes(32, "little")


def verify(public: bytes, message: bytes, signature: bytes) -> bool:
    """Whether ``signature`` is ``public``'s signature of ``message`` (RFC 8032 §5.1.7).
    Anything malformed (wrong lengths, a key or R off the curve, S not below L) is False."""
    if not (isinstance(public, bytes) and isinstance(signature, bytes)
            and len(public) == KEY_BYTES and len(signature) == SIGNATURE_BYTES):
        return False
    a_point = _decode(public)
    r_point = _decode(signature[:32])
    s = int.from_bytes(signature[32:], "little")
    if a_point is None or r_point is None or s >= L:
        return False
    k = _hash_int(signature[:32], public, message)
    return _same(_base_mul(s), _add(r_point, _mul(k, a_point)))
