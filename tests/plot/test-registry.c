/* test-registry.c — what every registered view gets checked for, and the parameter table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every view in the registry: complete (every hook and text), a unique name, a translated
 * title, renders at the minimum and maximum of every parameter it uses without a cairo error
 * and with visible content, and computes once per parameter set whatever reads the frame
 * (plot, read-outs, caption, description, PNG export in bands). The table: every row filled
 * and agreeing with dpv-param-ids.h; its ranges are what validation and parsing refuse.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "dpv-figure.h"
#include "dpv-registry.h"

/* ---- the table ------------------------------------------------------------------------- */

static void
test_table_rows (void)
{
  DpvParams defaults;

  dpv_params_init (&defaults);
  g_assert_true (dpv_params_validate (&defaults, NULL));
  for (int i = 0; i < DPV_N_PARAMS; i++)
    {
      const DpvParamSpec *spec = dpv_param_spec (i);

      g_assert_nonnull (spec);
      g_assert_cmpint (spec->id, ==, i);
      g_assert_nonnull (spec->name);
      g_assert_nonnull (spec->key);
      g_assert_nonnull (spec->label);
      g_assert_nonnull (spec->help);
      g_assert_nonnull (spec->symbol);
      g_assert_true (dpv_param_spec_lookup (spec->name) == spec);
      g_assert_true (dpv_param_spec_lookup_key (spec->key) == spec);
      if (spec->kind == DPV_PARAM_KIND_DOUBLE || spec->kind == DPV_PARAM_KIND_UINT)
        {
          g_assert_cmpfloat (spec->min, <, spec->max);
          g_assert_nonnull (spec->low_hint);
          g_assert_nonnull (spec->high_hint);
          if (spec->scale == DPV_PARAM_SCALE_LOG)
            g_assert_cmpfloat (spec->slider_min > 0 ? spec->slider_min : spec->min, >, 0);
        }
      if (spec->kind == DPV_PARAM_KIND_SEED)
        {
          /* libdpcore's generators take seeds up to DP_SEED_MAX */
          g_assert_cmpfloat (spec->min, >=, 0);
          g_assert_cmpfloat (spec->min, <, spec->max);
          g_assert_cmpfloat (spec->max, <=, (double) DP_SEED_MAX);
        }
      if (spec->kind == DPV_PARAM_KIND_ENUM)
        g_assert_cmpuint (spec->n_choices, >=, 2);
      if (spec->mechanisms != 0)
        g_assert_nonnull (spec->not_applicable);
    }
  g_assert_null (dpv_param_spec_lookup ("histogram"));
}

/* Each numeric parameter: the ends are accepted, just beyond them, NaN and ∞ are refused by
 * validation and by parsing, with the same range in the message. */
static void
set_number (const DpvParamSpec *spec, DpvParamValue *v, double x)
{
  if (spec->kind == DPV_PARAM_KIND_UINT)
    v->u = (unsigned long) x;
  else if (spec->kind == DPV_PARAM_KIND_SEED)
    v->seed = (guint64) x;
  else
    v->d = x;
}

