#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Static checks of the Flatpak manifest (flatpak-builder needs the network, so it cannot
run here): app id, command, runtime, permissions, the GSL module's pinned source, and that
every -D option given to the dpviz module exists in meson_options.txt.

usage: check-flatpak-manifest.py MANIFEST APP_ID MESON_OPTIONS_TXT
"""
import json
import re
import sys

manifest, app_id, options_txt = sys.argv[1:4]
m = json.load(open(manifest, encoding="utf-8"))
failures = 0


def check(cond, what):
    global failures
    print(("ok: " if cond else "not ok: ") + what)
    failures += not cond


check(m.get("id") == app_id, "id is " + app_id)
check(m.get("command") == "dpviz", "command is dpviz")
check(m.get("runtime") == "org.gnome.Platform" and m.get("sdk") == "org.gnome.Sdk",
      "GNOME runtime and SDK")
check(re.fullmatch(r"\d+", str(m.get("runtime-version", ""))) is not None,
      "stable runtime version")
args = m.get("finish-args", [])
for a in ("--socket=wayland", "--socket=fallback-x11", "--device=dri", "--share=ipc"):
    check(a in args, "finish-args has " + a)
check(not any(a.startswith("--filesystem=host") or a == "--share=network" for a in args),
      "no host filesystem or network access (export goes through the file chooser portal)")

mods = {mod["name"]: mod for mod in m.get("modules", [])}
gsl = mods.get("gsl", {})
srcs = gsl.get("sources", [])
check(len(srcs) == 1 and srcs[0].get("type") == "archive"
      and re.fullmatch(r"https://ftp\.gnu\.org/gnu/gsl/gsl-2\.\d+(\.\d+)?\.tar\.gz", srcs[0].get("url", ""))
      and re.fullmatch(r"[0-9a-f]{64}", srcs[0].get("sha256", "")),
      "GSL is built from a GNU release tarball pinned by sha256")
names = [mod["name"] for mod in m.get("modules", [])]
check(names and names[-1] == "dpviz" and names.index("gsl") < names.index("dpviz"),
      "GSL is built before dpviz, dpviz last")
dp = mods.get("dpviz", {})
check(dp.get("buildsystem") == "meson", "dpviz builds with meson")
check(any(s.get("type") == "dir" and s.get("path") == ".." for s in dp.get("sources", [])),
      "dpviz builds from the checkout (path ..)")
options = re.findall(r"option\('([^']+)'", open(options_txt, encoding="utf-8").read())
for opt in dp.get("config-opts", []):
    if opt.startswith("-D"):
        name = opt[2:].split("=", 1)[0]
        check(name in options, "option %s exists in meson_options.txt" % name)
print("%d failures" % failures)
sys.exit(1 if failures else 0)
