/* dpviz-seed-row.c — a random seed: a spin button and a "New seed" button
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A seed makes a simulated figure reproducible: the same seed draws the same runs. The spin
 * button shows and sets it; typed text is read by the table's parser, and text it refuses
 * (beyond the range, not a whole number) changes nothing: the spin button shows the current
 * seed again and the reason is shown below it. "New seed" draws another one, for another set
 * of runs. The title is the table's label, or what the visible view says the seed draws
 * (DpvViewClass.seed_label).
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "dpviz-seed-row.h"

struct _DpvizSeedRow
{
  GtkWidget parent_instance;

  DpvizModel *model;
  const DpvParamSpec *spec;

  GtkWidget *title_label;
  GtkWidget *spin;
  GtkWidget *new_button;
  GtkWidget *error_label;
};

G_DEFINE_FINAL_TYPE (DpvizSeedRow, dpviz_seed_row, GTK_TYPE_WIDGET)

/* The model's seed (guint64) ↔ the spin button's value (double): exact for the seeds of the
 * table, whose range ends far below 2⁵³. */
static gboolean
seed_to_value (GBinding     *binding,
               const GValue *from,
               GValue       *to,
               gpointer      user_data)
{
  g_value_set_double (to, (double) g_value_get_uint64 (from));
  return TRUE;
}

static gboolean
value_to_seed (GBinding     *binding,
               const GValue *from,
               GValue       *to,
               gpointer      user_data)
{
  const DpvParamSpec *spec = user_data;
  double v = round (g_value_get_double (from));

  if (!(v >= spec->min && v <= spec->max))
    return FALSE;
  g_value_set_uint64 (to, (guint64) v);
  return TRUE;
}

static void
show_error (DpvizSeedRow *self,
            const char   *message)
{
  gtk_label_set_text (GTK_LABEL (self->error_label), message != NULL ? message : "");
  gtk_widget_set_visible (self->error_label, message != NULL);
  if (message != NULL)
    {
      gtk_widget_add_css_class (self->spin, "error");
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->spin),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message, -1);
    }
  else
    {
      gtk_widget_remove_css_class (self->spin, "error");
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self->spin),
                                     GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
}

/* The spin button's text → its value, by the table's parser (locale-independent, the range
 * checked); refused text keeps the seed and says why. */
static int
on_spin_input (GtkSpinButton *spin,
               double        *new_value,
               DpvizSeedRow  *self)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (spin))));
  g_autoptr(GError) error = NULL;
  DpvParamValue v;

  if (!dpv_param_parse (self->spec, text, &v, &error))
    {
      show_error (self, error->message);
      return GTK_INPUT_ERROR;
    }
  show_error (self, NULL);
  *new_value = (double) v.seed;
  return TRUE;
}

static void
on_model_notify (DpvizSeedRow *self)
{
  show_error (self, NULL);
}

void
dpviz_seed_row_new_seed (DpvizSeedRow *self)
{
  DpvParamValue current, v;
  guint64 lo, span;

  g_return_if_fail (DPVIZ_IS_SEED_ROW (self));

  lo = (guint64) self->spec->min;
  span = (guint64) self->spec->max - lo + 1;   /* 0: the whole of guint64 */
  dpviz_model_get_param (self->model, self->spec->id, &current);
  memset (&v, 0, sizeof v);
  v.seed = ((guint64) g_random_int () << 32) | g_random_int ();
  if (span != 0)
    v.seed = lo + v.seed % span;
  /* another seed, unless the range holds only this one */
  if (v.seed == current.seed && span != 1)
    v.seed = span != 0 ? lo + (v.seed - lo + 1) % span : v.seed + 1;
  dpviz_model_set_param (self->model, self->spec->id, &v, NULL);
}

static void
on_new_clicked (DpvizSeedRow *self)
{
  dpviz_seed_row_new_seed (self);
}

static void
dpviz_seed_row_dispose (GObject *object)
{
  DpvizSeedRow *self = DPVIZ_SEED_ROW (object);
  GtkWidget *child;

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_func (self->model, on_model_notify, self);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->model);
  G_OBJECT_CLASS (dpviz_seed_row_parent_class)->dispose (object);
}

