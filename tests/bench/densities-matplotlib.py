#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The densities figure (Laplace p and q, and the privacy loss L(y) with its ±ε band beneath)
drawn by matplotlib (Agg, 1600×1000 pixels), timed the way `dpviz-cli bench` times its own
render: ε sweeps 0.01 … 10 (log) over the iterations, a few warm-up draws are not counted, and
each sample is one full draw of the figure into the raster canvas (no PNG encoding). Wall-clock
and thread CPU time are both reported: on a shared machine the CPU time is the steadier one.

The figure object is built once and only its data change between draws, which is the fastest
way to use matplotlib for an animation-like update (favourable to matplotlib).

With --compare PATH_TO_DPVIZ_CLI it also runs `dpviz-cli bench --view densities` at the same
size and prints the ratio of the medians (target: dpviz at least 20× faster). DPViz renders
in bands on all cores (what its export and bench do); its one-core time (a single cairo_t) and
that ratio are printed too, and its CPU time is that of all its threads together.

usage: densities-matplotlib.py [--iterations N] [--compare DPVIZ_CLI] [--json]
"""
import argparse
import json
import math
import subprocess
import sys
import time

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

WIDTH, HEIGHT, DPI = 1600, 1000, 100
WARMUP = 3
SENSITIVITY = 1.0
# Okabe–Ito colours, as in DPViz's palette (D blue, D′ vermillion, loss green).
COLOUR_D, COLOUR_DP, COLOUR_LOSS = "#0072B2", "#D55E00", "#009E73"


def laplace_pdf(y, mu, b):
    return np.exp(-np.abs(y - mu) / b) / (2 * b)


class Figure:
    def __init__(self):
        self.fig, (self.ax, self.ax_loss) = plt.subplots(
            2, 1, figsize=(WIDTH / DPI, HEIGHT / DPI), dpi=DPI, sharex=True,
            gridspec_kw={"height_ratios": [2, 1]})
        (self.line_p,) = self.ax.plot([], [], color=COLOUR_D, lw=2, label="p(y): output on D")
        (self.line_q,) = self.ax.plot([], [], color=COLOUR_DP, lw=2, label="q(y): output on D′")
        (self.line_loss,) = self.ax_loss.plot([], [], color=COLOUR_LOSS, lw=2,
                                              label="L(y) = ln p(y)/q(y)")
        self.fills = []
        self.band = None
        self.ax.set_ylabel("density")
        self.ax.grid(True, alpha=0.3)
        self.ax.legend(loc="upper right")
        self.ax_loss.set_xlabel("output y")
        self.ax_loss.set_ylabel("privacy loss L(y)")
        self.ax_loss.grid(True, alpha=0.3)
        self.ax_loss.legend(loc="upper right")
        self.ax.set_title("Laplace mechanism")   # room for the title in the layout
        self.fig.tight_layout()

    def update(self, eps):
        b = SENSITIVITY / eps
        y = np.linspace(-6 * b, SENSITIVITY + 6 * b, 1600)
        p = laplace_pdf(y, 0.0, b)
        q = laplace_pdf(y, SENSITIVITY, b)
        loss = (np.abs(y - SENSITIVITY) - np.abs(y)) / b
        self.line_p.set_data(y, p)
        self.line_q.set_data(y, q)
        self.line_loss.set_data(y, loss)
        for artist in self.fills:
            artist.remove()
        self.fills = [self.ax.fill_between(y, p, color=COLOUR_D, alpha=0.15),
                      self.ax.fill_between(y, q, color=COLOUR_DP, alpha=0.15)]
        if self.band is not None:
            self.band.remove()
        self.band = self.ax_loss.axhspan(-eps, eps, color=COLOUR_LOSS, alpha=0.12)
        self.ax.set_xlim(y[0], y[-1])
        self.ax.set_ylim(0, 1.1 * p.max())
        self.ax_loss.set_ylim(-1.3 * eps, 1.3 * eps)
        self.ax.set_title(f"Laplace mechanism, ε = {eps:.3g}, b = Δ/ε = {b:.3g}; "
                          f"odds change at most ×{math.exp(eps):.3g}")

    def draw(self):
        self.fig.canvas.draw()


def sweep(i, n):
    t = i / (n - 1) if n > 1 else 0.5
    return 0.01 * (10.0 / 0.01) ** t


def stats(samples):
    s = sorted(samples)
    n = len(s)
    median = s[n // 2] if n % 2 else 0.5 * (s[n // 2 - 1] + s[n // 2])
    p99 = s[max(math.ceil(0.99 * n), 1) - 1]
    return median, p99


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--compare", metavar="DPVIZ_CLI")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    fig = Figure()
    for i in range(WARMUP):
        fig.update(sweep(i, WARMUP))
        fig.draw()
    samples, cpu = [], []
    for i in range(args.iterations):
        fig.update(sweep(i, args.iterations))
        c0 = time.thread_time()
        t0 = time.perf_counter()
        fig.draw()
        samples.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    # The data update is cheap next to the draw; time it with the draw too, for honesty.
    total = []
    for i in range(args.iterations):
        t0 = time.perf_counter()
        fig.update(sweep(i, args.iterations))
        fig.draw()
        total.append((time.perf_counter() - t0) * 1000)
    median, p99 = stats(samples)
    median_total, p99_total = stats(total)
    cpu_median, cpu_p99 = stats(cpu)
    result = {
        "matplotlib": matplotlib.__version__,
        "backend": "Agg",
        "width": WIDTH,
        "height": HEIGHT,
        "iterations": args.iterations,
        "median_ms": median,
        "p99_ms": p99,
        "cpu_median_ms": cpu_median,
        "cpu_p99_ms": cpu_p99,
        "median_ms_with_update": median_total,
        "p99_ms_with_update": p99_total,
    }

    if args.compare:
        out = subprocess.run(
            [args.compare, "bench", "--json", "--view", "densities", "--width", str(WIDTH),
             "--height", str(HEIGHT), "--iterations", "200"],
            check=True, capture_output=True, text=True).stdout
        ours = json.loads(out)["views"]["densities"]
        result["dpviz_median_ms"] = ours["median_ms"]
        result["dpviz_p99_ms"] = ours["p99_ms"]
        result["ratio_median"] = median / ours["median_ms"]
        result["ratio_p99"] = p99 / ours["p99_ms"]
        result["dpviz_cpu_median_ms"] = ours["cpu_median_ms"]
        result["ratio_cpu_median"] = cpu_median / ours["cpu_median_ms"]
        # one core (a single cairo_t), against matplotlib's one thread
        result["dpviz_serial_median_ms"] = ours["serial_median_ms"]
        result["ratio_serial_median"] = median / ours["serial_median_ms"]
        result["dpviz_cores"] = json.loads(out).get("cores")

    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"matplotlib {result['matplotlib']} (Agg), {WIDTH}×{HEIGHT}, "
              f"{args.iterations} draws: median {median:.2f} ms, p99 {p99:.2f} ms "
              f"(with data update: median {median_total:.2f} ms); CPU median {cpu_median:.2f} ms")
        if args.compare:
            print(f"dpviz densities at {WIDTH}×{HEIGHT}: median {ours['median_ms']:.3f} ms, "
                  f"p99 {ours['p99_ms']:.3f} ms; CPU median {ours['cpu_median_ms']:.3f} ms")
            print(f"ratio (matplotlib / dpviz): median {result['ratio_median']:.1f}×, "
                  f"p99 {result['ratio_p99']:.1f}×, CPU median {result['ratio_cpu_median']:.1f}×"
                  "  (target ≥ 20×)")
            print(f"dpviz on one core (a single cairo_t): median {ours['serial_median_ms']:.3f} ms, "
                  f"ratio {result['ratio_serial_median']:.1f}×; dpviz used "
                  f"{result['dpviz_cores']} cores, its CPU time is all threads together")
    return 0


if __name__ == "__main__":
    sys.exit(main())