static void
test_table_ranges (void)
{
  for (int i = 0; i < DPV_N_PARAMS; i++)
    {
      const DpvParamSpec *spec = dpv_param_spec (i);
      double lo = spec->min, hi = spec->max;
      const double bad[] = { lo - (lo > 0 ? lo * 0.01 : 0.5), hi + hi * 0.01 + 0.5, NAN,
                             INFINITY };
      DpvParams p;
      DpvParamValue v;

      if (spec->kind != DPV_PARAM_KIND_DOUBLE && spec->kind != DPV_PARAM_KIND_UINT
          && spec->kind != DPV_PARAM_KIND_SEED)
        continue;
      for (int end = 0; end < 2; end++)
        {
          g_autofree char *text = NULL;

          dpv_params_init (&p);
          set_number (spec, &v, end ? hi : lo);
          dpv_params_set (&p, i, &v);
          g_assert_true (dpv_params_validate (&p, NULL));
          text = dpv_param_format (spec, &v);
          g_assert_true (dpv_param_parse (spec, text, &v, NULL));
        }
      for (gsize b = 0; b < G_N_ELEMENTS (bad); b++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(GError) parse_error = NULL;
          g_autofree char *text = NULL;

          if (spec->kind != DPV_PARAM_KIND_DOUBLE && !(isfinite (bad[b]) && bad[b] >= 0))
            continue;   /* a whole number holds neither, the parser is checked below */
          if ((spec->flags & DPV_PARAM_FLAG_AUTO) != 0 && bad[b] < 0)
            continue;   /* negative means "automatic" */
          dpv_params_init (&p);
          /* the whole number beyond the end (6.56 is 7 for a range ending at 6, not 6) */
          set_number (spec, &v, spec->kind == DPV_PARAM_KIND_DOUBLE ? bad[b]
                                : bad[b] < lo ? floor (bad[b]) : ceil (bad[b]));
          dpv_params_set (&p, i, &v);
          g_assert_false (dpv_params_validate (&p, &error));
          g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
          g_assert_nonnull (strstr (error->message, spec->symbol));
          g_assert_null (strchr (error->message, '\n'));
          text = isfinite (bad[b]) ? g_strdup_printf ("%.17g", bad[b])
                                   : g_strdup (isnan (bad[b]) ? "nan" : "inf");
          g_assert_false (dpv_param_parse (spec, text, &v, &parse_error));
          g_assert_nonnull (parse_error);
        }
    }
  /* a whole number refuses a fraction */
  {
    DpvParamValue v;

    g_assert_false (dpv_param_parse (dpv_param_spec (DPV_PARAM_K), "2.5", &v, NULL));
    g_assert_false (dpv_param_parse (dpv_param_spec (DPV_PARAM_K), " 5", &v, NULL));
    g_assert_true (dpv_param_parse (dpv_param_spec (DPV_PARAM_K), "300", &v, NULL));
    g_assert_cmpuint (v.u, ==, 300);
  }
  /* a refused text of any length is quoted short, on one line: a number out of range written
   * with 5000 zeros, and 5000 characters of text with line breaks */
  {
    g_autoptr (GString) zeros = g_string_new ("1");
    g_autoptr (GString) junk = g_string_new (NULL);

    for (int i = 0; i < 5000; i++)
      {
        g_string_append_c (zeros, '0');
        g_string_append (junk, i % 9 == 0 ? "\r\n" : "x");
      }
    for (DpvParamId i = 0; i < DPV_N_PARAMS; i++)
      {
        const char *texts[] = { zeros->str, junk->str };

        for (guint t = 0; t < G_N_ELEMENTS (texts); t++)
          {
            DpvParamValue v;
            g_autoptr (GError) error = NULL;

            if (dpv_param_parse (dpv_param_spec (i), texts[t], &v, &error))
              continue;   /* a free text, or a number this large is allowed */
            g_assert_nonnull (error);
            g_assert_null (strchr (error->message, '\n'));
            g_assert_null (strchr (error->message, '\r'));
            g_assert_cmpuint (strlen (error->message), <, 400);
          }
      }
  }
}

/* A refusal quotes the refused text on one line, whatever it holds: a lesson's value may
 * carry a newline (a keyfile's \n), a tab or a bidirectional control, and a message goes on
 * one line of stderr or into a toast. */
static void
test_refusal_one_line (void)
{
  static const char *const refused[] = { "30-0 queries\nat ε = 0.1", "1\t2", "x\r",
                                         "\u202e1, 2" };

  for (int i = 0; i < DPV_N_PARAMS; i++)
    {
      const DpvParamSpec *spec = dpv_param_spec (i);

      for (gsize r = 0; r < G_N_ELEMENTS (refused); r++)
        {
          g_autoptr(GError) error = NULL;
          DpvParamValue v = { 0 };

          if (dpv_param_parse (spec, refused[r], &v, &error))
            continue;   /* nothing refused, nothing quoted */
          g_assert_nonnull (error);
          for (const char *c = error->message; *c; c = g_utf8_next_char (c))
            {
              gunichar u = g_utf8_get_char (c);

              g_assert_false (g_unichar_iscntrl (u));
              g_assert_false (u == 0x202e);
            }
        }
    }
}

/* Every kind parses what it formats, and refuses what it must. A list is checked through rows
 * made here: the table has none yet. */
