# SPDX-License-Identifier: GPL-3.0-or-later
"""What the dpviz-cli export checks share: TAP output, running `dpviz-cli export`, and a PDF's
page size. Standard library only."""

import os
import re
import subprocess
import sys

CLI = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else None
PT_PER_CM = 72 / 2.54

_n_test = 0
_failed = 0


def check(cond, what):
    """One TAP test point: `ok N - what` or `not ok N - what`."""
    global _n_test, _failed
    _n_test += 1
    if cond:
        print(f"ok {_n_test} - {what}")
    else:
        _failed += 1
        print(f"not ok {_n_test} - {what}")


def run(*args, language="C", cwd=None):
    """`dpviz-cli export ARGS` in @language: (exit status, stdout, stderr)."""
    p = subprocess.run([CLI, "export", *args], capture_output=True, text=True, cwd=cwd,
                       env=dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE=language))
    return p.returncode, p.stdout, p.stderr


def pdf_media_box(data):
    """The page's width and height in points, from its MediaBox."""
    m = re.search(rb"/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]",
                  data)
    x0, y0, x1, y1 = (float(v) for v in m.groups())
    return x1 - x0, y1 - y0


def tap_main(body):
    """Runs @body () between the TAP header and plan; the exit status for sys.exit ()."""
    print("TAP version 13")
    body()
    print(f"1..{_n_test}")
    return 1 if _failed else 0
