/* dpv-linkage-draw.c — the "Why not anonymise?" view drawn
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws the numbers of dpv-linkage.c; computes nothing. Top: what the attacker knows, the two
 * hospitals' generalised tables with the rows consistent with it highlighted, and what is left
 * in both. Below: the DP count instead, its two densities (D: her record has the diagnosis; D′:
 * it has another) with a released count, and the attacker's posterior against the count inside
 * the band that ε-DP allows. A thumbnail leaves out the tables and keeps their outcome.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-linkage.h"
#include "dpv-text.h"

typedef struct {
  const DpvLinkage *l;
  const DpvParams *params;
  gboolean compact;
  gboolean legend_below;    /* the DP count's panels are too small to keep it off the data */
} Lk;

/* ---- the tables ------------------------------------------------------------------------ */

static const DpvLinkageColumn columns[] = {
  DPV_LINKAGE_COLUMN_NAME, DPV_LINKAGE_COLUMN_AGE, DPV_LINKAGE_COLUMN_GENDER,
  DPV_LINKAGE_COLUMN_ZIP, DPV_LINKAGE_COLUMN_SMOKER, DPV_LINKAGE_COLUMN_DIAGNOSIS,
};
#define N_COLUMNS G_N_ELEMENTS (columns)

/* A cell's text, escaped for Pango (new string). */
static char *
cell_text (const DpvLinkageRow *row, DpvLinkageColumn column)
{
  g_autofree char *age = NULL;

  switch (column)
    {
    case DPV_LINKAGE_COLUMN_NAME:
      return g_markup_escape_text (dpv_linkage_row_name (row), -1);
    case DPV_LINKAGE_COLUMN_AGE:
      age = dpv_linkage_row_age (row);
      return g_markup_escape_text (age, -1);
    case DPV_LINKAGE_COLUMN_GENDER:
      return g_markup_escape_text (dpv_linkage_sex_label (row->sex), -1);
    case DPV_LINKAGE_COLUMN_ZIP:
      return g_markup_escape_text (row->zip, -1);
    case DPV_LINKAGE_COLUMN_SMOKER:
      return g_markup_escape_text (dpv_linkage_smoker_label (row->smoker), -1);
    case DPV_LINKAGE_COLUMN_DIAGNOSIS:
    case DPV_LINKAGE_N_COLUMNS:
    default:
      return g_markup_escape_text (dpv_linkage_diagnosis_label (row->diagnosis), -1);
    }
}

static gboolean
has_column (const DpvLinkageTable *t, DpvLinkageColumn column)
{
  return column != DPV_LINKAGE_COLUMN_SMOKER || t->has_smoker;
}

/* Column widths of @t at text size @factor; returns the table's width. */
static double
measure_table (cairo_t *cr, const DpvStyle *style, const DpvLinkageTable *t, double factor,
               double pad, double *widths, double *row_h)
{
  double total = 0;

  *row_h = 0;
  for (gsize c = 0; c < N_COLUMNS; c++)
    {
      g_autofree char *head = NULL;
      double cw = 0, ch = 0;

      widths[c] = 0;
      if (!has_column (t, columns[c]))
        continue;
      head = g_markup_printf_escaped ("<b>%s</b>", dpv_linkage_column_title (columns[c]));
      dpv_measure_text (cr, style, head, factor, &cw, &ch);
      widths[c] = cw;
      *row_h = MAX (*row_h, ch);
      for (guint i = 0; i < t->n_rows; i++)
        {
          g_autofree char *text = cell_text (&t->rows[i], columns[c]);
          g_autofree char *bold = g_strdup_printf ("<b>%s</b>", text);

          dpv_measure_text (cr, style, bold, factor, &cw, &ch);
          widths[c] = MAX (widths[c], cw);
        }
      widths[c] += 2 * pad;
      total += widths[c];
    }
  *row_h += pad;
  return total;
}

/* Draws a table with its consistent rows highlighted and the diagnoses left in both tables
 * marked; returns its height (header, rows, caption). */
