#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fails when a user-visible string has no Chinese translation.

1. POTFILES.in must list every file under src/, ui/ and data/ that
   holds translatable strings, and every file it lists must exist.
2. The template is regenerated from POTFILES.in with xgettext (the keywords of meson's
   'glib' preset), independently of the build's dpviz-pot target.
3. Every msgid of that template (with its context and plural) must be in the .po file,
   translated (all plural forms) and not fuzzy.

usage: check-translations.py SOURCE_ROOT PO_FILE
"""
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

GLIB_KEYWORDS = [
    "--keyword=_", "--keyword=N_", "--keyword=C_:1c,2", "--keyword=NC_:1c,2",
    "--keyword=g_dcgettext:2", "--keyword=g_dngettext:2,3", "--keyword=g_dpgettext2:2c,3",
    "--keyword=g_dgettext:2", "--keyword=ngettext:1,2", "--keyword=Q_",
]

# What marks a source file as holding translatable strings.
C_MARK = re.compile(r'(?<![A-Za-z0-9_])(?:_|N_|C_|NC_|Q_|g_dgettext|g_dngettext|g_dpgettext2|ngettext)\s*\(\s*"?')
UI_MARK = re.compile(r'translatable\s*=\s*"(?:yes|true|1)"')
DATA_MARK = re.compile(r'<summary>|<description>|^Name=|^Comment=', re.M)


def potfiles(root):
    listed = []
    with open(os.path.join(root, "po", "POTFILES.in"), encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                listed.append(line)
    return listed


def candidates(root):
    found = []
    for sub, exts, mark in (("src", (".c",), C_MARK), ("ui", (".ui",), UI_MARK),
                            ("data", (".in",), DATA_MARK)):
        base = os.path.join(root, sub)
        for dirpath, _dirs, files in os.walk(base):
            for name in sorted(files):
                if not name.endswith(exts):
                    continue
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = f.read()
                if sub.startswith("src"):
                    # drop comments so "_(" in a comment does not count
                    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
                if mark.search(text):
                    found.append(os.path.relpath(path, root))
    return found


def unquote(s):
    return bytes(s, "utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")


def parse_po(path):
    """Entries as {(msgctxt, msgid): {'msgid_plural': …, 'msgstr': {n: str}, 'fuzzy': bool}}."""
    entries = {}
    cur = None       # entry being read
    last = None      # (field, index) that a continuation line extends
    flags = ""

    def flush():
        if cur is not None and "msgid" in cur:
            entries[(cur.get("msgctxt"), cur["msgid"])] = cur

    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.strip()
            if not line or line.startswith("#~"):
                continue
            if line.startswith("#"):
                if line.startswith("#,"):
                    flags += line
                continue
            m = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])?\s+"(.*)"$', line)
            if m:
                key, idx, value = m.group(1), int(m.group(2) or 0), unquote(m.group(3))
                starts = key == "msgctxt" or (key == "msgid" and (cur is None or cur["msgstr"]))
                if starts:
                    flush()
                    cur = {"fuzzy": "fuzzy" in flags, "msgstr": {}}
                    flags = ""
                if key == "msgstr":
                    cur["msgstr"][idx] = value
                else:
                    cur[key] = value
                last = (key, idx)
                continue
            m = re.match(r'^"(.*)"$', line)
            if m and cur is not None and last is not None:
                if last[0] == "msgstr":
                    cur["msgstr"][last[1]] += unquote(m.group(1))
                else:
                    cur[last[0]] += unquote(m.group(1))
                continue
            raise SystemExit("%s: cannot parse line: %s" % (path, line))
    flush()
    return entries


def markup_tags(text):
    """Sorted element tags if text is well-formed Pango/XML markup, else None."""
    try:
        root = ET.fromstring("<markup>" + text + "</markup>")
    except ET.ParseError:
        return None
    return sorted(e.tag for e in root.iter())


def main():
    root, po = sys.argv[1], sys.argv[2]
    problems = []

    listed = potfiles(root)
    for p in listed:
        if not os.path.exists(os.path.join(root, p)):
            problems.append("po/POTFILES.in lists %s, which does not exist" % p)
    for p in candidates(root):
        if p not in listed:
            problems.append("%s has translatable strings but is not in po/POTFILES.in" % p)
    if problems:
        print("\n".join("not ok: " + p for p in problems))
        return 1

    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, "dpviz.pot")
        files = os.path.join(tmp, "files")
        with open(files, "w", encoding="utf-8") as f:
            f.write("\n".join(listed) + "\n")
        cmd = ["xgettext", "--package-name=dpviz", "--from-code=UTF-8", "--add-comments",
               "--directory=" + root, "--files-from=" + files, "--output=" + pot] + GLIB_KEYWORDS
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            print(r.stderr)
            print("not ok: xgettext failed")
            return 1
        for line in r.stderr.splitlines():
            # e.g. a G_GUINT64_FORMAT inside _(): the msgid is cut and can never match.
            print("# xgettext: " + line)
        if not os.path.exists(pot):
            print("not ok: xgettext found no strings at all")
            return 1
        template = parse_po(pot)

    translations = parse_po(po)
    n = 0
    for key, entry in sorted(template.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])):
        ctxt, msgid = key
        if msgid == "":
            continue
        n += 1
        label = ("[%s] " % ctxt if ctxt else "") + repr(msgid)
        t = translations.get(key)
        if t is None:
            problems.append("missing from %s: %s" % (os.path.basename(po), label))
        elif t["fuzzy"]:
            problems.append("fuzzy: %s" % label)
        elif "msgid_plural" in entry and "msgid_plural" not in t:
            problems.append("plural form missing: %s" % label)
        elif not t["msgstr"] or any(v == "" for v in t["msgstr"].values()):
            problems.append("untranslated: %s" % label)
        elif re.search(r"<[a-z]|&[a-z#]", msgid) and markup_tags(msgid) is not None:
            # Pango markup (plot labels, toasts): the translation must parse and keep the tags.
            for v in t["msgstr"].values():
                if markup_tags(v) != markup_tags(msgid):
                    problems.append("markup broken or tags changed in translation of %s" % label)
    for p in problems:
        print("not ok: " + p)
    print("%d source strings, %d problems" % (n, len(problems)))
    if n == 0:
        print("not ok: no source strings found")
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
