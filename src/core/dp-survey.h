/* dp-survey.h — the randomized-response survey of a class (book §3.3.1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * n respondents; respondent i has a true answer X_i ∈ {0, 1} ("yes" = 1), drawn independently
 * with Pr[X_i = 1] = π (the true rate; the book's p). Each reports Y_i = X_i with probability
 * p = e^ε/(1 + e^ε) and 1 − X_i otherwise (the book's coin is p = 2/3, i.e. ε = ln 2; its
 * Thm 3.1 shows that this is ln 2-DP, and the same proof, with the likelihood ratio p/(1 − p) =
 * e^ε, shows that any p is ε-DP). The reports are independent, so
 *
 *   Pr[Y_i = 1] = λ = pπ + (1 − p)(1 − π)            (the book's q = p·2/3 + (1 − p)/3)
 *
 * and the observed count K = Σ Y_i is exactly Binomial(n, λ). Solving for π gives the unbiased
 * estimator π̂ = (K/n − (1 − p))/(2p − 1) (the book's 3ȳ − 1 at p = 2/3), with
 * E[π̂] = π and sd(π̂) = √(λ(1 − λ)/n)/(2p − 1).
 *
 * Numerics: 1 − p = 1/(1 + e^ε) and 2p − 1 = tanh(ε/2) are computed directly (p rounds to 1
 * above ε ≈ 37, 1 − p never does for ε ≤ 700); binomial probabilities use Loader's
 * saddle-point form (no lgamma differences of huge numbers), so nothing overflows or
 * underflows to a wrong answer for n up to DP_SURVEY_N_MAX.
 *
 * Domains: ε ∈ [DP_EPSILON_MIN, DP_EPSILON_MAX], π ∈ [0, 1], n ∈ [1, DP_SURVEY_N_MAX],
 * counts 0 … n, confidence ∈ (0, 1), seed ∈ [0, DP_SEED_MAX]; outside → DP_ERR_DOMAIN.
 */
#pragma once

#include "dp-common.h"

#define DP_SURVEY_N_MAX 10000000UL

/* The numbers of a survey design (ε, π, n) before any class is drawn. */
typedef struct {
  double keep;            /* p = e^ε/(1 + e^ε), the probability that an answer is kept */
  double flip;            /* 1 − p = 1/(1 + e^ε) */
  double gain;            /* 2p − 1 = tanh(ε/2): how much of π survives in λ */
  double observed_rate;   /* λ = pπ + (1 − p)(1 − π) = (1 − p) + (2p − 1)π, E[K/n] */
  double estimator_sd;    /* √(λ(1 − λ)/n)/(2p − 1), the standard deviation of π̂ */
  /* Deniability, by Bayes' rule with the prior Pr[X_i = 1] = π (the true rate): a "yes"
   * report came from a true "yes" with probability pπ/λ; posterior odds = e^ε × prior
   * odds, and a "no" divides them by e^ε: no report moves the odds by more than e^ε, the
   * likelihood ratio of Thm 3.1's proof. */
  double posterior_yes;   /* Pr[X_i = 1 | Y_i = 1] = pπ/(pπ + (1 − p)(1 − π)) */
  double posterior_no;    /* Pr[X_i = 1 | Y_i = 0] = (1 − p)π/((1 − p)π + p(1 − π)) */
} DpSurveyExpected;

DpStatus dp_survey_expected (double epsilon, double true_rate, unsigned long n,
                             DpSurveyExpected *out);

/* The estimate π̂ = (R − (1 − p))/(2p − 1) from an observed rate R = K/n ∈ [0, 1] (not clamped
 * to [0, 1]: an unbiased estimator must be allowed to leave it). */
DpStatus dp_survey_estimate (double epsilon, double observed_rate, double *estimate);

/* The estimator's standard deviation √(λ(1 − λ)/n)/(2p − 1) for each ε of a grid (the
 * trade-off curve of a class of n): writes m values. */
DpStatus dp_survey_sd_curve (const double *epsilon, size_t m, double true_rate,
                             unsigned long n, double *sd);

/* The exact sampling distribution: Pr[K = k] for k = k_first … k_first + m − 1 (each ≤ n),
 * K ~ Binomial(n, λ). The estimate for count k is dp_survey_estimate (ε, k/n). Relative
 * error about 1e-14 in the bulk and 1e-12 far in the tails at n = 3000 (mostly λ's own
 * rounding, which the tails amplify); probabilities below the double range are 0. */
DpStatus dp_survey_count_pmf (double epsilon, double true_rate, unsigned long n,
                              unsigned long k_first, size_t m, double *pmf);

/* The smallest range [k_lo, k_hi] of counts outside which each tail holds at most @tail
 * (0 < tail < 0.5): what a plot of the sampling distribution needs to show. */
DpStatus dp_survey_count_range (double epsilon, double true_rate, unsigned long n, double tail,
                                unsigned long *k_lo, unsigned long *k_hi);

/* The confidence interval for π from an observed count: the Clopper–Pearson interval for λ
 * (Clopper & Pearson 1934; the binomial tails inverted exactly: Pr[K ≥ k | λ_lo] = (1 − C)/2,
 * Pr[K ≤ k | λ_hi] = (1 − C)/2, λ_lo = 0 at k = 0 and λ_hi = 1 at k = n) mapped through the
 * increasing estimator λ ↦ (λ − (1 − p))/(2p − 1). Since the map is increasing, the interval
 * holds π exactly when the binomial interval holds λ, so it covers π with probability at
 * least C for every π and n (the Clopper–Pearson guarantee; it is conservative, never
 * below C). Like the estimate it is not clipped to [0, 1]. Endpoints to about 1e-12. */
DpStatus dp_survey_interval (double epsilon, unsigned long n, unsigned long count,
                             double confidence, double *lo, double *hi);

/* One class drawn. */
typedef struct {
  unsigned long n;
  unsigned long true_count;       /* Σ X_i: the class's real number of "yes" */
  unsigned long observed_count;   /* K = Σ Y_i: the number of "yes" reported */
  double observed_rate;           /* K/n */
  double estimate;                /* π̂ from K */
} DpSurveyClass;

/* Draws one class with @seed: for each respondent in turn, X_i = [U < π] and a flip with
 * probability 1 − p (two uniforms of MT19937 each; the same seed gives the same class, with
 * or without the arrays). @truth and @reported (n bytes each, 0 or 1) may be NULL. */
DpStatus dp_survey_simulate (double epsilon, double true_rate, unsigned long n,
                             unsigned long seed, DpSurveyClass *out, unsigned char *truth,
                             unsigned char *reported);
