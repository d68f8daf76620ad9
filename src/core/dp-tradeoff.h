/* dp-tradeoff.h — the adversary's view: hypothesis tests, trade-off curves, posterior odds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An adversary sees the output of the mechanism and tests H₀: the data are D (the output
 * follows P) against H₁: the data are D′ (it follows Q). A test says "D′" with probability
 * φ(y) on output y. Its type I error is α = E_P[φ] (it says D′ when the data were D), its
 * type II error β = 1 − E_Q[φ] (it says D when the data were D′), its power 1 − β. The
 * trade-off function f(α) = inf {β_φ : α_φ ≤ α} is the smallest β any test reaches at type I
 * error α (Dong, Roth & Su 2022, Def. 2.1); it is convex, continuous, non-increasing and
 * f(α) ≤ 1 − α. The best tests are the likelihood-ratio tests of Neyman and Pearson, which
 * say D′ when the privacy loss L = ln(p/q) is small (the book, §1.2.1, log-likelihood ratio).
 *
 * A mechanism is (ε, δ)-DP exactly when its trade-off function lies on or above
 * f_{ε,δ}(α) = max(0, 1 − δ − e^ε α, e^{−ε}(1 − δ − α)) (Kairouz, Oh & Viswanath 2015, Thm 2.1;
 * Dong, Roth & Su 2022, Prop. 2.5): the region below f_{ε,δ} is what no (ε, δ)-DP mechanism
 * allows.
 *
 * Every function returns a DpStatus; results are never NaN. Curve objects are immutable once
 * built and may be read from several threads at once.
 */
#pragma once

#include "dp-common.h"

/* ---- the (ε, δ) region ---------------------------------------------------------------- */

/* f_{ε,δ}(α) for ε ≥ 0 finite (any size: e^ε is never formed when it would overflow),
 * δ ∈ [0, 1], α ∈ [0, 1]. */
DpStatus dp_tradeoff_region (double epsilon, double delta, double alpha, double *beta);
/* The same on a grid: beta[i] = f_{ε,δ}(alpha[i]). The (kε, kδ) region of basic composition
 * and the advanced-composition region are this with the (ε, δ) of dp_compose_basic and
 * dp_compose_advanced. */
DpStatus dp_tradeoff_region_curve (double epsilon, double delta, const double *alpha, size_t n,
                                   double *beta);

/* ---- one mechanism, in closed form ------------------------------------------------------ */

/* Gaussian pair N(0, σ²), N(Δ, σ²) with μ = Δ/σ ≥ 0: G_μ(α) = Φ(Φ⁻¹(1 − α) − μ)
 * (Dong, Roth & Su 2022, Def. 2.6). */
DpStatus dp_tradeoff_gaussian (double mu, double alpha, double *beta);

/* Laplace pair Lap(0, b), Lap(Δ, b) with ε = Δ/b > 0:
 *   f(α) = 1 − e^ε α          for α ≤ ½e^{−ε},
 *          e^{−ε}/(4α)         for ½e^{−ε} ≤ α ≤ ½,
 *          e^{−ε}(1 − α)       for α ≥ ½.
 * Derived in dp-tradeoff.c from the threshold tests "say D′ when y > t" (Neyman–Pearson). */
DpStatus dp_tradeoff_laplace (double epsilon, double alpha, double *beta);

/* Binary randomized response with p = e^ε/(1+e^ε): the deterministic tests give the three
 * points (0, 1), (1 − p, 1 − p), (1, 0), and randomising between neighbours gives the segments
 * between them: f = f_{ε,0}, the ε-DP boundary itself. */
DpStatus dp_tradeoff_rr (double epsilon, double alpha, double *beta);

/* ---- the trade-off curve of a k-fold composition --------------------------------------- */

typedef enum {
  DP_TRADEOFF_CLOSED_FORM = 0, /* Gaussian G_{μ√k}, Laplace at k = 1, f_{ε,δ} at k = 1 */
  DP_TRADEOFF_BINOMIAL,        /* randomized response and generic (ε₀, δ₀): exact vertices */
  DP_TRADEOFF_PLD,             /* Laplace at k > 1: between two discretised pairs (below) */
} DpTradeoffMethod;

typedef struct DpTradeoff DpTradeoff;

typedef struct {
  /* Laplace at k > 1: the largest FFT length to use (a power of two; 0 means 2^14). The
   * discretisation is as fine as fits, and never coarser than 8 cells per mechanism. */
  size_t max_points;
  /* Laplace at k > 1: also build the upper curve (about twice the work). Without it the upper
   * curve reported is the lower one. */
  bool bounds;
} DpTradeoffOptions;

/* The trade-off curve of the k-fold composition of @m (k ∈ [1, 10⁷]).
 * - Gaussian: G_{μ√k} (Dong, Roth & Su 2022, Cor. 3.3).
 * - Randomized response: the number J of the k answers that were flipped is sufficient; the
 *   likelihood-ratio tests "say D′ when J ≥ j" give k + 2 vertices from binomial tails, joined
 *   by segments (randomised tests).
 * - Laplace, k = 1: dp_tradeoff_laplace. k > 1: the privacy-loss distribution of one mechanism
 *   is discretised on the grid ℓ_i = −ε + i·2ε/n in two ways, composed k times by FFT, and
 *   the exact trade-off curve of each discrete pair is read off: the connect-the-dots pair of
 *   dp-pld.c dominates the Laplace pair (its curve is a lower bound), and the pair of outputs
 *   rounded into n/2 cells is a post-processing of it (its curve is an upper bound, reached
 *   by a real test). dp_tradeoff_curve returns both.
 * @options may be NULL. @cancel (may be NULL) is polled between the stages of the Laplace
 * computation; DP_ERR_CANCELLED when it was raised. */
