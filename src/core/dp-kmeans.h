/* dp-kmeans.h — Lloyd's k-means and its DP version (lecture book §3.3.3, Theorem 3.3)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The data domain is the book's X = {x ∈ ℝ² : ‖x‖₁ ≤ 1}. The k-means cost of centres c is
 * Σ_i min_j ‖x_i − c_j‖² (book §3.3.3; the sum of squared Euclidean distances).
 *
 * DP Lloyd (book §3.3.3), T iterations, ε′ = ε/(2T):
 *   c^(0)_1 … c^(0)_k drawn uniformly from X;
 *   for t = 1 … T, for j = 1 … k:
 *     S_j = {i : c^(t−1)_j is the centre nearest to x_i},  n_j = |S_j|,  a_j = Σ_{i∈S_j} x_i,
 *     n̂_j = n_j + Y,  â_j = a_j + (Z_1, Z_2),  Y, Z_1, Z_2 i.i.d. Lap(0, 2/ε′),
 *     c^(t)_j = â_j / n̂_j if n̂_j ≥ 1, else a point drawn uniformly from X.
 * Its sensitivity argument, checked (the book only sketches it): with the book's neighbours
 * (Def. 3.1: one record replaced, n fixed), replacing x_i by x_i′ moves one point from one
 * cluster to another, so the vector (n_1, …, n_k) changes by at most 2 in ℓ1, and the vector
 * (a_1, …, a_k) ∈ ℝ^{2k} by at most ‖x_i‖₁ + ‖x_i′‖₁ ≤ 2 (or ‖x_i − x_i′‖₁ ≤ 2 when both lie in
 * one cluster). Lap(2/ε′) on every coordinate therefore makes each of the two vectors ε′-DP
 * (the Laplace mechanism on a vector of ℓ1 sensitivity 2, Dwork & Roth Thm 3.6; the book's
 * Thm 3.2 is its one-dimensional case), an iteration 2ε′-DP (composition, Prop. 3.3; the
 * assignment uses only c^(t−1), already released) and the T iterations 2Tε′ = ε (Prop. 3.4):
 * Theorem 3.3 holds with the book's constants. The book's
 * proof sketch instead proves each cluster j's release (n̂_j, â_j) 2ε′-DP and composes over j;
 * composing k such releases gives 2kε′ per iteration, not 2ε′. What makes the whole iteration
 * 2ε′ is that one record changes at most two clusters' counts and sums, which the ℓ1 argument
 * above accounts for. Under add/remove neighbours the same noise gives ε/2.
 *
 * Where the book leaves a case open: the non-private Lloyd step divides by |S_j|, undefined
 * when no point is nearest to c_j; here the centre then stays where it was. Ties in "nearest"
 * go to the lowest j. A private centre â_j/n̂_j may lie outside X; the book does not project
 * it back, and neither does this code (it is post-processing either way).
 *
 * Randomness: a run is reproducible from its seed (GSL's MT19937). The data set's seed and a
 * run's seed are separate; a run's generator is seeded with a mix of its seed so the two
 * streams differ even for equal seeds.
 */
#pragma once

#include <stdint.h>

#include "dp-common.h"

typedef struct {
  double x;
  double y;
} DpPoint;

#define DP_KMEANS_K_MAX 16
#define DP_KMEANS_N_MAX 100000
#define DP_KMEANS_T_MAX 100

/* A seeded data set for the demonstration: n points from a mixture of @clusters (1 … 16)
 * Gaussian clusters (centres at least 0.3 apart where the space allows, standard deviations
 * 0.05 … 0.1, unequal weights), every point inside X. @components (may be NULL) receives each
 * point's mixture component. 1 ≤ n ≤ DP_KMEANS_N_MAX. */
DpStatus dp_kmeans_mixture (unsigned clusters, size_t n, unsigned long seed, DpPoint *points,
                            uint8_t *components);

/* A point drawn uniformly from X = {‖x‖₁ ≤ 1}: with a, b uniform on [−1, 1], the map
 * (a, b) ↦ ((a + b)/2, (a − b)/2) is linear and takes the square onto X, so the image is
 * uniform on X. u1, u2 uniform on [0, 1). */
