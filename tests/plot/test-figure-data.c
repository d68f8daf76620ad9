/* test-figure-data.c — the series behind every figure (CSV) and grayscale figures
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Generic over the registry: every view, every mechanism. What is expected comes from the
 * figure's own legend and from values computed here (the Laplace density), not from the code
 * that logs the series.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dpv-figure-data.h"
#include "dpv-figure.h"
#include "dpv-registry.h"

static const DpMechanismKind kinds[] = {
  DP_MECHANISM_LAPLACE, DP_MECHANISM_GAUSSIAN, DP_MECHANISM_RR,
};

static DpvFrame *
frame_for (const DpvViewClass *view, DpMechanismKind kind)
{
  DpvParams p;

  dpv_params_init (&p);
  p.mechanism = kind;
  p.k = 20;
  return dpv_frame_compute (view, &p, NULL, NULL, NULL);
}

/* Every legend entry of a line or bar series the figure draws is a series of its data, and
 * every series has data (every registered view, with parameters it can draw). */
static void
test_every_view_has_series (void)
{
  for (guint v = 0; v < dpv_registry_get_n_views (); v++)
    for (gsize k = 0; k < G_N_ELEMENTS (kinds); k++)
      {
        const DpvViewClass *view = dpv_registry_get (v);
        g_autoptr(DpvFrame) frame = frame_for (view, kinds[k]);
        g_autoptr(GPtrArray) series = NULL;
        g_autoptr(GError) error = NULL;
        g_autofree char *csv = NULL;
        g_auto(GStrv) lines = NULL;
        guint legends = 0;
        DpvStyle style;

        if ((!dpv_view_class_uses (view, DPV_PARAM_MECHANISM) && k > 0)
            || dpv_frame_get_result (frame) == NULL)
          continue;
        dpv_style_init (&style, DPV_THEME_PRINT);
        series = dpv_figure_series (frame, &style, 1200, 800, &error);
        g_assert_no_error (error);
        g_test_message ("%s / %s: %u series", view->name, dp_mechanism_kind_to_name (kinds[k]),
                        series->len);
        g_assert_cmpuint (series->len, >, 0);
        for (guint i = 0; i < series->len; i++)
          {
            DpvSeriesRecord *r = g_ptr_array_index (series, i);

            g_assert_cmpuint (r->x->len, ==, r->y->len);
            g_assert_cmpuint (r->x->len, >, 0);
            legends += r->legend != NULL;
          }
        /* the four views of Dwork & Roth §3.5 have legends */
        if (g_strv_contains ((const char *const[]) { "densities", "regions", "kl", "composition",
                                                     NULL }, view->name))
          g_assert_cmpuint (legends, >, 0);
        csv = dpv_series_to_csv (series);
        lines = g_strsplit (csv, "\r\n", -1);
        /* a header, then as many rows as the longest series */
        {
          guint longest = 0;

          for (guint i = 0; i < series->len; i++)
            longest = MAX (longest, ((DpvSeriesRecord *) g_ptr_array_index (series, i))->x->len);
          /* the last element after the final "\r\n" is empty */
          g_assert_cmpuint (g_strv_length (lines), ==, longest + 2);
        }
        /* every legend entry names a column */
        for (guint i = 0; i < series->len; i++)
          {
            DpvSeriesRecord *r = g_ptr_array_index (series, i);
            g_autofree char *plain = NULL;

            if (r->legend == NULL)
              continue;
            plain = dpv_markup_to_plain (r->legend);
            g_assert_nonnull (strstr (lines[0], plain));
          }
      }
}

/* In a grayscale figure, the lines of one panel that have their own legend entries have
 * their own dash patterns, and every colour drawn is a gray. */
static void
test_grayscale_dashes (void)
{
  for (guint v = 0; v < dpv_registry_get_n_views (); v++)
    for (gsize k = 0; k < G_N_ELEMENTS (kinds); k++)
      {
        const DpvViewClass *view = dpv_registry_get (v);
        g_autoptr(DpvFrame) frame = frame_for (view, kinds[k]);
        g_autoptr(GPtrArray) series = NULL;
        DpvStyle style;

        if ((!dpv_view_class_uses (view, DPV_PARAM_MECHANISM) && k > 0)
            || dpv_frame_get_result (frame) == NULL)
          continue;
        dpv_style_init (&style, DPV_THEME_PRINT);
        dpv_style_set_grayscale (&style);
        series = dpv_figure_series (frame, &style, 1200, 800, NULL);
        g_assert_nonnull (series);
        for (guint i = 0; i < series->len; i++)
          {
            DpvSeriesRecord *a = g_ptr_array_index (series, i);

            g_assert_true (a->color.r == a->color.g && a->color.g == a->color.b);
            if (a->kind != DPV_SERIES_LINE || a->legend == NULL)
              continue;
            for (guint j = 0; j < i; j++)
              {
                DpvSeriesRecord *b = g_ptr_array_index (series, j);

                if (b->kind != DPV_SERIES_LINE || b->legend == NULL
                    || g_strcmp0 (a->legend, b->legend) == 0
                    || a->panel != b->panel)
                  continue;
                if (a->dash == b->dash)
                  g_error ("%s/%s: “%s” and “%s” share dash %d", view->name,
                           dp_mechanism_kind_to_name (kinds[k]), a->legend, b->legend, a->dash);
              }
          }
      }
}

