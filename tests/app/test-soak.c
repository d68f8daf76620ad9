/* test-soak.c — thousands of random model changes in a real window (run under Xvfb)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For DPVIZ_SOAK_SECONDS (120 by default) the parameters change at random — ε every time,
 * and one to three of δ, Δ, k, the mechanism, the view, ε′, the log axis and the caption —
 * as fast as the window paints them. Checked:
 *   - no GLib warning or critical (G_DEBUG makes them fatal, and a log writer fails on any
 *     that would not be);
 *   - the figure updates: after every burst of changes (1 to 5, as many as a slider dragged
 *     fast makes between two frames) the visible plot paints a new frame;
 *   - memory: the resident set (VmRSS) after the warm-up (the first quarter of the run) grows
 *     by at most SOAK_RSS_GROWTH_MAX_KB until the end. Both readings are taken in the same
 *     state: default parameters on the first view, painted, nothing computing, and then
 *     dpviz_frame_provider_trim () (what the app does on a low-memory warning), so that
 *     neither which frames the bounded cache happens to hold (±10 MB) nor free memory that
 *     glibc keeps in the compute threads' arenas counts as growth. Not checked under
 *     AddressSanitizer, whose quarantine holds freed memory on purpose.
 * DPVIZ_SOAK_CSV=FILE writes the resident set every second (seconds, changes, kB), for
 * looking at the curve of a long run. The random seed is fixed (DPVIZ_SOAK_SEED overrides).
 */
#include "config.h"

#ifdef HAVE_MALLOC_TRIM
#include <malloc.h>
#endif
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dpviz-application.h"
#include "dpviz-views.h"
#include "dpviz-window.h"
#include "test-app-window.h"

/* Growth allowed between the two settled readings. Four 120 s runs of the -Werror build on an
 * idle two-core machine (143–152 changes a second, seeds 24 and 7) settled at +5.3 to
 * +16.5 MB of resident set and +1.0 to +7.1 MB of live heap; the live heap is the tighter
 * check, since a leak grows it wherever the allocator puts the memory. Before font sizes
 * were put on a grid, the live heap grew 1.4 kB a change (+19 MB over such a run). */
#define SOAK_RSS_GROWTH_MAX_KB (32 * 1024)
#define SOAK_HEAP_GROWTH_MAX_KB (12 * 1024)
/* Changes applied between two painted frames, on average. */
#define SOAK_BURST_MEAN 3

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

static GtkApplication *app;
static guint n_bad_messages;

static GLogWriterOutput
log_writer (GLogLevelFlags log_level, const GLogField *fields, gsize n_fields,
            gpointer user_data)
{
  if (log_level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    n_bad_messages++;
  return g_log_writer_default (log_level, fields, n_fields, user_data);
}

/* The value of the last `<NAME type="TYPE" … size="N"/>` element of malloc_info's XML: the
 * last of each kind is the sum over every arena. */
static long
xml_size (const char *xml, const char *element)
{
  const char *at = NULL;

  for (const char *p = strstr (xml, element); p != NULL; p = strstr (p + 1, element))
    at = p;
  if (at == NULL || (at = strstr (at, "size=\"")) == NULL)
    return -1;
  return strtol (at + strlen ("size=\""), NULL, 10);
}

/* Bytes that malloc has handed out and not had back, over every arena (the compute threads'
 * too): the system memory of the arenas less their free chunks, plus mmapped chunks. Unlike
 * the resident set, it does not depend on where free memory lies. -1 without glibc. */
static long
heap_live_kb (void)
{
#ifdef HAVE_MALLOC_TRIM
  char *xml = NULL;
  size_t len = 0;
  FILE *out = open_memstream (&xml, &len);
  long system, fast, rest, mmapped;

  g_assert_nonnull (out);
  g_assert_cmpint (malloc_info (0, out), ==, 0);
  fclose (out);
  system = xml_size (xml, "<system type=\"current\"");
  fast = xml_size (xml, "<total type=\"fast\"");
  rest = xml_size (xml, "<total type=\"rest\"");
  mmapped = xml_size (xml, "<total type=\"mmap\"");
  free (xml);
  g_assert_true (system >= 0 && fast >= 0 && rest >= 0 && mmapped >= 0);
  return (system - fast - rest + mmapped) / 1024;
#else
  return -1;
#endif
}

/* One "Name:   N kB" line of /proc/self/status. */
static long
status_kb (const char *name)
{
  g_autofree char *status = NULL;
  g_autofree char *key = g_strdup_printf ("\n%s:", name);
  const char *line;

  g_assert_true (g_file_get_contents ("/proc/self/status", &status, NULL, NULL));
  line = strstr (status, key);
  g_assert_nonnull (line);
  return strtol (line + strlen (key), NULL, 10);
}

static long
rss_kb (void)
{
  return status_kb ("VmRSS");
}

/* Runs the main loop until @plot paints a frame after its @after-th, or 5 s pass. */
static gboolean
wait_for_draw (DpvizPlotView *plot, guint after)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (dpviz_plot_view_get_n_draws (plot) <= after)
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (500);
    }
  return TRUE;
}