static void
dpviz_seed_row_class_init (DpvizSeedRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dpviz_seed_row_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "dpvizseedrow");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
dpviz_seed_row_init (DpvizSeedRow *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);
}

GtkWidget *
dpviz_seed_row_new (DpvizModel *model,
                    DpvParamId  id)
{
  const DpvParamSpec *spec = dpv_param_spec (id);
  DpvizSeedRow *self;
  GtkWidget *box;

  g_return_val_if_fail (DPVIZ_IS_MODEL (model), NULL);
  g_return_val_if_fail (spec != NULL && spec->kind == DPV_PARAM_KIND_SEED, NULL);

  self = g_object_new (DPVIZ_TYPE_SEED_ROW, NULL);
  self->model = g_object_ref (model);
  self->spec = spec;

  self->title_label = gtk_label_new (_(spec->label));
  gtk_label_set_xalign (GTK_LABEL (self->title_label), 0);
  gtk_widget_add_css_class (self->title_label, "heading");
  gtk_widget_set_parent (self->title_label, GTK_WIDGET (self));

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->spin = gtk_spin_button_new_with_range (spec->min, spec->max, 1);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (self->spin), 0);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (self->spin), TRUE);
  gtk_spin_button_set_update_policy (GTK_SPIN_BUTTON (self->spin), GTK_UPDATE_IF_VALID);
  g_signal_connect (self->spin, "input", G_CALLBACK (on_spin_input), self);
  gtk_widget_set_hexpand (self->spin, TRUE);
  gtk_widget_set_tooltip_text (self->spin, _(spec->help));
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->spin),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, self->title_label, NULL,
                                  -1);
  gtk_box_append (GTK_BOX (box), self->spin);

  self->new_button = gtk_button_new_with_mnemonic (_("_New seed"));
  gtk_widget_set_tooltip_text (self->new_button,
                               _("Draw another seed at random: other random runs"));
  g_signal_connect_swapped (self->new_button, "clicked", G_CALLBACK (on_new_clicked), self);
  gtk_box_append (GTK_BOX (box), self->new_button);
  gtk_widget_set_parent (box, GTK_WIDGET (self));

  self->error_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->error_label), 0);
  gtk_label_set_wrap (GTK_LABEL (self->error_label), TRUE);
  gtk_widget_add_css_class (self->error_label, "error");
  gtk_widget_add_css_class (self->error_label, "caption");
  gtk_widget_set_visible (self->error_label, FALSE);
  gtk_widget_set_parent (self->error_label, GTK_WIDGET (self));
  {
    g_autofree char *signal = g_strdup_printf ("notify::%s", spec->name);

    /* a seed set from elsewhere (New seed, a lesson) ends a refused text's message */
    g_signal_connect_swapped (model, signal, G_CALLBACK (on_model_notify), self);
  }

  g_object_bind_property_full (model, spec->name, self->spin, "value",
                               G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                               seed_to_value, value_to_seed, (gpointer) spec, NULL);
  return GTK_WIDGET (self);
}

void
dpviz_seed_row_set_title (DpvizSeedRow *self,
                          const char   *title)
{
  g_return_if_fail (DPVIZ_IS_SEED_ROW (self));
  gtk_label_set_text (GTK_LABEL (self->title_label), title);
}

const char *
dpviz_seed_row_get_title (DpvizSeedRow *self)
{
  g_return_val_if_fail (DPVIZ_IS_SEED_ROW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->title_label));
}

GtkSpinButton *
dpviz_seed_row_get_spin_button (DpvizSeedRow *self)
{
  g_return_val_if_fail (DPVIZ_IS_SEED_ROW (self), NULL);
  return GTK_SPIN_BUTTON (self->spin);
}

const char *
dpviz_seed_row_get_error (DpvizSeedRow *self)
{
  g_return_val_if_fail (DPVIZ_IS_SEED_ROW (self), NULL);
  if (!gtk_widget_get_visible (self->error_label))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->error_label));
}

GtkButton *
dpviz_seed_row_get_new_button (DpvizSeedRow *self)
{
  g_return_val_if_fail (DPVIZ_IS_SEED_ROW (self), NULL);
  return GTK_BUTTON (self->new_button);
}
