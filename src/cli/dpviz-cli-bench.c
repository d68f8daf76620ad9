/* dpviz-cli-bench.c — `bench`: render time of every view on an image surface
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Prints figures; it asserts nothing (speed targets are read by people, BRIEF.md). Each view is
 * rendered into one ARGB32 image surface of the requested size over a sweep of parameter
 * values, as a lecturer dragging a slider would cause: once with dpv_view_render_image (), the
 * path PNG export takes (horizontal bands on all cores), and once with a single cairo_t on one
 * core (serial_*), as the app's GTK cairo node draws, so that both are on record. The
 * composition view's curves are
 * computed once (their cold time is reported separately) and reused while k sweeps, which is
 * what the app does with its cache.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <glib/gi18n.h>

#include "dpv-view.h"
#include "dpviz-cli-common.h"

#define WARMUP 3

typedef struct {
  double median_ms;
  double p99_ms;
  double mean_ms;
  double max_ms;
} Stats;

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Median and nearest-rank 99th percentile. */
static void
compute_stats (double *samples, unsigned n, Stats *out)
{
  double sum = 0;
  unsigned rank = (unsigned) ceil (0.99 * n);

  qsort (samples, n, sizeof *samples, compare_doubles);
  for (unsigned i = 0; i < n; i++)
    sum += samples[i];
  out->median_ms = n % 2 ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]);
  out->p99_ms = samples[MAX (rank, 1u) - 1];
  out->mean_ms = sum / n;
  out->max_ms = samples[n - 1];
}

static double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

/* CPU time of the process, all threads: on a shared machine it moves much less with the load
 * than the wall clock, and for the banded path it is the work of all cores together. */
