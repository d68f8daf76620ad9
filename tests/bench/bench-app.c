/* bench-app.c — interaction latency of the GTK application (prints figures; no assertions)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For each view and mechanism, sweeps ε over its slider range and measures, per value, the
 * time from the model change to the end of the frame that shows it (GdkFrameClock
 * "after-paint"), the UI thread's CPU time over the same span (ui-cpu: less sensitive to a
 * busy machine than the latency), and the time spent in the plot's snapshot (recording the
 * figure; GSK replays it while rendering the frame). The composition view draws the cheap
 * curves at once and the exact curve when the worker delivers; the time until delivery is
 * reported separately. Also: start-up (main → first frame painted) and resident memory.
 *
 * Run: xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" env GSK_RENDERER=cairo
 *      GSETTINGS_BACKEND=memory GTK_A11Y=none GSETTINGS_SCHEMA_DIR=build/data
 *      build/tests/bench/bench-app [samples [WIDTHxHEIGHT]]
 * The window is 1200 × 760 unless a size is given (1920x1080: a full-HD screen).
 * BENCH_VIEW=NAME and BENCH_MECHANISM=laplace|gaussian|rr measure one view or one mechanism;
 * BENCH_DEBUG=1 prints each sample's frame phases.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "dpviz-application.h"
#include "dpv-figure.h"
#include "dpviz-window.h"
#include "bench-util.h"

static gint64 t_main;
static gint64 last_after_paint;
static gint64 last_after_paint_cpu;   /* the UI thread's CPU time then, µs */
static guint n_after_paint;

static gint64 t_layout, t_paint;

/* CPU time of the calling thread, µs: what the UI thread spends on a change, less sensitive
 * than wall-clock latency to other work on the machine. */
static gint64
thread_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static void
on_layout (GdkFrameClock *clock, gpointer user_data)
{
  if (t_layout == 0)
    t_layout = g_get_monotonic_time ();
}

static void
on_paint (GdkFrameClock *clock, gpointer user_data)
{
  if (t_paint == 0)
    t_paint = g_get_monotonic_time ();
}

static void
on_after_paint (GdkFrameClock *clock,
                gpointer       user_data)
{
  last_after_paint = g_get_monotonic_time ();
  last_after_paint_cpu = thread_cpu_us ();
  n_after_paint++;
}

static void
iterate_for (double seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (200);
}

/* Waits until the plot has drawn a new frame and that frame was painted. */
static gboolean
wait_frame (DpvizPlotView *plot,
            guint          draws_before,
            double         timeout)
{
  gint64 end = g_get_monotonic_time () + (gint64) (timeout * G_USEC_PER_SEC);

  while (g_get_monotonic_time () < end)
    {
      if (dpviz_plot_view_get_n_draws (plot) > draws_before
          && last_after_paint >= dpviz_plot_view_get_last_draw_time (plot))
        return TRUE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (50);
    }
  return FALSE;
}

/* Continuous mode: a new value in every frame's update phase (as while dragging or animating);
 * the time from setting it to the end of that frame's paint. */
typedef struct {
  DpvizModel *model;
  guint i, n;
  gint64 t_set;
  double *out;
  guint n_out;
} Drag;

static gboolean
drag_tick (GtkWidget     *widget,
           GdkFrameClock *clock,
           gpointer       user_data)
{
  Drag *d = user_data;
  double eps;

  if (d->t_set != 0 && last_after_paint > d->t_set && d->n_out < d->n)
    d->out[d->n_out++] = (last_after_paint - d->t_set) / 1000.0;
  if (d->i >= d->n)
    return G_SOURCE_REMOVE;
  eps = pow (10.0, -2.0 + 3.0 * (d->i + 0.5) / d->n);
  eps = CLAMP (round (eps * 1000) / 1000, DPV_PARAM_MIN (EPSILON), DPV_PARAM_MAX (EPSILON));
  d->t_set = g_get_monotonic_time ();
  dpviz_model_set_epsilon (d->model, eps, NULL);
  d->i++;
  return G_SOURCE_CONTINUE;
}

static double
percentile (double *v, guint n, double p)
{
  guint i;

  if (n == 0)
    return NAN;
  qsort (v, n, sizeof *v, bench_cmp_double);
  i = (guint) ceil (p * n) - 1;
  return v[MIN (i, n - 1)];
}

