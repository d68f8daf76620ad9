/* test-plot-drag.c — dragging on the figure sets a parameter; progress over the plot (Xvfb)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The hypothesis view of Laplace (ε = 1, Δ = 1, so b = 1) declares two drag areas: the
 * threshold t across the densities panel, whose x axis runs from −5b to Δ + 5b, and the test's
 * point along the trade-off curve on the unit square. A press in either goes through the plot
 * view's drag handler into the model. The expected α is derived here from the axis mapping and
 * the Laplace law: the test y > t has α = ½e^{−t/b} (t ≥ 0); on the curve's middle piece
 * β = e^{−ε}/(4α). The model receives the value rounded to the row's three significant
 * digits, hence the tolerance of 1 %.
 */
#include "config.h"

#include <math.h>

#include "dpv-drag.h"
#include "dpviz-application.h"
#include "dpviz-window.h"
#include "test-app-window.h"

static GtkApplication *app;

typedef struct {
  DpvizWindow *window;
  guint view;
  guint draws;
} Settled;

/* The provider has nothing to compute, its frame is current and drawn since. */
static gboolean
settled (gpointer data)
{
  Settled *s = data;
  DpvizFrameProvider *provider = dpviz_window_get_provider (s->window);
  DpvizPlotView *plot = dpviz_window_get_plot_view (s->window, s->view);

  return !dpviz_frame_provider_get_busy (provider)
         && !dpviz_frame_provider_get_pending (provider, s->view)
         && dpviz_frame_provider_get_frame (provider, s->view) != NULL
         && dpviz_plot_view_get_n_draws (plot) > s->draws
         && dpviz_plot_view_get_drag_log (plot)->len > 0;
}

static void
settle (DpvizWindow *window,
        guint        view)
{
  Settled s = { window, view, 0 };

  s.draws = dpviz_plot_view_get_n_draws (dpviz_window_get_plot_view (window, view));
  /* a redraw after the last change: the log belongs to the frame of these parameters */
  gtk_widget_queue_draw (GTK_WIDGET (dpviz_window_get_plot_view (window, view)));
  g_assert_true (wait_for (settled, &s, 30.0));
}

static const DpvDragArea *
area_of_kind (GPtrArray   *log,
              DpvDragKind  kind)
{
  const DpvDragArea *found = NULL;

  for (guint i = 0; i < log->len; i++)
    {
      const DpvDragArea *a = g_ptr_array_index (log, i);

      if (a->kind == kind)
        {
          g_assert_null (found);   /* one of each kind at k = 1 */
          found = a;
        }
    }
  g_assert_nonnull (found);
  return found;
}

static double
type1 (DpvizModel *model)
{
  return dpviz_model_get_value (model, "type1");
}

static DpvizWindow *
hypothesis_window (DpvizModel **model_out)
{
  DpvizWindow *window = dpviz_window_new (app);
  DpvizModel *model = dpviz_window_get_model (window);

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  dpviz_model_set_view (model, DPVIZ_VIEW ("hypothesis"));
  dpviz_model_set_mechanism (model, DP_MECHANISM_LAPLACE);
  g_assert_true (dpviz_model_set_epsilon (model, 1.0, NULL));
  g_assert_true (dpviz_model_set_sensitivity (model, 1.0, NULL));
  g_assert_true (dpviz_model_set_k (model, 1, NULL));
  g_assert_true (dpviz_model_set_value (model, "trials", 100, NULL));
  g_assert_true (dpviz_model_set_value (model, "type1", 0.05, NULL));
  *model_out = model;
  return window;
}

