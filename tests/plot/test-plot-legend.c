/* test-plot-legend.c — the legend: placed off the data, in the strip under a panel, small, one entry a series
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "canvas.h"
#include "dpv-plot.h"

/* the legend goes to a free corner, and never covers a plotted point there */
static void
test_legend_placement (void)
{
  Canvas c;
  DpvPlot *p;
  double x[201], top[201], br[201];
  cairo_rectangle_t leg;
  double dx, dy, dw, dh;

  canvas_init (&c, 640, 400, 1, DPV_THEME_LIGHT);
  for (int i = 0; i <= 200; i++)
    {
      x[i] = i / 200.0;
      top[i] = 0.92;                              /* across the top: both top corners busy */
      br[i] = x[i] > 0.5 ? 0.05 + 0.1 * (x[i] - 0.5) : NAN;   /* bottom right busy */
    }
  p = dpv_plot_new (c.cr, &c.style, 0, 0, 640, 400);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "x");
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, "y");
  dpv_plot_draw_frame (p);
  dpv_plot_line (p, x, top, 201, &c.style.roles[DPV_ROLE_D], 2, DPV_DASH_SOLID, "<i>D</i>");
  dpv_plot_line (p, x, br, 201, &c.style.roles[DPV_ROLE_D_PRIME], 2, DPV_DASH_DASHED,
                 "<i>D</i>′");
  dpv_plot_legend (p);
  dpv_plot_get_data_area (p, &dx, &dy, &dw, &dh);
  g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_LEGEND, &leg, 1), ==, 1);

  /* inside the data area, in its lower-left quarter */
  g_assert_cmpfloat (leg.x, >=, dx);
  g_assert_cmpfloat (leg.y + leg.height, <=, dy + dh);
  g_assert_cmpfloat (leg.x + leg.width / 2, <, dx + dw / 2);
  g_assert_cmpfloat (leg.y + leg.height / 2, >, dy + dh / 2);
  /* no plotted point under it (evaluated densely, independently of the plot's records) */
  for (int i = 0; i <= 2000; i++)
    {
      double xv = i / 2000.0;
      double ux = dpv_plot_x_to_user (p, xv);
      double uy1 = dpv_plot_y_to_user (p, 0.92);
      double uy2 = dpv_plot_y_to_user (p, 0.05 + 0.1 * (xv - 0.5));
      g_assert_false (ux >= leg.x && ux <= leg.x + leg.width && uy1 >= leg.y
                      && uy1 <= leg.y + leg.height);
      if (xv > 0.5)
        g_assert_false (ux >= leg.x && ux <= leg.x + leg.width && uy2 >= leg.y
                        && uy2 <= leg.y + leg.height);
    }
  /* the swatches carry the series colours: scan the left part of the legend box */
  {
    gboolean found_d = FALSE, found_dp = FALSE;
    for (double yy = leg.y + 1; yy < leg.y + leg.height - 1; yy += 0.5)
      for (double xx = leg.x + 1; xx < leg.x + leg.width / 3; xx += 0.5)
        {
          double rgb[3];
          pixel (&c, xx, yy, rgb);
          found_d |= near_color (rgb, &c.style.roles[DPV_ROLE_D], 0.03);
          found_dp |= near_color (rgb, &c.style.roles[DPV_ROLE_D_PRIME], 0.03);
        }
    g_assert_true (found_d);
    g_assert_true (found_dp);
  }
  dpv_plot_free (p);
  canvas_clear (&c);
}

/* a legend with no free place inside goes to the strip reserved under the plot: below the
 * x-axis title, inside the panel, in columns, the data area shorter by the strip */