static void
test_kinds (void)
{
  static const DpvParamChoice choices[] = { { 0, "count", "count" }, { 3, "median", "median" } };
  const DpvParamSpec *seed = dpv_param_spec (DPV_PARAM_SEED);
  DpvParamSpec list = { .kind = DPV_PARAM_KIND_LIST, .name = "data", .symbol = "x",
                        .label = "data", .min = -100, .max = 100, .list_min = 2,
                        .list_max = 5 };
  DpvParamSpec named = list;
  DpvParamSpec kind = { .kind = DPV_PARAM_KIND_ENUM, .name = "query", .symbol = "q",
                        .label = "query", .choices = choices, .n_choices = 2 };
  DpvParamSpec flag = { .kind = DPV_PARAM_KIND_BOOL, .name = "buggy", .symbol = "b",
                        .label = "buggy" };
  DpvParamValue v, w;
  g_autofree char *text = NULL;
  g_autofree char *text2 = NULL;

  named.list_named = TRUE;
  /* a seed: a whole number, 0 … DP_SEED_MAX (2³¹ − 1) */
  g_assert_true (dpv_param_parse (seed, "2147483647", &v, NULL));
  g_assert_true (v.seed == 2147483647u);
  text = dpv_param_format (seed, &v);
  g_assert_cmpstr (text, ==, "2147483647");
  g_clear_pointer (&text, g_free);
  g_assert_true (dpv_param_parse (seed, "0", &v, NULL) && v.seed == 0);
  g_assert_false (dpv_param_parse (seed, "2147483648", &v, NULL));
  g_assert_false (dpv_param_parse (seed, "18446744073709551616", &v, NULL));
  g_assert_false (dpv_param_parse (seed, "-1", &v, NULL));
  g_assert_false (dpv_param_parse (seed, "1e3", &v, NULL));
  g_assert_false (dpv_param_parse (seed, "7 ", &v, NULL));
  v.seed = G_MAXUINT64;
  g_assert_false (dpv_param_check (seed, &v, NULL));

  g_assert_true (dpv_param_parse (&list, "1, 2.5,-3", &v, NULL));
  g_assert_cmpuint (v.list.n, ==, 3);
  g_assert_cmpfloat (v.list.values[1], ==, 2.5);
  text = dpv_param_format (&list, &v);
  g_assert_true (dpv_param_parse (&list, text, &w, NULL));
  g_assert_true (memcmp (&v.list, &w.list, sizeof v.list) == 0);
  g_assert_false (dpv_param_parse (&list, "1", &v, NULL));              /* too few */
  g_assert_false (dpv_param_parse (&list, "1,2,3,4,5,6", &v, NULL));    /* too many */
  g_assert_false (dpv_param_parse (&list, "1,200", &v, NULL));          /* out of range */
  g_assert_false (dpv_param_parse (&list, "1,x", &v, NULL));

  g_assert_true (dpv_param_parse (&named, "Alice=3, Bob=-1.5", &v, NULL));
  g_assert_cmpstr (v.list.names[1], ==, "Bob");
  g_assert_cmpfloat (v.list.values[1], ==, -1.5);
  text2 = dpv_param_format (&named, &v);
  g_assert_cmpstr (text2, ==, "Alice=3, Bob=-1.5");
  g_assert_false (dpv_param_parse (&named, "=3, Bob=1", &v, NULL));
  /* names that would not read back from the text are refused by the check too */
  g_assert_true (dpv_param_parse (&named, "Alice=3, Bob=-1.5", &v, NULL));
  g_assert_true (dpv_param_check (&named, &v, NULL));
  {
    static const char *const bad[] = { "", "a,b", "a=b", " a", "a ",
                                       "01234567890123456789012345678901" };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr(GError) error = NULL;

        w = v;
        memset (w.list.names[1], 0, DPV_PARAM_LIST_NAME_MAX);
        memcpy (w.list.names[1], bad[i], MIN (strlen (bad[i]), DPV_PARAM_LIST_NAME_MAX));
        g_assert_false (dpv_param_check (&named, &w, &error));
        g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
        g_assert_nonnull (strstr (error->message, "item 2"));
      }
    /* 31 bytes is the longest name */
    w = v;
    memset (w.list.names[1], 'x', DPV_PARAM_LIST_NAME_MAX - 1);
    w.list.names[1][DPV_PARAM_LIST_NAME_MAX - 1] = '\0';
    g_assert_true (dpv_param_check (&named, &w, NULL));
  }

  g_assert_true (dpv_param_parse (&kind, "median", &v, NULL));
  g_assert_cmpint (v.e, ==, 3);
  g_assert_false (dpv_param_parse (&kind, "mode", &v, NULL));
  g_assert_true (dpv_param_parse (&flag, "true", &v, NULL) && v.b);
  g_assert_false (dpv_param_parse (&flag, "yes", &v, NULL));
}

