/* dpviz-window-controls.c — the controls, generated from the parameter table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One control per parameter that some registered view uses, by its kind: a slider with an
 * entry for a number (DpvizParamRow; a parameter whose negative value means "automatic" gets a
 * check button above it that gives it a value, as ε′ has one in the template), a check button for a boolean, a drop-down for a choice,
 * a spin button with "New seed" for a seed (DpvizSeedRow, titled with what the visible view
 * says the seed draws), an editable table for a list (DpvizListEditor). The mechanism has its
 * own buttons in the template, ε′'s check button and the log-y check button are the template's
 * too. A view shows the controls of the parameters it uses; a parameter that does nothing for
 * the mechanism (Δ for randomized response) is insensitive, with the table's reason as
 * tooltip.
 */
#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "dpviz-list-editor.h"
#include "dpviz-window-private.h"

/* A slider + entry for parameter @id, from its row in the parameter table. */
static DpvizParamRow *
param_row_new (DpvizWindow *self,
               DpvParamId   id)
{
  const DpvParamSpec *spec = dpv_param_spec (id);
  double min = spec->slider_min > 0 ? spec->slider_min : spec->min;

  return DPVIZ_PARAM_ROW (dpviz_param_row_new (self->model, spec->name, _(spec->label), min,
                                               spec->max, spec->kind == DPV_PARAM_KIND_UINT,
                                               _(spec->low_hint), _(spec->high_hint)));
}

/* A drop-down of a choice: its position ↔ the model's value. */
static gboolean
choice_to_position (GBinding     *binding,
                    const GValue *from,
                    GValue       *to,
                    gpointer      user_data)
{
  const DpvParamSpec *spec = user_data;

  for (guint i = 0; i < spec->n_choices; i++)
    if (spec->choices[i].value == g_value_get_int (from))
      {
        g_value_set_uint (to, i);
        return TRUE;
      }
  return FALSE;
}

static gboolean
position_to_choice (GBinding     *binding,
                    const GValue *from,
                    GValue       *to,
                    gpointer      user_data)
{
  const DpvParamSpec *spec = user_data;
  guint i = g_value_get_uint (from);

  if (i >= spec->n_choices)
    return FALSE;
  g_value_set_int (to, spec->choices[i].value);
  return TRUE;
}

/* @widget under a heading with the parameter's label, which names it for screen readers. */
static GtkWidget *
labelled (const DpvParamSpec *spec,
          GtkWidget          *widget)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *label = gtk_label_new (_(spec->label));

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_accessible_update_relation (GTK_ACCESSIBLE (widget),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), widget);
  return box;
}

static GtkWidget *
choice_new (DpvizWindow        *self,
            const DpvParamSpec *spec)
{
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  GtkWidget *dropdown;

  for (guint i = 0; i < spec->n_choices; i++)
    gtk_string_list_append (labels, _(spec->choices[i].label));
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&labels)), NULL);
  g_object_bind_property_full (self->model, spec->name, dropdown, "selected",
                               G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                               choice_to_position, position_to_choice, (gpointer) spec, NULL);
  return labelled (spec, dropdown);
}

/* A list: its editable table (dpviz-list-editor.c). */
static GtkWidget *
list_new (DpvizWindow        *self,
          const DpvParamSpec *spec)
{
  return labelled (spec, dpviz_list_editor_new (self->model, spec->id));
}

/* A number whose negative value means "automatic" (DPV_PARAM_FLAG_AUTO): a check button that
 * gives it a value, with its slider and entry under it while it has one. Checking it starts at
 * the middle of the slider's range (the geometric middle on a logarithmic one). */
typedef struct {
  DpvizModel *model;        /* unowned: the window's, which outlives its controls */
  const DpvParamSpec *spec;
  GtkCheckButton *check;
  GtkWidget *row;
} AutoControl;

static void
auto_control_sync (AutoControl *c)
{
  gboolean set = dpviz_model_get_value (c->model, c->spec->name) >= 0;

  if (gtk_check_button_get_active (c->check) != set)
    gtk_check_button_set_active (c->check, set);
  gtk_widget_set_visible (c->row, set);
}

static void
auto_control_on_model (GtkWidget *box)
{
  auto_control_sync (g_object_get_data (G_OBJECT (box), "dpviz-auto-control"));
}

static void
auto_control_toggled (AutoControl *c)
{
  const DpvParamSpec *spec = c->spec;
  gboolean set = gtk_check_button_get_active (c->check);
  double lo = spec->slider_min > 0 ? spec->slider_min : spec->min;

  if (set == (dpviz_model_get_value (c->model, spec->name) >= 0))
    return;
  if (set)
    dpviz_model_set_value (c->model, spec->name,
                           dpv_param_snap (spec, spec->scale == DPV_PARAM_SCALE_LOG
                                                 ? sqrt (lo * spec->max)
                                                 : 0.5 * (lo + spec->max)),
                           NULL);
  else
    g_object_set (c->model, spec->name, -1.0, NULL);
}

