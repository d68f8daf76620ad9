/* dpviz-param-row.c — one parameter: a (log-scaled) slider plus an exact numeric entry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The slider works on log10 of the value for a row of the parameter table with a logarithmic
 * scale (ranges that span decades) and rounds to three significant digits; on the value itself
 * for a linear row (a rate in [0, 1], a count from 0), rounded to a thousandth of the range.
 * Either way dragging gives readable numbers; the entry sets the exact value typed.
 * A typed value that is unparsable or out of range is refused: the entry keeps the text, gets
 * the "error" style and the reason is shown below it (and as tooltip and accessible
 * description); the model does not change. Escape restores the current value.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "dpviz-param-row.h"
#include "dpv-params.h"

struct _DpvizParamRow
{
  GtkWidget parent_instance;

  DpvizModel *model;
  char *property;
  double min;
  double max;
  gboolean integer;
  gboolean logarithmic;   /* the slider's position is log10 of the value */

  GtkWidget *title_label;
  GtkWidget *entry;
  GtkWidget *scale;
  GtkWidget *hints;
  GtkWidget *error_label;

  char *error;
  gboolean updating;
};

G_DEFINE_FINAL_TYPE (DpvizParamRow, dpviz_param_row, GTK_TYPE_WIDGET)

/* "1e-05" → "1e-5", "1e+03" → "1e3": shorter and as exact. */
static char *
format_value (double value, gboolean integer)
{
  static const char *formats[] = { "%.6g", "%.10g", "%.15g", "%.17g" };
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  GString *s;
  char *e;

  if (integer)
    return g_strdup_printf ("%.0f", value);
  /* The shortest of these that reads back as exactly the same number: a typed value is shown
   * as typed, never as a rounded neighbour. */
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buf, sizeof buf, formats[i], value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }
  e = strchr (buf, 'e');
  if (e == NULL)
    return g_strdup (buf);
  s = g_string_new_len (buf, e - buf + 1);
  e++;
  if (*e == '-')
    g_string_append_c (s, *e++);
  else if (*e == '+')
    e++;
  while (*e == '0' && e[1] != '\0')
    e++;
  g_string_append (s, e);
  return g_string_free (s, FALSE);
}

static double
round_significant (double value, int digits)
{
  double magnitude;

  if (value == 0 || !isfinite (value))
    return value;
  magnitude = pow (10.0, digits - 1 - (int) floor (log10 (fabs (value))));
  return round (value * magnitude) / magnitude;
}

double
dpviz_param_row_value_from_position (DpvizParamRow *self,
                                     double         position)
{
  double value;

  g_return_val_if_fail (DPVIZ_IS_PARAM_ROW (self), 0.0);

  if (self->logarithmic)
    value = round_significant (pow (10.0, position), 3);
  else
    {
      double step = pow (10.0, floor (log10 (self->max - self->min)) - 3);

      value = round (position / step) * step;
    }
  if (self->integer)
    value = round (value);
  /* Rounding a slider position may step just past an end; the ends themselves are valid. */
  return CLAMP (value, self->min, self->max);
}

static void
set_error (DpvizParamRow *self,
           const char    *message)
{
  g_free (self->error);
  self->error = g_strdup (message);

  if (message != NULL)
    {
      gtk_widget_add_css_class (self->entry, "error");
      gtk_label_set_text (GTK_LABEL (self->error_label), message);
      gtk_widget_set_visible (self->error_label, TRUE);
      gtk_widget_set_tooltip_text (self->entry, message);
      gtk_accessible_update_state (GTK_ACCESSIBLE (self->entry),
                                   GTK_ACCESSIBLE_STATE_INVALID, GTK_ACCESSIBLE_INVALID_TRUE,
                                   -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->entry),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message,
                                      -1);
    }
  else
    {
      gtk_widget_remove_css_class (self->entry, "error");
      gtk_widget_set_visible (self->error_label, FALSE);
      gtk_widget_set_tooltip_text (self->entry, _("Type an exact value and press Enter"));
      gtk_accessible_reset_state (GTK_ACCESSIBLE (self->entry), GTK_ACCESSIBLE_STATE_INVALID);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self->entry),
                                     GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
}