/* Equal parameters hash equally, and only the parameters of the set matter; a parameter that
 * does nothing for a mechanism leaves its set. */
static void
test_hash_equal (void)
{
  DpvParams a, b;
  DpvParamSet set = DPV_PARAM_BIT (DPV_PARAM_EPSILON) | DPV_PARAM_BIT (DPV_PARAM_K);

  dpv_params_init (&a);
  b = a;
  b.delta = 0.25;
  g_assert_true (dpv_params_equal (&a, &b, set));
  g_assert_cmpuint (dpv_params_hash (&a, set), ==, dpv_params_hash (&b, set));
  b.k = 7;
  g_assert_false (dpv_params_equal (&a, &b, set));
  g_assert_false (dpv_param_applies (dpv_param_spec (DPV_PARAM_SENSITIVITY), DP_MECHANISM_RR,
                                     NULL));
  g_assert_cmpuint (dpv_param_set_applicable (DPV_PARAM_BIT (DPV_PARAM_SENSITIVITY),
                                              DP_MECHANISM_RR), ==, 0);
}

/* A seed's control says what the view's seed draws, where the view says it; every other
 * control keeps the table's label. */
static void
test_param_label (void)
{
  static const DpvParamId uses[] = { DPV_PARAM_EPSILON, DPV_PARAM_SEED, DPV_PARAM_NONE };
  const DpvViewClass plain = { .name = "plain", .uses = uses };
  const DpvViewClass says = { .name = "says", .uses = uses,
                              .seed_label = "Seed of the sampled outputs" };

  g_assert_cmpstr (dpv_view_class_get_param_label (&plain, DPV_PARAM_SEED), ==, "Random seed");
  g_assert_cmpstr (dpv_view_class_get_param_label (&says, DPV_PARAM_SEED), ==,
                   "Seed of the sampled outputs");
  g_assert_cmpstr (dpv_view_class_get_param_label (&says, DPV_PARAM_EPSILON), ==,
                   dpv_param_spec (DPV_PARAM_EPSILON)->label);
  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    {
      const DpvViewClass *view = dpv_registry_get (i);
      gboolean has_seed = FALSE;

      for (int id = 0; id < DPV_N_PARAMS; id++)
        has_seed |= dpv_view_class_uses (view, id)
                    && dpv_param_spec (id)->kind == DPV_PARAM_KIND_SEED;
      /* a seed label belongs to a view with a seed */
      g_assert_true (view->seed_label == NULL || has_seed);
    }
}

/* ---- every view -------------------------------------------------------------------------- */

static void
test_views_complete (void)
{
  g_assert_cmpuint (dpv_registry_get_n_views (), >=, 1);
  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    {
      const DpvViewClass *view = dpv_registry_get (i);

      g_assert_nonnull (view->name);
      for (const char *c = view->name; *c; c++)
        g_assert_true (g_ascii_islower (*c) || g_ascii_isdigit (*c) || *c == '-');
      g_assert_true (dpv_registry_lookup (view->name) == view);
      g_assert_cmpint (dpv_registry_index (view), ==, (int) i);
      for (guint j = 0; j < i; j++)
        g_assert_cmpstr (dpv_registry_get (j)->name, !=, view->name);
      g_assert_nonnull (view->title);
      g_assert_nonnull (view->short_title);
      g_assert_nonnull (view->icon_name);
      g_assert_nonnull (view->explanation);
      g_assert_nonnull (view->more_private);
      g_assert_nonnull (view->uses);
      g_assert_nonnull (view->compute);
      g_assert_nonnull (view->free_result);
      g_assert_nonnull (view->readouts);
      g_assert_nonnull (view->caption);
      g_assert_nonnull (view->draw);
      g_assert_true ((view->compute_data == NULL) == (view->free_data == NULL));
      /* a view that leaves out mechanisms says why, and draws at least one */
      g_assert_true ((view->mechanisms == 0) == (view->mechanisms_reason == NULL));
      g_assert_cmpuint (view->mechanisms & ~((1u << DP_N_MECHANISMS) - 1), ==, 0);
      if (view->data_uses != NULL)
        /* the expensive stage depends on fewer parameters than the view */
        g_assert_cmpuint (dpv_view_class_get_data_uses (view)
                          & ~dpv_view_class_get_uses (view), ==, 0);
    }
}

