#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""dpviz-cli export for lecture notes: sizes in physical units, text in points, PNG
resolution, transparent and grayscale figures, and the figure's data as CSV.

Everything expected is derived here from the files themselves, with the standard library
only: the PDF's MediaBox and its text matrices (content streams inflated with zlib), the PNG's
IHDR and pHYs chunks (CRCs checked with zlib.crc32) and its pixels (filters undone here), and
the CSV's numbers against the closed forms of the quantities drawn.

Usage: check-export-lecture.py DPVIZ-CLI
"""

import csv
import json
import math
import os
import re
import struct
import sys
import tempfile

from export_tap import CLI, PT_PER_CM, check, pdf_media_box, run, tap_main
import zlib


# --- PDF -----------------------------------------------------------------------------------


def pdf_text_sizes(data):
    """The size of every text run: Tf's size times the vertical scale of its text matrix Tm,
    times the scale of the page's cm matrices (the content streams, inflated)."""
    sizes = []
    # the stream's own end, not the EOL before "endstream": a deflate stream may end in a CR
    # byte, which the optional \r would take
    for m in re.finditer(rb"stream\r?\n(.*?)\nendstream", data, re.S):
        try:
            text = zlib.decompressobj().decompress(m.group(1)).decode("latin-1")
        except zlib.error:
            continue
        if "Tf" not in text:
            continue
        cm_scale = 1.0
        for c in re.finditer(r"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) [-\d.]+ [-\d.]+ cm",
                             text):
            a, b, c_, d = (float(v) for v in c.groups())
            cm_scale *= math.sqrt(abs(a * d - b * c_))
        tm = 1.0
        for tok in re.finditer(r"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) [-\d.]+ [-\d.]+ Tm"
                               r"|([-\d.]+) Tf", text):
            if tok.group(5) is not None:
                sizes.append(round(float(tok.group(5)) * tm * cm_scale, 3))
            else:
                a, b, c_, d = (float(v) for v in tok.groups()[:4])
                tm = math.sqrt(abs(a * d - b * c_))
    return sizes


# --- PNG -----------------------------------------------------------------------------------

def png_chunks(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos = 8
    chunks = []
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        ctype = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        chunks.append((ctype, body, crc == zlib.crc32(ctype + body) & 0xffffffff))
        pos += 12 + length
    return chunks


def png_pixels(data):
    """RGBA rows of an 8-bit RGBA or RGB PNG (filters of PNG §9 undone)."""
    chunks = png_chunks(data)
    ihdr = next(b for t, b, _ in chunks if t == b"IHDR")
    w, h, depth, ctype = struct.unpack(">IIBB", ihdr[:10])
    assert depth == 8 and ctype in (2, 6)
    bpp = 4 if ctype == 6 else 3
    raw = zlib.decompress(b"".join(b for t, b, _ in chunks if t == b"IDAT"))
    stride = w * bpp
    rows = []
    prev = bytearray(stride)
    pos = 0
    for _ in range(h):
        f = raw[pos]
        line = bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pr) & 255
        rows.append(bytes(line) if bpp == 4
                    else b"".join(bytes(line[i:i + 3]) + b"\xff" for i in range(0, stride, 3)))
        prev = line
    return w, h, rows


# --- the tests -----------------------------------------------------------------------------

