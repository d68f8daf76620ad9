/* dpv-figure.c — a frame as a figure: background, caption, the view, or a message
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pango.h>

#include "dpv-figure.h"
#include "dpv-plot.h"
#include "dpv-ticks.h"
#include "dpv-render-image.h"
#include "dpv-text.h"
#include "dpv-view-util.h"

/* A message instead of a figure (invalid parameters). */
static void
render_message (const DpvStyle *style, cairo_t *cr, double x, double y, double w, double h,
                const char *message)
{
  g_autofree char *escaped = g_markup_escape_text (message, -1);
  g_autofree char *markup = g_strdup_printf ("<b>%s</b>\n%s", _("Cannot draw this figure"),
                                             escaped);
  double tw = 0, th = 0;
  double pad = MIN (w, h) * 0.06;

  dpv_measure_text (cr, style, markup, 1.0, &tw, &th);
  dpv_draw_text_block (cr, style, x + pad, y + MAX (pad, (h - th) / 2), MAX (1.0, w - 2 * pad),
                       markup, 1.0, &style->foreground);
}

/* @markup's height as a caption block @avail wide: its line count estimated from the
 * unwrapped width (the block wraps at word boundaries). */
static double
caption_height (cairo_t *cr, const DpvStyle *style, const char *markup, double avail,
                double pad)
{
  double tw = 0, th = 0, lines;

  dpv_measure_text (cr, style, markup, 1.0, &tw, &th);
  lines = avail > 1.0 ? ceil (tw * 1.08 / avail) : 1.0;
  lines = CLAMP (lines, 1.0, 6.0);
  return lines * th + 2 * pad;
}

static gboolean
has_string (GPtrArray *strings, const char *s)
{
  for (guint i = 0; i < strings->len; i++)
    if (g_str_equal (g_ptr_array_index (strings, i), s))
      return TRUE;
  return FALSE;
}

/* An entry counts as drawn when the legend drew it or when a label in the panel reads as its
 * text: the panel records a label as the text Pango drew, markup parsed. */
static gboolean
entry_drawn (const DpvPanelRecord *r, const char *markup)
{
  g_autofree char *plain = NULL;

  if (has_string (r->legend, markup))
    return TRUE;
  if (!pango_parse_markup (markup, -1, 0, NULL, &plain, NULL, NULL))
    return FALSE;
  return has_string (r->labels, plain);
}

guint
dpv_figure_panel_crowding (const DpvPanelRecord *r, const char *where, GString *report)
{
  const double tol = 0.5;
  const char *name = r->full_title != NULL ? r->full_title : "(untitled)";
  guint n = 0;

  g_return_val_if_fail (r != NULL, 0);

  if (r->data_h > 0
      && (r->data_h < DPV_FIGURE_DATA_EM * r->em || r->data_w < 2 * DPV_FIGURE_DATA_EM * r->em))
    {
      n++;
      if (report != NULL)
        g_string_append_printf (report, "%s: panel %s has a data area of %.0f × %.0f, text "
                                "size %.1f\n", where, name, r->data_w, r->data_h, r->em);
    }
  for (guint t = 0; t < r->texts->len; t++)
    {
      const DpvTextBox *b = &g_array_index (r->texts, DpvTextBox, t);

      if (b->kind == DPV_TEXT_LEGEND && r->legend_form == DPV_LEGEND_BOX
          && b->w * b->h > DPV_FIGURE_BOX_SHARE * r->data_w * r->data_h)
        {
          n++;
          if (report != NULL)
            g_string_append_printf (report, "%s: panel %s has a legend box over %.0f %% of "
                                    "its data\n", where, name,
                                    100 * b->w * b->h / (r->data_w * r->data_h));
        }
      for (guint u = 0; b->kind == DPV_TEXT_ANNOTATION && u < t; u++)
        {
          const DpvTextBox *c = &g_array_index (r->texts, DpvTextBox, u);

          if (c->kind == DPV_TEXT_ANNOTATION
              && MIN (b->x + b->w, c->x + c->w) - MAX (b->x, c->x) > tol
              && MIN (b->y + b->h, c->y + c->h) - MAX (b->y, c->y) > tol)
            {
              n++;
              if (report != NULL)
                g_string_append_printf (report, "%s: panel %s has labels %u and %u "
                                        "overlapping\n", where, name, u, t);
            }
        }
    }
  return n;
}