static GtkWidget *
auto_new (DpvizWindow        *self,
          const DpvParamSpec *spec)
{
  AutoControl *c = g_new0 (AutoControl, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  g_autofree char *signal = g_strdup_printf ("notify::%s", spec->name);

  c->model = self->model;
  c->spec = spec;
  c->check = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_(spec->set_label)));
  gtk_widget_set_tooltip_text (GTK_WIDGET (c->check), _(spec->help));
  self->rows[spec->id] = param_row_new (self, spec->id);
  c->row = GTK_WIDGET (self->rows[spec->id]);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (c->check));
  gtk_box_append (GTK_BOX (box), c->row);
  g_object_set_data_full (G_OBJECT (box), "dpviz-auto-control", c, g_free);
  g_signal_connect_swapped (c->check, "toggled", G_CALLBACK (auto_control_toggled), c);
  g_signal_connect_object (self->model, signal, G_CALLBACK (auto_control_on_model), box,
                           G_CONNECT_SWAPPED);
  auto_control_sync (c);
  return box;
}

static GtkWidget *
check_new (DpvizWindow        *self,
           const DpvParamSpec *spec)
{
  GtkWidget *check = gtk_check_button_new_with_label (_(spec->label));

  gtk_widget_set_tooltip_text (check, _(spec->help));
  g_object_bind_property (self->model, spec->name, check, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  return check;
}

void
_dpviz_window_add_controls (DpvizWindow *self)
{
  DpvParamSet used = 0;

  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    used |= dpv_view_class_get_uses (dpv_registry_get (i));

  for (int id = 0; id < DPV_N_PARAMS; id++)
    {
      const DpvParamSpec *spec = dpv_param_spec (id);
      GtkWidget *control = NULL;

      if ((used & DPV_PARAM_BIT (id)) == 0)
        continue;
      switch (id)
        {
        case DPV_PARAM_MECHANISM:
          /* the mechanism's buttons, in the template: hidden in a view that draws no
           * mechanism of the three (the survey is randomized response by itself) */
          self->controls[id] = self->mechanism_group;
          continue;
        case DPV_PARAM_LOG_Y:
          self->controls[id] = self->log_y_button;
          continue;
        case DPV_PARAM_EPS_PRIME:
          /* "solved from δ" above its slider, in the template */
          self->rows[id] = param_row_new (self, id);
          gtk_box_append (self->eps_prime_box, GTK_WIDGET (self->rows[id]));
          self->controls[id] = GTK_WIDGET (self->eps_prime_box);
          continue;
        default:
          break;
        }
      switch (spec->kind)
        {
        case DPV_PARAM_KIND_DOUBLE:
        case DPV_PARAM_KIND_UINT:
          if ((spec->flags & DPV_PARAM_FLAG_AUTO) != 0)
            {
              control = auto_new (self, spec);
              break;
            }
          self->rows[id] = param_row_new (self, id);
          control = GTK_WIDGET (self->rows[id]);
          break;
        case DPV_PARAM_KIND_BOOL:
          control = check_new (self, spec);
          break;
        case DPV_PARAM_KIND_ENUM:
          control = choice_new (self, spec);
          break;
        case DPV_PARAM_KIND_SEED:
          control = dpviz_seed_row_new (self->model, id);
          break;
        case DPV_PARAM_KIND_LIST:
          control = list_new (self, spec);
          break;
        case DPV_N_PARAM_KINDS:
        default:
          g_assert_not_reached ();
        }
      self->controls[id] = control;
      gtk_box_append (self->params_box, control);
    }
}

void
_dpviz_window_update_controls (DpvizWindow *self)
{
  const DpvViewClass *view = dpv_registry_get (dpviz_model_get_view (self->model));
  DpMechanismKind mechanism = dpviz_model_get_mechanism (self->model);

  for (int id = 0; id < DPV_N_PARAMS; id++)
    {
      GtkWidget *control = self->controls[id];
      const char *reason = NULL;
      gboolean applies;

      if (control == NULL)
        continue;
      gtk_widget_set_visible (control, dpv_view_class_uses (view, id));
      if (DPVIZ_IS_SEED_ROW (control))
        dpviz_seed_row_set_title (DPVIZ_SEED_ROW (control),
                                  dpv_view_class_get_param_label (view, id));
      applies = dpv_param_applies (dpv_param_spec (id), mechanism, &reason);
      if (gtk_widget_get_sensitive (control) != applies)
        {
          gtk_widget_set_sensitive (control, applies);
          /* the reason while it does nothing; the control's own tooltips otherwise */
          gtk_widget_set_tooltip_text (control, applies ? NULL : reason);
        }
    }
}