static void
test_legend_below (void)
{
  static const char *labels[] = { "first series", "second series", "a third, longer series" };
  const DpvColor *cols[3];
  double x[401], y[3][401];
  double dh_plain = 0;

  for (int i = 0; i <= 400; i++)
    {
      x[i] = i / 400.0;
      /* zigzags over the whole data area: every place a legend box could go has data */
      y[0][i] = fabs (fmod (x[i] * 23.0, 2.0) - 1.0);
      y[1][i] = fabs (fmod (x[i] * 17.0 + 0.5, 2.0) - 1.0);
      y[2][i] = fabs (fmod (x[i] * 29.0 + 0.3, 2.0) - 1.0);
    }
  for (int reserve = 0; reserve <= 1; reserve++)
    {
      Canvas c;
      DpvPlot *p;
      cairo_rectangle_t leg, title;
      double dx, dy, dw, dh;

      canvas_init (&c, 520, 380, 1, DPV_THEME_LIGHT);
      cols[0] = &c.style.roles[DPV_ROLE_D];
      cols[1] = &c.style.roles[DPV_ROLE_D_PRIME];
      cols[2] = &c.style.roles[DPV_ROLE_LOSS];
      p = dpv_plot_new (c.cr, &c.style, 0, 0, 520, 380);
      dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "output y");
      dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, "density");
      if (reserve)
        dpv_plot_set_legend_below (p, labels, 3);
      dpv_plot_draw_frame (p);
      for (int k = 0; k < 3; k++)
        dpv_plot_line (p, x, y[k], 401, cols[k], 2, DPV_DASH_SOLID, labels[k]);
      dpv_plot_legend (p);
      dpv_plot_get_data_area (p, &dx, &dy, &dw, &dh);
      g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_LEGEND, &leg, 1), ==, 1);
      if (!reserve)
        {
          /* without the strip the legend has to sit on data, inside */
          dh_plain = dh;
          g_assert_cmpfloat (leg.y + leg.height, <=, dy + dh + 0.01);
          dpv_plot_free (p);
          canvas_clear (&c);
          continue;
        }
      {
        cairo_rectangle_t t[2];

        g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_AXIS_TITLE, t, 2), ==, 2);
        title = t[0].y > t[1].y ? t[0] : t[1];   /* the x title: the lower of the two */
      }
      /* the legend is under the x title, inside the panel */
      g_assert_cmpfloat (leg.y, >=, title.y + title.height - 0.01);
      g_assert_cmpfloat (leg.y, >, dy + dh);
      g_assert_cmpfloat (leg.y + leg.height, <=, 380);
      g_assert_cmpfloat (leg.x, >=, 0);
      g_assert_cmpfloat (leg.x + leg.width, <=, 520);
      /* in columns: wider than tall, at most two rows of text */
      g_assert_cmpfloat (leg.width, >, leg.height);
      g_assert_cmpfloat (leg.height, <, 2.6 * 2 * c.style.font_size);
      /* the data area gave up at least the strip */
      g_assert_cmpfloat (dh, <=, dh_plain - leg.height);
      /* each swatch is there, in its colour, inside the strip */
      for (int k = 0; k < 3; k++)
        {
          gboolean found = FALSE;
          for (double yy = leg.y + 1; yy < leg.y + leg.height - 1 && !found; yy += 0.5)
            for (double xx = leg.x + 1; xx < leg.x + leg.width - 1 && !found; xx += 0.5)
              {
                double rgb[3];
                pixel (&c, xx, yy, rgb);
                found = near_color (rgb, cols[k], 0.03);
              }
          g_assert_true (found);
        }
      dpv_plot_free (p);
      canvas_clear (&c);
    }
}

/* no strip when it would take more than 40 % of the panel, even with smaller text; one of
 * more than a quarter is taken; a legend with more entries than the strip was reserved for
 * goes inside */