/* Titles and explanations are translated (LANGUAGE=zh_CN with the build's catalogue). */
static void
test_views_translated (void)
{
  const char *localedir = g_getenv ("DPVIZ_LOCALEDIR");

  if (localedir == NULL)
    {
      g_test_skip ("DPVIZ_LOCALEDIR not set");
      return;
    }
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_setenv ("LANGUAGE", "zh_CN", TRUE);
  setlocale (LC_ALL, "C.UTF-8");
  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    {
      const DpvViewClass *view = dpv_registry_get (i);

      g_assert_cmpstr (dpv_view_class_get_title (view), !=, view->title);
      g_assert_cmpstr (dpv_view_class_get_short_title (view), !=, view->short_title);
      g_assert_cmpstr (dpv_view_class_get_explanation (view), !=, view->explanation);
      if (view->mechanisms_reason != NULL)
        g_assert_cmpstr (dgettext (GETTEXT_PACKAGE, view->mechanisms_reason), !=,
                         view->mechanisms_reason);
      if (view->seed_label != NULL)
        g_assert_cmpstr (dpv_view_class_get_param_label (view, DPV_PARAM_SEED), !=,
                         view->seed_label);
    }
  g_setenv ("LANGUAGE", "C", TRUE);
}

/* Pixels that differ from the background by more than a faint tint. */
static guint
count_ink (cairo_surface_t *s, const DpvStyle *style)
{
  int w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);
  int stride = cairo_image_surface_get_stride (s);
  const unsigned char *data = cairo_image_surface_get_data (s);
  double bg[3] = { style->background.b, style->background.g, style->background.r };
  guint n = 0;

  cairo_surface_flush (s);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        const unsigned char *px = data + y * stride + 4 * x;
        double d = 0;

        for (int c = 0; c < 3; c++)
          d += fabs (px[c] / 255.0 - bg[c]);
        n += d > 0.3;
      }
  return n;
}

static void
render_checked (const DpvViewClass *view, const DpvParams *p, const char *what)
{
  g_autoptr(DpvFrame) frame = dpv_frame_compute (view, p, NULL, NULL, NULL);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 500);
  cairo_t *cr = cairo_create (s);
  const char *reason = NULL;
  gboolean supported = dpv_view_class_supports (view, p->mechanism, &reason);
  DpvStyle style;
  guint ink;

  dpv_style_init (&style, DPV_THEME_LIGHT);
  g_assert_nonnull (frame);
  if (!supported)
    {
      /* no result, and the reason where the figure would be */
      g_assert_null (dpv_frame_get_result (frame));
      g_assert_cmpstr (dpv_frame_get_error (frame), ==, reason);
    }
  else if (dpv_frame_get_result (frame) == NULL)
    g_error ("%s at %s: no result: %s", view->name, what, dpv_frame_get_error (frame));
  dpv_figure_render (frame, &style, cr, 800, 500);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  ink = count_ink (s, &style);
  if (ink < 2000)
    g_error ("%s at %s: only %u pixels of ink", view->name, what, ink);
  cairo_surface_destroy (s);
}

/* Every view at the minimum and the maximum of every parameter it uses, for every
 * mechanism. */
static void
test_views_extremes (void)
{
  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    {
      const DpvViewClass *view = dpv_registry_get (i);

      for (int mech = 0; mech < DP_N_MECHANISMS; mech++)
        for (int id = 0; id < DPV_N_PARAMS; id++)
          {
            const DpvParamSpec *spec = dpv_param_spec (id);

            if (!dpv_view_class_uses (view, id) || id == DPV_PARAM_MECHANISM)
              continue;
            for (int end = 0; end < 2; end++)
              {
                g_autofree char *what = NULL;
                DpvParams p;
                DpvParamValue v;

                dpv_params_init (&p);
                p.mechanism = mech;
                switch (spec->kind)
                  {
                  case DPV_PARAM_KIND_DOUBLE:
                    v.d = end ? spec->max : spec->min;
                    break;
                  case DPV_PARAM_KIND_UINT:
                    v.u = (unsigned long) (end ? spec->max : spec->min);
                    break;
                  case DPV_PARAM_KIND_BOOL:
                    v.b = end;
                    break;
                  default:
                    dpv_params_get (&p, id, &v);
                    break;
                  }
                /* the composition curves at the ends of k: covered at the default ε, whose
                 * exact curve is cheap enough for a test per mechanism */
                dpv_params_set (&p, id, &v);
                what = g_strdup_printf ("%s = %s (%s)", spec->name,
                                        end ? "max" : "min", dp_mechanism_kind_to_name (mech));
                render_checked (view, &p, what);
              }
          }
    }
}