static double
draw_table (cairo_t *cr, const DpvStyle *style, const Lk *c, const DpvLinkageRead *r, double x,
            double y, double w, double factor)
{
  const DpvLinkageTable *t = r->table;
  double widths[N_COLUMNS], row_h, pad = dpv_style_text_size (style) * 0.35;
  double tw = measure_table (cr, style, t, factor, pad, widths, &row_h);
  double cy = y, left;
  g_autofree char *k_text = NULL;

  /* shrink to fit */
  while (tw > w && factor > 0.55)
    {
      factor *= 0.92;
      pad *= 0.92;
      tw = measure_table (cr, style, t, factor, pad, widths, &row_h);
    }
  left = x + MAX (0, (w - tw) / 2);

  /* header */
  {
    double cx = left;

    for (gsize col = 0; col < N_COLUMNS; col++)
      {
        g_autofree char *head = NULL;

        if (!has_column (t, columns[col]))
          continue;
        head = g_markup_printf_escaped ("<b>%s</b>", dpv_linkage_column_title (columns[col]));
        dpv_draw_text_block (cr, style, cx + pad, cy + pad / 2, 0, head, factor, NULL);
        cx += widths[col];
      }
    cy += row_h;
    cairo_save (cr);
    dpv_color_set_source (&style->foreground, cr);
    cairo_set_line_width (cr, MAX (1.0, style->line_width * 0.7));
    cairo_move_to (cr, left, cy);
    cairo_line_to (cr, left + tw, cy);
    cairo_stroke (cr);
    cairo_restore (cr);
  }
  for (guint i = 0; i < t->n_rows; i++)
    {
      const DpvLinkageRow *row = &t->rows[i];
      gboolean match = r->matches[i];
      gboolean common = match && (c->l->common & (1u << row->diagnosis)) != 0;
      double cx = left;

      if (match)
        {
          cairo_save (cr);
          cairo_rectangle (cr, left, cy, tw, row_h);
          cairo_set_source_rgba (cr, style->accent.r, style->accent.g, style->accent.b, 0.18);
          cairo_fill (cr);
          cairo_restore (cr);
        }
      for (gsize col = 0; col < N_COLUMNS; col++)
        {
          g_autofree char *text = NULL;
          g_autofree char *markup = NULL;
          gboolean diag = columns[col] == DPV_LINKAGE_COLUMN_DIAGNOSIS;

          if (!has_column (t, columns[col]))
            continue;
          text = cell_text (row, columns[col]);
          markup = match ? g_strdup_printf ("<b>%s</b>", text) : g_strdup (text);
          dpv_draw_text_block (cr, style, cx + pad, cy + pad / 2, 0, markup, factor,
                               diag && common ? &style->roles[DPV_ROLE_D_PRIME]
                                              : match ? &style->foreground : &style->muted);
          cx += widths[col];
        }
      cy += row_h;
    }
  cairo_save (cr);
  dpv_color_set_source (&style->foreground, cr);
  cairo_set_line_width (cr, MAX (1.0, style->line_width * 0.7));
  cairo_move_to (cr, left, cy);
  cairo_line_to (cr, left + tw, cy);
  cairo_stroke (cr);
  cairo_restore (cr);
  cy += pad;
  {
    g_autofree char *caption = g_markup_escape_text (dpv_linkage_table_caption (t), -1);

    cy += dpv_draw_text_block (cr, style, left, cy, x + w - left, caption, factor * 0.95,
                               &style->muted);
  }
  if (t->generalised)
    {
      g_autofree char *left_text = dpv_linkage_diagnoses_text (r->diagnoses);
      g_autofree char *esc = g_markup_escape_text (left_text, -1);

      k_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%u-anonymous · %u row fits: %s",
                                             "%u-anonymous · %u rows fit: %s", r->n_matches),
                                r->k, r->n_matches, esc);
      cy += dpv_draw_text_block (cr, style, left, cy, x + w - left, k_text, factor * 0.95, NULL);
    }
  return cy - y;
}

/* ---- the DP count ---------------------------------------------------------------------- */

