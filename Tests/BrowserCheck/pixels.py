#!/usr/bin/env python3
"""Checks colours in a PNG screenshot; Python 3 standard library only (zlib, no Pillow).

usage: pixels.py SHOT.png background=#rrggbb [present=#rrggbb ...]

background: the top-left pixel (the page background) has the colour.
present:    at least 200 pixels have the colour (heading text, a code block).
A channel may differ by 3, for colour management and blending at glyph edges.
Exit status 1, with a message per failed expectation, when one fails.
"""
import struct
import sys
import zlib

TOLERANCE = 3
MINIMUM_PIXELS = 200


def decode(path):
    """Returns (width, height, rows), each row a bytes object of RGB or RGBA samples."""
    with open(path, "rb") as file:
        data = file.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG file")
    position, idat = 8, []
    width = height = channels = None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, color_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color_type not in (2, 6) or interlace:
                sys.exit(f"{path}: only 8-bit RGB/RGBA, non-interlaced PNGs are supported")
            channels = 3 if color_type == 2 else 4
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        rows.append(unfilter(raw[start], bytearray(raw[start + 1:start + 1 + stride]), previous,
                             channels))
        previous = rows[-1]
    return width, height, channels, rows


def unfilter(kind, row, previous, bpp):
    """Reverses one PNG row filter in place (PNG spec, section 9)."""
    if kind == 0:
        return row
    if kind == 2:
        return bytearray((a + b) & 0xFF for a, b in zip(row, previous))
    for i in range(len(row)):
        left = row[i - bpp] if i >= bpp else 0
        if kind == 1:
            row[i] = (row[i] + left) & 0xFF
        elif kind == 3:
            row[i] = (row[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            up, corner = previous[i], previous[i - bpp] if i >= bpp else 0
            estimate = left + up - corner
            pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
            predictor = left if pa <= pb and pa <= pc else up if pb <= pc else corner
            row[i] = (row[i] + predictor) & 0xFF
    return row


def parse_color(text):
    text = text.lstrip("#")
    return tuple(int(text[i:i + 2], 16) for i in (0, 2, 4))


def close(pixel, color):
    return all(abs(p - c) <= TOLERANCE for p, c in zip(pixel, color))


def main(arguments):
    path, expectations = arguments[0], arguments[1:]
    width, height, channels, rows = decode(path)
    counts = {}
    for row in rows:
        for x in range(0, width * channels, channels):
            pixel = bytes(row[x:x + 3])
            counts[pixel] = counts.get(pixel, 0) + 1
    failures = []
    for expectation in expectations:
        kind, _, value = expectation.partition("=")
        color = parse_color(value)
        if kind == "background":
            corner = tuple(rows[0][0:3])
            if not close(corner, color):
                failures.append(f"background is #{bytes(corner).hex()}, expected {value}")
        elif kind == "present":
            found = sum(n for pixel, n in counts.items() if close(pixel, color))
            if found < MINIMUM_PIXELS:
                failures.append(f"{found} pixels of {value}, expected at least {MINIMUM_PIXELS}")
        else:
            sys.exit(f"unknown expectation {expectation!r}")
    for failure in failures:
        print(f"{path}: {failure}", file=sys.stderr)
    print(f"{path}: {width}x{height}, {len(expectations) - len(failures)} of "
          f"{len(expectations)} expectations met")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1:]))