static void
sync_from_model (DpvizParamRow *self)
{
  double value = dpviz_model_get_value (self->model, self->property);
  g_autofree char *text = format_value (value, self->integer);

  self->updating = TRUE;
  /* ε′ is negative while it is solved from δ; the row is hidden then. */
  if (self->logarithmic && value > 0)
    gtk_range_set_value (GTK_RANGE (self->scale), log10 (value));
  else if (!self->logarithmic && value >= self->min)
    gtk_range_set_value (GTK_RANGE (self->scale), value);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->entry)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->entry), text);
  self->updating = FALSE;
  set_error (self, NULL);
}

static void
on_scale_value_changed (DpvizParamRow *self)
{
  g_autoptr(GError) error = NULL;
  double value;

  if (self->updating)
    return;
  value = dpviz_param_row_value_from_position (self,
                                               gtk_range_get_value (GTK_RANGE (self->scale)));
  if (!dpviz_model_set_value (self->model, self->property, value, &error))
    set_error (self, error->message);
}

/* Accepts "0.5", "1e-5", "1,5" (decimal comma), "−3" (Unicode minus), surrounding spaces. */
static gboolean
parse_number (const char *text,
              double     *out)
{
  g_autoptr(GString) s = g_string_new (text);
  char *end = NULL;
  double value;

  g_strstrip (s->str);
  s->len = strlen (s->str);
  g_string_replace (s, "−", "-", 0);
  g_string_replace (s, "×10^", "e", 0);
  if (strchr (s->str, '.') == NULL)
    g_string_replace (s, ",", ".", 1);
  if (s->len == 0)
    return FALSE;
  value = g_ascii_strtod (s->str, &end);
  if (end == s->str || *end != '\0')
    return FALSE;
  *out = value;
  return TRUE;
}

gboolean
dpviz_param_row_commit (DpvizParamRow *self)
{
  g_autoptr(GError) error = NULL;
  const char *text;
  double value;

  g_return_val_if_fail (DPVIZ_IS_PARAM_ROW (self), FALSE);

  text = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  if (!parse_number (text, &value))
    {
      g_autofree char *message =
        g_strdup_printf (_("“%s” is not a number: enter a value between %g and %g"),
                         text, self->min, self->max);
      set_error (self, message);
      return FALSE;
    }
  if (!dpviz_model_set_value (self->model, self->property, value, &error))
    {
      set_error (self, error->message);
      return FALSE;
    }
  /* Accepted (also when equal to the current value): show the canonical text. */
  sync_from_model (self);
  return TRUE;
}

static void
on_entry_activate (DpvizParamRow *self)
{
  dpviz_param_row_commit (self);
}

static void
on_focus_leave (DpvizParamRow *self)
{
  g_autofree char *current = NULL;

  if (self->model == NULL)  /* being disposed */
    return;
  current = format_value (dpviz_model_get_value (self->model, self->property), self->integer);

  /* Leaving an edited entry applies it too; a refused value stays visible with its reason. */
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->entry)), current) != 0)
    dpviz_param_row_commit (self);
}

static gboolean
on_entry_key_pressed (DpvizParamRow   *self,
                      guint            keyval,
                      guint            keycode,
                      GdkModifierType  state)
{
  if (keyval == GDK_KEY_Escape && self->error != NULL)
    {
      sync_from_model (self);
      return TRUE;
    }
  return FALSE;
}

static void
on_model_notify (DpvizParamRow *self)
{
  sync_from_model (self);
}

/* A linear slider: its two ends, and marks between them at a round step (1, 2, 2.5 or 5 times
 * a power of ten, the first at least a quarter of the range), leaving out a mark within a tenth
 * of the range from an end, where its label would run into the end's. */
