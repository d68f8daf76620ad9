/* dp-common.h — status codes and the mechanism description shared by libdpcore
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libdpcore is plain C11 + GSL + libm: no GLib, no cairo, no GTK, no global state,
 * safe to call from worker threads. Every function that can fail returns a DpStatus and
 * writes its result through an out-parameter only on DP_OK; results are never NaN.
 *
 * Conventions (../shared/design/VIEWS.md): neighbouring datasets D, D′ with f(D) = 0 and
 * f(D′) = Δ (the sensitivity). P is the output distribution on D, Q the one on D′, p and q
 * their densities. The privacy loss is L(y) = ln(p(y)/q(y)). All logarithms are natural.
 */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

typedef enum {
  DP_OK = 0,
  DP_ERR_DOMAIN,     /* an argument is outside the documented domain */
  DP_ERR_NOMEM,      /* allocation failed */
  DP_ERR_NUMERIC,    /* an iteration failed to converge or a result is not representable */
  DP_ERR_CANCELLED,  /* a long computation saw its cancel flag set */
} DpStatus;

/* A short English description of @status (static string). */
const char *dp_status_to_string (DpStatus status);

/* A cancellation flag shared by the thread that runs a long computation (which polls it) and
 * any thread that may cancel it (which raises it). The flag is a C11 atomic, so raising it
 * from one thread while another polls it is not a data race. Initialise it with
 * dp_cancel_init () before it is shared (a zero-filled DpCancel is also clear); once raised
 * it stays raised until dp_cancel_init () clears it again. The long computations of
 * dp-compose.h take a `const DpCancel *` that may be NULL (never cancelled). */
typedef struct {
  atomic_int flag;
} DpCancel;

void dp_cancel_init (DpCancel *cancel);
void dp_cancel_set (DpCancel *cancel);
/* False when @cancel is NULL. */
bool dp_cancel_is_set (const DpCancel *cancel);

typedef enum {
  DP_MECHANISM_LAPLACE = 0,
  DP_MECHANISM_GAUSSIAN,
  DP_MECHANISM_RR,        /* binary randomized response */
  DP_N_MECHANISMS
} DpMechanismKind;

/* "laplace", "gaussian", "rr" and back; from_name returns false for unknown names. */
const char *dp_mechanism_kind_to_name (DpMechanismKind kind);
bool dp_mechanism_kind_from_name (const char *name, DpMechanismKind *out);

/* Which neighbour a density or sample refers to. */
typedef enum {
  DP_NEIGHBOUR_D = 0,       /* centred at f(D) = 0 */
  DP_NEIGHBOUR_D_PRIME = 1, /* centred at f(D′) = Δ */
} DpNeighbour;

/* A mechanism applied to a query of sensitivity Δ. Build it with the constructors in
 * dp-mechanism.h, which validate and derive the fields; treat it as read-only.
 *
 * - Laplace: output f(·) + Lap(b), b = Δ/ε.            scale = b, epsilon = ε.
 * - Gaussian: output f(·) + N(0, σ²).                  scale = σ, epsilon = 0 unless the
 *   mechanism was calibrated from (ε, δ) (then the ε and δ it was calibrated for).
 * - Randomized response: the true bit f(·) ∈ {0, 1} (f(D) = 0, f(D′) = 1, so Δ = 1) is
 *   reported with probability p = e^ε/(1+e^ε) and flipped otherwise. epsilon = ε, scale = 0.
 *   Outputs y are 0 or 1; densities are probabilities.
 */
typedef struct {
  DpMechanismKind kind;
  double epsilon;
  double delta;        /* Gaussian calibrated from (ε, δ): that δ; otherwise 0 */
  double sensitivity;  /* Δ > 0 (1 for randomized response) */
  double scale;        /* Laplace b, Gaussian σ */
} DpMechanism;

/* Documented domains (every function checks them and returns DP_ERR_DOMAIN outside):
 * ε ∈ [1e-6, 700], δ ∈ (0, 1), Δ ∈ [1e-9, 1e9], σ ∈ [1e-9, 1e12], k ∈ [1, 10⁷]. */
#define DP_EPSILON_MIN 1e-6
#define DP_EPSILON_MAX 700.0
#define DP_K_MAX 10000000UL

/* Seeds of the simulations (dp-survey.h, dp-accuracy.h, dp-exponential.h): 0 … 2³¹ − 1. The
 * same seed always gives the same draws; different seeds give different streams. */
#define DP_SEED_MAX 2147483647UL
