#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the seed corpus of fuzz-cli (corpus/cli/) from the command lines below.

An input is one language byte (0: untranslated, 1: zh_CN) and the arguments separated by NUL
bytes (fuzz-cli.c). Run from tests/fuzz: ./make-cli-seeds.py
"""
import hashlib
import os

LINES = [
    "--help", "--version", "help", "divergence --help", "export --help",
    "divergence --mechanism laplace --epsilon 1 --alpha 2 --json",
    "divergence --mechanism gaussian --sigma 1e-3 --delta 1e-6 --json",
    "divergence --mechanism gaussian --epsilon 0.5 --delta 1e-5 --sensitivity 2",
    "divergence --mechanism rr --epsilon 3 --json",
    "delta --mechanism laplace --epsilon 1 --at 0.5 --json",
    "delta --mechanism laplace --epsilon 1 --k 2 --at -1000000 --json",
    "delta --mechanism laplace --epsilon 0.1 --k 300 --target-delta 1e-6 --json",
    "delta --mechanism gaussian --sigma 4 --k 25 --at 1",
    "delta --mechanism rr --epsilon 0.5 --k 10 --target-delta 0.01 --json",
    "compose --mechanism laplace --epsilon 0.1 --k 300 --target-delta 1e-6 --json",
    "compose --mechanism generic --epsilon 0.5 --delta 1e-7 --k 40 --target-delta 1e-5 --method optimal",
    "compose --mechanism gaussian --sigma 3 --k 100 --target-delta 1e-5 --method zcdp --json",
    "compose --mechanism rr --epsilon 1 --k 7 --target-delta 1e-3 --method all",
    "export --view densities --output d.svg --json",
    "export --view regions --mechanism gaussian --eps-prime 0.3 --width 200 --height 120 --output r.png",
    "export --view kl --log-y --theme dark --width 64 --height 64 --output k.pdf --json",
    "export --view composition --k 300 --epsilon 0.1 --no-caption --width 120 --height 80 -o c.png",
    "export --view kl --width 16000 --height 16000 --output big.png",
    "export --view kl --output bad\udcff.png --json",
    "export --view his\x1b[31mtogram --output x.png",
    "divergence --mechanism laplace --epsilon 1\x0b",
]


def main():
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "cli")
    os.makedirs(out, exist_ok=True)
    for language in (0, 1):
        for line in LINES:
            args = [a.encode("utf-8", "surrogateescape") for a in line.split(" ")]
            data = bytes([language]) + b"\0".join(args)
            name = hashlib.sha1(data).hexdigest()[:16]
            with open(os.path.join(out, name), "wb") as f:
                f.write(data)


if __name__ == "__main__":
    main()