static void
test_legend_below_limits (void)
{
  static const char *many[] = { "one", "two", "three", "four", "five", "six", "seven", "eight",
                                "nine", "ten", "eleven", "twelve", "thirteen", "fourteen",
                                "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
                                "twenty", "twenty-one", "twenty-two", "twenty-three",
                                "twenty-four" };
  double x[2] = { 0, 1 }, y[2] = { 0.2, 0.2 };
  double dh_plain = 0, dh;

  for (int k = 0; k < 4; k++)
    {
      Canvas c;
      DpvPlot *p;
      double dx, dy, dw;
      cairo_rectangle_t leg;

      canvas_init (&c, 300, 140, 1, DPV_THEME_LIGHT);
      p = dpv_plot_new (c.cr, &c.style, 0, 0, 300, 140);
      dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "x");
      dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, "y");
      if (k == 1)
        dpv_plot_set_legend_below (p, many, G_N_ELEMENTS (many));   /* too tall for 140 */
      if (k == 2)
        dpv_plot_set_legend_below (p, many, 1);                      /* room for "one" only */
      if (k == 3)
        dpv_plot_set_legend_below (p, many, 12);                     /* more than a quarter */
      dpv_plot_draw_frame (p);
      if (k == 3)
        for (int i = 0; i < 12; i++)
          dpv_plot_line (p, x, y, 2, NULL, 1, DPV_DASH_SOLID, many[i]);
      dpv_plot_legend (p);
      dpv_plot_get_data_area (p, &dx, &dy, &dw, &dh);
      if (k == 0)
        dh_plain = dh;
      else if (k == 1)
        g_assert_cmpfloat_with_epsilon (dh, dh_plain, 1e-9);
      else
        g_assert_cmpfloat (dh, <, dh_plain);
      if (k == 3)
        {
          /* in the strip, under the data, taller than a quarter of the panel less its gap
           * (0.45 em), within 40 % of it */
          g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_LEGEND, &leg, 1), ==, 1);
          g_assert_cmpfloat (leg.y, >, dy + dh);
          g_assert_cmpfloat (leg.height, >, 0.25 * 140 - 0.45 * c.style.font_size);
          g_assert_cmpfloat (leg.height, <=, 0.4 * 140);
          g_assert_cmpfloat (leg.y + leg.height, <=, 140);
        }
      dpv_plot_free (p);
      canvas_clear (&c);
    }

  /* A strip reserved for one entry, then four entries too long to share its one row: the
   * legend goes inside the data area, as without a strip. */
  {
    static const char *longer[] = { "a first, rather long legend entry",
                                     "a second, rather long legend entry",
                                     "a third, rather long legend entry",
                                     "a fourth, rather long legend entry" };
    Canvas c;
    DpvPlot *p;
    double dx, dy, dw;
    cairo_rectangle_t leg;

    canvas_init (&c, 600, 400, 1, DPV_THEME_LIGHT);
    p = dpv_plot_new (c.cr, &c.style, 0, 0, 600, 400);
    dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "x");
    dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, "y");
    dpv_plot_set_legend_below (p, longer, 1);
    dpv_plot_draw_frame (p);
    for (int i = 0; i < 4; i++)
      dpv_plot_line (p, x, y, 2, NULL, 1, DPV_DASH_SOLID, longer[i]);
    dpv_plot_legend (p);
    dpv_plot_get_data_area (p, &dx, &dy, &dw, &dh);
    g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_LEGEND, &leg, 1), ==, 1);
    g_assert_cmpfloat (leg.y, >=, dy - 0.01);
    g_assert_cmpfloat (leg.y + leg.height, <=, dy + dh + 0.01);
    dpv_plot_free (p);
    canvas_clear (&c);
  }
}

/* Logs what the panels drawn on @c draw (DpvStyle.plot_options.panel_log). */
static void
start_log (Canvas *c)
{
  c->style.plot_options.panel_log =
    g_ptr_array_new_with_free_func ((GDestroyNotify) dpv_panel_record_free);
}

