/* dpv-plot.c — one panel: axes, series, fills, annotations, legend
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything is in the user units of the caller's cairo context, so the same code draws a
 * 320×200 thumbnail, a HiDPI widget (the caller scales cr) and a 600 dpi PDF. Text goes
 * through one PangoContext created from cr with metric hinting off, so that label sizes, and
 * therefore margins, do not depend on the device scale.
 */
#include "config.h"

#include <math.h>

#include "dpv-plot-private.h"

/* Numbers the panels, so that a series log tells two panels with the same titles apart. */
static gint panels_made;
/* The panels of the figure on a cairo_t: a counter in its user data. */
static cairo_user_data_key_t ordinal_key;

void
dpv_plot_begin_figure (cairo_t *cr)
{
  g_return_if_fail (cr != NULL);
  cairo_set_user_data (cr, &ordinal_key, NULL, NULL);
}

/* What a figure's panels share: how many were made, and which pins have their key. */
typedef struct {
  guint next_ordinal;
  guint64 keyed;
} FigureState;

static FigureState *
figure_state (cairo_t *cr)
{
  FigureState *state = cairo_get_user_data (cr, &ordinal_key);

  if (state == NULL)
    {
      state = g_new0 (FigureState, 1);
      if (cairo_set_user_data (cr, &ordinal_key, state, g_free) != CAIRO_STATUS_SUCCESS)
        {
          g_free (state);
          return NULL;
        }
    }
  return state;
}

static guint
next_ordinal (cairo_t *cr)
{
  FigureState *state = figure_state (cr);

  return state != NULL ? state->next_ordinal++ : 0;
}

gboolean
dpv_plot_claim_pin_key (DpvPlot *p, guint pin)
{
  FigureState *state = figure_state (p->cr);
  guint64 bit = G_GUINT64_CONSTANT (1) << MIN (pin, 63);

  if (state == NULL)
    return TRUE;
  if (state->keyed & bit)
    return FALSE;
  state->keyed |= bit;
  return TRUE;
}

