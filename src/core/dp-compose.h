/* dp-compose.h — composition of k mechanisms
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "Total δ" is always the failure probability of the whole k-fold composition.
 */
#pragma once

#include "dp-common.h"

/* Basic composition (Dwork & Roth Thm 3.16): (kε₀, kδ₀). */
DpStatus dp_compose_basic (double eps0, double delta0, unsigned long k,
                           double *eps_total, double *delta_total);

/* Advanced composition (Dwork, Rothblum & Vadhan 2010; Dwork & Roth Thm 3.20):
 * ε_k = √(2k ln(1/δ′))·ε₀ + kε₀(e^{ε₀} − 1), total δ = kδ₀ + δ′.
 * azuma_term = √(2k ln(1/δ′))·ε₀ (the deviation), drift_term = kε₀·expm1(ε₀) (the KL drift of
 * Lemma 3.18); epsilon is their sum (the formula itself, not its minimum with kε₀). */
typedef struct {
  double epsilon;
  double azuma_term;
  double drift_term;
  double delta;
} DpAdvancedComposition;

DpStatus dp_compose_advanced (double eps0, double delta0, unsigned long k, double delta_prime,
                              DpAdvancedComposition *out);
/* The smallest integer k at which advanced composition's ε_k is strictly below kε₀;
 * *k_cross = 0 when it never is (e^{ε₀} ≥ 2). Closed form k > 2 ln(1/δ′)/(2 − e^{ε₀})². */
DpStatus dp_compose_advanced_crossover (double eps0, double delta_prime,
                                        unsigned long *k_cross);

/* Optimal composition of k generic (ε₀, δ₀)-DP mechanisms (Kairouz, Oh & Viswanath 2015,
 * Thm 3.3), exact and in log space:
 * δ(ε) = 1 − (1−δ₀)^k (1 − H), H = Σ_l C(k,l) max(0, e^{(k−l)ε₀} − e^{ε + lε₀})/(1+e^{ε₀})^k. */
DpStatus dp_compose_kov_delta (double eps0, double delta0, unsigned long k, double eps_total,
                               double *delta_total);
/* Its inverse: the smallest ε_total ≥ 0 with δ(ε_total) ≤ delta_total (1e-9 absolute), checked
 * against dp_compose_kov_delta: that δ at the returned ε_total is ≤ delta_total, or the call
 * fails with DP_ERR_NUMERIC. */
DpStatus dp_compose_kov_epsilon (double eps0, double delta0, unsigned long k,
                                 double delta_total, double *eps_total);

/* Exact composition of the mechanism itself.
 * Laplace: privacy-loss distribution (PLD) discretized pessimistically, self-composed by FFT;
 * the result is an upper bound on the true ε (or δ) within rel_tol (1e-4 or better when the
 * caller passes 0, meaning "default").
 * Gaussian: k-fold composition is the Gaussian pair with μ√k (closed form, Balle & Wang).
 * RR: exact binomial composition (equal to KOV with ε₀, δ₀ = 0).
 * @cancel may be NULL; when another thread raises it (dp_cancel_set) during the computation,
 * the function returns DP_ERR_CANCELLED promptly. */
DpStatus dp_compose_exact_epsilon (const DpMechanism *m, unsigned long k, double delta_total,
                                   double rel_tol, const DpCancel *cancel,
                                   double *eps_total);
DpStatus dp_compose_exact_delta (const DpMechanism *m, unsigned long k, double eps_total,
                                 double rel_tol, const DpCancel *cancel,
                                 double *delta_total);
/* The same for n values of k at once (for curves), on up to four threads. Writes n
 * results; each is an upper bound within rel_tol of the truth. */
DpStatus dp_compose_exact_epsilon_curve (const DpMechanism *m, const unsigned long *k,
                                         size_t n, double delta_total, double rel_tol,
                                         const DpCancel *cancel, double *eps_total);

/* zCDP route for the Gaussian mechanism (Bun & Steinke 2016, Prop. 1.3 and Lemma 2.3):
 * ρ = kΔ²/(2σ²), ε = ρ + 2√(ρ ln(1/δ)). */
DpStatus dp_compose_gaussian_zcdp (const DpMechanism *m, unsigned long k, double delta_total,
                                   double *eps_total);
/* RDP route for any of the three mechanisms (Mironov 2017, Prop. 1 and 3; conversion of
 * Canonne, Kamath & Steinke 2020 / Balle et al. 2020):
 * ε = min_α [k·D_α + ln((α−1)/α) − (ln δ + ln α)/(α−1)], minimised over α > 1. */
DpStatus dp_compose_rdp (const DpMechanism *m, unsigned long k, double delta_total,
                         double *eps_total);

/* Domains and edge cases:
 * - ε₀ ∈ [DP_EPSILON_MIN, DP_EPSILON_MAX], δ₀ ∈ [0, 1), target δ and δ′ ∈ (0, 1),
 *   k ∈ [1, DP_K_MAX]; anything else (NaN included) is DP_ERR_DOMAIN.
 * - dp_compose_basic and dp_compose_advanced report the total δ capped at 1.
 * - dp_compose_advanced returns DP_ERR_NUMERIC if kε₀(e^{ε₀} − 1) overflows (ε₀ near 700).
 * - dp_compose_advanced_crossover returns DP_ERR_NUMERIC when e^{ε₀} is so close to 2 that the
 *   crossover exceeds 1e18.
 * - dp_compose_kov_epsilon returns DP_ERR_DOMAIN when delta_total ≤ 1 − (1−δ₀)^k (no ε reaches
 *   it). Its answer is rounded up, never down.
 * - dp_compose_exact_delta needs eps_total ≥ 0. For Laplace both exact functions return the
 *   smaller of the PLD bound and KOV (both are upper bounds); the PLD is accurate to rel_tol
 *   in ε (for δ: rel_tol relative in δ, which at large k needs the finest grid, up to ~0.2 s).
 * - rel_tol = 0 means 1e-4; rel_tol must lie in [0, 0.1] (DP_ERR_DOMAIN otherwise: a coarser
 *   accuracy than 0.1 is not offered, and a request for one is not silently tightened). */