/* The one panel's record (the caller frees it); the canvas cleared. */
static DpvPanelRecord *
take_record (Canvas *c)
{
  DpvPanelRecord *r;

  g_assert_cmpuint (c->style.plot_options.panel_log->len, ==, 1);
  r = g_ptr_array_steal_index (c->style.plot_options.panel_log, 0);
  g_clear_pointer (&c->style.plot_options.panel_log, g_ptr_array_unref);
  canvas_clear (c);
  return r;
}

/* One panel of w × h with @n entries over zigzags, its text at @text_scale, its legend
 * declared with dpv_plot_set_legend_auto () when @declare; its legend's box (0 × 0 when none
 * is drawn), its data area and its record. */
static DpvPanelRecord *
auto_panel_titled (int w, int h, double text_scale, const char *title,
                   const char *const *labels, guint n, gboolean declare,
                   cairo_rectangle_t *leg, cairo_rectangle_t *data)
{
  Canvas c;
  DpvPlot *p;
  double x[201], y[201];

  canvas_init (&c, w, h, 1, DPV_THEME_LIGHT);
  c.style.text_scale = text_scale;
  start_log (&c);
  p = dpv_plot_new (c.cr, &c.style, 0, 0, w, h);
  if (title != NULL)
    dpv_plot_set_title (p, title);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "x");
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, "y");
  if (declare)
    dpv_plot_set_legend_auto (p, labels, n);
  dpv_plot_draw_frame (p);
  for (guint k = 0; k < n; k++)
    {
      for (int i = 0; i <= 200; i++)
        {
          x[i] = i / 200.0;
          y[i] = fabs (fmod (x[i] * (7.0 + k), 2.0) - 1.0);
        }
      dpv_plot_line (p, x, y, 201, &c.style.roles[k % 4], 2, (DpvDash) (k % 4), labels[k]);
    }
  dpv_plot_legend (p);
  dpv_plot_get_data_area (p, &data->x, &data->y, &data->width, &data->height);
  *leg = (cairo_rectangle_t) { 0, 0, 0, 0 };
  dpv_plot_get_text_rects (p, DPV_TEXT_LEGEND, leg, 1);
  dpv_plot_free (p);
  return take_record (&c);
}

static DpvPanelRecord *
auto_panel_scaled (int w, int h, double text_scale, const char *const *labels, guint n,
                   gboolean declare, cairo_rectangle_t *leg, cairo_rectangle_t *data)
{
  return auto_panel_titled (w, h, text_scale, NULL, labels, n, declare, leg, data);
}

static DpvPanelRecord *
auto_panel (int w, int h, const char *const *labels, guint n, gboolean declare,
            cairo_rectangle_t *leg, cairo_rectangle_t *data)
{
  DpvPanelRecord *r = auto_panel_scaled (w, h, 1.0, labels, n, declare, leg, data);

  g_assert_cmpfloat (leg->width, >, 0);
  return r;
}

