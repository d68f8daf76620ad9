/* dp-group.h — group privacy: datasets that differ in g people (book Prop. 3.6)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Book Def. 3.1 calls x, x′ g-neighbours when they differ in at most g records, and
 * Prop. 3.6 shows that an ε-DP algorithm satisfies Pr[A(x) ∈ E] ≤ e^{gε} Pr[A(x′) ∈ E] on
 * them (a chain of g single changes). For a query of sensitivity Δ, g changed records move
 * f by up to gΔ, so the group pair of a noise mechanism is the neighbouring pair shifted by gΔ:
 *   Laplace: Lap(0, b) against Lap(gΔ, b), b = Δ/ε — the Laplace pair of sensitivity gΔ at the
 *            same b, whose max divergence is gΔ/b = gε exactly: Prop. 3.6 is tight for it
 *            (a group of 10 under ε = 0.5 is a 5-DP pair);
 *   Gaussian: N(0, σ²) against N(gΔ, σ²): μ = Δ/σ becomes gμ (its KL g²μ²/2 grows like g²).
 * Every divergence of dp-divergence.h then applies to the group pair unchanged.
 *
 * Randomized response (binary): the dataset is one respondent's bit, so two datasets differ
 * in at most one record and no pair of g > 1 exists in that model: g > 1 is DP_ERR_DOMAIN.
 * (In a survey of n respondents each randomizes their own bit; the reports of g of them
 * together are the g-fold composition of randomized response, dp_compose_exact_* with k = g,
 * whose max divergence gε again meets Prop. 3.6.)
 */
#pragma once

#include "dp-common.h"

#define DP_GROUP_MAX 10000UL

/* The mechanism whose neighbouring pair is the group pair of @m for g people, 1 ≤ g ≤
 * DP_GROUP_MAX: Laplace with sensitivity gΔ, ε = gε and b unchanged; Gaussian with sensitivity
 * gΔ and σ unchanged (epsilon and delta 0: it was calibrated for nothing); g = 1 gives @m.
 * DP_ERR_DOMAIN when gε or gΔ leaves the library's domain, and for randomized response with
 * g > 1. */
DpStatus dp_group_mechanism (const DpMechanism *m, unsigned long g, DpMechanism *out);

/* The guarantee on g-neighbours that follows from (ε, δ)-DP alone, by the chain of Prop. 3.6's
 * proof with Pr[A(x_i) ∈ E] ≤ e^ε Pr[A(x_{i+1}) ∈ E] + δ at each link:
 *   ε_g = gε,  δ_g = δ(1 + e^ε + … + e^{(g−1)ε}) = δ·(e^{gε} − 1)/(e^ε − 1)  (capped at 1).
 * δ = 0 gives Prop. 3.6 itself. ε ∈ [DP_EPSILON_MIN, DP_EPSILON_MAX] with gε ≤ DP_EPSILON_MAX,
 * δ ∈ [0, 1). */
DpStatus dp_group_bound (double epsilon, double delta, unsigned long g, double *epsilon_g,
                         double *delta_g);

/* The exact numbers of the group pair for one g. */
typedef struct {
  unsigned long g;
  double max_divergence;          /* D∞: gε (Laplace), +HUGE_VAL (Gaussian) */
  double kl;                      /* D_KL: Laplace gε + e^{−gε} − 1, Gaussian g²Δ²/(2σ²) */
  double total_variation;         /* Laplace 1 − e^{−gε/2}, Gaussian 2Φ(gμ/2) − 1 */
  double delta_at_group_epsilon;  /* δ_g(g·ε′): the hockey stick at the group threshold */
  double epsilon_at_delta;        /* the smallest ε with δ_g(ε) ≤ δ (D∞^δ, Def. 3.6) */
} DpGroupPoint;

/* The curves against g in one call: for each g of the array (n values) the numbers of the
 * group pair, with the hockey stick evaluated at g·ε′ (ε′ ≥ 0; ε′ = ε shows how far the exact
 * pair is from the bound e^{gε}: 0 for Laplace, the Gaussian's δ_g(gε)) and the inverse at δ ∈
 * (0, 1). */
DpStatus dp_group_curve (const DpMechanism *m, const unsigned long *g, size_t n,
                         double eps_prime, double delta, DpGroupPoint *out);