gboolean
dpv_figure_panels_complete (GPtrArray *panels, double width, double height)
{
  const double tol = 0.5;

  g_return_val_if_fail (panels != NULL, FALSE);

  for (guint i = 0; i < panels->len; i++)
    {
      const DpvPanelRecord *r = g_ptr_array_index (panels, i);

      if (r->full_title != NULL && (r->title == NULL || r->title_ellipsized))
        return FALSE;
      if (r->n_legend_ellipsized > 0)
        return FALSE;
      for (guint e = 0; r->entries != NULL && e < r->entries->len; e++)
        if (!entry_drawn (r, g_ptr_array_index (r->entries, e)))
          return FALSE;
      if (dpv_figure_panel_crowding (r, NULL, NULL) > 0)
        return FALSE;
      for (guint t = 0; t < r->texts->len; t++)
        {
          const DpvTextBox *b = &g_array_index (r->texts, DpvTextBox, t);

          if (b->x < -tol || b->y < -tol || b->x + b->w > width + tol
              || b->y + b->h > height + tol)
            return FALSE;
        }
    }
  return TRUE;
}

/* @frame drawn w × h on a recording surface (the layout of an image surface) at @scale:
 * whether its panels are complete. */
static gboolean
figure_complete_at (const DpvFrame *frame, const DpvStyle *style0, double w, double h,
                    double scale)
{
  cairo_rectangle_t extents = { 0, 0, ceil (w * scale), ceil (h * scale) };
  cairo_surface_t *s = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, &extents);
  cairo_t *cr = cairo_create (s);
  g_autoptr(GPtrArray) log = g_ptr_array_new_with_free_func ((GDestroyNotify) dpv_panel_record_free);
  DpvStyle style = *style0;
  gboolean ok;

  style.plot_options.panel_log = log;
  cairo_scale (cr, scale, scale);
  dpv_figure_render (frame, &style, cr, w, h);
  ok = cairo_status (cr) == CAIRO_STATUS_SUCCESS
       && dpv_figure_panels_complete (log, w * scale, h * scale);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
  return ok;
}

double
dpv_figure_fit_height (const DpvFrame *frame, const DpvStyle *style, double width,
                       double min_height, double max_height, double scale)
{
  double step;

  g_return_val_if_fail (frame != NULL && style != NULL, min_height);

  if (dpv_frame_get_result (frame) == NULL || !(width > 0) || !(scale > 0)
      || !(max_height > min_height))
    return min_height;
  step = 2.0 * dpv_style_text_size (style);
  if (!(step > 0))
    return min_height;
  for (double h = min_height; h <= max_height + 1e-9; h += step)
    if (figure_complete_at (frame, style, width, h, scale))
      return h;
  return min_height;
}

char *
dpv_figure_caption_markup (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                           double width, double height, double *height_out)
{
  const DpvViewClass *view = dpv_frame_get_view (frame);
  const char *title = dpv_view_class_get_title (view);
  double pad = dpv_style_text_size (style) * 0.6, avail = width - 2 * pad;
  g_autofree char *numbers = NULL, *summary = NULL, *escaped = NULL;
  char *choices[3];
  char *chosen = NULL;

  *height_out = 0;
  if (dpv_frame_get_result (frame) == NULL || avail <= 20.0)
    return NULL;
  numbers = dpv_frame_caption (frame);
  summary = dpv_view_params_summary (view, dpv_frame_get_params (frame));
  escaped = g_markup_escape_text (summary, -1);
  /* The title and key numbers (with the mechanism only where the view draws one: the survey
   * is always randomized response, the exponential mechanism is none of the three); where
   * they take more than a quarter of the figure, the title and the parameters; then the
   * parameters alone: a small figure still states what it was drawn with. */
  choices[0] = dpv_view_class_uses (view, DPV_PARAM_MECHANISM)
    ? g_strdup_printf ("<b>%s</b> · %s · %s", title,
                       dpv_mechanism_label (dpv_frame_get_mechanism (frame)->kind), numbers)
    : g_strdup_printf ("<b>%s</b> · %s", title, numbers);
  choices[1] = g_strdup_printf ("<b>%s</b> · %s", title, escaped);
  choices[2] = g_strdup (escaped);
  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    {
      double h = caption_height (cr, style, choices[i], avail, pad);

      if (chosen == NULL && *escaped != '\0' && h <= 0.25 * height)
        {
          chosen = choices[i];
          *height_out = h;
        }
      else
        g_free (choices[i]);
    }
  return chosen;
}