def test_pdf_sizes(tmp):
    out = os.path.join(tmp, "col.pdf")
    rc, _, err = run("--view", "densities", "--preset", "latex-column", "--output", out)
    check(rc == 0 and err == "", "latex-column PDF written")
    data = open(out, "rb").read()
    w, h = pdf_media_box(data)
    check(abs(w - 8.5 * PT_PER_CM) < 0.01, f"latex-column PDF is 8.5 cm wide ({w / PT_PER_CM:.4f} cm)")
    sizes = pdf_text_sizes(data)
    # the body text (caption) is at the preset's 8 pt; nothing is larger than a panel title
    # (1.08 × body) and nothing smaller than a superscript (0.7 × body)
    check(8.0 in sizes, f"latex-column text at 8 pt (sizes {sorted(set(sizes))})")
    check(sizes and max(sizes) <= 8 * 1.08 + 0.01 and min(sizes) >= 8 * 0.7 - 0.01,
          "latex-column text between 5.6 and 8.64 pt")

    check(abs(h - 6 * PT_PER_CM) < 0.01,
          f"a one-panel view keeps the preset's 6 cm ({h / PT_PER_CM:.4f} cm)")

    # The column fixes the width, not the height: a view of three stacked panels (a strip of
    # the data, two plots, their legends and a caption at 8 pt) is drawn taller, up to twice
    # the width, and the JSON reports the height the file has; a height given is kept.
    out = os.path.join(tmp, "sens.pdf")
    rc, stdout, err = run("--view", "sensitivity", "--preset", "latex-column", "--json",
                          "--output", out)
    w, h = pdf_media_box(open(out, "rb").read())
    check(rc == 0 and abs(w - 8.5 * PT_PER_CM) < 0.01
          and 6 * PT_PER_CM + 1 < h <= 17 * PT_PER_CM + 0.01,
          f"latex-column sensitivity is 8.5 cm wide and taller than 6 cm ({h / PT_PER_CM:.2f} cm)")
    reported = json.loads(stdout)
    check(abs(reported["height_cm"] * PT_PER_CM - h) < 0.01,
          f"--json reports the height written ({reported['height_cm']:.3f} cm)")
    rc, _, _ = run("--view", "sensitivity", "--preset", "latex-column", "--height-cm", "6",
                   "--output", out)
    w, h = pdf_media_box(open(out, "rb").read())
    check(rc == 0 and abs(h - 6 * PT_PER_CM) < 0.01,
          f"--height-cm 6 with latex-column gives 6 cm ({h / PT_PER_CM:.4f} cm)")

    out = os.path.join(tmp, "col10.pdf")
    rc, _, _ = run("--view", "kl", "--preset", "latex-column", "--font-pt", "10", "-o", out)
    sizes = pdf_text_sizes(open(out, "rb").read())
    check(rc == 0 and 10.0 in sizes and max(sizes) <= 10.8 + 0.01,
          f"--font-pt 10 gives 10 pt text (sizes {sorted(set(sizes))})")

    out = os.path.join(tmp, "custom.pdf")
    rc, _, _ = run("--view", "regions", "--width-cm", "12", "--height-in", "3", "-o", out)
    w, h = pdf_media_box(open(out, "rb").read())
    check(rc == 0 and abs(w - 12 * PT_PER_CM) < 0.01 and abs(h - 216) < 0.01,
          f"--width-cm 12 --height-in 3 gives {w:.3f} × {h:.3f} pt")

    for preset, wcm, hcm in (("slide", 25.4, 14.2875), ("latex-text", 15, 9.5), ("a4", 29.7, 21)):
        out = os.path.join(tmp, preset + ".svg" if preset == "slide" else preset + ".pdf")
        rc, _, _ = run("--view", "composition", "--preset", preset, "-o", out)
        data = open(out, "rb").read()
        if out.endswith(".svg"):
            m = re.search(rb'width="([\d.]+)pt" height="([\d.]+)pt"', data)
            w, h = float(m.group(1)), float(m.group(2))
        else:
            w, h = pdf_media_box(data)
        check(rc == 0 and abs(w - wcm * PT_PER_CM) < 0.01 and abs(h - hcm * PT_PER_CM) < 0.01,
              f"preset {preset} is {wcm} × {hcm} cm")


def test_png(tmp):
    out = os.path.join(tmp, "col.png")
    rc, _, _ = run("--view", "densities", "--preset", "latex-column", "-o", out)
    data = open(out, "rb").read()
    chunks = png_chunks(data)
    check(rc == 0 and all(ok for _, _, ok in chunks), "PNG chunks have valid CRCs")
    w, h = struct.unpack(">II", chunks[0][1][:8])
    # 8.5 × 6 cm at 300 dpi: 8.5/2.54 in × 300 = 1003.9 → 1004 pixels
    check((w, h) == (math.ceil(8.5 / 2.54 * 300 - 1e-9), math.ceil(6 / 2.54 * 300 - 1e-9)),
          f"latex-column PNG at 300 dpi is {w} × {h} pixels")
    phys = [b for t, b, _ in chunks if t == b"pHYs"]
    ppm = round(300 / 0.0254)
    check(len(phys) == 1 and struct.unpack(">IIB", phys[0]) == (ppm, ppm, 1),
          f"pHYs says 300 dpi ({ppm} pixels per metre)")

    out = os.path.join(tmp, "dpi.png")
    rc, _, _ = run("--view", "kl", "--preset", "latex-text", "--dpi", "150", "-o", out)
    chunks = png_chunks(open(out, "rb").read())
    w, h = struct.unpack(">II", chunks[0][1][:8])
    phys = [b for t, b, _ in chunks if t == b"pHYs"]
    check(rc == 0 and (w, h) == (math.ceil(15 / 2.54 * 150 - 1e-9), math.ceil(9.5 / 2.54 * 150 - 1e-9))
          and struct.unpack(">IIB", phys[0]) == (round(150 / 0.0254),) * 2 + (1,),
          f"--dpi 150: {w} × {h} pixels and pHYs 150 dpi")

    out = os.path.join(tmp, "plain.png")
    run("--view", "kl", "--width", "300", "--height", "200", "-o", out)
    check(not any(t == b"pHYs" for t, _, _ in png_chunks(open(out, "rb").read())),
          "a PNG in pixels (no --dpi) has no pHYs")