static void
test_drag_threshold (void)
{
  DpvizModel *model;
  DpvizWindow *window = hypothesis_window (&model);
  guint view = DPVIZ_VIEW ("hypothesis");
  DpvizPlotView *plot = dpviz_window_get_plot_view (window, view);
  const DpvDragArea *densities;
  double x_lo = -5.0, x_hi = 6.0;   /* −5b … Δ + 5b */
  double fractions[] = { 0.7, 0.5, 0.9 };
  DpvDragArea *area;

  settle (window, view);
  densities = area_of_kind (dpviz_plot_view_get_drag_log (plot), DPV_DRAG_ACROSS);
  area = dpv_drag_area_copy (densities);   /* the log is redrawn during the drag */
  g_assert_cmpfloat (area->width, >, 50);

  for (gsize i = 0; i < G_N_ELEMENTS (fractions); i++)
    {
      double px = area->x + fractions[i] * area->width, py = area->y + 0.5 * area->height;
      double t = x_lo + fractions[i] * (x_hi - x_lo);
      double expected = 0.5 * exp (-t);

      if (i == 0)
        g_assert_true (dpviz_plot_view_drag_begin (plot, px, py));
      else
        dpviz_plot_view_drag_update (plot, px, py);
      g_assert_cmpfloat (fabs (type1 (model) - expected), <=, 0.01 * expected);
    }
  dpviz_plot_view_drag_end (plot);
  /* after the end, updates change nothing */
  {
    double before = type1 (model);

    dpviz_plot_view_drag_update (plot, area->x + 0.1 * area->width, area->y);
    g_assert_cmpfloat (type1 (model), ==, before);
  }
  /* dragged beyond the panel's left end: the table's end, α of t = −5, rounded */
  {
    double expected = 1.0 - 0.5 * exp (-5.0);

    settle (window, view);
    g_assert_true (dpviz_plot_view_drag_begin (plot, area->x + 0.5 * area->width, area->y + 1));
    dpviz_plot_view_drag_update (plot, area->x - 200.0, area->y + 1);
    g_assert_cmpfloat (fabs (type1 (model) - expected), <=, 0.01 * expected);
    dpviz_plot_view_drag_end (plot);
  }
  dpv_drag_area_free (area);
  close_window (window);
}

static void
test_drag_along_curve (void)
{
  DpvizModel *model;
  DpvizWindow *window = hypothesis_window (&model);
  guint view = DPVIZ_VIEW ("hypothesis");
  DpvizPlotView *plot = dpviz_window_get_plot_view (window, view);
  const DpvDragArea *curve;
  double alphas[] = { 0.3, 0.42, 0.22 };

  settle (window, view);
  curve = area_of_kind (dpviz_plot_view_get_drag_log (plot), DPV_DRAG_ALONG);
  for (gsize i = 0; i < G_N_ELEMENTS (alphas); i++)
    {
      /* linear axes 0 … 1 on both: the point (α, β) of the curve's middle piece */
      double a = alphas[i], b = exp (-1.0) / (4.0 * a), px, py;

      settle (window, view);
      curve = area_of_kind (dpviz_plot_view_get_drag_log (plot), DPV_DRAG_ALONG);
      px = curve->x + a * curve->width;
      py = curve->y + (1.0 - b) * curve->height;
      g_assert_true (dpviz_plot_view_drag_begin (plot, px, py));
      dpviz_plot_view_drag_end (plot);
      g_assert_cmpfloat (fabs (type1 (model) - a), <=, 0.01 * a);
    }
  /* a press outside every drag area (the window's corner) changes nothing */
  {
    double before = type1 (model);

    g_assert_false (dpviz_plot_view_drag_begin (plot, 1.0, 1.0));
    g_assert_cmpfloat (type1 (model), ==, before);
  }
  close_window (window);
}

typedef struct {
  DpvizWindow *window;
  guint view;
  GtkWidget *bar;
  double last;
  gboolean monotone;
  gboolean bar_shown;
  gboolean bar_in_range;
  gint64 first_report;
  gint64 end;
} Watch;

static gboolean
provider_busy (gpointer data)
{
  return dpviz_frame_provider_get_busy (data);
}

static gboolean
audit_settled (gpointer data)
{
  return !dpviz_frame_provider_get_busy (data);
}