/* ---- one composition question, one answer -------------------------------------------------
 *
 * "What total ε do k mechanisms cost at a total failure probability D?" Every method answers
 * it with the whole composition's δ at most D, and these functions are the one place that
 * decides how each method spends D (its δ split). dpviz-cli compose, the composition view,
 * its caption and its read-outs all call them, so they print the same number for the same
 * question.
 *
 * Per-step budgets (ε₀, δ₀):
 * - Laplace and randomized response are pure ε-DP: (ε₀, δ₀) = (ε, 0). A generic mechanism is
 *   known only by its one pair (ε₀, δ₀).
 * - The Gaussian mechanism (of σ, however σ was chosen) is (ε_G(δ₀), δ₀)-DP for every
 *   δ₀ ∈ (0, 1), ε_G the inverse of its privacy profile (Balle & Wang 2018, Thm 8;
 *   dp_gaussian_epsilon). Each method picks its δ₀ below. The (ε, δ) σ was calibrated for
 *   plays no role: the same σ gives the same answers.
 *   (An ε_G below DP_EPSILON_MIN is raised to it: still a valid, slightly pessimistic pair.)
 *
 * The δ split of each method, D the total:
 * - basic (Dwork & Roth Thm 3.16): ε = kε₀ at total kδ₀. Gaussian: δ₀ = D/k, the best split
 *   for basic (ε_G decreases in δ₀, and kδ₀ ≤ D). Fixed pair: applies when kδ₀ ≤ D; its
 *   total δ is kδ₀ (0 for a pure mechanism), which may be below D.
 * - advanced (Thm 3.20): total kδ₀ + δ′ = D. Gaussian: δ₀ = D/(2k), δ′ = D/2. Fixed pair:
 *   δ′ = D − kδ₀ (must be > 0). The value is the theorem's formula itself, not its minimum
 *   with basic.
 * - optimal (Kairouz, Oh & Viswanath 2015, Thm 3.3) for k (ε₀, δ₀) pairs at total D.
 *   Gaussian: δ₀ = D/(2k) (the theorem spends the rest, D − 1 + (1 − δ₀)^k ≈ D/2). Fixed
 *   pair: needs D > 1 − (1 − δ₀)^k.
 * - exact (dp_compose_exact_epsilon), rdp, zcdp: the mechanism's own composition; no split.
 *   They need the mechanism, not a fixed pair; zcdp applies to the Gaussian only.
 * A method that does not apply returns DP_ERR_DOMAIN. */
typedef enum {
  DP_COMPOSE_BASIC = 0,
  DP_COMPOSE_ADVANCED,
  DP_COMPOSE_OPTIMAL,
  DP_COMPOSE_EXACT,
  DP_COMPOSE_RDP,
  DP_COMPOSE_ZCDP,
  DP_N_COMPOSE_METHODS
} DpComposeMethod;

typedef struct {
  double epsilon;     /* total ε */
  double delta;       /* the total δ it holds at (≤ D) */
  double eps0;        /* basic, advanced, optimal: the per-step ε₀ composed; else 0 */
  double delta0;      /* and its δ₀ */
  double delta_prime; /* advanced: δ′ of Thm 3.20; else 0 */
  double azuma;       /* advanced: √(2k ln(1/δ′))·ε₀ */
  double drift;       /* advanced: kε₀(e^{ε₀} − 1) */
} DpComposition;

/* The per-step (ε₀, δ₀) and δ′ that @method uses for @m at k and total D (only those three
 * fields are written). @eps0_hint (NAN for none) may speed up the Gaussian's ε_G, as for
 * dp_gaussian_epsilon_hint; for a curve over k, pass the ε₀ of the next larger k. */
DpStatus dp_compose_split (const DpMechanism *m, DpComposeMethod method, unsigned long k,
                           double delta_total, double eps0_hint, DpComposition *out);
/* The whole answer. @rel_tol and @cancel are those of dp_compose_exact_epsilon (exact only). */
DpStatus dp_compose_at_delta (const DpMechanism *m, DpComposeMethod method, unsigned long k,
                              double delta_total, double rel_tol, const DpCancel *cancel,
                              DpComposition *out);
/* The same for a generic (ε₀, δ₀)-DP mechanism (basic, advanced and optimal only). */
DpStatus dp_compose_generic_at_delta (double eps0, double delta0, DpComposeMethod method,
                                      unsigned long k, double delta_total, DpComposition *out);
/* The first k at which advanced composition's ε is strictly below basic composition's, both
 * at total D with the splits above; *k_cross = 0 when there is none up to @k_max. Pure ε-DP:
 * the closed form of dp_compose_advanced_crossover (δ′ = D), beyond which advanced stays
 * below. Otherwise both sides move with k: the first k of the fixed grid round(10^{i/30})
 * where advanced is below, refined by bisection from the grid point before; advanced may rise
 * above basic again at larger k (Gaussian, ε = 0.3, δ = 1e-3: below only for k = 397 … 6532).
 * The generic variant takes the fixed pair (ε₀, δ₀). */
DpStatus dp_compose_crossover_at_delta (const DpMechanism *m, double delta_total,
                                        unsigned long k_max, unsigned long *k_cross);
DpStatus dp_compose_generic_crossover_at_delta (double eps0, double delta0, double delta_total,
                                                unsigned long k_max, unsigned long *k_cross);
