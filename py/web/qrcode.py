"""A QR code of a short text, in pure Python: so a player's recovery code (``room.recovery``)
can go to a phone by its camera, with no library fetched and nothing sent anywhere.

Why our own: the page must work offline from its own files, and a QR code of up to a
hundred characters is a small, fully specified thing (ISO/IEC 18004): byte or alphanumeric
mode, error correction level M (15 % of the symbol may be lost), versions 1 to 10 (21 to 57
modules a side), the mask the standard's penalty rules prefer. The layout follows the
standard's own description; ``tests/test_web_qrcode.py`` checks it against the standard's
worked example and reads every symbol back with an independent reader.

:func:`qr_matrix` gives the modules (True = dark), :func:`svg_path` one SVG path of them.

>>> m = qr_matrix("HELLO WORLD")
>>> len(m), m[0][:7], m[6][6], m[8][len(m) - 8]
(21, [True, True, True, True, True, True, True], True, False)
"""

from __future__ import annotations

from collections.abc import Sequence

ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
MAX_VERSION = 10
ECC_PER_BLOCK = (0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26)
"""Level M: error correction codewords per block, by version."""
BLOCKS = (0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5)
"""Level M: blocks, by version."""
FORMAT_M = 0  # level M's two format bits
QUIET = 4  # the light margin the standard asks for, in modules

Matrix = list[list[bool]]


def _gf_mul(x: int, y: int) -> int:
    """Multiplication in GF(256) modulo x^8 + x^4 + x^3 + x^2 + 1 (0x11D)."""
    z = 0
    for i in reversed(range(8)):
        z = (z << 1) ^ ((z >> 7) * 0x11D)
        z ^= ((y >> i) & 1) * x
    return z


def rs_divisor(degree: int) -> list[int]:
    """The Reed-Solomon generator of ``degree`` (roots 1, 2, 4, …), leading 1 left out."""
    result = [0] * (degree - 1) + [1]
    root = 1
    for _ in range(degree):
        for j in range(degree):
            result[j] = _gf_mul(result[j], root)
            if j + 1 < degree:
                result[j] ^= result[j + 1]
        root = _gf_mul(root, 2)
    return result


def rs_remainder(data: Sequence[int], divisor: Sequence[int]) -> list[int]:
    """The error correction codewords of ``data`` (the remainder of the division)."""
    result = [0] * len(divisor)
    for byte in data:
        factor = byte ^ result.pop(0)
        result.append(0)
        for i, coef in enumerate(divisor):
            result[i] ^= _gf_mul(coef, factor)
    return result


def raw_modules(version: int) -> int:
    """Modules left for data and error correction once the function patterns are drawn."""
    result = (16 * version + 128) * version + 64
    if version >= 2:
        aligns = version // 7 + 2
        result -= (25 * aligns - 10) * aligns - 55
        if version >= 7:
            result -= 36
    return result


def data_codewords(version: int) -> int:
    return raw_modules(version) // 8 - ECC_PER_BLOCK[version] * BLOCKS[version]


def alignment_positions(version: int) -> list[int]:
    """Rows (and columns) of the alignment patterns' centres."""
    if version == 1:
        return []
    aligns = version // 7 + 2
    step = (version * 4 + aligns * 2 + 1) // (aligns * 2 - 2) * 2
    result = [6]
    pos = version * 4 + 17 - 7
    for _ in range(aligns - 1):
        result.insert(1, pos)
        pos -= step
    return result


def format_bits(mask: int) -> int:
    """Level M and ``mask`` as the 15 format bits (BCH(15,5), masked with 0x5412)."""
    data = FORMAT_M << 3 | mask
    rem = data
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    return (data << 10 | rem) ^ 0x5412


def version_bits(version: int) -> int:
    """The 18 version bits of versions 7 and up (BCH(18,6))."""
    rem = version
    for _ in range(12):
        rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
    return version << 12 | rem


