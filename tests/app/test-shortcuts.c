/* test-shortcuts.c — the shortcuts window lists every action's accelerator
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The expected table is copied by hand from the action list at the top of
 * src/app/dpviz-window.c (the app's contract), not generated from the .ui under test.
 */
#include "config.h"

#include <adwaita.h>

#include "dpviz-application.h"
#include "dpviz-resources.h"

static const struct {
  const char *action;
  const char *accel;
} expected[] = {
  { "app.open-lesson", "<Primary>o" },
  { "win.save-lesson", "<Primary>s" },
  { "win.export", "<Primary>e" },
  { "win.copy-figure", "<Primary><Shift>c" },
  { "win.copy-readouts", "<Primary><Shift>n" },
  { "win.show-help-overlay", "<Primary>question" },
  { "win.close", "<Primary>w" },
  { "app.quit", "<Primary>q" },
  { "win.view::densities", "<Alt>1" },
  { "win.view::regions", "<Alt>2" },
  { "win.view::kl", "<Alt>3" },
  { "win.view::composition", "<Alt>4" },
  { "win.view-next", "<Alt>Page_Down" },
  { "win.view-previous", "<Alt>Page_Up" },
  { "win.explain", "F1" },
  { "win.toggle-controls", "F9" },
  { "win.log-y", "<Primary>l" },
  { "win.mechanism::laplace", "<Primary>1" },
  { "win.mechanism::gaussian", "<Primary>2" },
  { "win.mechanism::rr", "<Primary>3" },
  { "win.fullscreen", "F11" },
  { "win.zoom-in", "<Primary>plus <Primary>equal" },
  { "win.zoom-out", "<Primary>minus" },
  { "win.zoom-reset", "<Primary>0" },
  { "win.animate", "<Primary>p" },
  { "win.lesson-next", "<Primary>Page_Down" },
  { "win.lesson-previous", "<Primary>Page_Up" },
  { "win.lesson-add-step", "<Primary><Shift>a" },
  { "win.lesson-edit", "<Primary><Shift>l" },
};

typedef struct {
  char *action;   /* may be NULL */
  char *accel;
  char *title;
} Entry;

static void
entry_free (Entry *e)
{
  g_free (e->action);
  g_free (e->accel);
  g_free (e->title);
  g_free (e);
}

static void
collect (GtkWidget *widget, GPtrArray *out)
{
  /* The window also holds copies of the shortcuts for its search page: keep one of each. */
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      Entry *e = g_new0 (Entry, 1);
      gboolean copy = FALSE;

      g_object_get (widget, "action-name", &e->action, "accelerator", &e->accel, "title",
                    &e->title, NULL);
      for (guint i = 0; i < out->len && !copy; i++)
        {
          Entry *seen = g_ptr_array_index (out, i);

          copy = g_strcmp0 (seen->title, e->title) == 0 && g_strcmp0 (seen->accel, e->accel) == 0;
        }
      if (copy)
        entry_free (e);
      else
        g_ptr_array_add (out, e);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, out);
}

static GtkWindow *
load_overlay (void)
{
  g_autoptr (GtkBuilder) builder = NULL;
  GtkWindow *window;

  (void) dpviz_get_resource ();
  builder = gtk_builder_new_from_resource (RESOURCE_PREFIX "/gtk/help-overlay.ui");
  window = GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
  g_assert_true (GTK_IS_SHORTCUTS_WINDOW (window));
  return window;
}

