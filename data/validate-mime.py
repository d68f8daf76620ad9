#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Builds a MIME database from the lesson MIME package alone and checks the result:
update-mime-database accepts it, the type exists with its globs and its zh_CN comment.

usage: validate-mime.py UPDATE_MIME_DATABASE PACKAGE_XML
"""
import os
import shutil
import subprocess
import sys
import tempfile

tool, package = sys.argv[1:3]
with tempfile.TemporaryDirectory() as tmp:
    os.makedirs(os.path.join(tmp, "packages"))
    shutil.copy(package, os.path.join(tmp, "packages", os.path.basename(package)))
    r = subprocess.run([tool, tmp], capture_output=True, text=True,
                       env=dict(os.environ, PKGSYSTEM_ENABLE_FSYNC="0"))
    print(r.stdout + r.stderr, end="")
    failures = 0 if r.returncode == 0 else 1
    typefile = os.path.join(tmp, "application", "x-dpviz-lesson.xml")
    text = open(typefile, encoding="utf-8").read() if os.path.exists(typefile) else ""
    checks = [
        (r.returncode == 0, "update-mime-database accepts the package"),
        (bool(text), "application/x-dpviz-lesson is defined"),
        ('xml:lang="zh_CN"' in text, "its comment is translated into zh_CN"),
    ]
    globs = open(os.path.join(tmp, "globs2"), encoding="utf-8").read() \
        if os.path.exists(os.path.join(tmp, "globs2")) else ""
    checks.append(("application/x-dpviz-lesson:*.dpviz" in globs, "*.dpviz maps to the type"))
    for ok, what in checks:
        print(("ok: " if ok else "not ok: ") + what)
    sys.exit(0 if all(ok for ok, _ in checks) else 1)
