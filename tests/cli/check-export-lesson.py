#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""dpviz-cli export --lesson: one figure per step, named from the step titles.

Expected names are spelled out here from the naming rule (docs/user-guide.md), page sizes come
from the preset's centimetres (1 in = 2.54 cm = 72 pt), and every figure is compared with the
single `dpviz-cli export` of that step's parameters, byte for byte. Standard library only.

Usage: check-export-lesson.py DPVIZ-CLI
"""

import json
import os
import sys
import tempfile

from export_tap import CLI, PT_PER_CM, check, pdf_media_box, run, tap_main

LESSON = """\
[Lesson]
Version=1
Title=Three steps

[Step 1]
Mechanism=laplace
View=densities
Epsilon=1
Delta=1e-05
Sensitivity=1
K=100
Title=Neighbouring Datasets!
Title[zh_CN]=相邻数据集

[Step 2]
Mechanism=gaussian
View=regions
Epsilon=0.5
Delta=1e-06
Sensitivity=2
K=10
Title=拉普拉斯与高斯

[Step 3]
Mechanism=laplace
View=composition
Epsilon=0.1
Delta=1e-06
Sensitivity=1
K=300
Title=Neighbouring  datasets
"""

# the steps' parameters as options of a single export
STEPS = [
    ["--view", "densities", "--mechanism", "laplace", "--epsilon", "1", "--delta", "1e-05",
     "--sensitivity", "1", "--k", "100"],
    ["--view", "regions", "--mechanism", "gaussian", "--epsilon", "0.5", "--delta", "1e-06",
     "--sensitivity", "2", "--k", "10"],
    ["--view", "composition", "--mechanism", "laplace", "--epsilon", "0.1", "--delta",
     "1e-06", "--sensitivity", "1", "--k", "300"],
]

# step 2's title has no ASCII letter: the view's name; the step numbers keep 1 and 3 apart
NAMES_C = ["01-neighbouring-datasets", "02-regions", "03-neighbouring-datasets"]
NAMES_ZH = ["01-densities", "02-regions", "03-neighbouring-datasets"]


def read(path):
    with open(path, "rb") as f:
        return f.read()


def test_pdf(tmp, lesson):
    out = os.path.join(tmp, "pdf")
    rc, stdout, stderr = run("--lesson", lesson, "--output-dir", out, "--preset",
                             "latex-column", "--json")
    check(rc == 0 and stderr == "", f"pdf export succeeds (rc {rc}, {stderr.strip()})")
    check(sorted(os.listdir(out)) == [n + ".pdf" for n in NAMES_C],
          f"three PDFs named from the titles: {sorted(os.listdir(out))}")
    doc = json.loads(stdout)
    check([os.path.basename(f["output"]) for f in doc["files"]] == [n + ".pdf" for n in NAMES_C],
          "--json lists the files in step order")
    check([f["view"] for f in doc["files"]] == ["densities", "regions", "composition"],
          "--json gives each step's view")
    for n in NAMES_C:
        w, h = pdf_media_box(read(os.path.join(out, n + ".pdf")))
        check(abs(w - 8.5 * PT_PER_CM) < 0.01 and abs(h - 6.0 * PT_PER_CM) < 0.01,
              f"{n}.pdf is 8.5 × 6 cm = 240.94 × 170.08 pt (got {w:.2f} × {h:.2f})")

    zh = os.path.join(tmp, "zh")
    rc, stdout, _ = run("--lesson", lesson, "--output-dir", zh, "--format", "svg",
                        "--json", language="zh_CN")
    check(rc == 0 and sorted(os.listdir(zh)) == [n + ".svg" for n in NAMES_ZH],
          f"in zh_CN the Chinese title falls back to the view's name: {sorted(os.listdir(zh))}")
    check(json.loads(stdout)["files"][0]["title"] == "相邻数据集",
          "the title is read in the language chosen")


def test_same_as_single(tmp, lesson):
    out = os.path.join(tmp, "png")
    size = ["--preset", "latex-column", "--dpi", "72", "--grayscale"]
    rc, _, stderr = run("--lesson", lesson, "--output-dir", out, "--format", "png",
                        "--with-data", *size)
    check(rc == 0, f"png export with data succeeds ({stderr.strip()})")
    check(sorted(os.listdir(out)) == sorted([n + e for n in NAMES_C for e in (".png", ".csv")]),
          "--with-data writes NN-slug.csv beside each figure")
    for i, n in enumerate(NAMES_C):
        single = os.path.join(tmp, f"single-{i}.png")
        single_csv = os.path.join(tmp, f"single-{i}.csv")
        rc, _, stderr = run(*STEPS[i], *size, "--output", single, "--data", single_csv)
        check(rc == 0 and read(single) == read(os.path.join(out, n + ".png")),
              f"step {i + 1}'s PNG equals the single export of its parameters")
        check(read(single_csv) == read(os.path.join(out, n + ".csv")),
              f"step {i + 1}'s CSV equals the single export's --data")


def refused(tmp, args, what):
    out = os.path.join(tmp, "refused")
    cwd = os.path.join(tmp, "cwd")   # an empty --output-dir must not mean this folder
    os.makedirs(cwd, exist_ok=True)
    rc, stdout, stderr = run(*args, cwd=cwd)
    check(rc == 2 and stdout == "" and stderr.count("\n") == 1 and not os.path.exists(out)
          and os.listdir(cwd) == [],
          f"{what}: exit 2, one line, nothing written (rc {rc}: {stderr.strip()})")


def test_refused(tmp, lesson):
    out = os.path.join(tmp, "refused")
    refused(tmp, ["--lesson", lesson], "--lesson without --output-dir")
    refused(tmp, ["--output-dir", out], "--output-dir without --lesson")
    refused(tmp, ["--lesson", lesson, "--output-dir", out, "--output", out + ".png"],
            "--output with --lesson")
    refused(tmp, ["--lesson", lesson, "--output-dir", out, "--view", "kl"], "--view with --lesson")
    refused(tmp, ["--lesson", lesson, "--output-dir", out, "--data", out + ".csv"],
            "--data with --lesson")
    refused(tmp, ["--lesson", lesson, "--output-dir", out, "--epsilon", "2"],
            "a parameter option with --lesson")
    refused(tmp, ["--lesson", lesson, "--output-dir", ""], "an empty --output-dir")
    refused(tmp, ["--lesson", "", "--output-dir", out], "an empty --lesson")
    refused(tmp, ["--lesson", lesson, "--output-dir", out, "--format", "gif"], "unknown format")
    refused(tmp, ["--lesson", lesson, "--output-dir", out, "--preset", "poster"],
            "unknown preset")
    refused(tmp, ["--view", "kl", "--output", out + ".png", "--format", "png"],
            "--format without --lesson")
    bad = os.path.join(tmp, "bad.dpviz")
    with open(bad, "w") as f:
        f.write(LESSON.replace("K=300", "K=300\nK=301"))
    refused(tmp, ["--lesson", bad, "--output-dir", out], "a malformed lesson (duplicate key)")
    with open(bad, "w") as f:
        f.write(LESSON.replace("Epsilon=0.1", "Epsilon=20"))
    refused(tmp, ["--lesson", bad, "--output-dir", out], "a step out of range")
    refused(tmp, ["--lesson", os.path.join(tmp, "missing.dpviz"), "--output-dir", out],
            "a missing lesson")


def test_unwritable(tmp, lesson):
    # a regular file where the folder's parent should be: not writable, whoever runs this
    blocker = os.path.join(tmp, "blocker")
    with open(blocker, "w") as f:
        f.write("x")
    rc, _, stderr = run("--lesson", lesson, "--output-dir", os.path.join(blocker, "out"))
    check(rc == 2 and stderr.count("\n") == 1 and read(blocker) == b"x",
          f"an unwritable folder: exit 2, one line ({stderr.strip()})")
    rc, _, stderr = run("--lesson", lesson, "--output-dir", blocker)
    check(rc == 2 and stderr.count("\n") == 1 and read(blocker) == b"x",
          f"a file as the folder: exit 2, one line ({stderr.strip()})")

    # step 2's name taken by a folder: the write fails midway
    out = os.path.join(tmp, "midway")
    os.makedirs(os.path.join(out, NAMES_C[1] + ".pdf"))
    rc, _, stderr = run("--lesson", lesson, "--output-dir", out)
    check(rc == 2 and stderr.count("\n") == 1 and "Step 2" in stderr,
          f"a failure midway names the step ({stderr.strip()})")
    check(sorted(os.listdir(out)) == [NAMES_C[1] + ".pdf"],
          f"and removes the files it created: {sorted(os.listdir(out))}")


def test_overwrite(tmp, lesson):
    out = os.path.join(tmp, "again")
    os.makedirs(out)
    with open(os.path.join(out, "notes.txt"), "w") as f:
        f.write("mine")
    with open(os.path.join(out, NAMES_C[0] + ".svg"), "w") as f:
        f.write("old")
    rc, _, _ = run("--lesson", lesson, "--output-dir", out, "--format", "svg")
    check(rc == 0 and read(os.path.join(out, NAMES_C[0] + ".svg")).startswith(b"<?xml"),
          "exporting again replaces the files of these names")
    check(read(os.path.join(out, "notes.txt")) == b"mine"
          and len(os.listdir(out)) == 4, "and leaves every other file alone")


def body():
    with tempfile.TemporaryDirectory() as tmp:
        lesson = os.path.join(tmp, "three.dpviz")
        with open(lesson, "w") as f:
            f.write(LESSON)
        test_pdf(tmp, lesson)
        test_same_as_single(tmp, lesson)
        test_refused(tmp, lesson)
        test_unwritable(tmp, lesson)
        test_overwrite(tmp, lesson)


if __name__ == "__main__":
    sys.exit(tap_main(body))
