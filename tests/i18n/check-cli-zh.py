#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""dpviz-cli speaks Chinese from the build tree, and Chinese text reaches exported figures.

With LANGUAGE=zh_CN and DPVIZ_LOCALEDIR=<build>/po (what `meson devenv` sets):
- `dpviz-cli --help` shows the .po's translation of its "Commands:" heading;
- a bad argument gets the translated one-line error and exit status 2;
- an exported PDF carries the translated view title as real text (pdftotext reads it back),
  i.e. a CJK font was found and embedded rather than missing-glyph boxes.
Expected strings come from po/zh_CN.po, not from the program.

usage: check-cli-zh.py DPVIZ_CLI LOCALEDIR PO_FILE [PDFTOTEXT]
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from importlib import import_module  # noqa: E402

check_translations = import_module("check-translations")

cli, localedir, po = sys.argv[1:4]
pdftotext = sys.argv[4] if len(sys.argv) > 4 else None
entries = check_translations.parse_po(po)
failures = 0


def tr(msgid):
    e = entries.get((None, msgid))
    if e is None or not e["msgstr"].get(0):
        raise SystemExit("not ok: %r is not translated in %s" % (msgid, po))
    return e["msgstr"][0]


def check(cond, what):
    global failures
    print(("ok: " if cond else "not ok: ") + what)
    failures += not cond


env = dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE="zh_CN", DPVIZ_LOCALEDIR=localedir)

r = subprocess.run([cli, "--help"], capture_output=True, text=True, env=env)
want = tr("Commands:\n").strip()
check(r.returncode == 0 and want in r.stdout, "--help shows %r" % want)

r = subprocess.run([cli, "divergence", "--mechanism", "nonsense", "--epsilon", "1"],
                   capture_output=True, text=True, env=env)
want = tr("unknown mechanism “%s” (expected laplace, gaussian or rr)").split("%s")[0]
check(r.returncode == 2 and want in r.stderr and len(r.stderr.strip().splitlines()) == 1,
      "a bad argument exits 2 with the translated one-line error %r" % r.stderr.strip())

if pdftotext:
    with tempfile.TemporaryDirectory() as tmp:
        pdf = os.path.join(tmp, "densities.pdf")
        r = subprocess.run([cli, "export", "--view", "densities", "--output", pdf],
                           capture_output=True, text=True, env=env)
        check(r.returncode == 0 and os.path.exists(pdf), "export to PDF under zh_CN")
        if os.path.exists(pdf):
            text = subprocess.run([pdftotext, pdf, "-"], capture_output=True,
                                  text=True).stdout
            flat = re.sub(r"\s+", "", text)
            for msgid in ("Mechanism densities", "p(y): output on D"):
                want = re.sub(r"\s+", "", tr(msgid))
                check(want in flat, "the PDF carries %r as text" % tr(msgid))
            pdffonts = shutil.which("pdffonts")
            if pdffonts:
                fonts = subprocess.run([pdffonts, pdf], capture_output=True, text=True).stdout
                cjk = re.search(r"WenQuanYi|CJK|SourceHan|Source Han|DroidSansFallback|"
                                r"AR ?PL|UMing|UKai|Hei|Song", fonts)
                check(cjk is not None, "a CJK font is embedded in the PDF (%s)"
                      % (cjk.group(0) if cjk else "none: install fonts-wqy-microhei"))
else:
    print("# pdftotext not found: the PDF text check is skipped")

sys.exit(1 if failures else 0)