/* A view wrapped to count its computes. */
static guint n_computes;
static const DpvViewClass *counted_inner;

static gpointer
counted_compute (const DpvParams *params, const DpMechanism *m, gconstpointer data,
                 GCancellable *cancellable, GError **error)
{
  g_atomic_int_inc (&n_computes);
  return counted_inner->compute (params, m, data, cancellable, error);
}

/* Per parameter change, one compute whatever reads the frame: the plot, read-outs, caption,
 * description, a PNG in bands on every core, an SVG; a parameter the view does not use
 * computes nothing. */
static void
test_compute_once (void)
{
  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    {
      DpvViewClass counted = *dpv_registry_get (i);
      g_autoptr(DpvFrameCache) cache = dpv_frame_cache_new (16);
      DpvStyle style;
      DpvParams p;

      counted_inner = dpv_registry_get (i);
      counted.compute = counted_compute;
      n_computes = 0;
      dpv_style_init (&style, DPV_THEME_PRINT);
      dpv_params_init (&p);
      for (int change = 0; change < 2; change++)
        {
          g_autoptr(DpvFrame) frame = NULL;
          g_autoptr(DpvFrame) again = NULL;
          g_autoptr(GPtrArray) readouts = NULL;
          g_autoptr(GBytes) png = NULL;
          g_autoptr(GBytes) svg = NULL;
          g_autofree char *caption = NULL;
          g_autofree char *description = NULL;
          cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 640, 400);
          cairo_t *cr = cairo_create (s);

          p.epsilon = change == 0 ? 1.0 : 0.5;
          frame = dpv_frame_compute (&counted, &p, cache, NULL, NULL);
          dpv_figure_render (frame, &style, cr, 640, 400);
          readouts = dpv_frame_readouts (frame);
          caption = dpv_frame_caption (frame);
          description = dpv_frame_describe (frame);
          png = dpv_figure_export_to_bytes (frame, &style, DPV_FORMAT_PNG, 1200, 800, 1, NULL);
          svg = dpv_figure_export_to_bytes (frame, &style, DPV_FORMAT_SVG, 600, 400, 1, NULL);
          g_assert_nonnull (png);
          g_assert_nonnull (svg);
          /* the same parameters again, and a parameter it does not use: the cache */
          p.show_caption = !p.show_caption;
          if (!dpv_view_class_uses (&counted, DPV_PARAM_LOG_Y))
            p.log_y = !p.log_y;
          again = dpv_frame_compute (&counted, &p, cache, NULL, NULL);
          g_assert_true (dpv_frame_get_result (again) == dpv_frame_get_result (frame));
          g_assert_cmpuint (n_computes, ==, (guint) change + 1);
          cairo_destroy (cr);
          cairo_surface_destroy (s);
        }
    }
}

/* The caption states the parameters the figure was drawn with, even where the title and key
 * numbers do not fit (a LaTeX column, 8.5 × 6 cm at 8 pt: 241 × 170 units): there the title
 * and every parameter the view uses, written here from the defaults; at 1600 × 1000 the
 * title and key numbers; where nothing fits in a quarter of the height, no caption. */