/* The densities view's data are the Laplace densities (computed here) at its x values. */
static void
test_densities_values (void)
{
  const DpvViewClass *view = dpv_registry_lookup ("densities");
  g_autoptr(DpvFrame) frame = NULL;
  g_autoptr(GPtrArray) series = NULL;
  DpvParams p;
  DpvStyle style;
  double b;
  guint checked = 0;

  dpv_params_init (&p);
  p.mechanism = DP_MECHANISM_LAPLACE;
  p.epsilon = 0.7;
  p.sensitivity = 2.0;
  b = p.sensitivity / p.epsilon;
  frame = dpv_frame_compute (view, &p, NULL, NULL, NULL);
  dpv_style_init (&style, DPV_THEME_LIGHT);
  series = dpv_figure_series (frame, &style, 900, 600, NULL);
  for (guint i = 0; i < series->len; i++)
    {
      DpvSeriesRecord *r = g_ptr_array_index (series, i);
      double shift;

      if (g_strcmp0 (r->legend, "p(y): output on D") == 0)
        shift = 0;
      else if (g_strcmp0 (r->legend, "q(y): output on D′") == 0)
        shift = p.sensitivity;
      else
        continue;
      for (guint j = 0; j < r->x->len; j++)
        {
          double x = g_array_index (r->x, double, j);
          double want = exp (-fabs (x - shift) / b) / (2 * b);

          g_assert_cmpfloat (fabs (g_array_index (r->y, double, j) - want), <=, 1e-14);
          checked++;
        }
    }
  g_assert_cmpuint (checked, >, 200);
}

/* RFC 4180 quoting, empty cells past a series' end, non-finite values as empty cells. */
static void
test_csv_format (void)
{
  g_autoptr(GPtrArray) series = g_ptr_array_new_with_free_func ((GDestroyNotify) dpv_series_record_free);
  DpvSeriesRecord *a = g_new0 (DpvSeriesRecord, 1), *b = g_new0 (DpvSeriesRecord, 1);
  double ax[] = { 1, 2, 3 }, ay[] = { 0.5, NAN, 1e-300 }, bx[] = { 10 }, by[] = { -2 };
  g_autofree char *csv = NULL;

  a->legend = g_strdup ("say \"hi\", twice");
  a->y_title = g_strdup ("y");
  a->x_title = g_strdup ("x<sup>2</sup>");
  a->x = g_array_new (FALSE, FALSE, sizeof (double));
  a->y = g_array_new (FALSE, FALSE, sizeof (double));
  g_array_append_vals (a->x, ax, 3);
  g_array_append_vals (a->y, ay, 3);
  b->kind = DPV_SERIES_FILL_UPPER;
  b->y_title = g_strdup ("z");
  b->x = g_array_new (FALSE, FALSE, sizeof (double));
  b->y = g_array_new (FALSE, FALSE, sizeof (double));
  g_array_append_vals (b->x, bx, 1);
  g_array_append_vals (b->y, by, 1);
  g_ptr_array_add (series, a);
  g_ptr_array_add (series, b);
  csv = dpv_series_to_csv (series);
  {
    g_auto(GStrv) lines = g_strsplit (csv, "\r\n", -1);
    g_auto(GStrv) cells = NULL;

    g_assert_cmpuint (g_strv_length (lines), ==, 5);
    g_assert_cmpstr (lines[0], ==, "x^2,\"say \"\"hi\"\", twice [y]\",x,\"z, upper edge\"");
    g_assert_cmpstr (lines[1], ==, "1,0.5,10,-2");
    g_assert_cmpstr (lines[2], ==, "2,,,");
    cells = g_strsplit (lines[3], ",", -1);
    g_assert_cmpuint (g_strv_length (cells), ==, 4);
    /* written so that it reads back to the same double */
    g_assert_cmpfloat (g_ascii_strtod (cells[1], NULL), ==, 1e-300);
    g_assert_cmpstr (cells[2], ==, "");
    g_assert_cmpstr (lines[4], ==, "");
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/figure-data/every-view", test_every_view_has_series);
  g_test_add_func ("/figure-data/grayscale-dashes", test_grayscale_dashes);
  g_test_add_func ("/figure-data/densities-values", test_densities_values);
  g_test_add_func ("/figure-data/csv-format", test_csv_format);
  return g_test_run ();
}