def test_transparent_grayscale(tmp):
    opaque = os.path.join(tmp, "opaque.png")
    clear = os.path.join(tmp, "clear.png")
    run("--view", "densities", "--width", "240", "--height", "160", "-o", opaque)
    run("--view", "densities", "--width", "240", "--height", "160", "--transparent", "-o", clear)
    _, _, rows = png_pixels(open(opaque, "rb").read())
    check(rows[0][3] == 255, "without --transparent the corner is opaque")
    w, h, rows = png_pixels(open(clear, "rb").read())
    alphas = [r[i] for r in rows for i in range(3, len(r), 4)]
    check(rows[0][3] == 0 and rows[-1][-1] == 0, "--transparent: the corners have alpha 0")
    check(sum(a == 255 for a in alphas) > 0.005 * w * h,
          "--transparent: curves and text stay opaque")

    gray = os.path.join(tmp, "gray.png")
    rc, _, _ = run("--view", "composition", "--width", "320", "--height", "220", "--grayscale",
                   "-o", gray)
    _, _, rows = png_pixels(open(gray, "rb").read())
    colour = sum(1 for r in rows for i in range(0, len(r), 4)
                 if not (r[i] == r[i + 1] == r[i + 2]))
    check(rc == 0 and colour == 0, f"--grayscale: every pixel is gray ({colour} are not)")
    colour_run = os.path.join(tmp, "colour.png")
    run("--view", "composition", "--width", "320", "--height", "220", "-o", colour_run)
    _, _, rows = png_pixels(open(colour_run, "rb").read())
    check(any(not (r[i] == r[i + 1] == r[i + 2]) for r in rows for i in range(0, len(r), 4)),
          "without --grayscale the same figure has colour")


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    return rows[0], rows[1:]


def column(header, rows, name):
    i = header.index(name) if isinstance(name, str) else name
    return [float(r[i]) if r[i] != "" else None for r in rows]


def x_of(header, i, x_title):
    """Series that share their x values share the x column on their left, named by the x
    axis's title: the nearest column of that name left of column i."""
    return max(j for j in range(i) if header[j] == x_title)


def pairs(header, rows, i, x_title):
    xs = column(header, rows, x_of(header, i, x_title))
    ys = column(header, rows, i)
    return [(x, y) for x, y in zip(xs, ys) if x is not None and y is not None]