static void
test_caption_states_parameters (void)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 16, 16);
  cairo_t *cr = cairo_create (s);
  guint n_short = 0;

  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    {
      const DpvViewClass *view = dpv_registry_get (i);
      g_autoptr(DpvFrame) frame = NULL;
      g_autofree char *big = NULL, *small = NULL, *tiny = NULL, *numbers = NULL;
      g_autofree char *summary = NULL;
      double big_h, small_h, tiny_h;
      DpvStyle style;
      DpvParams p;

      dpv_params_init (&p);
      p.show_caption = TRUE;
      for (int m = 0; m < DP_N_MECHANISMS && !dpv_view_class_supports (view, m, NULL); m++)
        p.mechanism = m + 1;
      frame = dpv_frame_compute (view, &p, NULL, NULL, NULL);
      g_assert_nonnull (dpv_frame_get_result (frame));
      numbers = dpv_frame_caption (frame);
      dpv_style_init (&style, DPV_THEME_PRINT);

      style.font_size = 13;
      big = dpv_figure_caption_markup (frame, &style, cr, 1600, 1000, &big_h);
      g_assert_nonnull (big);
      g_assert_nonnull (strstr (big, numbers));
      g_assert_cmpfloat (big_h, <=, 250);

      /* the summary names the mechanism and every parameter the view uses */
      summary = dpv_view_params_summary (view, &p);
      if (dpv_view_class_uses (view, DPV_PARAM_EPSILON))
        g_assert_nonnull (strstr (summary, "ε = 1"));
      if (dpv_view_class_uses (view, DPV_PARAM_DELTA) && p.mechanism != DP_MECHANISM_LAPLACE)
        g_assert_nonnull (strstr (summary, "δ = 1e-05"));
      if (dpv_view_class_uses (view, DPV_PARAM_MECHANISM))
        g_assert_nonnull (strstr (summary, p.mechanism == DP_MECHANISM_LAPLACE ? "Laplace"
                                           : p.mechanism == DP_MECHANISM_GAUSSIAN ? "Gaussian"
                                           : "randomized response"));

      style.font_size = 8;
      small = dpv_figure_caption_markup (frame, &style, cr, 241, 170, &small_h);
      g_assert_nonnull (small);
      g_assert_cmpfloat (small_h, >, 0);
      g_assert_cmpfloat (small_h, <=, 0.25 * 170);
      /* the key numbers, or else the parameters */
      if (strstr (small, numbers) == NULL)
        {
          g_autofree char *escaped = g_markup_escape_text (summary, -1);

          g_assert_true (g_str_has_suffix (small, escaped));
          n_short++;
        }

      tiny = dpv_figure_caption_markup (frame, &style, cr, 60, 40, &tiny_h);
      g_assert_null (tiny);
      g_assert_cmpfloat (tiny_h, ==, 0);
    }
  /* the short form is needed: most views' key numbers take more than a quarter there */
  g_assert_cmpuint (n_short, >, 0);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

/* ---- chapters -------------------------------------------------------------------------- */

/* The course's chapters and their views, written out from the syllabus (not from
 * dpv-registry.c). Views not yet registered are passed over; a chapter none of whose first
 * view is registered does not appear. */
static const struct {
  const char *view;
  const char *chapter;
  gboolean first;
} course[] = {
  { "densities", "Basics", TRUE },
  { "regions", "Basics", FALSE },
  { "kl", "Basics", FALSE },
  { "composition", "Basics", FALSE },
  { "hypothesis", "Hypothesis testing", TRUE },
  { "survey", "Mechanisms at work", TRUE },
  { "accuracy", "Mechanisms at work", FALSE },
  { "exponential", "Mechanisms at work", FALSE },
  { "group", "Mechanisms at work", FALSE },
  { "renyi", "Where the bounds come from", TRUE },
  { "walk", "Where the bounds come from", FALSE },
  { "samples", "Where the bounds come from", FALSE },
  { "budget", "Where the bounds come from", FALSE },
  { "sensitivity", "From data to noise", TRUE },
  { "kmeans", "From data to noise", FALSE },
  { "linkage", "From data to noise", FALSE },
};

static void
test_chapters (void)
{
  g_autoptr(GPtrArray) shown = g_ptr_array_new ();   /* chapters, in the menu's order */
  g_autoptr(GPtrArray) expected = g_ptr_array_new ();
  int last = -1;

  for (gsize c = 0; c < G_N_ELEMENTS (course); c++)
    {
      const DpvViewClass *view = dpv_registry_lookup (course[c].view);
      int index;

      if (view == NULL)
        continue;
      index = dpv_registry_index (view);
      /* the registry keeps the course's order */
      g_assert_cmpint (index, >, last);
      last = index;
      g_assert_cmpstr (dpv_registry_get_chapter (index), ==, course[c].chapter);
      g_assert_true (dpv_registry_starts_chapter (index) == course[c].first);
      if (course[c].first)
        g_ptr_array_add (expected, (gpointer) course[c].chapter);
    }

  /* Every registered view has a chapter; the chapters start where the course says, once
   * each. */
  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    {
      g_assert_nonnull (dpv_registry_get_chapter (i));
      if (dpv_registry_starts_chapter (i))
        g_ptr_array_add (shown, (gpointer) dpv_registry_get_chapter (i));
    }
  g_assert_true (dpv_registry_starts_chapter (0));
  g_assert_cmpuint (shown->len, ==, expected->len);
  for (guint k = 0; k < shown->len; k++)
    g_assert_cmpstr (g_ptr_array_index (shown, k), ==, g_ptr_array_index (expected, k));

  /* The first chapter holds at least the four basic views, on main from the start. */
  g_assert_cmpstr (dpv_registry_get_chapter (dpv_registry_index (dpv_registry_lookup ("kl"))),
                   ==, "Basics");
  /* The chapter titles are translated (LANGUAGE=zh_CN with the build's catalogue). */
  if (g_getenv ("DPVIZ_LOCALEDIR") != NULL)
    {
      bindtextdomain (GETTEXT_PACKAGE, g_getenv ("DPVIZ_LOCALEDIR"));
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      g_setenv ("LANGUAGE", "zh_CN", TRUE);
      setlocale (LC_ALL, "C.UTF-8");
      g_assert_cmpstr (dgettext (GETTEXT_PACKAGE, "Basics"), ==, "基础");
      for (guint i = 0; i < dpv_registry_get_n_views (); i++)
        g_assert_cmpstr (dgettext (GETTEXT_PACKAGE, dpv_registry_get_chapter (i)), !=,
                         dpv_registry_get_chapter (i));
      g_setenv ("LANGUAGE", "C", TRUE);
    }
}