/* Every one of @labels drawn in @r's legend, in order, none cut short. */
static void
assert_all_entries (const DpvPanelRecord *r, const char *const *labels, guint n)
{
  g_assert_cmpuint (r->legend->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (g_ptr_array_index (r->legend, i), ==, labels[i]);
  g_assert_cmpuint (r->n_legend_ellipsized, ==, 0);
}

/* A wide, short panel whose declared legend a strip under it cannot hold (it would take
 * more than 40 % of the height) gets a column right of the data area: the data area gives
 * up that width, not its height, and the legend lies beside it, inside the panel, with every
 * entry. Checked over a range of panel sizes, some of which must take that form. */
static void
test_legend_beside (void)
{
  static const char *labels[] = { "the first curve of this panel, by name",
                                  "the second curve of it, by its name",
                                  "a third curve, with a longer name", "a fourth curve of the panel",
                                  "and a fifth one, named as well", "a sixth, the last of them" };
  guint n_beside = 0;

  for (int w = 300; w <= 1200; w += 25)
    for (int h = 60; h <= 240; h += 12)
      {
        cairo_rectangle_t leg, data, leg0, data0;
        DpvPanelRecord *plain = auto_panel_scaled (w, h, 1.0, labels, 6, FALSE, &leg0, &data0);
        DpvPanelRecord *r = auto_panel_scaled (w, h, 1.0, labels, 6, TRUE, &leg, &data);

        if (r->legend_form == DPV_LEGEND_BESIDE)
          {
            n_beside++;
            g_assert_cmpfloat (leg.x, >=, data.x + data.width);
            g_assert_cmpfloat (leg.x + leg.width, <=, w + 0.01);
            g_assert_cmpfloat (leg.y, >=, -0.01);
            g_assert_cmpfloat (leg.y + leg.height, <=, h + 0.01);
            g_assert_cmpfloat (leg.width, <=, 0.45 * w);
            g_assert_cmpfloat (data.width, <, data0.width - leg.width * 0.9);
            g_assert_cmpfloat_with_epsilon (data.height, data0.height, 1.01);
            assert_all_entries (r, labels, 6);
          }
        dpv_panel_record_free (plain);
        dpv_panel_record_free (r);
      }
  g_test_message ("%u panel sizes draw the legend beside the data", n_beside);
  g_assert_cmpuint (n_beside, >, 0);

  /* with a title, the column starts under it, or beside a title narrowed to its left: the
   * legend never covers the title */
  n_beside = 0;
  for (int w = 300; w <= 1200; w += 25)
    for (int h = 60; h <= 240; h += 12)
      {
        cairo_rectangle_t leg, data;
        DpvPanelRecord *r = auto_panel_titled (w, h, 1.0, "a panel title, centred over it",
                                               labels, 6, TRUE, &leg, &data);

        if (r->legend_form == DPV_LEGEND_BESIDE)
          {
            n_beside++;
            for (guint t = 0; t < r->texts->len; t++)
              {
                const DpvTextBox *b = &g_array_index (r->texts, DpvTextBox, t);

                if (b->kind == DPV_TEXT_TITLE)
                  g_assert_true (leg.y >= b->y + b->h - 0.01 || leg.x >= b->x + b->w - 0.01);
              }
            g_assert_cmpfloat (leg.y + leg.height, <=, h + 0.01);
            assert_all_entries (r, labels, 6);
          }
        dpv_panel_record_free (r);
      }
  g_test_message ("%u titled panel sizes draw the legend beside the data", n_beside);
  g_assert_cmpuint (n_beside, >, 0);
}

/* A panel at least three times as wide as it is tall takes the column beside its data
 * rather than a strip that would leave it under eight lines: a strip is drawn under such a
 * panel only where eight lines stay above it, and some sizes take the column although a
 * strip would hold the legend. A panel less wide keeps the strip or the box. */
static void
test_legend_beside_wide (void)
{
  static const char *labels[] = { "first curve", "second curve", "third curve" };
  guint n_beside = 0, n_below = 0;

  for (int w = 600; w <= 1500; w += 50)
    for (int h = 80; h <= 320; h += 20)
      {
        cairo_rectangle_t leg, data, leg0, data0;
        DpvPanelRecord *plain = auto_panel_scaled (w, h, 1.0, labels, 3, FALSE, &leg0, &data0);
        DpvPanelRecord *r = auto_panel_scaled (w, h, 1.0, labels, 3, TRUE, &leg, &data);

        if (w >= 3 * h && r->legend_form == DPV_LEGEND_BELOW)
          {
            n_below++;
            g_assert_cmpfloat (h - leg.height, >=, 8 * r->em);
          }
        if (w >= 3 * h && r->legend_form == DPV_LEGEND_BESIDE)
          {
            n_beside++;
            g_assert_cmpfloat_with_epsilon (data.height, data0.height, 1.01);
            assert_all_entries (r, labels, 3);
          }
        if (w < 3 * h)
          g_assert_cmpint (r->legend_form, !=, DPV_LEGEND_BESIDE);
        dpv_panel_record_free (plain);
        dpv_panel_record_free (r);
      }
  g_test_message ("wide panels: %u with the legend beside, %u below", n_beside, n_below);
  g_assert_cmpuint (n_beside, >, 0);
}

/* With enlarged text (a projector's 2×), a legend that finds no room at its usual sizes is
 * drawn smaller rather than not at all, but never smaller than the same legend at text
 * scale 1 (its box takes about the area a roomy panel at 1× gives it, or more: at least
 * 80 %, as entries wrapped onto two lines leave some of a line blank; one at 0.35 of the
 * 2× size would take half);
 * at text scale 1, the same panel in proportion (half the size) tries no smaller sizes.
 * Checked over a range of panel sizes, some of which must be saved by the smaller sizes. */
static void
test_legend_text_scale (void)
{
  static const char *labels[] = { "the first curve of this panel", "the second curve of it",
                                  "a third curve, longer named", "a fourth curve",
                                  "and a fifth one", "and a last, sixth" };
  cairo_rectangle_t roomy, roomy_data;
  DpvPanelRecord *roomy_record = auto_panel_scaled (2000, 1400, 1.0, labels, 6, FALSE, &roomy,
                                                   &roomy_data);
  guint n_saved = 0;

  for (int w = 200; w <= 800; w += 40)
    for (int h = 100; h <= 400; h += 20)
      {
        cairo_rectangle_t leg, data, leg1, data1;
        DpvPanelRecord *big = auto_panel_scaled (w, h, 2.0, labels, 6, TRUE, &leg, &data);
        DpvPanelRecord *half = auto_panel_scaled (w / 2, h / 2, 1.0, labels, 6, TRUE, &leg1,
                                                  &data1);

        if (big->legend->len == 6 && big->n_legend_ellipsized == 0
            && leg.width * leg.height < roomy.width * roomy.height * 0.8)
          g_error ("%d × %d at 2×: a legend of %.0f × %.0f (form %d), smaller than %.0f × %.0f "
                   "at 1×", w, h, leg.width, leg.height, big->legend_form, roomy.width,
                   roomy.height);
        if (half->legend->len < 6 && big->legend->len == 6)
          n_saved++;
        /* 2× text in a panel twice the size is the same figure at 1×, but for what the
         * smaller sizes add */
        g_assert_cmpuint (big->legend->len, >=, half->legend->len);
        dpv_panel_record_free (big);
        dpv_panel_record_free (half);
      }
  g_test_message ("%u panel sizes keep their legend at 2× only through the smaller sizes",
                  n_saved);
  g_assert_cmpuint (n_saved, >, 0);
  dpv_panel_record_free (roomy_record);
}

/* dpv_plot_set_legend_auto (): a panel whose legend, drawn inside, would take more than
 * 30 % of the data area gets the strip below; a big one keeps the box, and its data area;
 * every entry is drawn, none cut (from the panel log) */
static void
test_legend_auto (void)
{
  static const char *labels[] = { "the first curve of this panel", "the second curve of it",
                                  "a third curve, with a longer name", "a fourth curve",
                                  "and a fifth one" };
  static const int sizes[][2] = { { 280, 200 }, { 1400, 900 } };

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      cairo_rectangle_t leg, data, leg0, data0;
      DpvPanelRecord *plain, *r;
      double share;

      plain = auto_panel (sizes[k][0], sizes[k][1], labels, 5, FALSE, &leg0, &data0);
      r = auto_panel (sizes[k][0], sizes[k][1], labels, 5, TRUE, &leg, &data);
      share = leg0.width * leg0.height / (data0.width * data0.height);
      g_test_message ("%d × %d: the legend inside takes %.0f %% of the data area",
                      sizes[k][0], sizes[k][1], share * 100);
      if (k == 0)
        {
          /* inside, the legend would cover more than 30 %: in the strip, under the data */
          g_assert_cmpfloat (share, >, 0.3);
          g_assert_cmpint (r->legend_form, ==, DPV_LEGEND_BELOW);
          g_assert_cmpfloat (leg.y, >=, data.y + data.height);
          g_assert_cmpfloat (leg.y + leg.height, <=, sizes[k][1]);
          g_assert_cmpfloat (data.height, <, data0.height);
        }
      else
        {
          g_assert_cmpfloat (share, <=, 0.3);
          g_assert_cmpint (r->legend_form, ==, DPV_LEGEND_BOX);
          g_assert_cmpfloat_with_epsilon (data.height, data0.height, 1e-9);
          g_assert_cmpfloat (leg.y + leg.height, <=, data.y + data.height + 0.01);
        }
      g_assert_cmpuint (r->legend->len, ==, 5);
      for (guint i = 0; i < 5; i++)
        g_assert_cmpstr (g_ptr_array_index (r->legend, i), ==, labels[i]);
      g_assert_cmpuint (r->n_legend_ellipsized, ==, 0);
      dpv_panel_record_free (plain);
      dpv_panel_record_free (r);
    }
}

