#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""dpviz without its GSettings schema: one line on stderr that names the schema, exit status 1,
no window and no abort (GLib's g_settings_new () would end the process with SIGTRAP).

Usage: check-no-schema.py DPVIZ APP_ID"""
import os
import subprocess
import sys
import tempfile

exe, app_id = sys.argv[1], sys.argv[2]
with tempfile.TemporaryDirectory() as empty:
    env = dict(os.environ)
    # no schema anywhere: the schema directories GLib looks in are all empty
    env.update(GSETTINGS_SCHEMA_DIR=empty, XDG_DATA_DIRS=empty, LANGUAGE='C', LC_ALL='C.UTF-8')
    env.pop('DISPLAY', None)
    env.pop('WAYLAND_DISPLAY', None)
    r = subprocess.run([exe], env=env, capture_output=True, text=True, timeout=60)
lines = r.stderr.splitlines()
print(f'exit {r.returncode}, stderr {lines!r}')
assert r.returncode == 1, f'exit status {r.returncode}, expected 1'
assert len(lines) == 1, f'{len(lines)} lines on stderr, expected 1'
assert app_id in lines[0] and 'not installed' in lines[0], lines[0]
assert r.stdout == '', r.stdout
