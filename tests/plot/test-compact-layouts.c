/* test-compact-layouts.c — no view drops a panel, a title or a legend entry when it is small
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every view, for every mechanism it draws and a few parameter sets, is drawn at the figure
 * areas of the app's window (compact-sizes.h, measured in a real window by
 * tests/app/test-window.c) at text scale 1, 1.5 and 2, and compared with the same figure at
 * 1920 × 1080 with the controls shown at text scale 1 (the reference), through what its panels
 * report they drew (DpvPlotOptions.panel_log):
 *   - the same panels, by their full titles, in the same order;
 *   - every panel with a title draws one (its full form or a shorter one), not cut short;
 *   - every legend entry a panel's series have is drawn: in the legend (a box or the strip
 *     below) or as a label in the panel with the entry's text; the reference's entries are
 *     all there, by their markup;
 *   - every text box lies inside the figure.
 * The export presets (dpv_export_presets (): slide, LaTeX column and text width, A4) are
 * checked against the same reference, drawn as `dpviz-cli export --preset` draws a PNG: the
 * print theme, the preset's size in points and text size, at its resolution.
 * An entry that a legend laid out but did not draw counts as missing (the log has what was
 * drawn). /compact/detects-a-dropped-entry checks that a hidden legend is caught. A view
 * that drops a panel fails, even while its other problems are expected (still_dropping).
 * Crowding is counted apart (check_crowded (), ratchet still_crowded): an axis title the
 * reference has and a render does not, a data area under three lines, a legend box over
 * more than a third of the data, overlapping labels.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <pango/pango.h>

#include "dpv-export.h"
#include "dpv-figure.h"
#include "dpv-registry.h"
#include "dpv-view-util.h"
#include "compact-sizes.h"
#include "view-test-util.h"

static const double text_scales[] = { 1.0, 1.5, 2.0 };

/* Views that still drop a panel, a title or a legend entry, or clip text, at some of these
 * sizes (issue #19), each with the number of problems (lines of the report) it has: a ratchet.
 * A listed view with that many problems is reported as TODO (expected to fail); with more it
 * fails; with fewer it fails too, asking for the number to be lowered, so that what was won
 * stays won. A view that keeps everything fails until it is taken off this list; a view that
 * drops a panel fails, listed or not. */
typedef struct {
  const char *view;
  guint problems;
} StillDropping;

static const StillDropping still_dropping[] = {
  { NULL, 0 }
};

/* Views whose panels are still crowded at some of these sizes (check_crowded ()), each with
 * the number of its crowded panels: a ratchet like still_dropping, kept apart from it
 * because a crowded panel still shows everything. */
static const StillDropping still_crowded[] = {
  { "densities", 12 },
  { "regions", 39 },
  { "hypothesis", 147 },
  { "survey", 165 },
  { "accuracy", 125 },
  { "exponential", 195 },
  { "group", 713 },
  { "renyi", 78 },
  { "walk", 171 },
  { "samples", 48 },
  { "sensitivity", 468 },
  { "kmeans", 441 },
  { "linkage", 9 },
  { NULL, 0 }
};

static const StillDropping *
still_dropping_lookup (const StillDropping *table, const char *view)
{
  for (const StillDropping *s = table; s->view != NULL; s++)
    if (g_str_equal (s->view, view))
      return s;
  return NULL;
}

/* What one render drew: its panels, in the order drawn. */
typedef struct {
  GPtrArray *panels;   /* of DpvPanelRecord */
  double w, h;         /* the figure, in device pixels */
} Drawn;

static void
drawn_clear (Drawn *d)
{
  g_clear_pointer (&d->panels, g_ptr_array_unref);
}

static gint
by_serial (gconstpointer a, gconstpointer b)
{
  const DpvPanelRecord *ra = *(DpvPanelRecord *const *) a;
  const DpvPanelRecord *rb = *(DpvPanelRecord *const *) b;

  return ra->panel < rb->panel ? -1 : ra->panel > rb->panel;
}

/* @frame drawn in @style at w × h user units, @scale device pixels a unit, on a recording
 * surface (the layout is that of an image surface: neither is a vector target); the text
 * boxes are in device pixels, against a figure of w × h × scale. */