/* Seconds since boot at which this process started (/proc/self/stat field 22, in clock
 * ticks), to include exec and dynamic linking in the start-up figure. */
static double
process_start_since_boot (void)
{
  g_autofree char *stat = NULL;
  const char *p;
  unsigned long long ticks = 0;

  if (!g_file_get_contents ("/proc/self/stat", &stat, NULL, NULL))
    return NAN;
  p = strrchr (stat, ')');   /* the command name may contain spaces */
  if (p == NULL)
    return NAN;
  p++;
  for (int field = 3; field < 22 && p != NULL; field++)
    p = strchr (p + 1, ' ');
  if (p == NULL || sscanf (p, "%llu", &ticks) != 1)
    return NAN;
  return (double) ticks / sysconf (_SC_CLK_TCK);
}

static double
now_since_boot (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_BOOTTIME, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static long
vm_rss_kb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  line = strstr (status, "VmRSS:");
  return line ? strtol (line + 6, NULL, 10) : -1;
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DpvizApplication) app = NULL;
  DpvizWindow *window;

  DpvizModel *model;
  GdkFrameClock *clock;
  guint samples = argc > 1 ? (guint) atoi (argv[1]) : 60;
  int win_w = 1200, win_h = 760;
  double *latency, *snapshot, *compute, *exact, *ui_cpu;
  double all_p95 = 0;
  const char *only_view = g_getenv ("BENCH_VIEW"), *only_mech = g_getenv ("BENCH_MECHANISM");
  gint64 t_init, t_register, t_window;

  t_main = g_get_monotonic_time ();
  if (argc > 2 && (sscanf (argv[2], "%dx%d", &win_w, &win_h) != 2 || win_w < 400 || win_h < 300
                   || win_w > 8000 || win_h > 8000))
    {
      g_printerr ("bench-app: the window size must be WIDTHxHEIGHT, 400x300 … 8000x8000\n");
      return 2;
    }
  if (samples < 1 || samples > 100000)
    {
      g_printerr ("bench-app: samples must be 1 … 100000\n");
      return 2;
    }
  gtk_init ();
  t_init = g_get_monotonic_time ();

  app = dpviz_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    {
      g_printerr ("bench-app: %s\n", error->message);
      return 1;
    }

  t_register = g_get_monotonic_time ();
  window = dpviz_window_new (GTK_APPLICATION (app));
  t_window = g_get_monotonic_time ();
  model = dpviz_window_get_model (window);
  gtk_window_set_default_size (GTK_WINDOW (window), win_w, win_h);
  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_realize (GTK_WIDGET (window));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), NULL);
  g_signal_connect (clock, "layout", G_CALLBACK (on_layout), NULL);
  g_signal_connect (clock, "paint", G_CALLBACK (on_paint), NULL);

  {
    DpvizPlotView *plot = dpviz_window_get_plot_view (window, dpviz_model_get_view (model));

    if (!wait_frame (plot, 0, 10.0))
      {
        g_printerr ("bench-app: no first frame\n");
        return 1;
      }
    double since_exec = now_since_boot () - process_start_since_boot ()
                        - (g_get_monotonic_time () - last_after_paint) / 1e6;

    printf ("startup: main → first frame painted: %.1f ms; process start → first frame: "
            "%.0f ms (±10 ms) (target ≤ 300 ms)\n",
            (last_after_paint - t_main) / 1000.0, since_exec * 1000.0);
    printf ("  gtk_init %.1f ms, application startup (libadwaita, styles) %.1f ms, window "
            "construction %.1f ms, present → first frame painted %.1f ms\n",
            (t_init - t_main) / 1000.0, (t_register - t_init) / 1000.0,
            (t_window - t_register) / 1000.0, (last_after_paint - t_window) / 1000.0);
  }

  latency = g_new (double, samples);
  snapshot = g_new (double, samples);
  compute = g_new (double, samples);
  exact = g_new (double, samples);
  ui_cpu = g_new (double, samples);
  printf ("\nlatency from a model change (ε sweep, %u values) to the frame painted, ms, window %d × %d\n",
          samples, win_w, win_h);
  printf ("%-12s %-9s %8s %8s %8s %11s %11s %10s %10s %8s %8s %14s\n", "view", "mechanism",
          "median", "p95", "max", "compute-med", "compute-p95", "draw-med", "draw-p95", "ui-cpu",
          "cpu-p95", "exact-arrives");

  for (guint mech = 0; mech < DP_N_MECHANISMS; mech++)
    for (guint v = 0; v < dpv_registry_get_n_views (); v++)
      {
        DpvizPlotView *plot = dpviz_window_get_plot_view (window, v);
        DpvizFrameProvider *provider = dpviz_window_get_provider (window);
        guint n = 0, n_exact = 0;
        double p95;

        if ((only_view != NULL && g_strcmp0 (only_view, dpv_registry_get (v)->name) != 0)
            || (only_mech != NULL && g_strcmp0 (only_mech, dp_mechanism_kind_to_name (mech)) != 0))
          continue;

        dpviz_model_set_mechanism (model, mech);
        dpviz_model_set_view (model, v);
        iterate_for (0.3);

        for (guint i = 0; i < samples; i++)
          {
            /* ε from 0.01 to 10, log-spaced, a different value every time. */
            double eps = pow (10.0, -2.0 + 3.0 * (i + 0.5) / samples);
            guint draws;
            gint64 t0, cpu0, t_exact = 0;
            double since_paint;
            gboolean busy;

            eps = round (eps * 1000) / 1000;
            eps = CLAMP (eps, DPV_PARAM_MIN (EPSILON), DPV_PARAM_MAX (EPSILON));
            /* Let the frame clock go idle (including the read-outs' follow-up frame) so the
             * sample does not wait for a frame slot. */
            iterate_for (0.08);
            draws = dpviz_plot_view_get_n_draws (plot);
            t0 = g_get_monotonic_time ();
            since_paint = (t0 - last_after_paint) / 1000.0;
            busy = dpviz_frame_provider_get_busy (provider);
            cpu0 = thread_cpu_us ();
            t_layout = t_paint = 0;
            if (!dpviz_model_set_epsilon (model, eps, NULL))
              continue;
            if (!wait_frame (plot, draws, 5.0))
              {
                g_printerr ("bench-app: no frame for ε = %g\n", eps);
                continue;
              }
            latency[n] = (last_after_paint - t0) / 1000.0;
            ui_cpu[n] = (last_after_paint_cpu - cpu0) / 1000.0;
            if (getenv ("BENCH_DEBUG"))
              printf ("  ε=%g (%.1f ms after the last frame%s) layout %+.1f paint %+.1f "
                      "snapshot-end %+.1f after-paint %+.1f\n", eps, since_paint,
                      busy ? ", a stage computing" : "",
                      (t_layout - t0) / 1000.0, (t_paint - t0) / 1000.0,
                      (dpviz_plot_view_get_last_draw_time (plot) - t0) / 1000.0,
                      (last_after_paint - t0) / 1000.0);
            snapshot[n] = dpviz_plot_view_get_last_draw_duration (plot) / 1000.0;
            compute[n] = dpviz_frame_provider_get_last_update_duration (provider) / 1000.0;
            n++;

            if (v == DPVIZ_VIEW ("composition"))
              {
                gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

                while (dpviz_frame_provider_get_busy (provider)
                       && g_get_monotonic_time () < end)
                  if (!g_main_context_iteration (NULL, FALSE))
                    g_usleep (100);
                t_exact = g_get_monotonic_time ();
                /* The frame with the exact curve. */
                wait_frame (plot, dpviz_plot_view_get_n_draws (plot) - 1, 5.0);
                exact[n_exact++] = (t_exact - t0) / 1000.0;
              }
          }

        p95 = percentile (latency, n, 0.95);
        all_p95 = MAX (all_p95, p95);
        printf ("%-12s %-9s %8.2f %8.2f %8.2f %11.2f %11.2f %10.2f %10.2f %8.2f %8.2f ",
                dpv_registry_get (v)->name, dp_mechanism_kind_to_name (mech),
                percentile (latency, n, 0.5), p95, percentile (latency, n, 1.0),
                percentile (compute, n, 0.5), percentile (compute, n, 0.95),
                percentile (snapshot, n, 0.5), percentile (snapshot, n, 0.95),
                percentile (ui_cpu, n, 0.5), percentile (ui_cpu, n, 0.95));
        if (n_exact > 0)
          printf ("%7.1f (p95 %.1f)\n", percentile (exact, n_exact, 0.5),
                  percentile (exact, n_exact, 0.95));
        else
          printf ("%14s\n", "—");
      }

  printf ("\ncontinuous (a new ε in each frame's update phase, as while dragging): set → "
          "painted in that frame, ms\n");
  for (guint v = 0; v < dpv_registry_get_n_views (); v++)
    {
      Drag d = { model, 0, samples, 0, latency, 0 };
      gint64 end;

      if (only_view != NULL && g_strcmp0 (only_view, dpv_registry_get (v)->name) != 0)
        continue;
      dpviz_model_set_mechanism (model, DP_MECHANISM_LAPLACE);
      dpviz_model_set_view (model, v);
      iterate_for (0.3);
      gtk_widget_add_tick_callback (GTK_WIDGET (window), drag_tick, &d, NULL);
      end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
      while ((d.i < d.n || d.n_out < d.n - 1) && g_get_monotonic_time () < end)
        if (!g_main_context_iteration (NULL, FALSE))
          g_usleep (50);
      iterate_for (0.1);
      printf ("%-12s median %6.2f  p95 %6.2f  max %6.2f  (%u frames)\n", dpv_registry_get (v)->name,
              percentile (latency, d.n_out, 0.5), percentile (latency, d.n_out, 0.95),
              percentile (latency, d.n_out, 1.0), d.n_out);
    }

  /* For comparison: the bare libdpplot render of each view into an image surface of the plot's
   * size (what rasterizing the frame costs at least). */
  {
    DpvizPlotView *plot = dpviz_window_get_plot_view (window, DPVIZ_VIEW ("densities"));
    int w = MAX (gtk_widget_get_width (GTK_WIDGET (plot)), 400);
    int h = MAX (gtk_widget_get_height (GTK_WIDGET (plot)), 300);
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
    DpvStyle style;

    dpviz_plot_view_get_style (plot, &style);
    printf ("\nbare dpv_figure_render (draw only) into a %d×%d image surface (Laplace, ε sweep), ms\n",
            w, h);
    for (guint v = 0; v < dpv_registry_get_n_views (); v++)
      {
        DpvParams params;
        guint n = MIN (samples, 20);

        if (only_view != NULL && g_strcmp0 (only_view, dpv_registry_get (v)->name) != 0)
          continue;

        dpviz_model_set_mechanism (model, DP_MECHANISM_LAPLACE);
        dpviz_model_get_params (model, &params);
        params.show_caption = FALSE;
        for (guint i = 0; i < n; i++)
          {
            cairo_t *cr = cairo_create (surface);
            g_autoptr(DpvFrame) frame = NULL;
            gint64 t0;

            params.epsilon = pow (10.0, -2.0 + 3.0 * (i + 0.5) / n);
            /* the draw alone: the frame (for composition, the preview of its curves) first */
            frame = dpv_frame_try_compute (dpv_registry_get (v), &params,
                                           dpviz_frame_provider_get_cache (
                                             dpviz_window_get_provider (window)));
            if (frame == NULL)
              frame = dpv_frame_compute_preview (dpv_registry_get (v), &params,
                                                 dpviz_frame_provider_get_cache (
                                                   dpviz_window_get_provider (window)));
            t0 = g_get_monotonic_time ();
            if (frame != NULL)
              dpv_figure_render (frame, &style, cr, w, h);
            cairo_surface_flush (surface);
            latency[i] = (g_get_monotonic_time () - t0) / 1000.0;
            cairo_destroy (cr);
          }
        printf ("%-12s median %6.2f  p95 %6.2f\n", dpv_registry_get (v)->name,
                percentile (latency, n, 0.5), percentile (latency, n, 0.95));
      }
    cairo_surface_destroy (surface);
  }

  printf ("\nworst p95 change → frame: %.2f ms (target ≤ 16 ms)\n", all_p95);
  printf ("resident memory VmRSS: %.1f MB (target ≤ 120 MB)\n", vm_rss_kb () / 1024.0);

  g_free (latency);
  g_free (snapshot);
  g_free (compute);
  g_free (exact);
  g_free (ui_cpu);
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