static void
test_every_action_listed (void)
{
  GtkWindow *window = load_overlay ();
  g_autoptr (GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);

  collect (GTK_WIDGET (window), entries);
  g_assert_cmpuint (entries->len, >=, G_N_ELEMENTS (expected));

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      gboolean found = FALSE;

      for (guint j = 0; j < entries->len && !found; j++)
        {
          Entry *e = g_ptr_array_index (entries, j);

          if (g_strcmp0 (e->action, expected[i].action) == 0)
            {
              g_assert_cmpstr (e->accel, ==, expected[i].accel);
              found = TRUE;
            }
        }
      if (!found)
        g_error ("%s (%s) is not in the shortcuts window", expected[i].action,
                 expected[i].accel);
    }

  /* Every shortcut has a title and accelerators GTK can parse; no accelerator twice. */
  for (guint j = 0; j < entries->len; j++)
    {
      Entry *e = g_ptr_array_index (entries, j);
      g_auto (GStrv) parts = g_strsplit (e->accel, " ", -1);

      g_assert_nonnull (e->title);
      g_assert_cmpstr (e->title, !=, "");
      g_assert_nonnull (parts[0]);
      for (guint k = 0; parts[k] != NULL; k++)
        {
          guint key = 0;
          GdkModifierType mods = 0;

          if (!gtk_accelerator_parse (parts[k], &key, &mods))
            g_error ("“%s” (%s) does not parse", parts[k], e->title);
          g_assert_cmpuint (key, !=, 0);
        }
      for (guint k = j + 1; k < entries->len; k++)
        {
          Entry *other = g_ptr_array_index (entries, k);

          if (g_strcmp0 (other->accel, e->accel) == 0)
            g_error ("%s is listed twice (%s, %s)", e->accel, e->title, other->title);
        }
    }
  gtk_window_destroy (window);
}

/* Same keys in the same order ("<Primary>" and "<Control>" name the same modifier here). */
static gboolean
accels_equal (const char *a, const char *b)
{
  g_auto (GStrv) pa = g_strsplit (a, " ", -1);
  g_auto (GStrv) pb = g_strsplit (b, " ", -1);

  if (g_strv_length (pa) != g_strv_length (pb))
    return FALSE;
  for (guint i = 0; pa[i] != NULL; i++)
    {
      guint ka = 0, kb = 0;
      GdkModifierType ma = 0, mb = 0;

      if (!gtk_accelerator_parse (pa[i], &ka, &ma) || !gtk_accelerator_parse (pb[i], &kb, &mb)
          || ka != kb || ma != mb)
        return FALSE;
    }
  return TRUE;
}

/* What the running application binds, against what the window shows. */
static void
test_matches_application (void)
{
  g_autoptr (DpvizApplication) app = dpviz_application_new ();
  g_autoptr (GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) actions = NULL;
  GtkWindow *window;
  guint n_with_accels = 0;

  /* Non-unique: tests may run while another instance owns the bus name. */
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app))
                           | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);

  window = load_overlay ();
  collect (GTK_WIDGET (window), entries);

  actions = gtk_application_list_action_descriptions (GTK_APPLICATION (app));
  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_auto (GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                    actions[i]);
      g_autofree char *joined = g_strjoinv (" ", accels);
      gboolean found = FALSE;

      if (accels[0] == NULL)
        continue;
      n_with_accels++;
      for (guint j = 0; j < entries->len && !found; j++)
        {
          Entry *e = g_ptr_array_index (entries, j);

          if (g_strcmp0 (e->action, actions[i]) == 0)
            {
              if (!accels_equal (e->accel, joined))
                g_error ("%s: the application binds “%s”, the shortcuts window shows “%s”",
                         actions[i], joined, e->accel);
              found = TRUE;
            }
        }
      if (!found)
        g_error ("the application binds %s to %s, the shortcuts window does not list it",
                 joined, actions[i]);
    }
  /* The application does bind its accelerators (and shows the help overlay's). */
  g_assert_cmpuint (n_with_accels, >=, G_N_ELEMENTS (expected));
  gtk_window_destroy (window);
}

static void
test_window_shows (void)
{
  GtkWindow *window = load_overlay ();
  GMainContext *context = g_main_context_default ();
  gint64 end;

  gtk_window_present (window);
  end = g_get_monotonic_time () + 300 * G_TIME_SPAN_MILLISECOND;
  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (context, FALSE))
      g_usleep (1000);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window)));
  gtk_window_destroy (window);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/shortcuts/every-action-listed", test_every_action_listed);
  g_test_add_func ("/shortcuts/matches-application", test_matches_application);
  g_test_add_func ("/shortcuts/window-shows", test_window_shows);
  return g_test_run ();
}