/* A 300 × 340 panel titled @title with a legend of @labels; its record, its legend's and its
 * title's boxes. */
static DpvPanelRecord *
narrow_panel (const char *title, const char *const *labels, guint n, cairo_rectangle_t *leg,
              cairo_rectangle_t *title_box)
{
  Canvas c;
  DpvPlot *p;
  double x[] = { 0, 1 }, y[] = { 0.5, 0.5 };

  canvas_init (&c, 300, 340, 1, DPV_THEME_LIGHT);
  start_log (&c);
  p = dpv_plot_new (c.cr, &c.style, 0, 0, 300, 340);
  dpv_plot_set_title (p, title);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "x");
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, "y");
  dpv_plot_draw_frame (p);
  for (guint k = 0; k < n; k++)
    dpv_plot_line (p, x, y, 2, &c.style.roles[k], 2, DPV_DASH_SOLID, labels[k]);
  dpv_plot_legend (p);
  g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_LEGEND, leg, 1), ==, 1);
  g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_TITLE, title_box, 1), ==, 1);
  dpv_plot_free (p);
  return take_record (&c);
}

/* a legend entry or a title too long for the panel wraps onto a second line rather than
 * being cut: the record has no entry and no title cut, and the boxes are a line taller than
 * with short texts, within the panel's width */