static void
draw_styled (const DpvFrame *frame, const DpvStyle *style0, double w, double h, double scale,
             Drawn *out)
{
  cairo_rectangle_t extents = { 0, 0, ceil (w * scale), ceil (h * scale) };
  cairo_surface_t *s = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, &extents);
  cairo_t *cr = cairo_create (s);
  DpvStyle style = *style0;

  style.plot_options.panel_log =
    g_ptr_array_new_with_free_func ((GDestroyNotify) dpv_panel_record_free);
  cairo_scale (cr, scale, scale);
  dpv_figure_render (frame, &style, cr, w, h);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
  g_ptr_array_sort (style.plot_options.panel_log, by_serial);
  out->panels = style.plot_options.panel_log;
  out->w = w * scale;
  out->h = h * scale;
}

/* @frame drawn as the app draws it: a figure of w × h with the plot text size @font_size
 * times @text_scale, light theme, snapped to pixels. */
static void
draw_logged (const DpvFrame *frame, int w, int h, double font_size, double text_scale,
             gboolean hide_legends, Drawn *out)
{
  DpvStyle style;

  dpv_style_init (&style, DPV_THEME_LIGHT);
  style.font_size = font_size;
  style.text_scale = text_scale;
  style.pixel_snap = TRUE;
  style.plot_options.hide_legends = hide_legends;
  draw_styled (frame, &style, w, h, 1.0, out);
}

/* @frame drawn as `dpviz-cli export --preset` writes a PNG of @preset: the print theme, the
 * preset's size in points and text size (dpv_style_set_font_pt ()), at its resolution
 * (dpi / 72 pixels a point), snapped to pixels (dpv_export_to_bytes_full ()); for a preset of
 * lecture notes (fit_height) as tall as dpv_figure_fit_height () makes it, which stays
 * between the preset's height and twice its width. */
static void
draw_preset (const DpvFrame *frame, const DpvExportPreset *preset, Drawn *out)
{
  DpvStyle style;
  double w = preset->width_cm * DPV_PT_PER_CM, h = preset->height_cm * DPV_PT_PER_CM;
  double scale = preset->dpi / DPV_PT_PER_IN;

  dpv_style_init (&style, DPV_THEME_PRINT);
  dpv_style_set_font_pt (&style, preset->font_pt);
  style.pixel_snap = TRUE;
  if (preset->fit_height)
    {
      double fit = dpv_figure_fit_height (frame, &style, w, h,
                                          dpv_export_fit_height_max (DPV_FORMAT_PNG, w, h,
                                                                     scale),
                                          scale);

      g_assert_cmpfloat (fit, >=, h);
      g_assert_cmpfloat (fit, <=, 2 * w + 1e-9);
      h = fit;
    }
  draw_styled (frame, &style, w, h, scale, out);
}

static gboolean
has_string (GPtrArray *strings, const char *s)
{
  for (guint i = 0; i < strings->len; i++)
    if (g_str_equal (g_ptr_array_index (strings, i), s))
      return TRUE;
  return FALSE;
}

/* An entry is drawn when the legend drew it, or when a label in the panel reads as its text
 * (an inline label instead of a key). The panel records a label as the text Pango drew
 * (pango_layout_get_text (): markup parsed, a subscript's text inline): the entry is
 * compared in that form. */
static gboolean
entry_drawn (const DpvPanelRecord *r, const char *markup)
{
  g_autofree char *plain = NULL;

  if (has_string (r->legend, markup))
    return TRUE;
  if (!pango_parse_markup (markup, -1, 0, NULL, &plain, NULL, NULL))
    plain = g_strdup (markup);
  for (guint i = 0; i < r->labels->len; i++)
    if (g_str_equal (g_ptr_array_index (r->labels, i), plain))
      return TRUE;
  return FALSE;
}

/* The problems of @d against @ref (NULL: only its own checks), one line each, appended to
 * @problems prefixed with @where. FALSE when @d's panels are not those of @ref. */