void
dpv_figure_render (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr, double width,
                   double height)
{
  const DpvViewClass *view;
  double plot_h;

  g_return_if_fail (frame != NULL);
  g_return_if_fail (style != NULL);
  g_return_if_fail (cr != NULL);

  if (cairo_status (cr) != CAIRO_STATUS_SUCCESS)
    return;
  if (!isfinite (width) || !isfinite (height) || width < 1.0 || height < 1.0)
    return;

  view = dpv_frame_get_view (frame);
  /* panels are numbered within the figure: pins (dpv-plot.h) match them by that number */
  dpv_plot_begin_figure (cr);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  dpv_color_set_source (&style->background, cr);
  cairo_paint (cr);

  if (dpv_frame_get_result (frame) == NULL)
    {
      render_message (style, cr, 0, 0, width, height, dpv_frame_get_error (frame));
      cairo_restore (cr);
      return;
    }

  plot_h = height;
  if (dpv_frame_get_params (frame)->show_caption)
    {
      double pad = dpv_style_text_size (style) * 0.6, cap_h;
      g_autofree char *markup = dpv_figure_caption_markup (frame, style, cr, width, height,
                                                           &cap_h);

      if (markup != NULL)
        {
          plot_h = height - cap_h;
          dpv_draw_text_block (cr, style, pad, plot_h + pad * 0.7, width - 2 * pad, markup,
                               1.0, &style->foreground);
        }
    }

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, plot_h);
  cairo_clip (cr);
  view->draw (frame, style, cr, 0, 0, width, plot_h);
  cairo_restore (cr);
  cairo_restore (cr);
}

static void
draw_frame (gconstpointer data, const DpvStyle *style, cairo_t *cr, double width, double height)
{
  dpv_figure_render (data, style, cr, width, height);
}

void
dpv_figure_drawing (const DpvFrame *frame, DpvDrawing *out)
{
  g_return_if_fail (frame != NULL && out != NULL);

  out->draw = draw_frame;
  out->data = frame;
  out->title = dpv_view_class_get_title (dpv_frame_get_view (frame));
  out->description = NULL;
  out->band_key = dpv_frame_get_view (frame);
}

cairo_status_t
dpv_figure_render_image (const DpvFrame *frame, const DpvStyle *style, cairo_surface_t *image,
                         double scale, double width, double height)
{
  DpvDrawing drawing;

  g_return_val_if_fail (frame != NULL, CAIRO_STATUS_NULL_POINTER);

  dpv_figure_drawing (frame, &drawing);
  return dpv_render_image (&drawing, style, image, scale, width, height);
}

/* The frame as a drawing for export, with its description for an SVG (@description is set
 * to a new string then); FALSE with @error for invalid parameters. */
static gboolean
export_drawing (const DpvFrame *frame, DpvFormat format, DpvDrawing *out, char **description,
                GError **error)
{
  *description = NULL;
  if (dpv_frame_get_result (frame) == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           dpv_frame_get_error (frame));
      return FALSE;
    }
  dpv_figure_drawing (frame, out);
  if (format == DPV_FORMAT_SVG)
    out->description = *description = dpv_frame_describe (frame);
  return TRUE;
}

GBytes *
dpv_figure_export_to_bytes (const DpvFrame *frame, const DpvStyle *style, DpvFormat format,
                            double width, double height, double scale, GError **error)
{
  return dpv_figure_export_to_bytes_full (frame, style, format, width, height, scale, 0.0,
                                          error);
}

GBytes *
dpv_figure_export_to_bytes_full (const DpvFrame *frame, const DpvStyle *style,
                                 DpvFormat format, double width, double height, double scale,
                                 double dpi, GError **error)
{
  g_autofree char *description = NULL;
  DpvDrawing drawing;

  g_return_val_if_fail (frame != NULL, NULL);

  if (!export_drawing (frame, format, &drawing, &description, error))
    return NULL;
  return dpv_export_to_bytes_full (&drawing, style, format, width, height, scale, dpi, error);
}

gboolean
dpv_figure_export_to_file (const DpvFrame *frame, const DpvStyle *style, DpvFormat format,
                           GFile *file, double width, double height, double scale,
                           GError **error)
{
  return dpv_figure_export_to_file_full (frame, style, format, file, width, height, scale, 0.0,
                                         error);
}