static void
test_legend_wrap (void)
{
  static const char *shorter[] = { "one curve", "another" };
  static const char *longer[] = { "one curve with a name far too long for this panel",
                                  "another" };
  const char *long_title = "A title that is much too long for one line of this panel";
  cairo_rectangle_t leg0, title0, leg, title;
  DpvPanelRecord *r0 = narrow_panel ("Short", shorter, 2, &leg0, &title0);
  DpvPanelRecord *r = narrow_panel (long_title, longer, 2, &leg, &title);
  double line = 13 * 0.9 * 0.78;   /* a line of legend text at its smallest, at least */

  g_assert_cmpuint (r->legend->len, ==, 2);
  g_assert_cmpuint (r->n_legend_ellipsized, ==, 0);
  g_assert_false (r->title_ellipsized);
  g_assert_cmpstr (r->title, ==, long_title);
  g_assert_cmpfloat (leg.height, >=, leg0.height + line);
  g_assert_cmpfloat (leg.x + leg.width, <=, 300);
  /* the title on two lines: at least 1.8 times as tall as one, within the panel */
  g_assert_cmpfloat (title.height, >=, 1.8 * title0.height);
  g_assert_cmpfloat (title.x, >=, 0);
  g_assert_cmpfloat (title.x + title.width, <=, 300);
  dpv_panel_record_free (r0);
  dpv_panel_record_free (r);
}