static gboolean
check_drawn (const Drawn *d, const Drawn *ref, const char *where, GString *problems)
{
  const double tol = 0.5;

  if (ref != NULL)
    {
      gboolean same = d->panels->len == ref->panels->len;

      for (guint i = 0; same && i < d->panels->len; i++)
        {
          const DpvPanelRecord *a = g_ptr_array_index (d->panels, i);
          const DpvPanelRecord *b = g_ptr_array_index (ref->panels, i);

          same = g_strcmp0 (a->full_title, b->full_title) == 0;
        }
      if (!same)
        {
          g_string_append_printf (problems, "%s: panels differ from the reference:", where);
          for (guint i = 0; i < ref->panels->len; i++)
            g_string_append_printf (problems, " [%s]",
                                    ((DpvPanelRecord *) g_ptr_array_index (ref->panels, i))->full_title);
          g_string_append (problems, " →");
          for (guint i = 0; i < d->panels->len; i++)
            g_string_append_printf (problems, " [%s]",
                                    ((DpvPanelRecord *) g_ptr_array_index (d->panels, i))->full_title);
          g_string_append_c (problems, '\n');
          return FALSE;
        }
    }

  for (guint i = 0; i < d->panels->len; i++)
    {
      const DpvPanelRecord *r = g_ptr_array_index (d->panels, i);
      const char *name = r->full_title != NULL ? r->full_title : "(untitled)";

      if (r->full_title != NULL && r->title == NULL)
        g_string_append_printf (problems, "%s: panel %s draws no title\n", where, name);
      else if (r->title_ellipsized)
        g_string_append_printf (problems, "%s: panel %s cuts its title short (%s)\n", where,
                                name, r->title);
      if (r->n_legend_ellipsized > 0)
        g_string_append_printf (problems, "%s: panel %s cuts %u legend entries short\n", where,
                                name, r->n_legend_ellipsized);
      if (r->n_entries > 0 && r->legend->len == 0)
        {
          /* no legend: each entry must then be labelled in the panel; which entries the
           * series have is known from the reference (the records keep only those drawn) */
          gboolean all = ref != NULL;

          if (ref != NULL)
            {
              const DpvPanelRecord *b = g_ptr_array_index (ref->panels, i);

              for (guint e = 0; e < b->legend->len; e++)
                all = all && entry_drawn (r, g_ptr_array_index (b->legend, e));
            }
          if (!all)
            g_string_append_printf (problems, "%s: panel %s draws none of its %u legend entries\n",
                                    where, name, r->n_entries);
        }
      else if (r->legend->len < r->n_entries)
        g_string_append_printf (problems, "%s: panel %s draws %u of its %u legend entries\n",
                                where, name, r->legend->len, r->n_entries);
      if (ref != NULL)
        {
          const DpvPanelRecord *b = g_ptr_array_index (ref->panels, i);

          for (guint e = 0; e < b->legend->len; e++)
            if (!entry_drawn (r, g_ptr_array_index (b->legend, e)))
              g_string_append_printf (problems, "%s: panel %s misses the legend entry %s\n",
                                      where, name, (char *) g_ptr_array_index (b->legend, e));
        }
      for (guint t = 0; t < r->texts->len; t++)
        {
          const DpvTextBox *box = &g_array_index (r->texts, DpvTextBox, t);

          if (box->x < -tol || box->y < -tol || box->x + box->w > d->w + tol
              || box->y + box->h > d->h + tol)
            g_string_append_printf (problems,
                                    "%s: panel %s has text (kind %d) outside the figure: "
                                    "%.1f, %.1f, %.1f × %.1f\n",
                                    where, name, box->kind, box->x, box->y, box->w, box->h);
        }
    }
  return TRUE;
}

static guint
count_axis_titles (const DpvPanelRecord *r, gboolean *x_title)
{
  guint n = 0;

  *x_title = FALSE;
  for (guint t = 0; t < r->texts->len; t++)
    {
      const DpvTextBox *b = &g_array_index (r->texts, DpvTextBox, t);

      if (b->kind != DPV_TEXT_AXIS_TITLE)
        continue;
      n++;
      /* the x title is the one set along the width; a y title's box is turned */
      *x_title = *x_title || b->w > b->h;
    }
  return n;
}

/* The crowding of @d, one line each, appended to @crowded prefixed with @where: the axis
 * titles @ref has that @d does not draw, and what dpv_figure_panel_crowding () finds (the
 * criteria lecture-notes presets are fitted to). @d has @ref's panels. */