/* A dragged number becomes a value of its row: the expected values are written out. */
static void
test_snap (void)
{
  DpvParamSpec alpha = { .kind = DPV_PARAM_KIND_DOUBLE, .name = "type1", .symbol = "α",
                         .min = 1e-6, .max = 1.0, .def = 0.05, .digits = 3 };
  DpvParamSpec prior = { .kind = DPV_PARAM_KIND_DOUBLE, .name = "prior", .symbol = "π",
                         .min = 0.01, .max = 0.99, .def = 0.5, .digits = 2 };
  DpvParamSpec big = { .kind = DPV_PARAM_KIND_DOUBLE, .name = "big", .symbol = "b",
                       .min = 0, .max = 1e6, .def = 1, .digits = 3 };
  DpvParamSpec runs = { .kind = DPV_PARAM_KIND_UINT, .name = "trials", .symbol = "N",
                        .min = 100, .max = 1e6, .def = 1e4, .digits = 0 };
  const struct { const DpvParamSpec *spec; double in, out; } cases[] = {
    { &alpha, 0.052345, 0.0523 }, { &alpha, 0.00123456, 0.00123 }, { &alpha, 0.99951, 1.0 },
    { &alpha, 3.0, 1.0 }, { &alpha, 1e-9, 1e-6 }, { &alpha, -0.2, 1e-6 },
    { &alpha, NAN, 0.05 }, { &alpha, INFINITY, 1.0 },
    { &prior, 0.456, 0.46 }, { &prior, 0.995, 0.99 }, { &prior, 0.0049, 0.01 },
    { &big, 123456.0, 123000.0 }, { &big, 98765.4, 98800.0 },
    { &runs, 12345.6, 12346.0 }, { &runs, 50.0, 100.0 }, { &runs, 2e6, 1e6 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double got = dpv_param_snap (cases[i].spec, cases[i].in);
      DpvParamValue v;

      g_assert_cmpfloat_with_epsilon (got, cases[i].out, 1e-12 * cases[i].out);
      if (cases[i].spec->kind == DPV_PARAM_KIND_UINT)
        v.u = (unsigned long) got;
      else
        v.d = got;
      g_assert_true (dpv_param_check (cases[i].spec, &v, NULL));
    }
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/registry/table/rows", test_table_rows);
  g_test_add_func ("/registry/table/ranges", test_table_ranges);
  g_test_add_func ("/registry/table/kinds", test_kinds);
  g_test_add_func ("/registry/table/refusal-one-line", test_refusal_one_line);
  g_test_add_func ("/registry/table/snap", test_snap);
  g_test_add_func ("/registry/table/hash-equal", test_hash_equal);
  g_test_add_func ("/registry/table/param-label", test_param_label);
  g_test_add_func ("/registry/views/complete", test_views_complete);
  g_test_add_func ("/registry/views/extremes", test_views_extremes);
  g_test_add_func ("/registry/views/compute-once", test_compute_once);
  g_test_add_func ("/registry/views/caption-states-parameters", test_caption_states_parameters);
  g_test_add_func ("/registry/views/translated", test_views_translated);
  g_test_add_func ("/registry/views/chapters", test_chapters);
  return g_test_run ();
}
