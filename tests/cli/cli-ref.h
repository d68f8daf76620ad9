/* cli-ref.h — reference formulas the CLI tests share, written from the literature and
 * computed with libm only (never with libdpcore, whose answers they check)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>

/* The standard normal CDF Φ(x) = ½ erfc (−x/√2). */
static inline double
Phi (double x)
{
  return 0.5 * erfc (-x / M_SQRT2);
}

/* The Gaussian pair with μ = Δ/σ: δ(ε) = Φ(μ/2 − ε/μ) − e^ε Φ(−μ/2 − ε/μ) (Balle & Wang 2018,
 * Thm 8), for moderate arguments. */
static inline double
gauss_delta (double mu, double eps)
{
  return Phi (mu / 2 - eps / mu) - exp (eps) * Phi (-mu / 2 - eps / mu);
}
