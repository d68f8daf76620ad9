/* test-model.c — DpvizModel: ranges refused, notify only on real change, apply all-or-nothing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <gio/gio.h>

#include "dpviz-model.h"

typedef struct {
  guint changed;
  guint notify_epsilon;
  guint notify_delta;
  guint notify_k;
  guint notify_any;
} Counts;

static void
on_changed (DpvizModel *model, Counts *counts)
{
  counts->changed++;
}

static void
on_notify (GObject *object, GParamSpec *pspec, Counts *counts)
{
  const char *name = g_param_spec_get_name (pspec);

  counts->notify_any++;
  if (g_str_equal (name, "epsilon"))
    counts->notify_epsilon++;
  else if (g_str_equal (name, "delta"))
    counts->notify_delta++;
  else if (g_str_equal (name, "k"))
    counts->notify_k++;
}

static DpvizModel *
watched_model (Counts *counts)
{
  DpvizModel *model = dpviz_model_new ();

  g_signal_connect (model, "changed", G_CALLBACK (on_changed), counts);
  g_signal_connect (model, "notify", G_CALLBACK (on_notify), counts);
  return model;
}

static void
test_defaults (void)
{
  g_autoptr(DpvizModel) model = dpviz_model_new ();
  DpvParams params;

  g_assert_cmpfloat (dpviz_model_get_epsilon (model), ==, 1.0);
  g_assert_cmpfloat (dpviz_model_get_delta (model), ==, 1e-5);
  g_assert_cmpfloat (dpviz_model_get_sensitivity (model), ==, 1.0);
  g_assert_cmpuint (dpviz_model_get_k (model), ==, 100);
  g_assert_cmpint (dpviz_model_get_mechanism (model), ==, DP_MECHANISM_LAPLACE);
  g_assert_cmpint (dpviz_model_get_view (model), ==, DPVIZ_VIEW ("densities"));

  dpviz_model_get_params (model, &params);
  g_assert_cmpfloat (params.epsilon, ==, 1.0);
  g_assert_cmpuint (params.k, ==, 100);
  g_assert_cmpfloat (params.eps_prime, <, 0);
}

/* Boundaries are accepted; just outside, NaN and infinities are refused with a message that
 * names the range, and nothing changes or notifies. */
