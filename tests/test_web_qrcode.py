"""The page's QR codes (web.qrcode): checked against the standard's worked example
("HELLO WORLD" at level M) and read back by an independent reader written here from the
standard (its own tables of alignment positions and of blocks, and Reed-Solomon syndromes
instead of the encoder's division)."""

from __future__ import annotations

import pytest
from room.recovery import recovery_code
from web.qrcode import (
    encode_data,
    format_bits,
    qr_matrix,
    rs_divisor,
    rs_remainder,
    svg_path,
    version_bits,
)

ALIGN = {1: [], 2: [6, 18], 3: [6, 22], 4: [6, 26], 5: [6, 30], 6: [6, 34], 7: [6, 22, 38],
         8: [6, 24, 42], 9: [6, 26, 46], 10: [6, 28, 50]}
"""The standard's table of alignment pattern centres (Annex E)."""
BLOCKS_M = {1: (10, [16]), 2: (16, [28]), 3: (26, [44]), 4: (18, [32, 32]),
            5: (24, [43, 43]), 6: (16, [27] * 4), 7: (18, [31] * 4), 8: (22, [38, 38, 39, 39]),
            9: (22, [36, 36, 36, 37, 37]), 10: (26, [43, 43, 43, 43, 44])}
"""The standard's table 9 for level M: (error correction codewords per block, data
codewords of each block)."""
FORMAT_M = ["101010000010010", "101000100100101", "101111001111100", "101101101001011",
            "100010111111001", "100000011001110", "100111110010111", "100101010100000"]