static void
check_crowded (const Drawn *d, const Drawn *ref, const char *where, GString *crowded)
{
  for (guint i = 0; i < d->panels->len; i++)
    {
      const DpvPanelRecord *r = g_ptr_array_index (d->panels, i);
      const DpvPanelRecord *b = g_ptr_array_index (ref->panels, i);
      const char *name = r->full_title != NULL ? r->full_title : "(untitled)";
      gboolean x_title, ref_x_title;
      guint n = count_axis_titles (r, &x_title), n_ref = count_axis_titles (b, &ref_x_title);

      if (n < n_ref)
        g_string_append_printf (crowded, "%s: panel %s draws %u of its %u axis titles (%s)\n",
                                where, name, n, n_ref,
                                ref_x_title && !x_title ? "not the x title" : "a y title lost");
      dpv_figure_panel_crowding (r, where, crowded);
    }
}

/* The parameter sets each view is drawn with: the defaults and a few others. */
static guint
param_sets (DpMechanismKind mechanism, DpvParams *sets)
{
  guint n = 0;

  dpv_params_init (&sets[n]);
  sets[n++].mechanism = mechanism;
  sets[n] = sets[0];
  sets[n++].epsilon = 0.1;
  sets[n] = sets[0];
  sets[n].epsilon = 4;
  sets[n++].sensitivity = 3;
  return n;
}

/* A reference must itself be complete. @n_dropped counts the renders whose panels are not
 * the reference's. */
static void
check_view (const DpvViewClass *view, GString *problems, GString *crowded, guint *n_renders,
            guint *n_dropped)
{
  const CompactSize *big = NULL;
  gsize n_presets;
  const DpvExportPreset *presets = dpv_export_presets (&n_presets);

  for (gsize s = 0; s < G_N_ELEMENTS (compact_sizes); s++)
    if (compact_sizes[s].screen_w == 1920 && compact_sizes[s].mode == COMPACT_CONTROLS)
      big = &compact_sizes[s];
  g_assert_nonnull (big);

  for (int m = 0; m < DP_N_MECHANISMS; m++)
    {
      DpvParams sets[4];
      guint n_sets;

      if (!dpv_view_class_supports (view, m, NULL))
        continue;
      n_sets = param_sets (m, sets);
      for (guint p = 0; p < n_sets; p++)
        {
          DpvFrame *frame = vt_frame (view, &sets[p]);
          Drawn ref = { 0 };
          g_autofree char *ref_where = g_strdup_printf ("%s m%d p%u %d×%d", view->name, m, p,
                                                        big->figure_w, big->figure_h);

          if (dpv_frame_get_result (frame) == NULL)
            {
              dpv_frame_unref (frame);
              continue;
            }
          draw_logged (frame, big->figure_w, big->figure_h, big->font_size, 1.0, FALSE, &ref);
          (*n_renders)++;
          check_drawn (&ref, NULL, ref_where, problems);
          check_crowded (&ref, &ref, ref_where, crowded);
          for (gsize s = 0; s < G_N_ELEMENTS (compact_sizes); s++)
            for (gsize t = 0; t < G_N_ELEMENTS (text_scales); t++)
              {
                const CompactSize *c = &compact_sizes[s];
                Drawn d = { 0 };
                g_autofree char *where = NULL;

                if (c == big && t == 0)
                  continue;
                /* 1920 × 1080: the reference's text scale, and 2 (Ctrl+plus four times) */
                if (c->screen_w == 1920 && text_scales[t] == 1.5)
                  continue;
                where = g_strdup_printf ("%s m%d p%u %d×%d mode %d scale %g", view->name, m, p,
                                         c->figure_w, c->figure_h, c->mode, text_scales[t]);
                draw_logged (frame, c->figure_w, c->figure_h, c->font_size, text_scales[t],
                             FALSE, &d);
                (*n_renders)++;
                if (!check_drawn (&d, &ref, where, problems))
                  (*n_dropped)++;
                else
                  check_crowded (&d, &ref, where, crowded);
                drawn_clear (&d);
              }
          for (gsize k = 0; k < n_presets; k++)
            {
              Drawn d = { 0 };
              g_autofree char *where = g_strdup_printf ("%s m%d p%u preset %s", view->name,
                                                        m, p, presets[k].name);

              draw_preset (frame, &presets[k], &d);
              (*n_renders)++;
              if (!check_drawn (&d, &ref, where, problems))
                (*n_dropped)++;
              else
                check_crowded (&d, &ref, where, crowded);
              drawn_clear (&d);
            }
          drawn_clear (&ref);
          dpv_frame_unref (frame);
        }
    }
}

