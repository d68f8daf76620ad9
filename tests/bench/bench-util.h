/* bench-util.h — the clocks and the median that the benchmark programs share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Static helpers; each benchmark program includes it once.
 */
#pragma once

#include <stdlib.h>
#include <time.h>

#include <glib.h>

/* One timed call of a benchmark. */
typedef void (*BenchFn) (gpointer data);

/* qsort () order of doubles, ascending. */
static inline int
bench_cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The monotonic clock in milliseconds. */
static inline double
bench_now_ms (void)
{
  return (double) g_get_monotonic_time () / 1000.0;
}

/* The CPU time of the whole process in milliseconds (all its threads). */
static inline double
bench_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double) ts.tv_sec * 1e3 + (double) ts.tv_nsec / 1e6;
}

/* Median time in milliseconds of @runs calls of @fn. */
static inline double
bench_median_ms (BenchFn fn, gpointer data, int runs)
{
  double *t = g_new (double, runs);
  double m;

  for (int i = 0; i < runs; i++)
    {
      gint64 t0 = g_get_monotonic_time ();

      fn (data);
      t[i] = (double) (g_get_monotonic_time () - t0) / 1000.0;
    }
  qsort (t, (size_t) runs, sizeof (double), bench_cmp_double);
  m = t[runs / 2];
  g_free (t);
  return m;
}
