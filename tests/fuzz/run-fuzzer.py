#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs one libFuzzer target for a while (tests/fuzz/meson.build, suite "fuzz").

usage: run-fuzzer.py TARGET WORK_DIR DICT SECONDS SEED_DIR…

New inputs go to WORK_DIR/corpus (the committed seeds are only read); a failing input is
written to WORK_DIR/crash-… (libFuzzer's artifact), and the exit status is libFuzzer's.
DPVIZ_FUZZ_SECONDS in the environment overrides SECONDS.
"""
import os
import subprocess
import sys


def main():
    target, work, dictionary, seconds = sys.argv[1:5]
    seeds = sys.argv[5:]
    seconds = os.environ.get("DPVIZ_FUZZ_SECONDS", seconds)
    corpus = os.path.join(work, "corpus")
    supp = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lsan.supp")
    os.environ.setdefault("LSAN_OPTIONS", f"suppressions={supp}:print_suppressions=0")
    os.makedirs(corpus, exist_ok=True)
    # libFuzzer's own exit code for a finding, 77, is meson's "skipped": a finding must fail
    cmd = [target, f"-max_total_time={seconds}", "-timeout=120", "-error_exitcode=1",
           "-timeout_exitcode=1", "-rss_limit_mb=3072",
           "-print_final_stats=1", f"-dict={dictionary}",
           f"-artifact_prefix={os.path.join(work, '')}", corpus] + seeds
    print(" ".join(cmd), flush=True)
    return subprocess.call(cmd)


if __name__ == "__main__":
    sys.exit(main())
