/* dpviz-application.c — the application: windows, app actions, accelerators
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dpviz-application.h"
#include "dpviz-window.h"
#include "dpv-registry.h"

struct _DpvizApplication
{
  AdwApplication parent_instance;

  char *initial_view;   /* --view NAME */
  char *view_help;      /* --view's help: the names of the registered views */
};

G_DEFINE_FINAL_TYPE (DpvizApplication, dpviz_application, ADW_TYPE_APPLICATION)

static DpvizWindow *
get_or_create_window (DpvizApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (DPVIZ_IS_WINDOW (window))
    return DPVIZ_WINDOW (window);
  return dpviz_window_new (GTK_APPLICATION (self));
}

static void
dpviz_application_activate (GApplication *app)
{
  DpvizApplication *self = DPVIZ_APPLICATION (app);
  DpvizWindow *window = get_or_create_window (self);
  const DpvViewClass *view = self->initial_view != NULL
                             ? dpv_registry_lookup (self->initial_view) : NULL;

  if (view != NULL)
    dpviz_model_set_view (dpviz_window_get_model (window), dpv_registry_index (view));
  g_clear_pointer (&self->initial_view, g_free);
  gtk_window_present (GTK_WINDOW (window));
}

static int
dpviz_application_handle_local_options (GApplication *app,
                                        GVariantDict *options)
{
  DpvizApplication *self = DPVIZ_APPLICATION (app);
  const char *view = NULL;

  /* Without its schema, g_settings_new () would end the app with a trap (the binary run by
   * hand from the build tree). Say what is missing instead. Here, after --help and before
   * the display is opened. */
  {
    GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
    g_autoptr(GSettingsSchema) schema =
      source != NULL ? g_settings_schema_source_lookup (source, APP_ID, TRUE) : NULL;

    if (schema == NULL)
      {
        g_printerr (_("dpviz: the settings schema %s is not installed; start the app with "
                      "./build-aux/dpviz-dev run, or install it\n"), APP_ID);
        return 1;
      }
  }

  if (g_variant_dict_lookup (options, "view", "&s", &view))
    {
      if (dpv_registry_lookup (view) == NULL)
        {
          g_autofree char *names = dpv_registry_names_text ();

          g_printerr (_("Unknown view “%s” (expected %s)\n"), view, names);
          return 2;
        }
      g_free (self->initial_view);
      self->initial_view = g_strdup (view);
    }
  return -1;
}

static void
dpviz_application_finalize (GObject *object)
{
  DpvizApplication *self = DPVIZ_APPLICATION (object);

  g_free (self->initial_view);
  g_free (self->view_help);
  G_OBJECT_CLASS (dpviz_application_parent_class)->finalize (object);
}