DpPoint dp_kmeans_uniform_in_domain (double u1, double u2);

/* The k-means cost Σ_i min_j ‖x_i − c_j‖². */
DpStatus dp_kmeans_cost (const DpPoint *points, size_t n, const DpPoint *centres, unsigned k,
                         double *out);

/* Both paths of one run, non-private and private, from the same c^(0). Row t of a per-iteration
 * array is iteration t (t = 0 is c^(0)); row t of a per-step array is step t + 1. */
typedef struct {
  size_t n;
  unsigned k;
  unsigned iterations;      /* T */
  double epsilon;           /* ε of the whole run */
  double epsilon_step;      /* ε′ = ε/(2T), spent on the counts and again on the sums */
  double noise_scale;       /* 2/ε′ = 4T/ε, the Laplace scale of every noise draw */
  unsigned long seed;
  DpPoint *centres_nonprivate;  /* (T + 1)·k: c^(t)_j at [t·k + j] */
  DpPoint *centres_private;     /* (T + 1)·k */
  double *cost_nonprivate;      /* T + 1: the cost of c^(t) */
  double *cost_private;         /* T + 1 */
  uint8_t *labels_nonprivate;   /* (T + 1)·n: the nearest centre of c^(t) to x_i at [t·n + i] */
  uint8_t *labels_private;      /* (T + 1)·n */
  /* The private path's releases, step t + 1 at [t·k + j]: */
  double *counts;               /* T·k: n_j */
  double *noisy_counts;         /* T·k: n̂_j */
  DpPoint *sums;                /* T·k: a_j */
  DpPoint *noisy_sums;          /* T·k: â_j */
  uint8_t *redrawn;             /* T·k: 1 when n̂_j < 1 and c_j was drawn uniformly */
  size_t n_redrawn;
} DpKmeansRun;

/* Runs both paths on @points (each in X; 1 ≤ n ≤ DP_KMEANS_N_MAX), 1 ≤ k ≤ DP_KMEANS_K_MAX,
 * 1 ≤ T ≤ DP_KMEANS_T_MAX, ε in [DP_EPSILON_MIN, DP_EPSILON_MAX]. @cancel (may be NULL) is
 * polled once per iteration. Free with dp_kmeans_run_clear() (safe on a zeroed struct); on
 * error @out is left zeroed. */
DpStatus dp_kmeans_run (const DpPoint *points, size_t n, unsigned k, unsigned iterations,
                        double epsilon, unsigned long seed, const DpCancel *cancel,
                        DpKmeansRun *out);
void dp_kmeans_run_clear (DpKmeansRun *run);

/* Textbook Lloyd alone (the non-private path) from given initial centres: writes
 * (T + 1)·k centres, row 0 the initial ones. */
DpStatus dp_kmeans_lloyd (const DpPoint *points, size_t n, unsigned k, unsigned iterations,
                          const DpPoint *initial, DpPoint *centres);

/* The final cost of the private path against ε, over @runs runs with seeds seed, seed + 1, …
 * (run r at every ε uses seed + r, as dp_kmeans_run() would: the same c^(0) and the same
 * random stream, so the curves differ only through ε). */
typedef struct {
  double epsilon;
  double mean;      /* mean final private cost over the runs */
  double sd;        /* sample standard deviation (0 for one run) */
  double min;
  double max;
} DpKmeansSweepPoint;

typedef struct {
  double mean;      /* the non-private path's final cost over the same runs' c^(0) */
  double sd;
  double min;
  double max;
} DpKmeansSweepBaseline;

/* @epsilons: n_eps values, each valid as above; 1 ≤ runs ≤ 10000. Writes n_eps points. */
DpStatus dp_kmeans_cost_sweep (const DpPoint *points, size_t n, unsigned k, unsigned iterations,
                               const double *epsilons, size_t n_eps, unsigned runs,
                               unsigned long seed, const DpCancel *cancel,
                               DpKmeansSweepPoint *out, DpKmeansSweepBaseline *baseline);
