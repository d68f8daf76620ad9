/* dpviz-window-settings.c — settings: bindings, delayed writes, the window's size
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "dpviz-window-private.h"

/* A choice is stored by its name ("laplace"), the model holds its value. */
static gboolean
choice_from_setting (GValue   *value,
                     GVariant *variant,
                     gpointer  user_data)
{
  const DpvParamSpec *spec = user_data;
  DpvParamValue v;

  if (!dpv_param_parse (spec, g_variant_get_string (variant, NULL), &v, NULL))
    return FALSE;
  g_value_set_int (value, v.e);
  return TRUE;
}

static GVariant *
choice_to_setting (const GValue       *value,
                   const GVariantType *expected_type,
                   gpointer            user_data)
{
  const DpvParamSpec *spec = user_data;
  DpvParamValue v = { .e = g_value_get_int (value) };
  g_autofree char *name = dpv_param_format (spec, &v);

  return g_variant_new_string (name);
}

static gboolean
view_from_setting (GValue   *value,
                   GVariant *variant,
                   gpointer  user_data)
{
  const DpvViewClass *view = dpv_registry_lookup (g_variant_get_string (variant, NULL));

  if (view == NULL)
    return FALSE;
  g_value_set_int (value, dpv_registry_index (view));
  return TRUE;
}

static GVariant *
view_to_setting (const GValue       *value,
                 const GVariantType *expected_type,
                 gpointer            user_data)
{
  return g_variant_new_string (dpv_registry_get (g_value_get_int (value))->name);
}

void
_dpviz_window_bind_settings (DpvizWindow *self)
{
  /* Each window starts from the remembered values and writes its changes back; windows do not
   * follow each other (GET_NO_CHANGES). */
  GSettingsBindFlags flags = G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_GET_NO_CHANGES;
  g_autoptr(GSettingsSchema) schema = NULL;

  /* the keys of the parameters: the schema has one per remembered parameter (gen-schema.c) */
  g_object_get (self->settings, "settings-schema", &schema, NULL);
  for (int id = 0; id < DPV_N_PARAMS; id++)
    {
      const DpvParamSpec *spec = dpv_param_spec (id);

      if ((spec->flags & DPV_PARAM_FLAG_SESSION) != 0
          || !g_settings_schema_has_key (schema, spec->name))
        continue;
      if (spec->kind == DPV_PARAM_KIND_ENUM)
        g_settings_bind_with_mapping (self->settings, spec->name, self->model, spec->name,
                                      flags, choice_from_setting, choice_to_setting,
                                      (gpointer) spec, NULL);
      else
        g_settings_bind (self->settings, spec->name, self->model, spec->name, flags);
    }
  g_settings_bind_with_mapping (self->settings, "view", self->model, "view", flags,
                                view_from_setting, view_to_setting, NULL, NULL);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

/* Settings are written in delay mode, at most twice a second: dragging a slider or animating a
 * parameter changes the model every frame, and dconf need not see every intermediate value. */
static gboolean
apply_settings_cb (gpointer user_data)
{
  DpvizWindow *self = user_data;

  self->settings_apply = 0;
  g_settings_apply (self->settings);
  return G_SOURCE_REMOVE;
}

void
_dpviz_window_on_settings_unapplied (DpvizWindow *self)
{
  if (g_settings_get_has_unapplied (self->settings) && self->settings_apply == 0)
    self->settings_apply = g_timeout_add (500, apply_settings_cb, self);
}

void
_dpviz_window_flush_settings (DpvizWindow *self)
{
  g_clear_handle_id (&self->settings_apply, g_source_remove);
  if (self->settings != NULL)
    g_settings_apply (self->settings);
}

void
_dpviz_window_save_state (DpvizWindow *self)
{
  GtkWindow *window = GTK_WINDOW (self);
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  if (!gtk_window_is_fullscreen (window))
    {
      g_settings_set_boolean (self->settings, "window-maximized",
                              gtk_window_is_maximized (window));
      if (!gtk_window_is_maximized (window) && width > 0 && height > 0)
        {
          g_settings_set_int (self->settings, "window-width", width);
          g_settings_set_int (self->settings, "window-height", height);
        }
    }
  _dpviz_window_flush_settings (self);
}