/* `dpviz lesson.dpviz` opens the lesson in the window. */
static void
dpviz_application_open (GApplication  *app,
                        GFile        **files,
                        int            n_files,
                        const char    *hint)
{
  DpvizWindow *window = get_or_create_window (DPVIZ_APPLICATION (app));

  gtk_window_present (GTK_WINDOW (window));
  if (n_files > 0)
    dpviz_window_open_lesson (window, files[0]);
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  g_autoptr(GList) windows =
    g_list_copy (gtk_application_get_windows (GTK_APPLICATION (user_data)));

  /* Close the windows (which saves their size) rather than exiting abruptly. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
}

static void
open_lesson_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  DpvizWindow *window = get_or_create_window (DPVIZ_APPLICATION (user_data));

  gtk_window_present (GTK_WINDOW (window));
  dpviz_window_choose_lesson (window);
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  const char *developers[] = { _("The DPViz developers"), NULL };

  adw_show_about_window (gtk_application_get_active_window (app),
                         "application-name", "DPViz",
                         "application-icon", APP_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Make differential privacy visible: mechanism densities, "
                                       "privacy-loss regions, KL bounds and composition, "
                                       "live."),
                         "developers", developers,
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static const GActionEntry app_entries[] = {
  { "quit", quit_action },
  { "open-lesson", open_lesson_action },
  { "about", about_action },
};

static void
set_accels (GtkApplication *app,
            const char     *action,
            const char     *accel,
            const char     *accel2)
{
  const char *accels[] = { accel, accel2, NULL };

  gtk_application_set_accels_for_action (app, action, accels);
}

static void
dpviz_application_startup (GApplication *application)
{
  GtkApplication *app = GTK_APPLICATION (application);

  G_APPLICATION_CLASS (dpviz_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_entries, G_N_ELEMENTS (app_entries),
                                   app);

  /* Keep in sync with the list at the top of dpviz-window.c (and the shortcuts window). */
  set_accels (app, "app.quit", "<Primary>q", NULL);
  set_accels (app, "app.open-lesson", "<Primary>o", NULL);
  set_accels (app, "win.save-lesson", "<Primary>s", NULL);
  set_accels (app, "win.save-lesson-as", "<Primary><Shift>s", NULL);
  set_accels (app, "win.export", "<Primary>e", NULL);
  set_accels (app, "win.copy-figure", "<Primary><Shift>c", NULL);
  set_accels (app, "win.copy-readouts", "<Primary><Shift>n", NULL);
  set_accels (app, "win.close", "<Primary>w", NULL);
  /* Alt+N: the N-th view of the registry (as the shortcuts window lists them) */
  for (guint i = 0; i < dpv_registry_get_n_views () && i < 9; i++)
    {
      g_autofree char *action = g_strdup_printf ("win.view::%s", dpv_registry_get (i)->name);
      g_autofree char *accel = g_strdup_printf ("<Alt>%u", i + 1);

      set_accels (app, action, accel, NULL);
    }
  /* <Primary>Page_Down/Up step through a lesson: Alt, as for Alt+N, steps through views. */
  set_accels (app, "win.view-next", "<Alt>Page_Down", NULL);
  set_accels (app, "win.view-previous", "<Alt>Page_Up", NULL);
  set_accels (app, "win.explain", "F1", NULL);
  set_accels (app, "win.toggle-controls", "F9", NULL);
  set_accels (app, "win.log-y", "<Primary>l", NULL);
  set_accels (app, "win.mechanism::laplace", "<Primary>1", NULL);
  set_accels (app, "win.mechanism::gaussian", "<Primary>2", NULL);
  set_accels (app, "win.mechanism::rr", "<Primary>3", NULL);
  set_accels (app, "win.fullscreen", "F11", NULL);
  set_accels (app, "win.zoom-in", "<Primary>plus", "<Primary>equal");
  set_accels (app, "win.zoom-out", "<Primary>minus", NULL);
  set_accels (app, "win.zoom-reset", "<Primary>0", NULL);
  set_accels (app, "win.animate", "<Primary>p", NULL);
  set_accels (app, "win.pin", "<Primary>d", NULL);
  set_accels (app, "win.clear-pins", "<Primary><Shift>d", NULL);
  set_accels (app, "win.lesson-next", "<Primary>Page_Down", NULL);
  set_accels (app, "win.lesson-previous", "<Primary>Page_Up", NULL);
  set_accels (app, "win.lesson-add-step", "<Primary><Shift>a", NULL);
  set_accels (app, "win.lesson-edit", "<Primary><Shift>l", NULL);
}

static void
dpviz_application_class_init (DpvizApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = dpviz_application_finalize;
  app_class->handle_local_options = dpviz_application_handle_local_options;
  app_class->activate = dpviz_application_activate;
  app_class->open = dpviz_application_open;
  app_class->startup = dpviz_application_startup;
}

static void
dpviz_application_init (DpvizApplication *self)
{
  g_autofree char *names = dpv_registry_names_text ();
  GOptionEntry entries[] = {
    { "view", 0, 0, G_OPTION_ARG_STRING, NULL, NULL, N_("NAME") },
    { NULL }
  };

  /* Translators: the help of --view, then the names of the views */
  self->view_help = g_strdup_printf (_("Start with this view: %s"), names);
  entries[0].description = self->view_help;
  g_application_add_main_option_entries (G_APPLICATION (self), entries);
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[LESSON-FILE]"));
}

DpvizApplication *
dpviz_application_new (void)
{
  return g_object_new (DPVIZ_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", RESOURCE_PREFIX,
                       NULL);
}