static gboolean
provider_idle (DpvizFrameProvider *provider)
{
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (dpviz_frame_provider_get_busy (provider))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  return TRUE;
}

/* The resident set and the live heap in one fixed state: default parameters on the first
 * view, painted, nothing computing, the frame cache emptied and free memory given back. */
static void
settle (DpvizWindow *window, long *rss, long *live)
{
  DpvizModel *model = dpviz_window_get_model (window);
  DpvizFrameProvider *provider = dpviz_window_get_provider (window);
  DpvizPlotView *plot = dpviz_window_get_plot_view (window, 0);
  g_autoptr(GError) error = NULL;
  guint draws = dpviz_plot_view_get_n_draws (plot);
  DpvParams p;

  dpv_params_init (&p);
  p.epsilon = nextafter (p.epsilon, 0.0);  /* a change, so that a new frame is painted */
  g_assert_true (dpviz_model_apply (model, &p, 0, &error));
  g_assert_no_error (error);
  g_assert_true (wait_for_draw (plot, draws));
  dpv_params_init (&p);
  draws = dpviz_plot_view_get_n_draws (plot);
  g_assert_true (dpviz_model_apply (model, &p, 0, &error));
  g_assert_true (wait_for_draw (plot, draws));
  g_assert_true (provider_idle (provider));
  dpviz_frame_provider_trim (provider);
  if (g_getenv ("DPVIZ_SOAK_SMAPS") != NULL)
    {
      static int n;
      g_autofree char *smaps = NULL;
      g_autofree char *path = g_strdup_printf ("%s.%d", g_getenv ("DPVIZ_SOAK_SMAPS"), n++);

      g_assert_true (g_file_get_contents ("/proc/self/smaps", &smaps, NULL, NULL));
      g_assert_true (g_file_set_contents (path, smaps, -1, NULL));
    }
  *rss = rss_kb ();
  *live = heap_live_kb ();
}

static double
log_uniform (GRand *rand, double lo, double hi)
{
  return exp (g_rand_double_range (rand, log (lo), log (hi)));
}

/* ε always changes (every view draws it); one to three other parameters change with it. */
static void
random_change (GRand *rand, DpvParams *p, guint *view)
{
  double epsilon;
  guint n_more = (guint) g_rand_int_range (rand, 1, 4);

  do
    epsilon = log_uniform (rand, DPV_PARAM_MIN (EPSILON), DPV_PARAM_MAX (EPSILON));
  while (epsilon == p->epsilon);
  p->epsilon = epsilon;
  for (guint i = 0; i < n_more; i++)
    switch (g_rand_int_range (rand, 0, 8))
      {
      case 0:
        p->delta = log_uniform (rand, DPV_PARAM_MIN (DELTA), DPV_PARAM_MAX (DELTA));
        break;
      case 1:
        p->sensitivity = log_uniform (rand, DPV_PARAM_MIN (SENSITIVITY), DPV_PARAM_MAX (SENSITIVITY));
        break;
      case 2:
        p->k = (unsigned long) CLAMP (lround (log_uniform (rand, DPV_PARAM_MIN (K),
                                                           DPV_PARAM_MAX (K))),
                                      DPV_PARAM_MIN (K), DPV_PARAM_MAX (K));
        break;
      case 3:
        p->mechanism = (DpMechanismKind) g_rand_int_range (rand, 0, DP_N_MECHANISMS);
        break;
      case 4:
        *view = (guint) g_rand_int_range (rand, 0, (gint32) dpv_registry_get_n_views ());
        break;
      case 5:
        p->eps_prime = g_rand_boolean (rand) ? -1.0
                       : g_rand_double_range (rand, DPV_PARAM_MIN (EPS_PRIME),
                                              DPV_PARAM_MAX (EPS_PRIME));
        break;
      case 6:
        p->log_y = !p->log_y;
        break;
      default:
        p->show_caption = !p->show_caption;
        break;
      }
}