static double
cpu_ms (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
    return NAN;
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Parameters of sample @i of @n for @view: ε sweeps 0.01 … 10 (log) for the first three
 * views, k sweeps 1 … 10000 (log) for the composition view. */
static void
sweep_params (DpvViewKind view, unsigned i, unsigned n, DpvParams *params)
{
  double t = n > 1 ? (double) i / (n - 1) : 0.5;

  if (view == DPV_VIEW_COMPOSITION)
    params->k = (unsigned long) CLAMP (lround (pow (DPV_K_MAX, t)), DPV_K_MIN, DPV_K_MAX);
  else
    params->epsilon = DPV_EPSILON_MIN * pow (DPV_EPSILON_MAX / DPV_EPSILON_MIN, t);
}

static void
render_once (DpvViewKind view, const DpvParams *params, const DpvStyle *style,
             cairo_surface_t *surface, double width, double height, gboolean serial)
{
  if (serial)
    {
      cairo_t *cr = cairo_create (surface);

      dpv_view_render (view, params, style, cr, width, height);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
    }
  else
    dpv_view_render_image (view, params, style, surface, 1.0, width, height);
}

/* Renders @view @iterations times over the sweep; wall and CPU statistics. */
static void
measure (DpvViewKind view, const DpvParams *base, const DpvStyle *style,
         cairo_surface_t *surface, double width, double height, gboolean serial,
         unsigned long iterations, double *samples, double *cpu_samples, Stats *wall,
         Stats *cpu)
{
  DpvParams params = *base;

  /* Warm-up: fonts, glyph caches, first allocations, the bands' split. */
  for (unsigned i = 0; i < WARMUP; i++)
    {
      sweep_params (view, i, WARMUP, &params);
      render_once (view, &params, style, surface, width, height, serial);
    }
  for (unsigned long i = 0; i < iterations; i++)
    {
      double t0, c0;

      sweep_params (view, i, iterations, &params);
      c0 = cpu_ms ();
      t0 = now_ms ();
      render_once (view, &params, style, surface, width, height, serial);
      samples[i] = now_ms () - t0;
      cpu_samples[i] = cpu_ms () - c0;
    }
  compute_stats (samples, iterations, wall);
  compute_stats (cpu_samples, iterations, cpu);
}

int
cli_cmd_bench (int argc, char **argv, GError **error)
{
  g_autofree char *iterations_text = NULL, *width_text = NULL, *height_text = NULL;
  g_autofree char *view_text = NULL, *mechanism_text = NULL;
  gboolean json = FALSE;
  unsigned long iterations = 200;
  double width = 1920, height = 1080;
  gboolean selected[DPV_N_VIEWS];
  Stats stats[DPV_N_VIEWS], cpu_stats[DPV_N_VIEWS];
  Stats serial_stats[DPV_N_VIEWS], serial_cpu_stats[DPV_N_VIEWS];
  double cold_ms = NAN;
  DpvParams base;
  DpvStyle style;
  g_autoptr(DpvCompositionData) composition = NULL;
  g_autofree double *samples = NULL, *cpu_samples = NULL;
  cairo_surface_t *surface;
  const GOptionEntry entries[] = {
    { "iterations", 0, 0, G_OPTION_ARG_STRING, &iterations_text,
      N_("Renders per view, 10 … 100000 (default 200)"), N_("N") },
    { "width", 0, 0, G_OPTION_ARG_STRING, &width_text,
      N_("Surface width in pixels (default 1920)"), N_("W") },
    { "height", 0, 0, G_OPTION_ARG_STRING, &height_text,
      N_("Surface height in pixels (default 1080)"), N_("H") },
    { "view", 0, 0, G_OPTION_ARG_STRING, &view_text,
      N_("Only this view (default: all four)"), N_("NAME") },
    { "mechanism", 0, 0, G_OPTION_ARG_STRING, &mechanism_text,
      N_("laplace, gaussian or rr (default laplace)"), N_("NAME") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    G_OPTION_ENTRY_NULL
  };

  if (!cli_parse_options ("bench",
                          _("Render time of every view on an image surface over a sweep of "
                            "parameter values."),
                          _("ε sweeps 0.01 … 10 for densities, regions and kl; k sweeps "
                            "1 … 10000 for composition,\nwhose curves are computed once "
                            "(composition_cold_ms). JSON keys: views (per view median_ms,\n"
                            "p99_ms, mean_ms, max_ms, cpu_median_ms, cpu_p99_ms, and serial_median_ms,\n"
                            "serial_p99_ms, serial_cpu_median_ms for one core), "
                            "composition_cold_ms, width, height, cores, iterations."),
                          NULL, entries, argc, argv, error)
      || !cli_parse_ulong ("--iterations", iterations_text, 10, 100000, &iterations, error)
      || !cli_parse_double ("--width", width_text, 16, 8192, &width, error)
      || !cli_parse_double ("--height", height_text, 16, 8192, &height, error))
    return CLI_EXIT_USAGE;

  dpv_params_init (&base);
  if (mechanism_text != NULL && !dp_mechanism_kind_from_name (mechanism_text, &base.mechanism))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("unknown mechanism “%s” (expected laplace, gaussian or rr)"),
                   mechanism_text);
      return CLI_EXIT_USAGE;
    }
  for (int v = 0; v < DPV_N_VIEWS; v++)
    selected[v] = view_text == NULL;
  if (view_text != NULL)
    {
      DpvViewKind view;

      if (!dpv_view_from_name (view_text, &view))
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("unknown view “%s” (expected densities, regions, kl or composition)"),
                       view_text);
          return CLI_EXIT_USAGE;
        }
      selected[view] = TRUE;
    }
  width = floor (width);
  height = floor (height);

  dpv_style_init (&style, DPV_THEME_LIGHT);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) width, (int) height);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_FAILED, "cairo: %s",
                   cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      return CLI_EXIT_FAILED;
    }
  samples = g_new (double, iterations);
  cpu_samples = g_new (double, iterations);

  if (selected[DPV_VIEW_COMPOSITION])
    {
      double t0 = now_ms ();

      composition = dpv_composition_data_compute (&base, NULL);
      cold_ms = now_ms () - t0;
      if (composition == NULL)
        {
          cairo_surface_destroy (surface);
          g_set_error_literal (error, CLI_ERROR, CLI_ERROR_FAILED,
                               _("the composition curves could not be computed"));
          return CLI_EXIT_FAILED;
        }
    }

  for (int v = 0; v < DPV_N_VIEWS; v++)
    {
      DpvParams params = base;

      if (!selected[v])
        continue;
      params.composition = composition;
      measure (v, &params, &style, surface, width, height, FALSE, iterations, samples,
               cpu_samples, &stats[v], &cpu_stats[v]);
      measure (v, &params, &style, surface, width, height, TRUE, iterations, samples,
               cpu_samples, &serial_stats[v], &serial_cpu_stats[v]);
    }
  cairo_surface_destroy (surface);

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "width");
      json_builder_add_int_value (b, (gint64) width);
      json_builder_set_member_name (b, "height");
      json_builder_add_int_value (b, (gint64) height);
      json_builder_set_member_name (b, "surface");
      json_builder_add_string_value (b, "image-argb32");
      json_builder_set_member_name (b, "mechanism");
      json_builder_add_string_value (b, dp_mechanism_kind_to_name (base.mechanism));
      json_builder_set_member_name (b, "iterations");
      json_builder_add_int_value (b, (gint64) iterations);
      json_builder_set_member_name (b, "cores");
      json_builder_add_int_value (b, (gint64) g_get_num_processors ());
      json_builder_set_member_name (b, "warmup");
      json_builder_add_int_value (b, WARMUP);
      json_builder_set_member_name (b, "views");
      json_builder_begin_object (b);
      for (int v = 0; v < DPV_N_VIEWS; v++)
        {
          if (!selected[v])
            continue;
          json_builder_set_member_name (b, dpv_view_to_name (v));
          json_builder_begin_object (b);
          cli_json_add_double (b, "median_ms", stats[v].median_ms);
          cli_json_add_double (b, "p99_ms", stats[v].p99_ms);
          cli_json_add_double (b, "mean_ms", stats[v].mean_ms);
          cli_json_add_double (b, "max_ms", stats[v].max_ms);
          cli_json_add_double (b, "cpu_median_ms", cpu_stats[v].median_ms);
          cli_json_add_double (b, "cpu_p99_ms", cpu_stats[v].p99_ms);
          cli_json_add_double (b, "serial_median_ms", serial_stats[v].median_ms);
          cli_json_add_double (b, "serial_p99_ms", serial_stats[v].p99_ms);
          cli_json_add_double (b, "serial_cpu_median_ms", serial_cpu_stats[v].median_ms);
          json_builder_set_member_name (b, "sweep");
          json_builder_add_string_value (b, v == DPV_VIEW_COMPOSITION ? "k 1..10000 log"
                                                                     : "epsilon 0.01..10 log");
          json_builder_end_object (b);
        }
      json_builder_end_object (b);
      if (selected[DPV_VIEW_COMPOSITION])
        cli_json_add_double (b, "composition_cold_ms", cold_ms);
      json_builder_end_object (b);
      cli_json_print (b);
    }
  else
    {
      printf (_("%s, %.0f × %.0f image surface, %lu renders per view after %d warm-up renders\n"),
              dp_mechanism_kind_to_name (base.mechanism), width, height, iterations, WARMUP);
      g_autofree char *h_view = cli_pad (_("view"), 12, FALSE);
      g_autofree char *h_median = cli_pad (_("median ms"), 10, TRUE);
      g_autofree char *h_p99 = cli_pad (_("p99 ms"), 10, TRUE);
      g_autofree char *h_max = cli_pad (_("max ms"), 10, TRUE);
      g_autofree char *h_cpu = cli_pad (_("CPU median ms"), 14, TRUE);
      g_autofree char *h_serial = cli_pad (_("1 core median ms"), 17, TRUE);

      printf ("  %s %s %s %s %s %s\n", h_view, h_median, h_p99, h_max, h_cpu, h_serial);
      for (int v = 0; v < DPV_N_VIEWS; v++)
        if (selected[v])
          printf ("  %-12s %10.3f %10.3f %10.3f %14.3f %17.3f\n", dpv_view_to_name (v),
                  stats[v].median_ms, stats[v].p99_ms, stats[v].max_ms,
                  cpu_stats[v].median_ms, serial_stats[v].median_ms);
      printf (_("  (median, p99, max: all cores, %u here; CPU: all threads together; "
                "1 core: a single cairo_t)\n"), g_get_num_processors ());
      if (selected[DPV_VIEW_COMPOSITION])
        printf (_("  composition curves, computed once: %.1f ms\n"), cold_ms);
    }
  return CLI_EXIT_OK;
}