static void
add_linear_marks (DpvizParamRow *self)
{
  static const double multiples[] = { 1.0, 2.0, 2.5, 5.0, 10.0 };
  double range = self->max - self->min;
  double quarter = range / 4.0;
  double power = pow (10.0, floor (log10 (quarter)));
  double step = 10.0 * power;

  for (guint i = 0; i < G_N_ELEMENTS (multiples); i++)
    if (multiples[i] * power >= quarter * (1.0 - 1e-9))
      {
        step = multiples[i] * power;
        break;
      }
  if (self->integer)
    step = MAX (1.0, round (step));
  for (double k = ceil (self->min / step); k * step < self->max; k++)
    {
      double v = k * step;
      g_autofree char *label = NULL;

      if (v - self->min < 0.1 * range || self->max - v < 0.1 * range)
        continue;
      label = g_strdup_printf ("%g", v);
      gtk_scale_add_mark (GTK_SCALE (self->scale), v, GTK_POS_BOTTOM, label);
    }
  for (int end = 0; end < 2; end++)
    {
      double v = end == 0 ? self->min : self->max;
      g_autofree char *label = g_strdup_printf ("%g", v);

      gtk_scale_add_mark (GTK_SCALE (self->scale), v, GTK_POS_BOTTOM, label);
    }
}

static void
add_marks (DpvizParamRow *self)
{
  int lo = (int) ceil (log10 (self->min) - 1e-9);
  int hi = (int) floor (log10 (self->max) + 1e-9);
  int stride = hi - lo > 6 ? 3 : 1;

  for (int d = lo; d <= hi; d += stride)
    {
      g_autofree char *label = NULL;

      if (d >= 0 && d <= 4)
        label = g_strdup_printf ("%g", pow (10.0, d));
      else if (d >= -2 && d < 0)
        label = g_strdup_printf ("%g", pow (10.0, d));
      else
        {
          /* 10 with a superscript exponent, e.g. 10⁻¹² */
          static const char *sup[] = { "⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹" };
          GString *s = g_string_new ("10");
          g_autofree char *digits = g_strdup_printf ("%d", ABS (d));

          if (d < 0)
            g_string_append (s, "⁻");
          for (const char *c = digits; *c; c++)
            g_string_append (s, sup[*c - '0']);
          label = g_string_free (s, FALSE);
        }
      gtk_scale_add_mark (GTK_SCALE (self->scale), d, GTK_POS_BOTTOM, label);
    }
}

static void
dpviz_param_row_dispose (GObject *object)
{
  DpvizParamRow *self = DPVIZ_PARAM_ROW (object);
  GtkWidget *child;

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_func (self->model, on_model_notify, self);
  g_clear_object (&self->model);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (dpviz_param_row_parent_class)->dispose (object);
}

static void
dpviz_param_row_finalize (GObject *object)
{
  DpvizParamRow *self = DPVIZ_PARAM_ROW (object);

  g_free (self->property);
  g_free (self->error);
  G_OBJECT_CLASS (dpviz_param_row_parent_class)->finalize (object);
}

static void
dpviz_param_row_class_init (DpvizParamRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dpviz_param_row_dispose;
  object_class->finalize = dpviz_param_row_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "dpvizparamrow");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
dpviz_param_row_init (DpvizParamRow *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 2);
}