static gboolean
audit_done (gpointer data)
{
  Watch *w = data;
  DpvizFrameProvider *provider = dpviz_window_get_provider (w->window);
  double p = dpviz_frame_provider_get_progress (provider, w->view);

  if (p >= 0)
    {
      if (w->first_report == 0)
        w->first_report = g_get_monotonic_time ();
      if (p < w->last)
        w->monotone = FALSE;
      w->last = p;
    }
  if (gtk_widget_get_visible (w->bar))
    {
      double f = gtk_progress_bar_get_fraction (GTK_PROGRESS_BAR (w->bar));

      w->bar_shown = TRUE;
      if (!(f >= 0 && f <= 1))
        w->bar_in_range = FALSE;
    }
  if (dpviz_frame_provider_get_busy (provider)
      || dpviz_frame_provider_get_pending (provider, w->view))
    return FALSE;
  w->end = g_get_monotonic_time ();
  return TRUE;
}

/* 10⁶ runs of the audit: the provider passes on what the stage reports (non-decreasing, in
 * 0 … 1); the bar over the plot shows it when the stage outlasts the bar's delay, and is
 * hidden once the frame is there. */
static void
test_progress (void)
{
  DpvizModel *model;
  DpvizWindow *window = hypothesis_window (&model);
  guint view = DPVIZ_VIEW ("hypothesis");
  DpvizPlotView *plot = dpviz_window_get_plot_view (window, view);
  Watch w = { window, view, NULL, -1.0, TRUE, FALSE, TRUE, 0, 0 };

  settle (window, view);
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (plot)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_PROGRESS_BAR (c))
      w.bar = c;
  g_assert_nonnull (w.bar);
  g_assert_false (gtk_widget_get_visible (w.bar));

  g_assert_true (dpviz_model_set_value (model, "trials", 1000000, NULL));
  {
    gint64 t0 = g_get_monotonic_time ();

    /* the window asks for the new frame on its next tick */
    g_assert_true (wait_for (provider_busy, dpviz_window_get_provider (window), 10.0));
    g_assert_true (wait_for (audit_done, &w, 60.0));
    g_test_message ("audit of 10^6 runs: %.0f ms, first report after %.0f ms, bar shown: %d",
                    (w.end - t0) / 1000.0,
                    w.first_report > 0 ? (w.first_report - t0) / 1000.0 : -1.0, w.bar_shown);
  }
  g_assert_true (w.monotone);
  g_assert_true (w.bar_in_range);
  g_assert_cmpfloat (w.last, <=, 1.0);
  /* the stage reported while it ran; when it ran on for well over the bar's delay after the
   * first report, the bar was shown */
  g_assert_cmpint (w.first_report, >, 0);
  if (w.end - w.first_report > 500 * G_TIME_SPAN_MILLISECOND)
    g_assert_true (w.bar_shown);
  else
    g_test_message ("the audit took %.0f ms after its first report: too short to require the "
                    "bar", (w.end - w.first_report) / 1000.0);
  spin (0.05);
  g_assert_false (gtk_widget_get_visible (w.bar));
  close_window (window);
}

/* The provider alone (no window, so no drawing holds up the polls): while the audit of 10⁶
 * runs computes in its thread, the progress it reports is readable from here, non-decreasing,
 * inside 0 … 1, passes through values strictly between, and is −1 once nothing runs. */
