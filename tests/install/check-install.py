#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`meson install` into a temporary DESTDIR, then check and run what was installed.

- every file the desktop integration needs is in place (desktop file, metainfo, icons,
  schema, translations, both binaries);
- the installed desktop file, metainfo and schema are consistent with each other and
  with the installed binaries, and the schema compiles;
- the installed dpviz-cli runs: --help, and a JSON subcommand whose number is checked
  against the closed form KL(Lap(0,1/ε) ‖ Lap(1,1/ε)) = ε + e^{−ε} − 1 (Δ = 1);
- the installed catalogue translates (Python's gettext reading the installed .mo,
  compared with the .po source).

usage: check-install.py MESON BUILDDIR SOURCE_ROOT APP_ID DOMAIN PREFIX BINDIR DATADIR LOCALEDIR
"""
import gettext
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "i18n"))
from importlib import import_module  # noqa: E402

failures = []


def check(cond, what):
    print(("ok: " if cond else "not ok: ") + what)
    if not cond:
        failures.append(what)
    return cond


def numbers(obj):
    if isinstance(obj, bool):
        return
    if isinstance(obj, (int, float)):
        yield float(obj)
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from numbers(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from numbers(v)


def under(dest, path):
    return os.path.join(dest, path.lstrip("/"))


def run(cmd, env=None, timeout=30):
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)


def main():
    (meson, builddir, srcroot, app_id, domain,
     prefix, bindir, datadir, localedir) = sys.argv[1:10]
    bindir = os.path.join(prefix, bindir)
    datadir = os.path.join(prefix, datadir)
    localedir = os.path.join(prefix, localedir)

    tmp = tempfile.mkdtemp(prefix="dpviz-install-")
    try:
        # Without --no-rebuild: `meson test` builds only what tests depend on, and this test
        # runs alone (is_parallel: false), so meson may bring every installed target up to date.
        r = run([meson, "install", "-C", builddir, "--destdir", tmp],
                env=dict(os.environ, DESTDIR=tmp), timeout=300)
        if not check(r.returncode == 0, "meson install --destdir succeeds"):
            print(r.stdout[-3000:], r.stderr[-3000:])
            return 1

        # What meson says it installs: does the build install the GTK app?
        r = run([meson, "introspect", "--installed", builddir])
        installed = json.loads(r.stdout) if r.returncode == 0 else {}
        app_installed = any(os.path.basename(p) == "dpviz" for p in installed.values())

        d = lambda p: under(tmp, p)  # noqa: E731
        cli = d(os.path.join(bindir, "dpviz-cli"))
        app = d(os.path.join(bindir, "dpviz"))
        desktop = d(os.path.join(datadir, "applications", app_id + ".desktop"))
        metainfo = d(os.path.join(datadir, "metainfo", app_id + ".metainfo.xml"))
        icon = d(os.path.join(datadir, "icons/hicolor/scalable/apps", app_id + ".svg"))
        symbolic = d(os.path.join(datadir, "icons/hicolor/symbolic/apps",
                                  app_id + "-symbolic.svg"))
        mimepkg = d(os.path.join(datadir, "mime", "packages", app_id + ".xml"))
        schemadir = d(os.path.join(datadir, "glib-2.0", "schemas"))
        schema = os.path.join(schemadir, app_id + ".gschema.xml")
        locale = d(localedir)
        mo = os.path.join(locale, "zh_CN", "LC_MESSAGES", domain + ".mo")

        for path in (cli, desktop, metainfo, icon, symbolic, schema, mo, mimepkg):
            check(os.path.isfile(path), "installed " + os.path.relpath(path, tmp))
        check(os.access(cli, os.X_OK), "dpviz-cli is executable")
        if app_installed:
            check(os.path.isfile(app) and os.access(app, os.X_OK), "installed executable dpviz")
        else:
            print("# the build does not install the GTK app (app disabled or not built yet)")

        # Icons are well-formed SVG, titled with the app id (templating worked).
        for path in (icon, symbolic):
            if os.path.isfile(path):
                root = ET.parse(path).getroot()
                check(root.tag.endswith("svg") and "@app_id@" not in open(path).read(),
                      os.path.basename(path) + " is a templated SVG")

        # Desktop file: points at the installed binary and the installed icon, has translations.
        if os.path.isfile(desktop):
            entries = {}
            for line in open(desktop, encoding="utf-8"):
                if "=" in line and not line.startswith("#"):
                    k, v = line.rstrip("\n").split("=", 1)
                    entries[k] = v
            check(entries.get("Icon") == app_id, "desktop Icon= is the app id")
            exec_bin = entries.get("Exec", "").split()[0] if entries.get("Exec") else ""
            check(exec_bin == "dpviz", "desktop Exec= starts dpviz")
            check(any(k.startswith("Name[zh_CN]") for k in entries),
                  "desktop file carries the zh_CN translation")
            dfv = shutil.which("desktop-file-validate")
            if dfv:
                r = run([dfv, desktop])
                check(r.returncode == 0, "installed desktop file validates " + r.stdout.strip())

        # Metainfo: id, launchable and provided binaries match what was installed.
        if os.path.isfile(metainfo):
            root = ET.parse(metainfo).getroot()
            check(root.findtext("id") == app_id, "metainfo id is the app id")
            check(root.findtext("launchable") == app_id + ".desktop",
                  "metainfo launchable is the installed desktop file")
            bins = [b.text for b in root.iter("binary")]
            check(sorted(bins) == ["dpviz", "dpviz-cli"], "metainfo provides dpviz and dpviz-cli")
            check([m.text for m in root.iter("mediatype")] == ["application/x-dpviz-lesson"]
                  and "application/x-dpviz-lesson;" in open(desktop, encoding="utf-8").read(),
                  "metainfo and desktop file declare the lesson MIME type")
            shots = [i.text for i in root.iter("image")]
            marker = "/main/"
            missing = [u for u in shots if marker not in u or not os.path.isfile(
                os.path.join(srcroot, u.split(marker, 1)[1]))]
            check(shots and not missing,
                  "metainfo screenshots are files of the repository " + " ".join(missing))
            xml_lang = "{http://www.w3.org/XML/1998/namespace}lang"
            check(any(e.get(xml_lang) == "zh_CN" for e in root.iter("summary")),
                  "metainfo carries the zh_CN translation")

        # Schema compiles where it was installed.
        r = run(["glib-compile-schemas", "--strict", "--dry-run", schemadir])
        check(r.returncode == 0, "installed schema compiles " + r.stderr.strip())

        # The installed CLI runs without the build tree.
        env = dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE="C")
        env.pop("DPVIZ_LOCALEDIR", None)
        r = run([cli, "--help"], env=env)
        english_help = r.stdout + r.stderr
        cli_ready = check(r.returncode == 0 and "divergence" in english_help,
                          "installed dpviz-cli --help exits 0 and lists the subcommands")
        if cli_ready:
            eps = 0.5
            r = run([cli, "divergence", "--mechanism", "laplace", "--epsilon", str(eps),
                     "--sensitivity", "1", "--json"], env=env)
            ok = check(r.returncode == 0, "installed dpviz-cli divergence --json exits 0 "
                       + r.stderr.strip()[:200])
            if ok:
                try:
                    doc = json.loads(r.stdout)
                except ValueError as err:
                    doc = None
                    check(False, "dpviz-cli divergence prints JSON (%s)" % err)
                if doc is not None:
                    # Laplace KL (Dwork & Roth Def. 3.5; closed form for Lap(0,b) vs Lap(Δ,b), b = Δ/ε).
                    kl = eps + math.exp(-eps) - 1
                    check(any(math.isclose(x, kl, rel_tol=1e-6) for x in numbers(doc)),
                          "JSON holds the Laplace KL divergence ε + e^−ε − 1 = %.8f" % kl)
                    check(any(math.isclose(x, eps, rel_tol=1e-9) for x in numbers(doc)),
                          "JSON holds the max divergence ε = %g" % eps)

            r = run([cli, "divergence", "--mechanism", "nonsense", "--epsilon", "1"], env=env)
            check(r.returncode == 2 and r.stderr.strip() != "",
                  "installed dpviz-cli exits 2 with a message for a bad argument")

        # Installed translations: the .mo gives the .po's msgstr for every translated entry.
        if os.path.isfile(mo):
            tr = gettext.translation(domain, localedir=locale, languages=["zh_CN"])
            po = import_module("check-translations").parse_po(
                os.path.join(srcroot, "po", "zh_CN.po"))
            good = total = 0
            for (ctxt, msgid), e in po.items():
                if not msgid or e["fuzzy"] or "msgid_plural" in e or not e["msgstr"].get(0):
                    continue
                total += 1
                got = tr.pgettext(ctxt, msgid) if ctxt else tr.gettext(msgid)
                good += got == e["msgstr"][0]
            check(total > 0 and good == total,
                  "installed catalogue translates %d of %d strings" % (good, total))

            # If the CLI has translatable strings, its installed help is translated.
            cli_strings = any("src/cli/" in line for line in
                              open(os.path.join(srcroot, "po", "zh_CN.po"), encoding="utf-8")
                              if line.startswith("#:"))
            # A DESTDIR install keeps the binary's compiled-in LOCALEDIR (the real prefix), so
            # its Chinese output can be checked only if it honours DPVIZ_LOCALEDIR.
            honours = b"DPVIZ_LOCALEDIR" in open(cli, "rb").read()
            if cli_strings and cli_ready and not honours:
                print("# dpviz-cli does not read DPVIZ_LOCALEDIR: its Chinese --help is not checked")
            if cli_strings and cli_ready and honours:
                zenv = dict(env, LANGUAGE="zh_CN", DPVIZ_LOCALEDIR=locale)
                r = run([cli, "--help"], env=zenv)
                text = r.stdout + r.stderr
                check(r.returncode == 0 and text != english_help
                      and any("\u4e00" <= ch <= "\u9fff" for ch in text),
                      "installed dpviz-cli --help is Chinese under LANGUAGE=zh_CN")

        if app_installed and os.path.isfile(app):
            r = run([app, "--help"], env=env)
            check(r.returncode == 0, "installed dpviz --help exits 0")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
