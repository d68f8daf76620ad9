/* dp-random.c — seeded generators for the simulations
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every simulation in libdpcore takes a seed instead of a generator, so that a view's compute
 * is a pure function of its parameters (reproducible frames, cacheable results).
 */
#include "dp-private.h"

gsl_rng *
dp_rng_new (unsigned long seed)
{
  gsl_rng *rng = gsl_rng_alloc (gsl_rng_mt19937);

  if (rng != NULL)
    gsl_rng_set (rng, seed + 1UL);
  return rng;
}