gboolean
dpv_figure_export_to_file_full (const DpvFrame *frame, const DpvStyle *style, DpvFormat format,
                                GFile *file, double width, double height, double scale,
                                double dpi, GError **error)
{
  g_autofree char *description = NULL;
  DpvDrawing drawing;

  g_return_val_if_fail (frame != NULL, FALSE);

  if (!export_drawing (frame, format, &drawing, &description, error))
    return FALSE;
  return dpv_export_to_file_full (&drawing, style, format, file, width, height, scale, dpi,
                                  error);
}

void
dpv_view_render (const DpvViewClass *view, const DpvParams *params, const DpvStyle *style,
                 cairo_t *cr, double width, double height)
{
  g_autoptr(DpvFrame) frame = NULL;

  g_return_if_fail (view != NULL && params != NULL);

  frame = dpv_frame_compute (view, params, NULL, NULL, NULL);
  dpv_figure_render (frame, style, cr, width, height);
}

/* @v with the fewest significant digits (at most 4) that give it to 10⁻⁹ relative: slider
 * values read "0.5", "2", "1×10⁻⁵" (dpv_format_number). */
static char *
short_number (double v)
{
  int digits = 1;

  for (; digits < 4; digits++)
    {
      char buf[40];

      g_snprintf (buf, sizeof buf, "%.*e", digits - 1, v);
      if (fabs (g_ascii_strtod (buf, NULL) - v) <= 1e-9 * fabs (v))
        break;
    }
  return dpv_format_number (v, digits);
}

char *
dpv_figure_pin_label (const DpvFrame *frame)
{
  static const DpvParamId main_ids[] = { DPV_PARAM_EPSILON, DPV_PARAM_DELTA,
                                         DPV_PARAM_SENSITIVITY, DPV_PARAM_K };
  const DpvViewClass *view;
  const DpvParams *params;
  DpMechanismKind mechanism;
  GString *s = g_string_new (NULL);
  guint n = 0;

  g_return_val_if_fail (frame != NULL, NULL);

  view = dpv_frame_get_view (frame);
  params = dpv_frame_get_params (frame);
  mechanism = params->mechanism;
  if (dpv_view_class_uses (view, DPV_PARAM_MECHANISM))
    {
      g_autofree char *label = g_markup_escape_text (dpv_mechanism_label (mechanism), -1);

      g_string_append (s, label);
      n++;
    }
  for (guint pass = 0; pass < 2 && n < 2; pass++)
    for (guint i = 0; pass == 0 ? i < G_N_ELEMENTS (main_ids) : view->uses[i] != DPV_PARAM_NONE;
         i++)
      {
        DpvParamId id = pass == 0 ? main_ids[i] : view->uses[i];
        const DpvParamSpec *spec = dpv_param_spec (id);
        g_autofree char *value = NULL, *symbol = NULL;
        DpvParamValue v;

        if (pass == 1 && n >= 3)
          break;
        if (!dpv_view_class_uses (view, id) || !dpv_param_applies (spec, mechanism, NULL)
            /* δ calibrates the Gaussian mechanism: beside the others it says nothing about
             * the curves of a view that draws the mechanism */
            || (id == DPV_PARAM_DELTA && dpv_view_class_uses (view, DPV_PARAM_MECHANISM)
                && mechanism != DP_MECHANISM_GAUSSIAN)
            || spec->symbol == NULL
            || (spec->kind != DPV_PARAM_KIND_DOUBLE && spec->kind != DPV_PARAM_KIND_UINT))
          continue;
        /* the second pass adds what the first did not */
        if (pass == 1)
          {
            gboolean main_one = FALSE;

            for (guint j = 0; j < G_N_ELEMENTS (main_ids); j++)
              main_one |= main_ids[j] == id;
            if (main_one)
              continue;
          }
        dpv_params_get (params, id, &v);
        if (spec->kind == DPV_PARAM_KIND_DOUBLE && (spec->flags & DPV_PARAM_FLAG_AUTO)
            && v.d < 0)
          continue;
        value = spec->kind == DPV_PARAM_KIND_DOUBLE ? short_number (v.d)
                                                    : g_strdup_printf ("%lu", v.u);
        symbol = g_markup_escape_text (spec->symbol, -1);
        g_string_append_printf (s, "%s%s = %s", n > 0 ? ", " : "", symbol, value);
        n++;
      }
  return g_string_free (s, FALSE);
}
