#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Looks translated strings up through gettext(1) in the build tree's locale directory.

Checks that the .mo catalogue the build produced sits where a program bound to that
directory finds it (<localedir>/zh_CN/LC_MESSAGES/<domain>.mo) and gives the .po's msgstr.
Expected values come from the .po source, the looked-up ones from the compiled catalogue.

usage: check-mo.py GETTEXT LOCALEDIR DOMAIN PO_FILE   (environment: LANGUAGE=zh_CN)
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from importlib import import_module  # noqa: E402

check = import_module("check-translations")


def main():
    gettext, localedir, domain, po = sys.argv[1:5]
    mo = os.path.join(localedir, "zh_CN", "LC_MESSAGES", domain + ".mo")
    if not os.path.exists(mo):
        print("not ok: %s was not built" % mo)
        return 1
    entries = [(k[1], e) for k, e in check.parse_po(po).items()
               if k[0] is None and k[1] and "msgid_plural" not in e and not e["fuzzy"]
               and e["msgstr"].get(0) and "\\" not in k[1] and "\n" not in k[1]
               and not k[1].startswith("-")]
    if not entries:
        print("not ok: no translated entries in %s" % po)
        return 1
    step = max(1, len(entries) // 60)
    sample = entries[::step]
    env = dict(os.environ, TEXTDOMAINDIR=localedir, TEXTDOMAIN=domain)
    bad = 0
    for msgid, e in sample:
        out = subprocess.run([gettext, "-d", domain, "--", msgid],
                             capture_output=True, text=True, env=env).stdout
        if out != e["msgstr"][0]:
            bad += 1
            print("not ok: %r -> %r, expected %r" % (msgid, out, e["msgstr"][0]))
    print("%d of %d looked-up strings translated as in the .po" % (len(sample) - bad, len(sample)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