GtkWidget *
dpviz_param_row_new (DpvizModel *model,
                     const char *property,
                     const char *title,
                     double      min,
                     double      max,
                     gboolean    integer,
                     const char *hint_low,
                     const char *hint_high)
{
  DpvizParamRow *self;
  GtkWidget *header;
  GtkEventController *controller;
  double lower, upper;
  g_autofree char *signal = NULL;
  g_autofree char *entry_name = NULL;

  g_return_val_if_fail (DPVIZ_IS_MODEL (model), NULL);
  g_return_val_if_fail (property != NULL && title != NULL, NULL);
  g_return_val_if_fail (max > min, NULL);

  self = g_object_new (DPVIZ_TYPE_PARAM_ROW, NULL);
  self->model = g_object_ref (model);
  self->property = g_strdup (property);
  self->min = min;
  self->max = max;
  self->integer = integer;
  {
    const DpvParamSpec *spec = dpv_param_spec_lookup (property);

    self->logarithmic = min > 0 && (spec == NULL || spec->scale == DPV_PARAM_SCALE_LOG);
  }

  header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_parent (header, GTK_WIDGET (self));

  self->title_label = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (self->title_label), 0);
  gtk_widget_set_hexpand (self->title_label, TRUE);
  gtk_widget_add_css_class (self->title_label, "heading");
  gtk_box_append (GTK_BOX (header), self->title_label);

  self->entry = gtk_entry_new ();
  gtk_editable_set_width_chars (GTK_EDITABLE (self->entry), 8);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (self->entry), 10);
  gtk_entry_set_input_purpose (GTK_ENTRY (self->entry), GTK_INPUT_PURPOSE_NUMBER);
  gtk_entry_set_alignment (GTK_ENTRY (self->entry), 1.0);
  gtk_widget_add_css_class (self->entry, "numeric");
  gtk_box_append (GTK_BOX (header), self->entry);

  lower = self->logarithmic ? log10 (min) : min;
  upper = self->logarithmic ? log10 (max) : max;
  self->scale = gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, lower, upper,
                                          (upper - lower) / 200);
  gtk_scale_set_draw_value (GTK_SCALE (self->scale), FALSE);
  gtk_adjustment_set_page_increment (gtk_range_get_adjustment (GTK_RANGE (self->scale)),
                                     (upper - lower) / 10);
  if (self->logarithmic)
    add_marks (self);
  else
    add_linear_marks (self);
  gtk_widget_set_parent (self->scale, GTK_WIDGET (self));

  self->hints = gtk_center_box_new ();
  gtk_widget_add_css_class (self->hints, "dim-label");
  gtk_widget_add_css_class (self->hints, "caption");
  if (hint_low != NULL)
    {
      g_autofree char *text = g_strdup_printf ("← %s", hint_low);
      gtk_center_box_set_start_widget (GTK_CENTER_BOX (self->hints), gtk_label_new (text));
    }
  if (hint_high != NULL)
    {
      g_autofree char *text = g_strdup_printf ("%s →", hint_high);
      gtk_center_box_set_end_widget (GTK_CENTER_BOX (self->hints), gtk_label_new (text));
    }
  gtk_widget_set_parent (self->hints, GTK_WIDGET (self));

  self->error_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->error_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->error_label), 0);
  gtk_widget_add_css_class (self->error_label, "error");
  gtk_widget_add_css_class (self->error_label, "caption");
  gtk_widget_set_visible (self->error_label, FALSE);
  gtk_widget_set_parent (self->error_label, GTK_WIDGET (self));

  /* Accessible names: the slider is labelled by the title, the entry says what it is. */
  entry_name = g_strdup_printf (_("%s, exact value"), title);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->scale),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, self->title_label, NULL,
                                  -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, entry_name,
                                  -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  -1);
  if (hint_low != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->scale),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, hint_low,
                                    -1);

  g_signal_connect_swapped (self->scale, "value-changed",
                            G_CALLBACK (on_scale_value_changed), self);
  g_signal_connect_swapped (self->entry, "activate", G_CALLBACK (on_entry_activate), self);
  controller = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (controller, "leave", G_CALLBACK (on_focus_leave), self);
  gtk_widget_add_controller (self->entry, controller);
  controller = gtk_event_controller_key_new ();
  g_signal_connect_swapped (controller, "key-pressed", G_CALLBACK (on_entry_key_pressed), self);
  gtk_widget_add_controller (self->entry, controller);

  signal = g_strdup_printf ("notify::%s", property);
  g_signal_connect_swapped (model, signal, G_CALLBACK (on_model_notify), self);
  sync_from_model (self);

  return GTK_WIDGET (self);
}

const char *
dpviz_param_row_get_property_name (DpvizParamRow *self)
{
  g_return_val_if_fail (DPVIZ_IS_PARAM_ROW (self), NULL);
  return self->property;
}

GtkScale *
dpviz_param_row_get_scale (DpvizParamRow *self)
{
  g_return_val_if_fail (DPVIZ_IS_PARAM_ROW (self), NULL);
  return GTK_SCALE (self->scale);
}

GtkEntry *
dpviz_param_row_get_entry (DpvizParamRow *self)
{
  g_return_val_if_fail (DPVIZ_IS_PARAM_ROW (self), NULL);
  return GTK_ENTRY (self->entry);
}

const char *
dpviz_param_row_get_error (DpvizParamRow *self)
{
  g_return_val_if_fail (DPVIZ_IS_PARAM_ROW (self), NULL);
  return self->error;
}