"""The standard's format information strings for level M, masks 0 to 7 (Annex C)."""
MASKS = [lambda r, c: (r + c) % 2 == 0, lambda r, c: r % 2 == 0, lambda r, c: c % 3 == 0,
         lambda r, c: (r + c) % 3 == 0, lambda r, c: (r // 2 + c // 3) % 2 == 0,
         lambda r, c: (r * c) % 2 + (r * c) % 3 == 0,
         lambda r, c: ((r * c) % 2 + (r * c) % 3) % 2 == 0,
         lambda r, c: ((r + c) % 2 + (r * c) % 3) % 2 == 0]

EXP = [1] * 255
for _i in range(1, 255):
    _v = EXP[_i - 1] << 1
    EXP[_i] = _v ^ 0x11D if _v & 0x100 else _v


def gf_mul(a: int, b: int) -> int:
    if a == 0 or b == 0:
        return 0
    return EXP[(EXP.index(a) + EXP.index(b)) % 255]


def syndromes_zero(codeword: list[int], ecc: int) -> bool:
    """A Reed-Solomon codeword evaluates to zero at alpha^0 .. alpha^(ecc-1)."""
    for i in range(ecc):
        value = 0
        for c in codeword:
            value = gf_mul(value, EXP[i]) ^ c
        if value:
            return False
    return True


def function_modules(version: int) -> set[tuple[int, int]]:
    """(row, col) of every module that is not data, from the standard's layout."""
    size = 17 + 4 * version
    out: set[tuple[int, int]] = set()
    for r0, c0 in ((0, 0), (0, size - 8), (size - 8, 0)):  # finders + separators
        out |= {(r0 + r, c0 + c) for r in range(8) for c in range(8)}
    out |= {(6, i) for i in range(size)} | {(i, 6) for i in range(size)}
    out |= {(8, i) for i in range(9)} | {(i, 8) for i in range(9)}  # format, top left
    out |= {(8, size - 1 - i) for i in range(8)} | {(size - 1 - i, 8) for i in range(8)}
    centres = ALIGN[version]
    for r in centres:
        for c in centres:
            if (r, c) in ((6, 6), (6, centres[-1]), (centres[-1], 6)):
                continue
            out |= {(r + dr, c + dc) for dr in range(-2, 3) for dc in range(-2, 3)}
    if version >= 7:
        out |= {(i, size - 11 + j) for i in range(6) for j in range(3)}
        out |= {(size - 11 + j, i) for i in range(6) for j in range(3)}
    return out


def read(m: list[list[bool]]) -> str:
    """Read a symbol back as a phone would (level M assumed, no damage)."""
    size = len(m)
    version = (size - 17) // 4
    fmt = "".join("1" if m[8][c] else "0" for c in (0, 1, 2, 3, 4, 5, 7, 8))
    fmt += "".join("1" if m[r][8] else "0" for r in (7, 5, 4, 3, 2, 1, 0))
    assert fmt in FORMAT_M, fmt
    second = "".join("1" if m[r][8] else "0" for r in range(size - 1, size - 8, -1))
    second += "".join("1" if m[8][c] else "0" for c in range(size - 8, size))
    assert second == fmt
    assert m[size - 8][8]  # the dark module
    mask = MASKS[FORMAT_M.index(fmt)]
    fixed = function_modules(version)
    bits: list[int] = []
    col = size - 1
    upward = True
    while col > 0:
        if col == 6:
            col -= 1
        rows = range(size - 1, -1, -1) if upward else range(size)
        for r in rows:
            for c in (col, col - 1):
                if (r, c) not in fixed:
                    bits.append(int(m[r][c] != mask(r, c)))
        upward = not upward
        col -= 2
    words = [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits) - 7, 8)]
    ecc, sizes = BLOCKS_M[version]
    assert len(words) == sum(sizes) + ecc * len(sizes)
    blocks: list[list[int]] = [[] for _ in sizes]
    k = 0
    for i in range(max(sizes)):
        for b, n in enumerate(sizes):
            if i < n:
                blocks[b].append(words[k])
                k += 1
    for _ in range(ecc):
        for b in range(len(sizes)):
            blocks[b].append(words[k])
            k += 1
    assert all(syndromes_zero(block, ecc) for block in blocks)
    data = [w for block, n in zip(blocks, sizes, strict=True) for w in block[:n]]
    stream = "".join(format(w, "08b") for w in data)
    mode = stream[:4]
    if mode == "0010":
        width = 9 if version < 10 else 11
        count = int(stream[4:4 + width], 2)
        pos, out = 4 + width, ""
        alnum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
        while len(out) + 2 <= count:
            v = int(stream[pos:pos + 11], 2)
            out += alnum[v // 45] + alnum[v % 45]
            pos += 11
        if len(out) < count:
            out += alnum[int(stream[pos:pos + 6], 2)]
        return out
    assert mode == "0100", mode
    width = 8 if version < 10 else 16
    count = int(stream[4:4 + width], 2)
    raw = bytes(int(stream[4 + width + 8 * i:12 + width + 8 * i], 2) for i in range(count))
    return raw.decode("utf-8")


def test_the_standards_worked_example_codewords_and_fixed_bits() -> None:
    version, data = encode_data("HELLO WORLD")
    assert version == 1
    assert data == [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
    assert rs_remainder(data, rs_divisor(10)) == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]
    assert [format(format_bits(mask), "015b") for mask in range(8)] == FORMAT_M
    assert format(version_bits(7), "018b") == "000111110010010100"
    assert format(version_bits(10), "018b") == "001010010011010011"


@pytest.mark.parametrize("text", [
    "HELLO WORLD",
    "7KQ2ZB-0000AA-ZZZZZZ-123456-ABCDEF-GHJKMN-PQRSTV",
    "http://127.0.0.1:8000/index.html#recover=7KQ2ZB-0000AA-ZZZZZZ-123456-ABCDEF-GHJKMN-PQRS",
    "https://example.org/some/longer/path/to/the/room/index.html#recover=" + "X" * 48,
    "Ünïcode bytes, and a longer text that needs version ten: " + "q" * 150,
])
def test_every_mask_and_size_reads_back(text: str) -> None:
    for mask in range(8):
        assert read(qr_matrix(text, mask)) == text
    m = qr_matrix(text)
    assert read(m) == text
    width, d = svg_path(m)
    assert width == len(m) + 8 and d.count("z") >= sum(
        1 for row in m for i, dark in enumerate(row) if dark and (i == 0 or not row[i - 1]))


def test_a_recovery_code_fits_a_small_symbol_and_too_much_text_is_refused() -> None:
    code = recovery_code("A" * 32)
    assert len(qr_matrix(code)) == 29  # version 3: big modules, easy for a phone camera
    with pytest.raises(ValueError, match="too many"):
        qr_matrix("x" * 300)
