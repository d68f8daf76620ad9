/* dpv-figures.c — writes every view as PNG (for docs/figures and for looking at them) and
 * times the renders
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: dpv-figures OUTDIR [THEME [WIDTH HEIGHT [MECHANISM [KEY=VALUE…]]]]
 *        dpv-figures --time [N]     per-view median and p99 render time at 1920×1080
 * Keys: eps, delta, sens, k, epsp (regions threshold), logy (0/1), caption (0/1).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dpv-export.h"

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* CPU time of this thread in ms: on a loaded machine wall time mostly measures the others. */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
time_views (int n)
{
  DpvStyle style;
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1920, 1080);
  double *t = g_new (double, n);
  double *c = g_new (double, n);

  dpv_style_init (&style, DPV_THEME_LIGHT);
  style.pixel_snap = TRUE;
  for (int mech = 0; mech < DP_N_MECHANISMS; mech++)
    for (guint v = 0; v < TEST_N_VIEWS; v++)
      {
        DpvParams p;
        g_autoptr(DpvCompositionData) data = NULL;
        gint64 cold;

        dpv_params_init (&p);
        p.mechanism = mech;
        cold = g_get_monotonic_time ();
        if (v == TEST_VIEW_COMPOSITION)
          {
            data = dpv_composition_data_compute (&p, NULL);
            p.composition = data;
          }
        cold = g_get_monotonic_time () - cold;
        for (int i = 0; i < n; i++)
          {
            cairo_t *cr = cairo_create (s);
            gint64 t0;
            double c0;

            /* A sweep of ε and k like a dragged slider. */
            p.epsilon = 0.01 * pow (1000.0, (double) i / (n - 1));
            if (v == TEST_VIEW_COMPOSITION)
              {
                p.epsilon = DPV_PARAM_DEFAULT (EPSILON);
                p.k = 1 + (unsigned long) (9999.0 * i / (n - 1));
              }
            t0 = g_get_monotonic_time ();
            c0 = cpu_ms ();
            test_render_view (v, &p, &style, cr, 1920, 1080);
            cairo_surface_flush (s);
            t[i] = (g_get_monotonic_time () - t0) / 1000.0;
            c[i] = cpu_ms () - c0;
            cairo_destroy (cr);
          }
        qsort (t, n, sizeof (double), cmp_double);
        qsort (c, n, sizeof (double), cmp_double);
        g_print ("%-12s %-9s wall median %6.2f p99 %6.2f ms | cpu median %6.2f p99 %6.2f ms%s",
                 test_view_name (v), dp_mechanism_kind_to_name (mech), t[n / 2],
                 t[(int) (0.99 * (n - 1))], c[n / 2], c[(int) (0.99 * (n - 1))],
                 v == TEST_VIEW_COMPOSITION ? "" : "\n");
        if (v == TEST_VIEW_COMPOSITION)
          g_print ("  (curves cold %.1f ms)\n", cold / 1000.0);
      }
  g_free (t);
  g_free (c);
  cairo_surface_destroy (s);
  return 0;
}

int
main (int argc, char **argv)
{
  DpvParams p;
  DpvStyle style;
  DpvTheme theme = DPV_THEME_PRINT;
  double w = 1600, h = 1000;

  setlocale (LC_ALL, "");
  /* DPV_LOCALEDIR=build/po looks at uninstalled translations. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("DPV_LOCALEDIR") ? g_getenv ("DPV_LOCALEDIR")
                                                               : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");

  if (argc >= 2 && strcmp (argv[1], "--time") == 0)
    return time_views (argc >= 3 ? atoi (argv[2]) : 200);
  if (argc < 2)
    {
      g_printerr ("usage: %s OUTDIR [THEME [W H [MECH [key=value…]]]]\n", argv[0]);
      return 2;
    }
  dpv_params_init (&p);
  if (argc >= 3 && !dpv_theme_from_name (argv[2], &theme))
    return 2;
  if (argc >= 5)
    {
      w = g_ascii_strtod (argv[3], NULL);
      h = g_ascii_strtod (argv[4], NULL);
    }
  if (argc >= 6 && !dp_mechanism_kind_from_name (argv[5], &p.mechanism))
    return 2;
  for (int i = 6; i < argc; i++)
    {
      g_auto(GStrv) kv = g_strsplit (argv[i], "=", 2);
      double v;

      if (kv[0] == NULL || kv[1] == NULL)
        return 2;
      v = g_ascii_strtod (kv[1], NULL);
      if (strcmp (kv[0], "eps") == 0) p.epsilon = v;
      else if (strcmp (kv[0], "delta") == 0) p.delta = v;
      else if (strcmp (kv[0], "sens") == 0) p.sensitivity = v;
      else if (strcmp (kv[0], "k") == 0) p.k = (unsigned long) v;
      else if (strcmp (kv[0], "epsp") == 0) p.eps_prime = v;
      else if (strcmp (kv[0], "logy") == 0) p.log_y = v != 0;
      else if (strcmp (kv[0], "caption") == 0) p.show_caption = v != 0;
      else return 2;
    }
  dpv_style_init (&style, theme);
  for (guint v = 0; v < TEST_N_VIEWS; v++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *name = g_strdup_printf ("%s/%s.png", argv[1], test_view_name (v));
      g_autoptr(GFile) file = g_file_new_for_path (name);

      if (!test_export_file (v, &p, &style, DPV_FORMAT_PNG, file, w, h, 1, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      g_print ("%s\n", name);
    }
  return 0;
}