/* A ratchet: the number of lines of @report (@what) against the number @listed (0: not
 * listed) allows. More fails; fewer fails too, asking for the number to be lowered, so that
 * what was won stays won; as many is reported as TODO (expected to fail). */
static void
ratchet (const char *view, const char *what, const char *table, const GString *report,
         guint listed)
{
  guint n = 0;

  for (const char *c = report->str; *c; c++)
    n += *c == '\n';
  if (n > 0)
    g_test_message ("%s: %u %s\n%s", view, n, what, report->str);
  if (listed == 0)
    {
      if (n > 0)
        g_test_fail_printf ("%s has %u %s", view, n, what);
    }
  else if (n == 0)
    g_test_fail_printf ("%s has no %s: take it off %s", view, what, table);
  else if (n > listed)
    g_test_fail_printf ("%s has %u %s, more than the %u %s allows", view, n, what, listed,
                        table);
  else if (n < listed)
    g_test_fail_printf ("%s has %u %s, fewer than the %u listed: lower its number in %s",
                        view, n, what, listed, table);
  else
    g_test_incomplete_printf ("%s still has %u %s (issue #19)", view, n, what);
}

static void
test_view (gconstpointer data)
{
  const DpvViewClass *view = data;
  g_autoptr(GString) problems = g_string_new (NULL);
  g_autoptr(GString) crowded = g_string_new (NULL);
  const StillDropping *dropping = still_dropping_lookup (still_dropping, view->name);
  const StillDropping *crowding = still_dropping_lookup (still_crowded, view->name);
  guint n = 0, dropped = 0;

  check_view (view, problems, crowded, &n, &dropped);
  g_test_message ("%s: %u renders", view->name, n);
  /* every view keeps its panels, on still_dropping or not */
  if (dropped > 0)
    {
      g_test_message ("%s", problems->str);
      g_test_fail_printf ("%s drops panels in %u of %u renders", view->name, dropped, n);
      return;
    }
  ratchet (view->name, "problems (titles, legend entries or panels dropped, text clipped)",
           "still_dropping", problems, dropping != NULL ? dropping->problems : 0);
  if (g_test_failed ())
    return;
  ratchet (view->name, "crowded panels (axis titles lost, data areas under three lines, "
           "legends over the data, labels overlapping)", "still_crowded", crowded,
           crowding != NULL ? crowding->problems : 0);
}

/* The test can fail: a legend that is laid out but hidden (hide_legends), a panel missing,
 * and a data area squeezed under three lines are reported. */
static void
test_detects_a_dropped_entry (void)
{
  const DpvViewClass *view = dpv_registry_lookup ("kl");
  DpvParams p;
  DpvFrame *frame;
  Drawn ref = { 0 }, hidden = { 0 }, fewer = { 0 }, small = { 0 };
  g_autoptr(GString) problems = g_string_new (NULL);

  dpv_params_init (&p);
  frame = vt_frame (view, &p);
  draw_logged (frame, 1523, 1033, 23.796875, 1.0, FALSE, &ref);
  g_assert_cmpuint (ref.panels->len, >, 0);
  check_drawn (&ref, NULL, "kl", problems);
  g_assert_cmpstr (problems->str, ==, "");

  draw_logged (frame, 1523, 1033, 23.796875, 1.0, TRUE, &hidden);
  check_drawn (&hidden, &ref, "kl hidden", problems);
  g_assert_nonnull (strstr (problems->str, "misses the legend entry"));

  g_string_truncate (problems, 0);
  draw_logged (frame, 1523, 1033, 23.796875, 1.0, FALSE, &fewer);
  g_ptr_array_remove_index (fewer.panels, fewer.panels->len - 1);
  check_drawn (&fewer, &ref, "kl fewer", problems);
  g_assert_nonnull (strstr (problems->str, "panels differ"));

  /* crowding: none in the reference; a figure of 420 × 230 at 2× text squeezes its data */
  g_string_truncate (problems, 0);
  check_crowded (&ref, &ref, "kl", problems);
  g_assert_cmpstr (problems->str, ==, "");
  draw_logged (frame, 420, 230, 13, 2.0, FALSE, &small);
  g_assert_true (check_drawn (&small, &ref, "kl small", problems));
  check_crowded (&small, &ref, "kl small", problems);
  g_assert_nonnull (strstr (problems->str, "has a data area of"));
  drawn_clear (&small);

  drawn_clear (&ref);
  drawn_clear (&hidden);
  drawn_clear (&fewer);
  dpv_frame_unref (frame);
}