/* The legend entries of the two densities (new strings). */
static void
density_labels (const DpvLinkage *l, char **on_d, char **on_d_prime)
{
  g_autofree char *d = g_markup_escape_text (dpv_linkage_diagnosis_label (l->asked), -1);
  g_autofree char *fd = g_strdup_printf ("%g", l->count.count_if_true);
  g_autofree char *fdp = g_strdup_printf ("%g", l->count.count_if_false);

  *on_d = g_strdup_printf (_("D: her record says %s, f(D) = %s"), d, fd);
  *on_d_prime = g_strdup_printf (_("D′: it says something else, f(D′) = %s"), fdp);
}

static void
setup_densities (DpvPlot *plot, gconstpointer user_data)
{
  const Lk *c = user_data;
  const DpvLinkage *l = c->l;
  g_autofree char *b = dpv_fmt (l->count.laplace_scale);
  g_autofree char *title = g_strdup_printf (_("the released count z = f + Lap(%s)"), b);
  g_autofree char *short_title = g_strdup_printf ("z = f + Lap(%s)", b);
  const char *titles[] = { title, short_title };

  dpv_plot_set_x_axis (plot, l->z_lo, l->z_hi, DPV_SCALE_LINEAR, _("released count z"));
  dpv_plot_set_y_axis (plot, 0.0, l->density_max, DPV_SCALE_LINEAR, _("density"));
  dpv_plot_set_title_choices (plot, titles, 2);
  if (c->legend_below)
    {
      g_autofree char *ld = NULL;
      g_autofree char *ldp = NULL;
      const char *labels[2];

      density_labels (l, &ld, &ldp);
      labels[0] = ld;
      labels[1] = ldp;
      dpv_plot_set_legend_below (plot, labels, 2);
    }
}

/* The legend entries of the posterior panel: the band, the prior (new string), the
 * posterior. */
static void
posterior_labels (const DpvLinkage *l, const char *labels[3], char **prior)
{
  g_autofree char *pr = dpv_fmt (l->count.prior);

  *prior = g_strdup_printf (_("prior %s"), pr);
  labels[0] = _("ε-DP: posterior odds within e<sup>±ε</sup> of the prior odds");
  labels[1] = *prior;
  labels[2] = _("posterior after z");
}

static void
setup_posterior (DpvPlot *plot, gconstpointer user_data)
{
  const Lk *c = user_data;
  const DpvLinkage *l = c->l;
  g_autofree char *d = g_markup_escape_text (dpv_linkage_diagnosis_label (l->asked), -1);
  g_autofree char *title = g_strdup_printf (_("the attacker’s posterior Pr[%s | z]"), d);
  g_autofree char *short_title = g_strdup_printf ("Pr[%s | z]", d);
  const char *titles[] = { title, short_title };

  dpv_plot_set_x_axis (plot, l->z_lo, l->z_hi, DPV_SCALE_LINEAR, _("released count z"));
  dpv_plot_set_y_axis (plot, 0.0, 1.0, DPV_SCALE_LINEAR, _("probability"));
  dpv_plot_set_title_choices (plot, titles, 2);
  if (c->legend_below)
    {
      const char *labels[3];
      g_autofree char *prior = NULL;

      posterior_labels (l, labels, &prior);
      dpv_plot_set_legend_below (plot, labels, 3);
    }
}

static void
draw_densities (const Lk *c, const DpvStyle *style, DpvPlot *plot)
{
  const DpvLinkage *l = c->l;
  g_autofree char *ld = NULL;
  g_autofree char *ldp = NULL;
  g_autofree char *zs = dpv_fmt (l->z);
  g_autofree char *zl = g_strdup_printf (_("released z = %s"), zs);

  density_labels (l, &ld, &ldp);
  dpv_plot_draw_frame (plot);
  dpv_plot_line (plot, l->zs, l->density_d, l->nz, &style->roles[DPV_ROLE_D],
                 style->line_width * 1.3, DPV_DASH_SOLID, ld);
  dpv_plot_line (plot, l->zs, l->density_d_prime, l->nz, &style->roles[DPV_ROLE_D_PRIME],
                 style->line_width * 1.3, DPV_DASH_SOLID, ldp);
  dpv_plot_vline (plot, l->z, &style->accent, DPV_DASH_DASHED, zl);
  dpv_plot_legend (plot);
}