static void
test_ranges_refused (void)
{
  Counts counts = { 0 };
  g_autoptr(DpvizModel) model = watched_model (&counts);
  const double bad_eps[] = { 0.0099, 10.0001, -1, 0, NAN, INFINITY, -INFINITY };
  const double bad_delta[] = { 0, 1e-13, 0.5000001, 1, NAN };
  const double bad_sens[] = { 0.0999, 10.01, NAN, -INFINITY };

  for (guint i = 0; i < G_N_ELEMENTS (bad_eps); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (dpviz_model_set_epsilon (model, bad_eps[i], &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, "ε"));
      g_assert_nonnull (strstr (error->message, "0.01"));
      g_assert_nonnull (strstr (error->message, "10"));
      g_assert_null (strstr (error->message, "nan"));
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad_delta); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (dpviz_model_set_delta (model, bad_delta[i], &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, "δ"));
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad_sens); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (dpviz_model_set_sensitivity (model, bad_sens[i], &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    }
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (dpviz_model_set_k (model, 0, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
    g_assert_false (dpviz_model_set_k (model, 10001, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  }

  g_assert_cmpuint (counts.changed, ==, 0);
  g_assert_cmpuint (counts.notify_any, ==, 0);
  g_assert_cmpfloat (dpviz_model_get_epsilon (model), ==, 1.0);
  g_assert_cmpfloat (dpviz_model_get_delta (model), ==, 1e-5);
  g_assert_cmpfloat (dpviz_model_get_sensitivity (model), ==, 1.0);
  g_assert_cmpuint (dpviz_model_get_k (model), ==, 100);

  /* The exact boundaries are inside the range. */
  g_assert_true (dpviz_model_set_epsilon (model, 0.01, NULL));
  g_assert_true (dpviz_model_set_epsilon (model, 10.0, NULL));
  g_assert_true (dpviz_model_set_delta (model, 1e-12, NULL));
  g_assert_true (dpviz_model_set_delta (model, 0.5, NULL));
  g_assert_true (dpviz_model_set_sensitivity (model, 0.1, NULL));
  g_assert_true (dpviz_model_set_k (model, 1, NULL));
  g_assert_true (dpviz_model_set_k (model, 10000, NULL));
  g_assert_cmpfloat (dpviz_model_get_epsilon (model), ==, 10.0);
  g_assert_cmpuint (dpviz_model_get_k (model), ==, 10000);
  g_assert_cmpuint (counts.changed, ==, 7);
}

static void
test_notify_only_on_change (void)
{
  Counts counts = { 0 };
  g_autoptr(DpvizModel) model = watched_model (&counts);

  g_assert_true (dpviz_model_set_epsilon (model, 1.0, NULL));   /* same value */
  g_assert_true (dpviz_model_set_k (model, 100, NULL));
  dpviz_model_set_mechanism (model, DP_MECHANISM_LAPLACE);
  dpviz_model_set_view (model, DPVIZ_VIEW ("densities"));
  g_object_set (model, "epsilon", 1.0, "delta", 1e-5, NULL);
  g_assert_cmpuint (counts.notify_any, ==, 0);
  g_assert_cmpuint (counts.changed, ==, 0);

  g_assert_true (dpviz_model_set_epsilon (model, 0.5, NULL));
  g_assert_cmpuint (counts.notify_epsilon, ==, 1);
  g_assert_cmpuint (counts.changed, ==, 1);
  g_assert_true (dpviz_model_set_epsilon (model, 0.5, NULL));
  g_assert_cmpuint (counts.notify_epsilon, ==, 1);
  g_assert_cmpuint (counts.changed, ==, 1);

  /* Through the GObject property (as GSettings bindings do). */
  g_object_set (model, "k", 300u, NULL);
  g_assert_cmpuint (dpviz_model_get_k (model), ==, 300);
  g_assert_cmpuint (counts.notify_k, ==, 1);
  g_assert_cmpuint (counts.changed, ==, 2);

  dpviz_model_set_mechanism (model, DP_MECHANISM_RR);
  dpviz_model_set_view (model, DPVIZ_VIEW ("composition"));
  g_assert_cmpuint (counts.changed, ==, 4);
  g_assert_cmpint (dpviz_model_get_mechanism (model), ==, DP_MECHANISM_RR);
  g_assert_cmpint (dpviz_model_get_view (model), ==, DPVIZ_VIEW ("composition"));
}

/* Every parameter valid (the defaults), the ones the test watches away from their defaults. */
static void
make_params (DpvParams *p)
{
  /* every parameter valid (the table's defaults), then the ones the test changes */
  dpv_params_init (p);
  p->show_caption = FALSE;
  p->mechanism = DP_MECHANISM_GAUSSIAN;
  p->epsilon = 0.1;
  p->delta = 1e-6;
  p->sensitivity = 2.0;
  p->k = 300;
  p->eps_prime = -1;
}

static void
test_apply_all_or_nothing (void)
{
  Counts counts = { 0 };
  g_autoptr(DpvizModel) model = watched_model (&counts);
  DpvParams p, got;
  struct { const char *what; int field; double value; } bad[] = {
    { "epsilon", 0, 20.0 },
    { "delta", 1, 0.9 },
    { "sensitivity", 2, 0.0 },
    { "k", 3, 0 },
    { "k", 3, 20000 },
    { "mechanism", 4, 7 },
    { "view", 5, -1 },   /* the number of registered views, set below */
    { "eps-prime", 6, NAN },
  };

  /* Every valid field but one invalid one: nothing at all changes. */
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      guint view = DPVIZ_VIEW ("kl");

      make_params (&p);
      switch (bad[i].field)
        {
        case 0: p.epsilon = bad[i].value; break;
        case 1: p.delta = bad[i].value; break;
        case 2: p.sensitivity = bad[i].value; break;
        case 3: p.k = (unsigned long) bad[i].value; break;
        case 4: p.mechanism = (DpMechanismKind) bad[i].value; break;
        case 5: view = dpv_registry_get_n_views (); break;
        case 6: p.eps_prime = bad[i].value; break;
        default: g_assert_not_reached ();
        }
      g_test_message ("invalid %s", bad[i].what);
      g_assert_false (dpviz_model_apply (model, &p, view, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
      g_assert_cmpuint (counts.changed, ==, 0);
      g_assert_cmpuint (counts.notify_any, ==, 0);
      g_assert_cmpfloat (dpviz_model_get_epsilon (model), ==, 1.0);
      g_assert_cmpint (dpviz_model_get_mechanism (model), ==, DP_MECHANISM_LAPLACE);
      g_assert_cmpint (dpviz_model_get_view (model), ==, DPVIZ_VIEW ("densities"));
    }

  /* A valid batch: everything set, one "changed". */
  make_params (&p);
  g_assert_true (dpviz_model_apply (model, &p, DPVIZ_VIEW ("kl"), NULL));
  g_assert_cmpuint (counts.changed, ==, 1);
  g_assert_cmpuint (counts.notify_epsilon, ==, 1);
  g_assert_cmpuint (counts.notify_delta, ==, 1);
  g_assert_cmpuint (counts.notify_k, ==, 1);
  dpviz_model_get_params (model, &got);
  g_assert_cmpint (got.mechanism, ==, DP_MECHANISM_GAUSSIAN);
  g_assert_cmpfloat (got.epsilon, ==, 0.1);
  g_assert_cmpfloat (got.delta, ==, 1e-6);
  g_assert_cmpfloat (got.sensitivity, ==, 2.0);
  g_assert_cmpuint (got.k, ==, 300);
  g_assert_cmpint (dpviz_model_get_view (model), ==, DPVIZ_VIEW ("kl"));

  /* The same batch again is no change: no signal. */
  g_assert_true (dpviz_model_apply (model, &p, DPVIZ_VIEW ("kl"), NULL));
  g_assert_cmpuint (counts.changed, ==, 1);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/defaults", test_defaults);
  g_test_add_func ("/model/ranges-refused", test_ranges_refused);
  g_test_add_func ("/model/notify-only-on-change", test_notify_only_on_change);
  g_test_add_func ("/model/apply-all-or-nothing", test_apply_all_or_nothing);

  return g_test_run ();
}
