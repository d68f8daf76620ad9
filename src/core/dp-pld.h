/* dp-pld.h — privacy-loss distributions (internal to libdpcore)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Exact composition of the Laplace mechanism through a discretized privacy-loss
 * distribution (PLD). The discretization is the "connect-the-dots" dominating pair of
 * Doroshenko, Ghazi, Kamath, Kumar & Manurangsi (PETS 2022): its δ(ε) interpolates the true
 * δ(ε) linearly in e^ε between grid points, which is an upper bound because δ is convex in
 * e^ε. The k-fold composition is computed by FFT on an exponentially tilted copy of the PLD
 * (tilting commutes with convolution), inside a window around the tilted mean; every mass
 * left out of the window or aliased into it, and the FFT round-off, is accounted for so
 * that the result is a rigorous upper bound on the true δ(ε) (or ε(δ)).
 */
#pragma once

#include "dp-common.h"

/* Upper bound on ε(δ) of the k-fold Laplace composition with per-step ε₀ (the ratio Δ/b);
 * rel_tol > 0 is the targeted relative accuracy. Does not clamp with any other bound. */
DpStatus dp_pld_laplace_epsilon (double eps0, unsigned long k, double delta, double rel_tol,
                                 const DpCancel *cancel, double *eps_out);
/* Upper bound on δ(ε) of the same composition. */
DpStatus dp_pld_laplace_delta (double eps0, unsigned long k, double eps, double rel_tol,
                               const DpCancel *cancel, double *delta_out);

/* The connect-the-dots masses of one Laplace PLD on the grid ℓ_i = −ε₀ + i·2ε₀/n,
 * i = 0..n, as natural logs (n + 1 values). Exposed for the tests. */
DpStatus dp_pld_laplace_grid (double eps0, size_t n, double *log_mass);