/* The height of a figure for lecture notes (dpv_figure_fit_height ()): the predicate catches a
 * legend that is not drawn and a data area squeezed to a line; the height found is the least
 * of its steps at which nothing is; a figure that fits keeps the preset's height. */
static void
test_fit_height (void)
{
  const DpvExportPreset *column = dpv_export_preset_lookup ("latex-column");
  double w = column->width_cm * DPV_PT_PER_CM, h0 = column->height_cm * DPV_PT_PER_CM;
  double scale = column->dpi / DPV_PT_PER_IN, fit, step;
  DpvStyle style;
  DpvParams p;
  DpvFrame *kl, *sens, *dens;
  Drawn shown = { 0 }, hidden = { 0 }, squeezed = { 0 }, fitted = { 0 }, below = { 0 };
  gboolean thin = FALSE;

  dpv_params_init (&p);
  kl = vt_frame (dpv_registry_lookup ("kl"), &p);
  sens = vt_frame (dpv_registry_lookup ("sensitivity"), &p);
  dens = vt_frame (dpv_registry_lookup ("densities"), &p);

  draw_logged (kl, 1523, 1033, 23.796875, 1.0, FALSE, &shown);
  draw_logged (kl, 1523, 1033, 23.796875, 1.0, TRUE, &hidden);
  g_assert_true (dpv_figure_panels_complete (shown.panels, shown.w, shown.h));
  g_assert_false (dpv_figure_panels_complete (hidden.panels, hidden.w, hidden.h));

  dpv_style_init (&style, DPV_THEME_PRINT);
  dpv_style_set_font_pt (&style, column->font_pt);
  style.pixel_snap = TRUE;
  step = 2 * dpv_style_text_size (&style);
  /* at 8.5 × 6 cm the sensitivity view's plots get less than three lines of data area */
  draw_styled (sens, &style, w, h0, scale, &squeezed);
  for (guint i = 0; i < squeezed.panels->len; i++)
    {
      const DpvPanelRecord *r = g_ptr_array_index (squeezed.panels, i);

      thin = thin || (r->data_h > 0 && r->data_h < 3 * column->font_pt * scale);
    }
  g_assert_true (thin);
  g_assert_false (dpv_figure_panels_complete (squeezed.panels, squeezed.w, squeezed.h));
  fit = dpv_figure_fit_height (sens, &style, w, h0, 2 * w, scale);
  g_assert_cmpfloat (fit, >, h0);
  g_assert_cmpfloat (fit, <=, 2 * w);
  draw_styled (sens, &style, w, fit, scale, &fitted);
  draw_styled (sens, &style, w, fit - step, scale, &below);
  g_assert_true (dpv_figure_panels_complete (fitted.panels, fitted.w, fitted.h));
  g_assert_false (dpv_figure_panels_complete (below.panels, below.w, below.h));
  for (guint i = 0; i < fitted.panels->len; i++)
    {
      const DpvPanelRecord *r = g_ptr_array_index (fitted.panels, i);

      g_assert_true (r->data_h == 0 || r->data_h >= 3 * column->font_pt * scale - 1e-6);
    }

  g_assert_cmpfloat (dpv_figure_fit_height (dens, &style, w, h0, 2 * w, scale), ==, h0);

  drawn_clear (&shown);
  drawn_clear (&hidden);
  drawn_clear (&squeezed);
  drawn_clear (&fitted);
  drawn_clear (&below);
  dpv_frame_unref (kl);
  dpv_frame_unref (sens);
  dpv_frame_unref (dens);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/compact/detects-a-dropped-entry", test_detects_a_dropped_entry);
  g_test_add_func ("/compact/fit-height", test_fit_height);
  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    {
      const DpvViewClass *view = dpv_registry_get (i);
      g_autofree char *path = g_strdup_printf ("/compact/%s", view->name);

      g_test_add_data_func (path, view, test_view);
    }
  return g_test_run ();
}
