/* dpviz-cli-bench.c — `bench`: compute and draw time of every view on an image surface
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Prints figures; it asserts nothing (speed targets are read by people, BRIEF.md). Each
 * registered view is swept over one of its parameters, as a lecturer dragging a slider would
 * cause: per value its frame is computed (through a frame cache, as the app does, so that an
 * expensive stage the sweep does not change is computed once: its cold time is reported as
 * data_cold_ms) and then drawn into one ARGB32 image surface of the requested size, once in
 * horizontal bands on all cores (the path PNG export takes) and once with a single cairo_t on
 * one core (serial_*), as the app's GTK cairo node draws. Compute and draw are timed apart.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <glib/gi18n.h>

#include "dpv-figure.h"
#include "dpv-registry.h"
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

/* The parameter a sweep moves: the first number the view uses that its expensive stage does
 * not (composition: k), else its first number (ε). */
static DpvParamId
sweep_param (const DpvViewClass *view)
{
  DpvParamSet uses = dpv_view_class_get_uses (view);
  DpvParamSet cheap = view->data_uses != NULL ? uses & ~dpv_view_class_get_data_uses (view)
                                              : 0;

  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < DPV_N_PARAMS; i++)
      {
        DpvParamKind kind = dpv_param_spec (i)->kind;

        if (((pass == 0 ? cheap : uses) & DPV_PARAM_BIT (i)) != 0
            && (kind == DPV_PARAM_KIND_DOUBLE || kind == DPV_PARAM_KIND_UINT))
          return i;
      }
  return DPV_PARAM_NONE;
}

/* Parameters of sample @i of @n: the swept parameter over its slider's range. */
static void
sweep_params (DpvParamId id, unsigned i, unsigned n, DpvParams *params)
{
  const DpvParamSpec *spec;
  double t = n > 1 ? (double) i / (n - 1) : 0.5, lo, hi, v;
  DpvParamValue value;

  if (id == DPV_PARAM_NONE)
    return;
  spec = dpv_param_spec (id);
  lo = spec->slider_min > 0 ? spec->slider_min : spec->min;
  hi = spec->max;
  v = spec->scale == DPV_PARAM_SCALE_LOG && lo > 0 ? lo * pow (hi / lo, t) : lo + (hi - lo) * t;
  if (spec->kind == DPV_PARAM_KIND_UINT)
    value.u = (unsigned long) CLAMP (lround (v), lround (spec->min), lround (spec->max));
  else
    value.d = v;
  dpv_params_set (params, id, &value);
}

static void
draw_once (const DpvFrame *frame, const DpvStyle *style, cairo_surface_t *surface,
           double width, double height, gboolean serial)
{
  if (serial)
    {
      cairo_t *cr = cairo_create (surface);

      dpv_figure_render (frame, style, cr, width, height);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
    }
  else
    dpv_figure_render_image (frame, style, surface, 1.0, width, height);
}

typedef struct {
  Stats total, cpu, compute, draw;
} Measure;

/* Computes and draws @view @iterations times over the sweep. */
static void
measure (const DpvViewClass *view, const DpvParams *base, DpvFrameCache *cache,
         const DpvStyle *style, cairo_surface_t *surface, double width, double height,
         gboolean serial, unsigned long iterations, Measure *out)
{
  g_autofree double *total = g_new (double, iterations);
  g_autofree double *cpu = g_new (double, iterations);
  g_autofree double *compute = g_new (double, iterations);
  g_autofree double *draw = g_new (double, iterations);
  DpvParamId id = sweep_param (view);
  DpvParams params = *base;

  /* Warm-up: fonts, glyph caches, first allocations, the bands' split. */
  for (unsigned i = 0; i < WARMUP; i++)
    {
      g_autoptr(DpvFrame) frame = NULL;

      sweep_params (id, i, WARMUP, &params);
      frame = dpv_frame_compute (view, &params, cache, NULL, NULL);
      draw_once (frame, style, surface, width, height, serial);
    }
  for (unsigned long i = 0; i < iterations; i++)
    {
      g_autoptr(DpvFrame) frame = NULL;
      double t0, t1, c0;

      sweep_params (id, i, iterations, &params);
      c0 = cpu_ms ();
      t0 = now_ms ();
      frame = dpv_frame_compute (view, &params, cache, NULL, NULL);
      t1 = now_ms ();
      draw_once (frame, style, surface, width, height, serial);
      total[i] = now_ms () - t0;
      cpu[i] = cpu_ms () - c0;
      compute[i] = t1 - t0;
      draw[i] = total[i] - compute[i];
    }
  compute_stats (total, iterations, &out->total);
  compute_stats (cpu, iterations, &out->cpu);
  compute_stats (compute, iterations, &out->compute);
  compute_stats (draw, iterations, &out->draw);
}