DpStatus dp_tradeoff_new (const DpMechanism *m, unsigned long k, const DpTradeoffOptions *options,
                          const DpCancel *cancel, DpTradeoff **out);

/* The optimal composition of k generic (ε₀, δ₀)-DP mechanisms, whose curve is the k-fold
 * composition of f_{ε₀,δ₀}: with s = (1 − δ₀)^k and f_RR the k-fold randomized-response curve
 * at ε₀, f(α) = s·f_RR(α/s) for α ≤ s and 0 beyond (the extremal pair of Kairouz, Oh &
 * Viswanath 2015, Thm 3.3; for k = 1 it is f_{ε₀,δ₀}). ε₀ ∈ [1e-6, 700], δ₀ ∈ [0, 1). */
DpStatus dp_tradeoff_new_generic (double eps0, double delta0, unsigned long k,
                                  const DpCancel *cancel, DpTradeoff **out);

void dp_tradeoff_free (DpTradeoff *t);

DpTradeoffMethod dp_tradeoff_get_method (const DpTradeoff *t);
/* Laplace at k > 1: the number of cells n per mechanism the curve was computed with (0
 * otherwise). */
size_t dp_tradeoff_get_cells (const DpTradeoff *t);

/* β = f(α), α ∈ [0, 1]. For DP_TRADEOFF_PLD the lower (pessimistic) curve. */
DpStatus dp_tradeoff_beta (const DpTradeoff *t, double alpha, double *beta);
/* The whole curve at once: beta[i] = f(alpha[i]); @beta_upper (may be NULL) receives the upper
 * curve (equal to @beta except for DP_TRADEOFF_PLD built with bounds). Any α order. */
DpStatus dp_tradeoff_curve (const DpTradeoff *t, const double *alpha, size_t n, double *beta,
                            double *beta_upper);
/* How far apart the upper and the lower curve are: the largest distance from a point of one
 * to the other, vertically or horizontally, whichever is shorter, over the part both resolve
 * (α, β ≥ 1e-12); 0 when the curve is exact. */
DpStatus dp_tradeoff_gap (const DpTradeoff *t, double *gap);
/* min over α of α + f(α) = 1 − TV(P^k, Q^k) (the best test's total error; Le Cam). */
DpStatus dp_tradeoff_min_error_sum (const DpTradeoff *t, double *sum);
/* The equal-error point: the α with f(α) = α. */
DpStatus dp_tradeoff_equal_error (const DpTradeoff *t, double *alpha);

/* ---- threshold tests ------------------------------------------------------------------ */

/* The test on a statistic s that says D′ when s > threshold, with probability gamma when
 * s = threshold (only matters where s has atoms: randomized response). "Says D′ when
 * s ≥ threshold" is gamma = 1.
 * The statistic: k = 1, the output y itself; k > 1, the mean of the k outputs, each clipped to
 * [0, Δ] for Laplace. Each is a non-increasing function of the total privacy loss (Laplace:
 * L = ε(1 − 2y/Δ) on [0, Δ]; Gaussian: L = μ(μ/2 − y/σ); RR: L = ε(1 − 2y)), so these are
 * the Neyman–Pearson tests and their (α, β) lie on the trade-off curve. */
typedef struct {
  double threshold;
  double gamma;
} DpTest;

/* The errors (α, β) of @test on the k-fold composition. Exact for Gaussian and randomized
 * response (any k) and Laplace at k = 1; Laplace at k > 1 has no closed form (DP_ERR_DOMAIN). */
DpStatus dp_test_errors (const DpMechanism *m, unsigned long k, const DpTest *test,
                         double *alpha, double *beta);
/* The inverse: the Neyman–Pearson test with type I error exactly @alpha ∈ [0, 1]. For
 * randomized response α between the deterministic tests' errors needs gamma ∈ (0, 1). Same
 * domain as dp_test_errors. */
DpStatus dp_test_for_alpha (const DpMechanism *m, unsigned long k, double alpha, DpTest *out);

/* ---- posterior odds ------------------------------------------------------------------- */

/* The attacker's prior π ∈ (0, 1) that the person is in the data (the data are D′), updated by
 * Bayes' rule: posterior odds = prior odds × likelihood ratio.
 *
 * dp_posterior_bound_pure: ε-DP bounds the likelihood ratio of every output by e^ε (the book,
 * Def. 3.2 and Props. 3.1–3.2), so posterior odds ≤ prior odds × e^ε. */
DpStatus dp_posterior_bound_pure (double prior, double epsilon, double *posterior);
/* With δ > 0 no output-wise bound exists (an output may reveal everything with probability up
 * to δ). What (ε, δ)-DP bounds is every test: 1 − β ≤ e^ε α + δ (Kairouz, Oh & Viswanath 2015,
 * Thm 2.1). So after a test with type I error α > 0 says "in the data",
 *   posterior odds = prior odds × (1 − β)/α ≤ prior odds × (e^ε + δ/α),
 * capped at posterior 1. */
DpStatus dp_posterior_bound_test (double prior, double epsilon, double delta, double alpha,
                                  double *posterior);
/* The posterior after a test with errors (α, β) says "in the data":
 * π(1 − β)/(π(1 − β) + (1 − π)α). DP_ERR_DOMAIN when the test never says so (α = 0, β = 1). */
DpStatus dp_posterior_of_test (double prior, double alpha, double beta, double *posterior);
/* The largest posterior any output of the k-fold composition can give: prior odds × e^{kε}
 * for Laplace and randomized response (all k outputs at their most revealing); 1 for the
 * Gaussian, whose likelihood ratio is unbounded (a supremum that no output reaches). */
DpStatus dp_posterior_max (const DpMechanism *m, unsigned long k, double prior,
                           double *posterior);