def test_csv(tmp):
    # densities, Laplace ε = 0.5, Δ = 1: p(y) = e^{−|y|/b}/(2b), q(y) = p(y − Δ), b = Δ/ε, and
    # the privacy loss L(y) = (|y − Δ| − |y|)/b
    data = os.path.join(tmp, "d.csv")
    rc, out, err = run("--view", "densities", "--epsilon", "0.5", "--data", data)
    check(rc == 0 and err == "" and "CSV" in out, "--data alone writes the CSV")
    header, rows = read_csv(data)
    names = [h.split(" [")[0] for h in header]
    check("p(y): output on D" in names and "q(y): output on D′" in names
          and "L(y) = ln(p(y)/q(y))" in names,
          f"columns named as in the legend ({header})")
    check(any(h.endswith("[density]") for h in header) and any("[loss L(y)]" in h for h in header),
          "the y axis title (quantity and unit) is in the header")
    x_title = header[0]
    check(x_title.startswith("output y"), f"the x column is named by the x axis ({x_title})")
    pi = next(i for i, h in enumerate(header) if h.startswith("p(y)"))
    qi = next(i for i, h in enumerate(header) if h.startswith("q(y)"))
    li = next(i for i, h in enumerate(header) if h.startswith("L(y)"))
    b = 1 / 0.5
    errs = [abs(pv - math.exp(-abs(x) / b) / (2 * b)) for x, pv in pairs(header, rows, pi, x_title)]
    errq = [abs(qv - math.exp(-abs(x - 1) / b) / (2 * b))
            for x, qv in pairs(header, rows, qi, x_title)]
    check(len(errs) > 100 and max(errs) < 1e-12 and max(errq) < 1e-12,
          f"p and q are the Laplace densities at the x column ({len(errs)} rows)")
    errl = [abs(v - (abs(x - 1) - abs(x)) / b) for x, v in pairs(header, rows, li, x_title)]
    check(len(errl) > 100 and max(errl) < 1e-9, "L(y) = (|y − Δ| − |y|)/b in the CSV")

    # composition: basic composition kε (Dwork & Roth Thm 3.16) at every k of the x column
    fig = os.path.join(tmp, "c.pdf")
    data = os.path.join(tmp, "c.csv")
    rc, _, _ = run("--view", "composition", "--epsilon", "0.3", "-o", fig, "--data", data)
    check(rc == 0 and os.path.getsize(fig) > 0, "--data beside --output writes both")
    header, rows = read_csv(data)
    ks = column(header, rows, header[0])
    basic = column(header, rows, next(h for h in header if h.startswith("basic")))
    check(header[0] == "number of mechanisms k" and len(ks) > 50
          and max(abs(bv - k * 0.3) for k, bv in zip(ks, basic)) < 1e-9 * max(ks),
          "composition CSV: basic = kε at each k")

    # KL view: Lemma 3.18's bound ε(e^ε − 1) against the ε column
    data = os.path.join(tmp, "k.csv")
    run("--view", "kl", "--data", data)
    header, rows = read_csv(data)
    lemma = next(i for i, h in enumerate(header) if "3.18" in h)
    pts = pairs(header, rows, lemma, "privacy budget ε")
    check(header[lemma].endswith("[divergence (nats)]") and len(pts) > 100
          and max(abs(v - e * math.expm1(e)) / max(1, v) for e, v in pts) < 1e-12,
          f"KL CSV: the Lemma 3.18 column is ε(e^ε − 1), in nats ({len(pts)} rows)")


def test_errors(tmp):
    def refused(args, what):
        target = os.path.join(tmp, "refused.pdf")
        rc, out, err = run(*args, "-o", target)
        check(rc == 2 and out == "" and err.count("\n") == 1 and not os.path.exists(target),
              f"{what}: exit 2, one line, no file ({err.strip()})")

    refused(["--view", "kl", "--preset", "poster"], "unknown preset")
    refused(["--view", "kl", "--width-cm", "8", "--width-in", "3"], "cm and in together")
    refused(["--view", "kl", "--preset", "a4", "--width", "800"], "--width with a preset")
    refused(["--view", "kl", "--dpi", "300", "--scale", "2"], "--dpi with --scale")
    refused(["--view", "kl", "--dpi", "5000"], "--dpi out of range")
    refused(["--view", "kl", "--font-pt", "0"], "--font-pt out of range")
    refused(["--view", "kl", "--width-cm", "0.1"], "a width under 16 pt")

    missing = os.path.join(tmp, "no-such-dir", "f.pdf")
    data = os.path.join(tmp, "fig-data.csv")
    rc, out, err = run("--view", "kl", "-o", missing, "--data", data)
    check(rc == 2 and err.count("\n") == 1 and not os.path.exists(data),
          "figure not writable: the data file of the same run is not left behind")
    rc, out, err = run("--view", "kl")
    check(rc == 2 and err.count("\n") == 1, "neither --output nor --data: exit 2")


def body():
    with tempfile.TemporaryDirectory() as tmp:
        test_pdf_sizes(tmp)
        test_png(tmp)
        test_transparent_grayscale(tmp)
        test_csv(tmp)
        test_errors(tmp)


if __name__ == "__main__":
    sys.exit(tap_main(body))