int
cli_cmd_bench (int argc, char **argv, GError **error)
{
  g_autofree char *iterations_text = NULL, *width_text = NULL, *height_text = NULL;
  g_autofree char *view_text = NULL, *mechanism_text = NULL;
  gboolean json = FALSE;
  unsigned long iterations = 200;
  double width = 1920, height = 1080;
  guint n_views = dpv_registry_get_n_views ();
  g_autofree gboolean *selected = g_new0 (gboolean, n_views);
  g_autofree Measure *banded = g_new0 (Measure, n_views);
  g_autofree Measure *serial = g_new0 (Measure, n_views);
  g_autofree double *cold_ms = g_new0 (double, n_views);
  g_autofree char *names = dpv_registry_names_text ();
  DpvParams base;
  DpvStyle style;
  cairo_surface_t *surface;
  const GOptionEntry entries[] = {
    { "iterations", 0, 0, G_OPTION_ARG_STRING, &iterations_text,
      N_("Renders per view, 10 … 100000 (default 200)"), N_("N") },
    { "width", 0, 0, G_OPTION_ARG_STRING, &width_text,
      N_("Surface width in pixels (default 1920)"), N_("W") },
    { "height", 0, 0, G_OPTION_ARG_STRING, &height_text,
      N_("Surface height in pixels (default 1080)"), N_("H") },
    { "view", 0, 0, G_OPTION_ARG_STRING, &view_text,
      N_("Only this view (default: all)"), N_("NAME") },
    { "mechanism", 0, 0, G_OPTION_ARG_STRING, &mechanism_text,
      N_("laplace, gaussian or rr (default laplace)"), N_("NAME") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    G_OPTION_ENTRY_NULL
  };

  if (!cli_parse_options ("bench",
                          _("Compute and draw time of every view on an image surface over a "
                            "sweep of parameter values."),
                          _("Each view sweeps one parameter (sweep); an expensive stage the "
                            "sweep does not change is computed once\n(data_cold_ms). JSON keys: "
                            "views (per view compute_median_ms, compute_p99_ms, draw_median_ms,\n"
                            "draw_p99_ms, median_ms, p99_ms, mean_ms, max_ms of compute + draw, "
                            "cpu_median_ms, cpu_p99_ms,\nand serial_median_ms, serial_p99_ms, "
                            "serial_draw_median_ms, serial_cpu_median_ms for one core), width,\n"
                            "height, cores, iterations."),
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
  for (guint v = 0; v < n_views; v++)
    selected[v] = view_text == NULL;
  if (view_text != NULL)
    {
      const DpvViewClass *view = dpv_registry_lookup (view_text);

      if (view == NULL)
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE, _("unknown view “%s” (expected %s)"),
                       view_text, names);
          return CLI_EXIT_USAGE;
        }
      selected[dpv_registry_index (view)] = TRUE;
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
  for (guint v = 0; v < n_views; v++)
    {
      const DpvViewClass *view = dpv_registry_get (v);
      g_autoptr(DpvFrameCache) cache = NULL;
      DpvParams params = base;

      if (!selected[v])
        continue;
      cold_ms[v] = NAN;
      cache = dpv_frame_cache_new (8);
      if (view->compute_data != NULL)
        {
          /* the expensive stage, cold, once: the sweep keeps it */
          g_autoptr(DpvFrame) frame = NULL;
          double t0 = now_ms ();

          frame = dpv_frame_compute (view, &params, cache, NULL, NULL);
          cold_ms[v] = now_ms () - t0;
        }
      measure (view, &params, cache, &style, surface, width, height, FALSE, iterations,
               &banded[v]);
      measure (view, &params, cache, &style, surface, width, height, TRUE, iterations,
               &serial[v]);
    }
  cairo_surface_destroy (surface);

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      cli_json_add_int (b, "width", width);
      cli_json_add_int (b, "height", height);
      json_builder_set_member_name (b, "surface");
      json_builder_add_string_value (b, "image-argb32");
      json_builder_set_member_name (b, "mechanism");
      json_builder_add_string_value (b, dp_mechanism_kind_to_name (base.mechanism));
      cli_json_add_int (b, "iterations", iterations);
      cli_json_add_int (b, "cores", g_get_num_processors ());
      cli_json_add_int (b, "warmup", WARMUP);
      json_builder_set_member_name (b, "views");
      json_builder_begin_object (b);
      for (guint v = 0; v < n_views; v++)
        {
          const DpvViewClass *view = dpv_registry_get (v);
          DpvParamId id = sweep_param (view);

          if (!selected[v])
            continue;
          json_builder_set_member_name (b, view->name);
          json_builder_begin_object (b);
          cli_json_add_double (b, "compute_median_ms", banded[v].compute.median_ms);
          cli_json_add_double (b, "compute_p99_ms", banded[v].compute.p99_ms);
          cli_json_add_double (b, "draw_median_ms", banded[v].draw.median_ms);
          cli_json_add_double (b, "draw_p99_ms", banded[v].draw.p99_ms);
          cli_json_add_double (b, "median_ms", banded[v].total.median_ms);
          cli_json_add_double (b, "p99_ms", banded[v].total.p99_ms);
          cli_json_add_double (b, "mean_ms", banded[v].total.mean_ms);
          cli_json_add_double (b, "max_ms", banded[v].total.max_ms);
          cli_json_add_double (b, "cpu_median_ms", banded[v].cpu.median_ms);
          cli_json_add_double (b, "cpu_p99_ms", banded[v].cpu.p99_ms);
          cli_json_add_double (b, "serial_median_ms", serial[v].total.median_ms);
          cli_json_add_double (b, "serial_p99_ms", serial[v].total.p99_ms);
          cli_json_add_double (b, "serial_draw_median_ms", serial[v].draw.median_ms);
          cli_json_add_double (b, "serial_cpu_median_ms", serial[v].cpu.median_ms);
          if (view->compute_data != NULL)
            cli_json_add_double (b, "data_cold_ms", cold_ms[v]);
          json_builder_set_member_name (b, "sweep");
          json_builder_add_string_value (b, id != DPV_PARAM_NONE ? dpv_param_spec (id)->name
                                                                 : "");
          json_builder_end_object (b);
        }
      json_builder_end_object (b);
      json_builder_end_object (b);
      cli_json_print (b);
    }
  else
    {
      printf (_("%s, %.0f × %.0f image surface, %lu renders per view after %d warm-up renders\n"),
              dp_mechanism_kind_to_name (base.mechanism), width, height, iterations, WARMUP);
      g_autofree char *h_view = cli_pad (_("view"), 12, FALSE);
      g_autofree char *h_compute = cli_pad (_("compute ms"), 11, TRUE);
      g_autofree char *h_draw = cli_pad (_("draw ms"), 10, TRUE);
      g_autofree char *h_p99 = cli_pad (_("p99 ms"), 10, TRUE);
      g_autofree char *h_cpu = cli_pad (_("CPU median ms"), 14, TRUE);
      g_autofree char *h_serial = cli_pad (_("1 core draw ms"), 15, TRUE);

      printf ("  %s %s %s %s %s %s\n", h_view, h_compute, h_draw, h_p99, h_cpu, h_serial);
      for (guint v = 0; v < n_views; v++)
        if (selected[v])
          printf ("  %-12s %11.3f %10.3f %10.3f %14.3f %15.3f\n", dpv_registry_get (v)->name,
                  banded[v].compute.median_ms, banded[v].draw.median_ms,
                  banded[v].total.p99_ms, banded[v].cpu.median_ms, serial[v].draw.median_ms);
      printf (_("  (medians; p99 of compute + draw; draw on all cores, %u here; CPU: all "
                "threads together; 1 core: a single cairo_t)\n"), g_get_num_processors ());
      for (guint v = 0; v < n_views; v++)
        if (selected[v] && !isnan (cold_ms[v]))
          printf (_("  %s: its data stage, computed once: %.1f ms\n"),
                  dpv_registry_get (v)->name, cold_ms[v]);
    }
  return CLI_EXIT_OK;
}