/* a legend never buries a small plot: smaller text, or none at all */
static void
test_legend_small (void)
{
  static const int sizes[][2] = { { 1200, 800 }, { 480, 300 }, { 320, 200 }, { 160, 100 } };

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      Canvas c;
      DpvPlot *p;
      double x[] = { 0, 1 }, y[] = { 0.2, 0.8 }, dx, dy, dw, dh;
      cairo_rectangle_t leg;
      gsize n;

      canvas_init (&c, sizes[k][0], sizes[k][1], 1, DPV_THEME_DARK);
      p = dpv_plot_new (c.cr, &c.style, 0, 0, sizes[k][0], sizes[k][1]);
      dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "x");
      dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, "y");
      dpv_plot_draw_frame (p);
      for (int r = 0; r < 5; r++)
        dpv_plot_line (p, x, y, 2, &c.style.roles[r], 2, (DpvDash) (r % 4),
                       "a rather long legend entry: ε(e<sup>ε</sup> − 1)");
      dpv_plot_legend (p);
      dpv_plot_get_data_area (p, &dx, &dy, &dw, &dh);
      n = dpv_plot_get_text_rects (p, DPV_TEXT_LEGEND, &leg, 1);
      if (k == 0)
        g_assert_cmpuint (n, ==, 1);   /* room enough: drawn */
      if (n == 1)
        {
          g_assert_cmpfloat (leg.width * leg.height, <=, 0.5 * dw * dh);
          g_assert_cmpfloat (leg.x, >=, dx);
          g_assert_cmpfloat (leg.y, >=, dy);
          g_assert_cmpfloat (leg.x + leg.width, <=, dx + dw);
          g_assert_cmpfloat (leg.y + leg.height, <=, dy + dh);
        }
      dpv_plot_free (p);
      canvas_clear (&c);
    }
}

/* a series drawn in pieces has one legend entry; a different series has its own */
static double
legend_height (int n_pieces, gboolean other)
{
  Canvas c;
  DpvPlot *p;
  double x[] = { 0, 0.5 }, y[] = { 0.2, 0.3 };
  cairo_rectangle_t leg;

  canvas_init (&c, 600, 400, 1, DPV_THEME_LIGHT);
  p = dpv_plot_new (c.cr, &c.style, 0, 0, 600, 400);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_draw_frame (p);
  for (int i = 0; i < n_pieces; i++)
    dpv_plot_line (p, x, y, 2, &c.style.roles[DPV_ROLE_D], 2, DPV_DASH_SOLID, "<i>D</i>");
  if (other)
    dpv_plot_line (p, x, y, 2, &c.style.roles[DPV_ROLE_D_PRIME], 2, DPV_DASH_SOLID, "<i>D</i>");
  dpv_plot_legend (p);
  g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_LEGEND, &leg, 1), ==, 1);
  dpv_plot_free (p);
  canvas_clear (&c);
  return leg.height;
}

static void
test_legend_dedup (void)
{
  double one = legend_height (1, FALSE);

  g_assert_cmpfloat_with_epsilon (legend_height (3, FALSE), one, 1e-9);
  g_assert_cmpfloat (legend_height (1, TRUE), >, one * 1.5);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/legend", test_legend_placement);
  g_test_add_func ("/plot/legend-below", test_legend_below);
  g_test_add_func ("/plot/legend-below-limits", test_legend_below_limits);
  g_test_add_func ("/plot/legend-small", test_legend_small);
  g_test_add_func ("/plot/legend-auto", test_legend_auto);
  g_test_add_func ("/plot/legend-beside", test_legend_beside);
  g_test_add_func ("/plot/legend-beside-wide", test_legend_beside_wide);
  g_test_add_func ("/plot/legend-text-scale", test_legend_text_scale);
  g_test_add_func ("/plot/legend-wrap", test_legend_wrap);
  g_test_add_func ("/plot/legend-dedup", test_legend_dedup);
  return g_test_run ();
}