static void
draw_posterior (const Lk *c, const DpvStyle *style, DpvPlot *plot)
{
  const DpvLinkage *l = c->l;
  const DpvLinkageDpCount *n = &l->count;
  const char *labels[3];
  g_autofree char *prior = NULL;
  g_autofree char *ps = dpv_fmt (l->posterior_at_z);
  g_autofree char *pl = g_strdup_printf (_("posterior %s"), ps);
  double z = l->z, p = l->posterior_at_z;

  posterior_labels (l, labels, &prior);

  dpv_plot_shade_y_range (plot, n->posterior_low, n->posterior_high,
                          &style->roles[DPV_ROLE_LOSS], 0.14);
  dpv_plot_draw_frame (plot);
  dpv_plot_hline (plot, n->posterior_low, &style->roles[DPV_ROLE_LOSS], DPV_DASH_DASHED, NULL);
  dpv_plot_hline (plot, n->posterior_high, &style->roles[DPV_ROLE_LOSS], DPV_DASH_DASHED, NULL);
  {
    /* the band's edges in the legend */
    double bx[2] = { l->z_lo, l->z_hi }, by[2] = { NAN, NAN };

    dpv_plot_line (plot, bx, by, 2, &style->roles[DPV_ROLE_LOSS], style->line_width,
                   DPV_DASH_DASHED, labels[0]);
  }
  {
    double bx[2] = { l->z_lo, l->z_hi }, by[2] = { n->prior, n->prior };

    dpv_plot_line (plot, bx, by, 2, &style->muted, style->line_width, DPV_DASH_DOTTED,
                   labels[1]);
  }
  dpv_plot_line (plot, l->zs, l->posterior, l->nz, &style->roles[DPV_ROLE_ACTUAL],
                 style->line_width * 1.4, DPV_DASH_SOLID, labels[2]);
  dpv_plot_vline (plot, z, &style->accent, DPV_DASH_DASHED, NULL);
  dpv_plot_markers (plot, &z, &p, 1, &style->accent, 4.5, NULL);
  /* beside the release's line, where it is clear of the posterior and the band's edges */
  dpv_plot_annotate_vline (plot, z, p, pl,
                           p > 0.5 ? DPV_ANCHOR_SOUTH_EAST : DPV_ANCHOR_NORTH_EAST,
                           &style->accent);
  dpv_plot_legend (plot);
}

/* ---- the figure ------------------------------------------------------------------------ */

static char *
knowledge_text (const DpvLinkage *l)
{
  g_autofree char *name = g_markup_escape_text (dpv_linkage_target_name (l), -1);

  return g_strdup_printf (_("<b>The attacker knows:</b> %s is %d, %s, and visited both "
                            "hospitals."),
                          name, l->knowledge.age, dpv_linkage_sex_word (l->knowledge.sex));
}

static char *
verdict_text (const DpvLinkage *l, const DpvStyle *style)
{
  g_autofree char *a = dpv_linkage_diagnoses_text (l->read[DPV_LINKAGE_TABLE_3_2].diagnoses);
  g_autofree char *b = dpv_linkage_diagnoses_text (l->read[DPV_LINKAGE_TABLE_3_3].diagnoses);
  g_autofree char *both = dpv_linkage_diagnoses_text (l->common);
  g_autofree char *ea = g_markup_escape_text (a, -1);
  g_autofree char *eb = g_markup_escape_text (b, -1);
  g_autofree char *eboth = g_markup_escape_text (both, -1);
  g_autofree char *name = g_markup_escape_text (dpv_linkage_target_name (l), -1);
  const DpvColor *c = &style->roles[DPV_ROLE_D_PRIME];
  g_autofree char *colour = g_strdup_printf ("#%02x%02x%02x", (int) lround (c->r * 255),
                                             (int) lround (c->g * 255),
                                             (int) lround (c->b * 255));

  if (l->revealed)
    return g_strdup_printf (_("Hospital A leaves {%s}, hospital B {%s}: only "
                              "<span foreground=\"%s\"><b>%s</b></span> is in both, so %s has "
                              "<span foreground=\"%s\"><b>%s</b></span>."),
                            ea, eb, colour, eboth, name, colour, eboth);
  if (l->common != 0)
    return g_strdup_printf (_("Hospital A leaves {%s}, hospital B {%s}: {%s} in both, so the "
                              "attack narrows the diagnosis down without naming it."),
                            ea, eb, eboth);
  if (l->read[DPV_LINKAGE_TABLE_3_3].n_matches == 0
      || l->read[DPV_LINKAGE_TABLE_3_2].n_matches == 0)
    return g_strdup_printf (_("Hospital A leaves {%s}, hospital B {%s}: no row of one table "
                              "fits, so %s cannot have visited both hospitals."),
                            ea, eb, name);
  return g_strdup_printf (_("Hospital A leaves {%s}, hospital B {%s}: no diagnosis is in "
                            "both."),
                          ea, eb);
}