def _segment(text: str) -> tuple[int, int, list[int], int]:
    """(mode, count, bits as 0/1, count-field width of versions 1-9) of ``text``."""
    bits: list[int] = []

    def put(value: int, width: int) -> None:
        bits.extend((value >> i) & 1 for i in reversed(range(width)))

    if all(c in ALNUM for c in text):
        for i in range(0, len(text) - 1, 2):
            put(ALNUM.index(text[i]) * 45 + ALNUM.index(text[i + 1]), 11)
        if len(text) % 2:
            put(ALNUM.index(text[-1]), 6)
        return 0b0010, len(text), bits, 9
    raw = text.encode("utf-8")
    for byte in raw:
        put(byte, 8)
    return 0b0100, len(raw), bits, 8


def encode_data(text: str) -> tuple[int, list[int]]:
    """The smallest version that holds ``text`` at level M and its data codewords
    (``ValueError`` when even version 10 is too small)."""
    mode, count, payload, width = _segment(text)
    for version in range(1, MAX_VERSION + 1):
        count_width = width if version < 10 else width + (2 if mode == 0b0010 else 8)
        capacity = data_codewords(version) * 8
        if 4 + count_width + len(payload) > capacity or count >= 1 << count_width:
            continue
        bits = [(mode >> i) & 1 for i in reversed(range(4))]
        bits += [(count >> i) & 1 for i in reversed(range(count_width))] + payload
        bits += [0] * min(4, capacity - len(bits))
        bits += [0] * (-len(bits) % 8)
        words = [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8)]
        pad = 0xEC
        while len(words) < capacity // 8:
            words.append(pad)
            pad ^= 0xEC ^ 0x11
        return version, words
    raise ValueError(f"{len(text)} characters are too many for this page's QR codes")


def interleave(version: int, data: list[int]) -> list[int]:
    """Data split into the version's blocks, each with its error correction, interleaved."""
    blocks, ecc_len = BLOCKS[version], ECC_PER_BLOCK[version]
    raw = raw_modules(version) // 8
    short = blocks - raw % blocks
    short_len = raw // blocks
    divisor = rs_divisor(ecc_len)
    out_blocks: list[list[int]] = []
    k = 0
    for i in range(blocks):
        size = short_len - ecc_len + (0 if i < short else 1)
        chunk = data[k:k + size]
        k += size
        ecc = rs_remainder(chunk, divisor)
        if i < short:
            chunk.append(0)  # a place holder, skipped below
        out_blocks.append(chunk + ecc)
    result = []
    for i in range(len(out_blocks[0])):
        for j, block in enumerate(out_blocks):
            if i != short_len - ecc_len or j >= short:
                result.append(block[i])
    return result