DpvPlot *
dpv_plot_new (cairo_t        *cr,
              const DpvStyle *style,
              double          x,
              double          y,
              double          width,
              double          height)
{
  DpvPlot *p;

  g_return_val_if_fail (cr != NULL, NULL);
  g_return_val_if_fail (style != NULL, NULL);

  p = g_new0 (DpvPlot, 1);
  p->serial = (guint) g_atomic_int_add (&panels_made, 1);
  p->ordinal = next_ordinal (cr);
  p->cr = cairo_reference (cr);
  p->style = *style;
  p->style.font_family[sizeof p->style.font_family - 1] = '\0';
  if (!isfinite (p->style.line_width) || p->style.line_width <= 0)
    p->style.line_width = 2.0;
  if (!isfinite (p->style.text_scale) || p->style.text_scale <= 0)
    p->style.text_scale = 1.0;
  if (!isfinite (p->style.font_size) || p->style.font_size <= 0)
    p->style.font_size = 13.0;

  /* STYLE.md: snapped on image surfaces only; vector exports stay exact even when the caller
   * passes a screen style */
  p->vector = dpv_target_is_vector (cr);
  if (p->vector)
    p->style.pixel_snap = FALSE;

  p->x = isfinite (x) ? x : 0;
  p->y = isfinite (y) ? y : 0;
  p->w = (isfinite (width) && width > 1) ? width : 1;
  p->h = (isfinite (height) && height > 1) ? height : 1;
  p->x_tick_labels = TRUE;

  {
    const char *sig = NULL;

    p->pctx = g_object_ref (dpv_text_shared_context (cr, &sig));
    p->pctx_sig = g_strdup (sig);
  }
  p->layouts = dpv_plot_layout_table_new ();
  p->points = g_array_new (FALSE, FALSE, sizeof (Point));
  p->ref_points = g_array_new (FALSE, FALSE, sizeof (Point));
  p->entries = g_array_new (FALSE, FALSE, sizeof (LegendEntry));
  p->texts = g_array_new (FALSE, FALSE, sizeof (TextRect));

  dpv_plot_axis_set (p, AX_X, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_axis_set (p, AX_Y, 0, 1, DPV_SCALE_LINEAR, NULL);
  p->axes[AX_X].set = FALSE;
  p->axes[AX_Y].set = FALSE;
  return p;
}

void
dpv_plot_free (DpvPlot *plot)
{
  if (plot == NULL)
    return;
  dpv_plot_log_panel (plot);
  for (int i = 0; i < N_AXES; i++)
    g_free (plot->axes[i].title);
  for (guint i = 0; i < plot->entries->len; i++)
    g_free (g_array_index (plot->entries, LegendEntry, i).markup);
  g_array_unref (plot->entries);
  if (plot->pin_entries != NULL)
    {
      for (guint i = 0; i < plot->pin_entries->len; i++)
        g_free (g_array_index (plot->pin_entries, LegendEntry, i).markup);
      g_array_unref (plot->pin_entries);
    }
  g_array_unref (plot->points);
  g_array_unref (plot->ref_points);
  g_free (plot->points_index.start);
  g_free (plot->points_index.sorted);
  g_free (plot->ref_points_index.start);
  g_free (plot->ref_points_index.sorted);
  g_array_unref (plot->texts);
  if (plot->below != NULL)
    g_ptr_array_unref (plot->below);
  if (plot->auto_legend != NULL)
    g_ptr_array_unref (plot->auto_legend);
  g_hash_table_unref (plot->layouts);
  g_object_unref (plot->pctx);
  g_free (plot->pctx_sig);
  g_free (plot->title);
  g_strfreev (plot->title_choices);
  if (plot->gray_keys != NULL)
    g_ptr_array_unref (plot->gray_keys);
  cairo_destroy (plot->cr);
  g_free (plot);
}

void
dpv_plot_set_title (DpvPlot    *plot,
                    const char *markup)
{
  g_return_if_fail (plot != NULL);
  g_free (plot->title);
  plot->title = (markup && *markup) ? g_strdup (markup) : NULL;
  g_clear_pointer (&plot->title_choices, g_strfreev);
  plot->laid_out = FALSE;
}

void
dpv_plot_set_title_choices (DpvPlot           *plot,
                            const char *const *markups,
                            gsize              n)
{
  GStrvBuilder *b;

  g_return_if_fail (plot != NULL);
  g_return_if_fail (markups != NULL || n == 0);
  dpv_plot_set_title (plot, n > 0 ? markups[n - 1] : NULL);
  if (n < 2)
    return;
  b = g_strv_builder_new ();
  for (gsize i = 0; i < n; i++)
    g_strv_builder_add (b, markups[i] ? markups[i] : "");
  plot->title_choices = g_strv_builder_end (b);
  g_strv_builder_unref (b);
}

void
dpv_plot_set_x_tick_labels (DpvPlot  *plot,
                            gboolean  visible)
{
  g_return_if_fail (plot != NULL);
  plot->x_tick_labels = visible;
  plot->laid_out = FALSE;
}

void
dpv_plot_set_x_ticks (DpvPlot           *plot,
                      const double      *values,
                      const char *const *labels,
                      gsize              n)
{
  Axis *ax;

  g_return_if_fail (plot != NULL);
  g_return_if_fail (n == 0 || (values != NULL && labels != NULL));

  ax = &plot->axes[AX_X];
  ax->n_fixed = 0;
  for (gsize i = 0; i < n && ax->n_fixed < DPV_MAX_TICKS; i++)
    if (isfinite (values[i]))
      {
        DpvTick *t = &ax->fixed[ax->n_fixed++];

        t->value = values[i];
        t->major = TRUE;
        g_strlcpy (t->label, labels[i] != NULL ? labels[i] : "", sizeof t->label);
      }
  plot->laid_out = FALSE;
}