static void
test_provider_progress (void)
{
  g_autoptr(DpvizFrameProvider) provider = dpviz_frame_provider_new ();
  guint view = DPVIZ_VIEW ("hypothesis");
  DpvParams params;
  double last = -1.0;
  guint between = 0;
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  dpv_params_init (&params);
  params.mechanism = DP_MECHANISM_LAPLACE;
  params.k = 1;
  params.trials = 1000000;
  params.seed = 7;
  g_assert_cmpfloat (dpviz_frame_provider_get_progress (provider, view), ==, -1.0);
  dpviz_frame_provider_update (provider, view, &params);
  g_assert_true (dpviz_frame_provider_get_busy (provider));
  g_assert_true (dpviz_frame_provider_get_pending (provider, view));
  while (last < 1.0 && g_get_monotonic_time () < end)
    {
      double p = dpviz_frame_provider_get_progress (provider, view);

      if (p >= 0)
        {
          g_assert_cmpfloat (p, >=, last);
          g_assert_cmpfloat (p, <=, 1.0);
          if (p > 0 && p < 1)
            between++;
          last = p;
        }
      g_usleep (100);
    }
  g_assert_cmpfloat (last, ==, 1.0);
  g_assert_cmpuint (between, >, 0);
  g_assert_true (wait_for (audit_settled, provider, 30.0));
  g_assert_false (dpviz_frame_provider_get_pending (provider, view));
  g_assert_cmpfloat (dpviz_frame_provider_get_progress (provider, view), ==, -1.0);
}

/* The Rényi view's order α is dragged across either panel. Its x axis is α − 1 on a log scale
 * from 10⁻³ to 9999 (α from 1.001, the row's minimum, to 10⁴, its maximum), so at a fraction f
 * of the data area's width α = 1 + 10^(−3 + f·log₁₀(9999 · 10³)); the row keeps four
 * significant digits and the view's table is interpolated between its grid points: 1 %. */
static void
test_drag_renyi_alpha (void)
{
  DpvizWindow *window = dpviz_window_new (app);
  DpvizModel *model = dpviz_window_get_model (window);
  guint view = DPVIZ_VIEW ("renyi");
  DpvizPlotView *plot = dpviz_window_get_plot_view (window, view);
  double fractions[] = { 0.5, 0.2, 0.85 };
  GPtrArray *log;
  DpvDragArea *area = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  dpviz_model_set_view (model, view);
  dpviz_model_set_mechanism (model, DP_MECHANISM_LAPLACE);
  settle (window, view);
  log = dpviz_plot_view_get_drag_log (plot);
  /* one area per panel, both for α */
  g_assert_cmpuint (log->len, ==, 2);
  for (guint i = 0; i < log->len; i++)
    {
      const DpvDragArea *a = g_ptr_array_index (log, i);

      g_assert_cmpint (a->kind, ==, DPV_DRAG_ACROSS);
      g_assert_cmpint (a->id, ==, DPV_PARAM_ALPHA);
    }
  area = dpv_drag_area_copy (g_ptr_array_index (log, 0));
  g_assert_cmpfloat (area->width, >, 50);
  for (gsize i = 0; i < G_N_ELEMENTS (fractions); i++)
    {
      double px = area->x + fractions[i] * area->width, py = area->y + 0.5 * area->height;
      double expected = 1.0 + pow (10.0, -3.0 + fractions[i] * log10 (9999.0e3));
      double alpha;

      if (i == 0)
        g_assert_true (dpviz_plot_view_drag_begin (plot, px, py));
      else
        dpviz_plot_view_drag_update (plot, px, py);
      alpha = dpviz_model_get_value (model, "alpha");
      g_assert_cmpfloat (fabs (alpha - expected), <=, 0.01 * expected);
    }
  dpviz_plot_view_drag_end (plot);
  dpv_drag_area_free (area);
  close_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  gtk_test_init (&argc, &argv, NULL);

  app = test_app_new ();

  g_test_add_func ("/plot-drag/threshold-across-densities", test_drag_threshold);
  g_test_add_func ("/plot-drag/point-along-curve", test_drag_along_curve);
  g_test_add_func ("/plot-drag/renyi-alpha", test_drag_renyi_alpha);
  g_test_add_func ("/plot-drag/provider-progress", test_provider_progress);
  g_test_add_func ("/plot-drag/progress-over-plot", test_progress);

  status = g_test_run ();
  g_object_unref (app);
  return status;
}