def masked(mask: int, x: int, y: int) -> bool:
    """Whether ``mask`` (0-7) flips the data module in column ``x``, row ``y``."""
    return (
        (x + y) % 2 == 0,
        y % 2 == 0,
        x % 3 == 0,
        (x + y) % 3 == 0,
        (x // 3 + y // 2) % 2 == 0,
        x * y % 2 + x * y % 3 == 0,
        (x * y % 2 + x * y % 3) % 2 == 0,
        ((x + y) % 2 + x * y % 3) % 2 == 0,
    )[mask]


class _Symbol:
    """One symbol being drawn: modules, and which of them are function patterns."""

    def __init__(self, version: int) -> None:
        self.version = version
        self.size = version * 4 + 17
        self.dark: Matrix = [[False] * self.size for _ in range(self.size)]
        self.fixed = [[False] * self.size for _ in range(self.size)]

    def put(self, x: int, y: int, dark: bool) -> None:
        self.dark[y][x] = dark
        self.fixed[y][x] = True

    def function_patterns(self) -> None:
        size = self.size
        for i in range(size):  # timing patterns
            self.put(6, i, i % 2 == 0)
            self.put(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (size - 4, 3), (3, size - 4)):  # finders and separators
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    x, y = cx + dx, cy + dy
                    if 0 <= x < size and 0 <= y < size:
                        ring = max(abs(dx), abs(dy))
                        self.put(x, y, ring not in (2, 4))
        centres = alignment_positions(self.version)
        last = len(centres) - 1
        for i, cx in enumerate(centres):
            for j, cy in enumerate(centres):
                if (i, j) in ((0, 0), (0, last), (last, 0)):
                    continue  # where the finders are
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self.put(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1)
        self.format_info(0)  # reserved now, written with the chosen mask later
        if self.version >= 7:
            bits = version_bits(self.version)
            for i in range(18):
                dark = (bits >> i) & 1 == 1
                a, b = size - 11 + i % 3, i // 3
                self.put(a, b, dark)
                self.put(b, a, dark)

    def format_info(self, mask: int) -> None:
        size = self.size
        bits = format_bits(mask)

        def bit(i: int) -> bool:
            return (bits >> i) & 1 == 1

        for i in range(6):
            self.put(8, i, bit(i))
        self.put(8, 7, bit(6))
        self.put(8, 8, bit(7))
        self.put(7, 8, bit(8))
        for i in range(9, 15):
            self.put(14 - i, 8, bit(i))
        for i in range(8):
            self.put(size - 1 - i, 8, bit(i))
        for i in range(8, 15):
            self.put(8, size - 15 + i, bit(i))
        self.put(8, size - 8, True)  # the dark module

    def codewords(self, words: list[int]) -> None:
        """Place the codewords up and down the two-module columns, right to left."""
        size, i, total = self.size, 0, len(words) * 8
        right = size - 1
        while right >= 1:
            if right == 6:
                right = 5  # the vertical timing pattern is skipped
            for vert in range(size):
                for j in range(2):
                    x = right - j
                    upward = (right + 1) & 2 == 0
                    y = size - 1 - vert if upward else vert
                    if not self.fixed[y][x] and i < total:
                        self.dark[y][x] = (words[i >> 3] >> (7 - (i & 7))) & 1 == 1
                        i += 1
            right -= 2

    def apply_mask(self, mask: int) -> None:
        for y in range(self.size):
            for x in range(self.size):
                if not self.fixed[y][x] and masked(mask, x, y):
                    self.dark[y][x] = not self.dark[y][x]


def penalty(m: Matrix) -> int:
    """The standard's penalty of a masked symbol (lower is easier to read): runs of five or
    more alike, 2×2 blocks alike, finder-like patterns, and an unbalanced dark share."""
    size = len(m)
    score = 0
    lines = [list(row) for row in m] + [[m[y][x] for y in range(size)] for x in range(size)]
    finder_a = [True, False, True, True, True, False, True, False, False, False, False]
    finder_b = finder_a[::-1]
    for line in lines:
        run = 1
        for i in range(1, size + 1):
            if i < size and line[i] == line[i - 1]:
                run += 1
                continue
            if run >= 5:
                score += 3 + run - 5
            run = 1
        for i in range(size - 10):
            window = line[i:i + 11]
            if window in (finder_a, finder_b):
                score += 40
    for y in range(size - 1):
        for x in range(size - 1):
            if m[y][x] == m[y][x + 1] == m[y + 1][x] == m[y + 1][x + 1]:
                score += 3
    dark = sum(map(sum, m))
    score += abs(dark * 20 - size * size * 10) // (size * size) * 10
    return score


def qr_matrix(text: str, mask: int | None = None) -> Matrix:
    """The modules of ``text``'s QR code (rows of booleans, True = dark), at level M in the
    smallest version that holds it, with ``mask`` or else the one of least penalty."""
    version, data = encode_data(text)
    words = interleave(version, data)
    best: tuple[int, Matrix] | None = None
    for candidate in range(8) if mask is None else (mask,):
        symbol = _Symbol(version)
        symbol.function_patterns()
        symbol.codewords(words)
        symbol.apply_mask(candidate)
        symbol.format_info(candidate)
        score = penalty(symbol.dark)
        if best is None or score < best[0]:
            best = (score, symbol.dark)
    assert best is not None
    return best[1]


def svg_path(m: Matrix) -> tuple[int, str]:
    """(width with the quiet zone, an SVG path ``d`` drawing the dark modules), for a
    ``viewBox="0 0 width width"``: one square per dark module, runs joined."""
    parts = []
    for y, row in enumerate(m):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                parts.append(f"M{start + QUIET} {y + QUIET}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    return len(m) + 2 * QUIET, "".join(parts)
