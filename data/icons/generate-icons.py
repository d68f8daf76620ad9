#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Regenerates the application icons (dpviz.svg.in, dpviz-symbolic.svg.in) in the directory
# given as argument: Laplace densities of D and D′ drawn as cubic Bézier (Hermite) pieces.
import math
import sys
def f(v): return ("%.2f" % v).rstrip('0').rstrip('.')

def laplace_path(mu, b, xmin, xmax, X, Y, closed, segs=3):
    """Cubic Bezier path (Hermite fit) of exp(-|x-mu|/b)/(2b) (peak-normalised) in user coords.
    X, Y map math coords to SVG coords."""
    def y(x): return math.exp(-abs(x-mu)/b)
    # left side: from xmin to mu, right side: mu to xmax, each split in segs
    knots = [xmin + (mu-xmin)*i/segs for i in range(segs+1)] + [mu + (xmax-mu)*i/segs for i in range(1, segs+1)]
    d = []
    if closed:
        d.append("M %s %s L %s %s" % (f(X(xmin)), f(Y(0)), f(X(xmin)), f(Y(y(xmin)))))
    else:
        d.append("M %s %s" % (f(X(xmin)), f(Y(y(xmin)))))
    for a, c in zip(knots[:-1], knots[1:]):
        side = -1 if c <= mu + 1e-12 else 1
        h = c - a
        ya, yc = y(a), y(c)
        # slopes: y' = y/b left of the peak, -y/b right of it
        if side == -1:
            sa, sc = ya/b, yc/b
        else:
            sa, sc = -ya/b, -yc/b
        p1 = (a + h/3, ya + sa*h/3)
        p2 = (c - h/3, yc - sc*h/3)
        d.append("C %s %s %s %s %s %s" % (f(X(p1[0])), f(Y(p1[1])), f(X(p2[0])), f(Y(p2[1])), f(X(c)), f(Y(yc))))
    if closed:
        d.append("L %s %s Z" % (f(X(xmax)), f(Y(0))))
    return " ".join(d)

# ---- full-colour 128x128 icon
xl, xr = 20, 108; ybase, ytop = 88, 30
lo, hi = -3.4, 3.4
X = lambda x: xl + (x-lo)/(hi-lo)*(xr-xl)
Y = lambda v: ybase - v*(ybase-ytop)
b = 0.8
pD = laplace_path(-0.75, b, lo, hi, X, Y, True)
lD = laplace_path(-0.75, b, lo, hi, X, Y, False)
pE = laplace_path(0.75, b, lo, hi, X, Y, True)
lE = laplace_path(0.75, b, lo, hi, X, Y, False)
full = f'''<?xml version="1.0" encoding="UTF-8"?>
<!-- SPDX-License-Identifier: GPL-3.0-or-later -->
<!-- Application icon of @app_id@: the output densities of a Laplace mechanism on two
     neighbouring datasets D (blue) and D′ (orange), on a rounded square. -->
<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
  <title>@app_id@</title>
  <defs>
    <linearGradient id="base" x1="0" y1="12" x2="0" y2="112" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#3d4f6b"/>
      <stop offset="1" stop-color="#26334a"/>
    </linearGradient>
    <clipPath id="plot">
      <rect x="12" y="12" width="104" height="100" rx="20"/>
    </clipPath>
  </defs>
  <!-- base with the darker bottom edge of GNOME app icons -->
  <rect x="12" y="16" width="104" height="100" rx="20" fill="#1a2333"/>
  <rect x="12" y="12" width="104" height="100" rx="20" fill="url(#base)"/>
  <g clip-path="url(#plot)">
    <!-- faint grid -->
    <path d="M 20 44.5 H 108 M 20 59.5 H 108 M 20 74.5 H 108" stroke="#ffffff" stroke-opacity="0.08" stroke-width="1" fill="none"/>
    <!-- D (blue) and D′ (orange) densities, overlapping -->
    <path d="{pD}" fill="#56b4e9" fill-opacity="0.45"/>
    <path d="{pE}" fill="#e69f00" fill-opacity="0.45"/>
    <path d="{lD}" fill="none" stroke="#8fd0f5" stroke-width="3.5" stroke-linejoin="round" stroke-linecap="round"/>
    <path d="{lE}" fill="none" stroke="#ffbf3c" stroke-width="3.5" stroke-linejoin="round" stroke-linecap="round"/>
    <!-- axis -->
    <path d="M 20 {f(ybase+1)} H 108" stroke="#f6f5f4" stroke-width="3" stroke-linecap="round"/>
  </g>
</svg>
'''
open(sys.argv[1] + "/dpviz.svg.in", "w").write(full)

# ---- symbolic 16x16
xl, xr = 1, 15; ybase, ytop = 12.5, 2.5
X = lambda x: xl + (x-lo)/(hi-lo)*(xr-xl)
Y = lambda v: ybase - v*(ybase-ytop)
pD = laplace_path(-0.75, b, lo, hi, X, Y, True)
# Fill only (GTK recolours symbolic icons by fill): D′ solid, D translucent in front.
pE = laplace_path(0.75, b, lo, hi, X, Y, True)
sym = f'''<?xml version="1.0" encoding="UTF-8"?>
<!-- SPDX-License-Identifier: GPL-3.0-or-later -->
<!-- Symbolic icon of @app_id@: two overlapping Laplace densities (D and D′). -->
<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">
  <title>@app_id@-symbolic</title>
  <path d="{pE}" fill="#2e3436"/>
  <path d="{pD}" fill="#2e3436" fill-opacity="0.4"/>
  <rect x="0.5" y="13" width="15" height="2" rx="1" fill="#2e3436"/>
</svg>
'''
open(sys.argv[1] + "/dpviz-symbolic.svg.in", "w").write(sym)