static char *
question_text (const DpvLinkage *l)
{
  g_autofree char *d = g_markup_escape_text (dpv_linkage_diagnosis_label (l->asked), -1);
  g_autofree char *eps = dpv_fmt (l->count.epsilon);

  return g_strdup_printf (_("<b>Instead, a DP count:</b> hospital B answers “how many %d–%d-year-"
                            "old %s patients have %s?” with Laplace noise of scale 1/ε, "
                            "ε = %s."),
                          l->band_low, l->band_low + 10,
                          dpv_linkage_sex_word (l->knowledge.sex), d, eps);
}

void
dpv_linkage_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr, double x, double y,
                  double w, double h)
{
  const DpvLinkage *l = dpv_frame_get_result (frame);
  Lk c = { l, dpv_frame_get_params (frame) };
  double text = dpv_style_text_size (style), gap = text * 0.8, factor, cy = y;
  g_autofree char *know = knowledge_text (l);
  g_autofree char *verdict = verdict_text (l, style);
  g_autofree char *question = question_text (l);
  g_autoptr(DpvPlot) dens = NULL;
  g_autoptr(DpvPlot) post = NULL;
  DpvPlot *pair[2];
  double ha, hb, rest;

  c.compact = w < 40 * text || h < 24 * text;
  /* the tables' text: smaller on small figures */
  factor = CLAMP (h / (56 * text), 0.6, 1.0);
  /* A thumbnail has no room for the tables: the attack's outcome in one sentence, then the
   * DP count. */
  if (w < 36 * text || h < 30 * text)
    cy += dpv_draw_text_block (cr, style, x + gap, cy, w - 2 * gap, verdict, factor, NULL)
          + gap * 0.3;
  else
    {
      cy += dpv_draw_text_block (cr, style, x + gap, cy, w - 2 * gap, know, factor, NULL)
            + gap * 0.5;
      ha = draw_table (cr, style, &c, &l->read[DPV_LINKAGE_TABLE_3_2], x + gap, cy,
                       w / 2 - 1.5 * gap, factor);
      hb = draw_table (cr, style, &c, &l->read[DPV_LINKAGE_TABLE_3_3], x + w / 2 + gap * 0.5,
                       cy, w / 2 - 1.5 * gap, factor);
      cy += MAX (ha, hb) + gap * 0.4;
      cy += dpv_draw_text_block (cr, style, x + gap, cy, w - 2 * gap, verdict, factor, NULL)
            + gap * factor;
      cy += dpv_draw_text_block (cr, style, x + gap, cy, w - 2 * gap, question, factor, NULL);
    }
  rest = y + h - cy;
  /* Measured on exports from 842 × 595 up: in smaller panels the legend covered the peaks. */
  c.legend_below = rest < 26 * text || w / 2 < 36 * text;
  if (w < 36 * text)
    {
      /* narrow: the two panels stacked, full width, so that the legends' entries fit */
      dens = dpv_panel_new (cr, style, x, cy, w, rest / 2, setup_densities, &c);
      post = dpv_panel_new (cr, style, x, cy + rest / 2, w, rest - rest / 2, setup_posterior,
                            &c);
    }
  else
    {
      dens = dpv_panel_new (cr, style, x, cy, w / 2, rest, setup_densities, &c);
      post = dpv_panel_new (cr, style, x + w / 2, cy, w / 2, rest, setup_posterior, &c);
      pair[0] = dens;
      pair[1] = post;
      dpv_plot_align_bottom (pair, 2);
    }
  draw_densities (&c, style, dens);
  draw_posterior (&c, style, post);
}