static void
test_soak (void)
{
  const char *seconds_text = g_getenv ("DPVIZ_SOAK_SECONDS");
  const char *seed_text = g_getenv ("DPVIZ_SOAK_SEED");
  const char *csv_path = g_getenv ("DPVIZ_SOAK_CSV");
  double seconds = seconds_text != NULL ? g_ascii_strtod (seconds_text, NULL) : 120.0;
  guint32 seed = seed_text != NULL ? (guint32) g_ascii_strtoull (seed_text, NULL, 10) : 24;
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  DpvizWindow *window = dpviz_window_new (app);
  DpvizModel *model = dpviz_window_get_model (window);
  FILE *csv = NULL;
  gint64 start, end, next_sample;
  long rss_start = 0, rss_warm = 0, rss_max_after_warm = 0, rss_end;
  long live_warm = 0, live_end;
  guint changes = 0, warm_changes = 0;
  gboolean warm = FALSE;

  g_assert_cmpfloat (seconds, >, 0);
  g_test_message ("soak: %.0f s, seed %u", seconds, seed);
  if (csv_path != NULL)
    {
      csv = fopen (csv_path, "w");
      g_assert_nonnull (csv);
      fprintf (csv, "seconds,changes,rss_kb,rss_anon_kb,rss_file_kb,rss_shmem_kb,heap_live_kb\n");
    }
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 768);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (wait_for_draw (dpviz_window_get_plot_view (window,
                                                            dpviz_model_get_view (model)), 0));

  start = g_get_monotonic_time ();
  end = start + (gint64) (seconds * G_USEC_PER_SEC);
  next_sample = start;
  rss_start = rss_kb ();
  while (g_get_monotonic_time () < end)
    {
      guint burst = (guint) g_rand_int_range (rand, 1, 2 * SOAK_BURST_MEAN);
      DpvParams p;
      guint view = dpviz_model_get_view (model);
      DpvizPlotView *plot;
      guint draws;

      /* A burst of changes between two frames, as while dragging a slider; the frame after
       * it must show the last. */
      plot = dpviz_window_get_plot_view (window, view);
      draws = dpviz_plot_view_get_n_draws (plot);
      for (guint b = 0; b < burst; b++)
        {
          g_autoptr(GError) error = NULL;
          guint before = view;

          dpviz_model_get_params (model, &p);
          random_change (rand, &p, &view);
          if (view != before)
            {
              plot = dpviz_window_get_plot_view (window, view);
              draws = dpviz_plot_view_get_n_draws (plot);
            }
          g_assert_true (dpviz_model_apply (model, &p, view, &error));
          g_assert_no_error (error);
          changes++;
        }
      if (!wait_for_draw (plot, draws))
        g_error ("change %u (%s, ε = %g) painted no new frame", changes,
                 dpv_registry_get (view)->name, p.epsilon);

      if (!warm && g_get_monotonic_time () - start > (end - start) / 4)
        {
          warm = TRUE;
          warm_changes = changes;
          settle (window, &rss_warm, &live_warm);
        }
      if (g_get_monotonic_time () >= next_sample)
        {
          long rss = rss_kb ();

          if (warm)
            rss_max_after_warm = MAX (rss_max_after_warm, rss);
          if (csv != NULL)
            fprintf (csv, "%.1f,%u,%ld,%ld,%ld,%ld,%zu\n",
                     (g_get_monotonic_time () - start) / 1e6, changes, rss,
                     status_kb ("RssAnon"), status_kb ("RssFile"), status_kb ("RssShmem"),
                     heap_live_kb ());
          next_sample += G_USEC_PER_SEC;
        }
    }
  settle (window, &rss_end, &live_end);
  if (csv != NULL)
    fclose (csv);

  g_test_message ("soak: %u changes in %.0f s (%.1f a second); VmRSS %ld kB at the start, "
                  "%ld kB settled after the warm-up (%u changes), %ld kB at most after it, %ld kB "
                  "settled at the end (%+ld kB); live heap %ld kB settled after the warm-up, "
                  "%ld kB settled at the end (%+ld kB)",
                  changes, seconds, changes / seconds, rss_start, rss_warm, warm_changes,
                  rss_max_after_warm, rss_end, rss_end - rss_warm, live_warm, live_end,
                  live_end - live_warm);
  g_assert_cmpuint (n_bad_messages, ==, 0);
  g_assert_cmpuint (changes, >=, 100);
#ifdef UNDER_ASAN
  g_test_message ("soak: the resident set is not checked under AddressSanitizer (its "
                  "quarantine keeps freed memory)");
#else
  g_assert_cmpint (rss_end - rss_warm, <=, SOAK_RSS_GROWTH_MAX_KB);
  if (live_warm >= 0)
    g_assert_cmpint (live_end - live_warm, <=, SOAK_HEAP_GROWTH_MAX_KB);
#endif
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  int status;

  gtk_test_init (&argc, &argv, NULL);
  g_log_set_writer_func (log_writer, NULL, NULL);

  app = test_app_new ();

  g_test_add_func ("/soak/random-changes", test_soak);

  status = g_test_run ();
  g_object_unref (app);
  return status;
}
