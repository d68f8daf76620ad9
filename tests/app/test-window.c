/* test-window.c — the main window with real widgets (run under Xvfb)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sliders drive the model and redraw the visible view; typed values outside the range are
 * refused with the reason shown; view switching; settings restore; the frame provider
 * completes and drops stale work; a bad lesson leaves the parameters unchanged.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <glib/gi18n.h>

#include "dpviz-application.h"
#include "dpviz-lesson.h"
#include "dpviz-list-editor.h"
#include "dpv-composition.h"
#include "dpviz-window.h"
#include "../plot/compact-sizes.h"
#include "dpv-registry.h"
#include "dpviz-window-private.h"
#include "test-app-window.h"

static GtkApplication *app;

static DpvizWindow *
new_window (void)
{
  DpvizWindow *window = dpviz_window_new (app);

  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
test_slider_changes_model_and_redraws (void)
{
  DpvizWindow *window = new_window ();
  DpvizModel *model = dpviz_window_get_model (window);
  DpvizParamRow *row = dpviz_window_get_param_row (window, "epsilon");
  GtkRange *scale = GTK_RANGE (dpviz_param_row_get_scale (row));
  DpvizPlotView *plot;
  guint draws;
  double before;
  gboolean handled;

  dpviz_model_set_view (model, DPVIZ_VIEW ("densities"));
  plot = dpviz_window_get_plot_view (window, DPVIZ_VIEW ("densities"));
  g_assert_true (plot_drawn (plot, 0));

  /* Dragging to log10(2) sets ε = 2 (three significant digits) and draws a new frame. */
  draws = dpviz_plot_view_get_n_draws (plot);
  gtk_range_set_value (scale, log10 (2.0));
  g_assert_cmpfloat_with_epsilon (dpviz_model_get_epsilon (model), 2.0, 1e-12);
  g_assert_true (plot_drawn (plot, draws));

  /* The slider follows the model (and the entry shows the value). */
  g_assert_true (dpviz_model_set_epsilon (model, 0.1, NULL));
  g_assert_cmpfloat_with_epsilon (gtk_range_get_value (scale), -1.0, 1e-12);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (dpviz_param_row_get_entry (row))),
                   ==, "0.1");

  /* Keyboard: one step right makes ε larger (less private), one step left smaller. */
  before = dpviz_model_get_epsilon (model);
  g_signal_emit_by_name (scale, "move-slider", GTK_SCROLL_PAGE_FORWARD, &handled);
  g_assert_cmpfloat (dpviz_model_get_epsilon (model), >, before);
  before = dpviz_model_get_epsilon (model);
  g_signal_emit_by_name (scale, "move-slider", GTK_SCROLL_STEP_BACKWARD, &handled);
  g_assert_cmpfloat (dpviz_model_get_epsilon (model), <, before);

  /* Screen readers get a description of what the plot shows, once the values settle. */
  spin (0.4);
  g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (plot),
                                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (plot),
                                                   GTK_ACCESSIBLE_PROPERTY_LABEL));
  g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (dpviz_param_row_get_entry (row)),
                                                   GTK_ACCESSIBLE_PROPERTY_LABEL));

  /* The k slider gives whole numbers. */
  gtk_range_set_value (GTK_RANGE (dpviz_param_row_get_scale (
                         dpviz_window_get_param_row (window, "k"))), log10 (300.0) + 0.0001);
  g_assert_cmpuint (dpviz_model_get_k (model), ==, 300);

  close_window (window);
}

static void
type_into (DpvizParamRow *row,
           const char    *text)
{
  GtkEntry *entry = dpviz_param_row_get_entry (row);

  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  g_signal_emit_by_name (entry, "activate");
}

static void
count_changed (DpvizModel *model,
               guint      *count)
{
  (*count)++;
}

static void
test_invalid_entry_refused (void)
{
  DpvizWindow *window = new_window ();
  DpvizModel *model = dpviz_window_get_model (window);
  DpvizParamRow *row = dpviz_window_get_param_row (window, "epsilon");
  DpvizParamRow *k_row = dpviz_window_get_param_row (window, "k");
  GtkWidget *entry = GTK_WIDGET (dpviz_param_row_get_entry (row));
  guint changed = 0;
  const char *bad[] = { "20", "0.001", "-1", "abc", "", "nan", "inf", "1e400", "0,5x" };

  g_assert_true (dpviz_model_set_epsilon (model, 1.5, NULL));
  g_signal_connect (model, "changed", G_CALLBACK (count_changed), &changed);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_test_message ("typing “%s”", bad[i]);
      type_into (row, bad[i]);
      g_assert_cmpfloat (dpviz_model_get_epsilon (model), ==, 1.5);
      g_assert_nonnull (dpviz_param_row_get_error (row));
      /* The reason names the range; the text typed stays (never silently changed). */
      g_assert_nonnull (strstr (dpviz_param_row_get_error (row), "0.01"));
      g_assert_nonnull (strstr (dpviz_param_row_get_error (row), "10"));
      g_assert_true (gtk_widget_has_css_class (entry, "error"));
      g_assert_cmpstr (gtk_widget_get_tooltip_text (entry), ==, dpviz_param_row_get_error (row));
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, bad[i]);
      g_assert_true (gtk_test_accessible_has_state (GTK_ACCESSIBLE (entry),
                                                    GTK_ACCESSIBLE_STATE_INVALID));
    }
  g_assert_cmpuint (changed, ==, 0);

  /* k refuses fractions rather than rounding them. */
  type_into (k_row, "2.5");
  g_assert_nonnull (dpviz_param_row_get_error (k_row));
  g_assert_cmpuint (dpviz_model_get_k (model), !=, 2);
  g_assert_cmpuint (dpviz_model_get_k (model), !=, 3);

  /* A valid value is taken exactly (no slider rounding) and clears the error. */
  type_into (row, "0.123456");
  g_assert_cmpfloat (dpviz_model_get_epsilon (model), ==, 0.123456);
  g_assert_null (dpviz_param_row_get_error (row));
  g_assert_false (gtk_widget_has_css_class (entry, "error"));
  type_into (row, "0.123456789");
  g_assert_cmpfloat (dpviz_model_get_epsilon (model), ==, 0.123456789);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "0.123456789");
  type_into (row, " 1e-2 ");
  g_assert_cmpfloat (dpviz_model_get_epsilon (model), ==, 0.01);
  g_assert_cmpuint (changed, ==, 3);

  /* Leaving the entry applies it too; a refused value stays, with its reason. */
  g_assert_true (gtk_widget_grab_focus (entry));
  spin (0.05);
  gtk_editable_set_text (GTK_EDITABLE (entry), "11");
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (dpviz_window_get_plot_view (window, 0))));
  spin (0.05);
  g_assert_cmpfloat (dpviz_model_get_epsilon (model), ==, 0.01);
  g_assert_nonnull (dpviz_param_row_get_error (row));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "11");
  g_assert_true (gtk_widget_grab_focus (entry));
  spin (0.05);
  gtk_editable_set_text (GTK_EDITABLE (entry), "0.25");
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (dpviz_window_get_plot_view (window, 0))));
  spin (0.05);
  g_assert_cmpfloat (dpviz_model_get_epsilon (model), ==, 0.25);
  g_assert_null (dpviz_param_row_get_error (row));
  /* Close with the focus in an entry holding an edit. */
  g_assert_true (gtk_widget_grab_focus (entry));
  gtk_editable_set_text (GTK_EDITABLE (entry), "0.5");

  close_window (window);
}

static const char *
visible_name (DpvizWindow *window)
{
  GtkWidget *plot = GTK_WIDGET (dpviz_window_get_plot_view (window, DPVIZ_VIEW ("densities")));
  AdwViewStack *stack = ADW_VIEW_STACK (gtk_widget_get_parent (plot));

  return adw_view_stack_get_visible_child_name (stack);
}


/* The first visible label at or under @widget (with CSS class @css_class, or any when NULL). */
static GtkWidget *
find_label (GtkWidget  *widget,
            const char *css_class)
{
  if (!gtk_widget_get_visible (widget))
    return NULL;
  if (GTK_IS_LABEL (widget) && (css_class == NULL || gtk_widget_has_css_class (widget, css_class)))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      /* a widget of the class: its first label, with the class or inheriting it */
      if (css_class != NULL && !GTK_IS_LABEL (child) && gtk_widget_has_css_class (child, css_class)
          && (found = find_label (child, NULL)) != NULL)
        return found;
      if ((found = find_label (child, css_class)) != NULL)
        return found;
    }
  return NULL;
}

/* The font size (Pango units) of the first visible label of CSS class @css_class (or in a
 * widget of that class) under @widget, as styled now; 0 when there is none. */
static double
label_font_size (GtkWidget  *widget,
                 const char *css_class)
{
  GtkWidget *label = find_label (widget, css_class);

  if (label == NULL)
    return 0;
  return pango_font_description_get_size (
           pango_context_get_font_description (gtk_widget_get_pango_context (label)));
}

static void
test_switch_views (void)
{
  DpvizWindow *window = new_window ();
  DpvizModel *model = dpviz_window_get_model (window);

  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    {
      DpvizPlotView *plot = dpviz_window_get_plot_view (window, i);
      guint draws = dpviz_plot_view_get_n_draws (plot);
      const char *name = dpv_registry_get (i)->name;

      g_action_group_activate_action (G_ACTION_GROUP (window), "view",
                                      g_variant_new_string (name));
      g_assert_cmpint (dpviz_model_get_view (model), ==, i);
      g_assert_cmpstr (visible_name (window), ==, name);
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (plot)));
      g_assert_true (plot_drawn (plot, draws));
      for (guint j = 0; j < dpv_registry_get_n_views (); j++)
        if (j != i)
          g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (dpviz_window_get_plot_view (window, j))));
    }

  /* The other direction: the model moves the visible view. */
  dpviz_model_set_view (model, DPVIZ_VIEW ("regions"));
  g_assert_cmpstr (visible_name (window), ==, "regions");
  {
    g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), "view");
    g_assert_cmpstr (g_variant_get_string (state, NULL), ==, "regions");
  }

  /* Mechanism through its action. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "mechanism",
                                  g_variant_new_string ("gaussian"));
  g_assert_cmpint (dpviz_model_get_mechanism (model), ==, DP_MECHANISM_GAUSSIAN);

  /* Regions view: ε′ from δ by default; by hand with its own row, refused when negative. */
  {
    DpvizParamRow *row = dpviz_window_get_param_row (window, "eps-prime");

    dpviz_model_set_view (model, DPVIZ_VIEW ("regions"));
    g_assert_true (dpviz_model_set_epsilon (model, 0.8, NULL));
    g_assert_cmpfloat (dpviz_model_get_value (model, "eps-prime"), <, 0);
    g_assert_false (gtk_widget_get_visible (GTK_WIDGET (row)));
    g_action_group_change_action_state (G_ACTION_GROUP (window), "eps-prime-from-delta",
                                        g_variant_new_boolean (FALSE));
    g_assert_cmpfloat (dpviz_model_get_value (model, "eps-prime"), ==, 0.8);
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (row)));
    type_into (row, "0.3");
    g_assert_cmpfloat (dpviz_model_get_value (model, "eps-prime"), ==, 0.3);
    type_into (row, "-2");
    g_assert_nonnull (dpviz_param_row_get_error (row));
    g_assert_cmpfloat (dpviz_model_get_value (model, "eps-prime"), ==, 0.3);
    g_assert_true (plot_drawn (dpviz_window_get_plot_view (window, DPVIZ_VIEW ("regions")), 0));
    g_action_group_change_action_state (G_ACTION_GROUP (window), "eps-prime-from-delta",
                                        g_variant_new_boolean (TRUE));
    g_assert_cmpfloat (dpviz_model_get_value (model, "eps-prime"), <, 0);
    g_assert_false (gtk_widget_get_visible (GTK_WIDGET (row)));
  }

  /* Accuracy view: no needed accuracy by default, the row hidden under an unchecked check
   * button; checking it gives ±x the middle of its logarithmic slider, 10^((−6 + 6)/2) = 1;
   * unchecking takes it away again, and the model setting it checks the button. */
  {
    DpvizParamRow *row = dpviz_window_get_param_row (window, "target");
    GtkWidget *control = dpviz_window_get_control (window, "target");
    GtkWidget *check = gtk_widget_get_first_child (control);

    dpviz_model_set_view (model, DPVIZ_VIEW ("accuracy"));
    g_assert_true (GTK_IS_CHECK_BUTTON (check));
    g_assert_true (gtk_widget_is_ancestor (GTK_WIDGET (row), control));
    g_assert_true (gtk_widget_get_visible (control));
    g_assert_cmpfloat (dpviz_model_get_value (model, "target"), <, 0);
    g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
    g_assert_false (gtk_widget_get_visible (GTK_WIDGET (row)));
    gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
    g_assert_cmpfloat (dpviz_model_get_value (model, "target"), ==, 1.0);
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (row)));
    type_into (row, "2.5");
    g_assert_cmpfloat (dpviz_model_get_value (model, "target"), ==, 2.5);
    gtk_check_button_set_active (GTK_CHECK_BUTTON (check), FALSE);
    g_assert_cmpfloat (dpviz_model_get_value (model, "target"), <, 0);
    g_assert_false (gtk_widget_get_visible (GTK_WIDGET (row)));
    g_assert_true (dpviz_model_set_value (model, "target", 0.5, NULL));
    g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (row)));
    g_object_set (model, "target", -1.0, NULL);
    g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  }

  /* Zoom changes the plot text scale, and the text of every control with it: a parameter
   * row's heading, a slider's caption and the read-outs, each by the same factor. */
  {
    static const char *const classes[] = { "heading", "caption", "value" };
    double before[G_N_ELEMENTS (classes)];

    spin (0.3);   /* the read-outs are filled in an idle */
    for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
      before[i] = label_font_size (GTK_WIDGET (window), classes[i]);
    for (guint i = 0; i < 4; i++)
      g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-in", NULL);
    spin (0.3);   /* the style is applied in the next frame */
    g_assert_cmpfloat (dpviz_window_get_text_scale (window), ==, 2.0);
    g_assert_cmpfloat (dpviz_plot_view_get_text_scale (dpviz_window_get_plot_view (window, 0)),
                       ==, dpviz_window_get_text_scale (window));
    for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
      {
        double after = label_font_size (GTK_WIDGET (window), classes[i]);

        g_assert_cmpfloat (before[i], >, 0);
        g_assert_cmpfloat_with_epsilon (after / before[i], 2.0, 0.02);
      }
    g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-reset", NULL);
    spin (0.3);
    g_assert_cmpfloat (dpviz_window_get_text_scale (window), ==, 1.0);
    for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
      g_assert_cmpfloat_with_epsilon (label_font_size (GTK_WIDGET (window), classes[i]),
                                      before[i], before[i] * 1e-6);
  }

  close_window (window);
}

/* ---- the header's view menu ------------------------------------------------------------ */

/* The first widget under @widget (depth first) of the type named @type_name whose string
 * property @property is @value (any, when @property is NULL). */
static GtkWidget *
find_widget (GtkWidget  *widget,
             const char *type_name,
             const char *property,
             const char *value)
{
  if (g_str_equal (G_OBJECT_TYPE_NAME (widget), type_name))
    {
      g_autofree char *text = NULL;

      if (property == NULL)
        return widget;
      g_object_get (widget, property, &text, NULL);
      if (g_strcmp0 (text, value) == 0)
        return widget;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type_name, property, value);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The header bar's title widget: the menu button of the views. */
static GtkMenuButton *
view_button (DpvizWindow *window)
{
  GtkWidget *header = find_widget (GTK_WIDGET (window), "AdwHeaderBar", NULL, NULL);
  GtkWidget *title;

  g_assert_nonnull (header);
  title = adw_header_bar_get_title_widget (ADW_HEADER_BAR (header));
  g_assert_true (GTK_IS_MENU_BUTTON (title));
  return GTK_MENU_BUTTON (title);
}

static const char *
view_button_title (DpvizWindow *window)
{
  GtkWidget *label = find_widget (GTK_WIDGET (view_button (window)), "GtkLabel", NULL, NULL);

  g_assert_nonnull (label);
  return gtk_label_get_text (GTK_LABEL (label));
}

typedef struct {
  GtkPopover *popover;
  const char *heading;
} HeadingWait;

static gboolean
heading_shown (gpointer data)
{
  HeadingWait *w = data;
  GtkWidget *label = find_widget (GTK_WIDGET (w->popover), "GtkLabel", "label", w->heading);

  return label != NULL && gtk_widget_is_drawable (label);
}

static gboolean
popover_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (gtk_menu_button_get_popover (data)));
}

/* With DPVIZ_TEST_PNG_DIR set, the open menu over the window is written there as
 * view-menu.png, to be looked at. */
static void
save_menu_png (DpvizWindow *window,
               GtkPopover  *popover)
{
  const char *dir = g_getenv ("DPVIZ_TEST_PNG_DIR");
  GtkWidget *widgets[] = { GTK_WIDGET (window), GTK_WIDGET (popover) };
  const char *names[] = { "view-menu-window.png", "view-menu.png" };

  if (dir == NULL)
    return;
  spin (0.3);   /* drawn once */
  for (guint i = 0; i < G_N_ELEMENTS (widgets); i++)
    {
      g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widgets[i]);
      g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
      g_autoptr(GskRenderNode) node = NULL;
      g_autoptr(GdkTexture) texture = NULL;
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widgets[i]));

      gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (widgets[i]),
                              gtk_widget_get_height (widgets[i]));
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
      g_assert_nonnull (node);
      texture = gsk_renderer_render_texture (renderer, node, NULL);
      g_assert_true (gdk_texture_save_to_png (texture, path));
    }
}

/* The menu lists every registered view, in the registry's order, in a section headed by its
 * chapter; its items are radio items with the current view checked; choosing one shows that
 * view and puts its title in the header. */
static void
test_view_menu (void)
{
  DpvizWindow *window = new_window ();
  DpvizModel *model = dpviz_window_get_model (window);
  GtkMenuButton *button = view_button (window);
  GMenuModel *menu = gtk_menu_button_get_menu_model (button);
  guint n = dpv_registry_get_n_views ();
  guint seen = 0;

  g_assert_nonnull (menu);
  /* The model: a section per chapter, labelled with the chapter's translated title. */
  for (int s = 0; s < g_menu_model_get_n_items (menu); s++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, s, G_MENU_LINK_SECTION);
      g_autofree char *label = NULL;

      g_assert_nonnull (section);
      g_assert_true (g_menu_model_get_item_attribute (menu, s, G_MENU_ATTRIBUTE_LABEL, "s",
                                                      &label));
      g_assert_cmpint (g_menu_model_get_n_items (section), >, 0);
      for (int k = 0; k < g_menu_model_get_n_items (section); k++, seen++)
        {
          g_autofree char *action = NULL;
          g_autoptr(GVariant) target = NULL;

          g_assert_cmpuint (seen, <, n);
          g_assert_cmpstr (label, ==, _(dpv_registry_get_chapter (seen)));
          g_assert_true (g_menu_model_get_item_attribute (section, k, G_MENU_ATTRIBUTE_ACTION,
                                                          "s", &action));
          g_assert_cmpstr (action, ==, "win.view");
          target = g_menu_model_get_item_attribute_value (section, k, G_MENU_ATTRIBUTE_TARGET,
                                                          G_VARIANT_TYPE_STRING);
          g_assert_nonnull (target);
          g_assert_cmpstr (g_variant_get_string (target, NULL), ==, dpv_registry_get (seen)->name);
        }
    }
  g_assert_cmpuint (seen, ==, n);

  /* The widgets: open the menu, choose each view by its item. */
  for (guint i = 0; i < n; i++)
    {
      guint j = (i + 3) % n;   /* not the current view */
      g_autofree char *title = dpv_view_class_get_plain_title (dpv_registry_get (j));
      g_autofree char *current = dpv_view_class_get_plain_title (
        dpv_registry_get (dpviz_model_get_view (model)));
      GtkPopover *popover;
      GtkWidget *item, *current_item;
      gboolean active;

      gtk_menu_button_popup (button);
      g_assert_true (wait_for (popover_mapped, button, 5.0));
      popover = gtk_menu_button_get_popover (button);
      /* every chapter heading is shown (GTK adds the headings in an idle) */
      for (guint v = 0; v < n; v++)
        if (dpv_registry_starts_chapter (v))
          {
            HeadingWait w = { popover, _(dpv_registry_get_chapter (v)) };

            g_assert_true (wait_for (heading_shown, &w, 5.0));
          }
      if (i == 0)
        save_menu_png (window, popover);
      current_item = find_widget (GTK_WIDGET (popover), "GtkModelButton", "text", current);
      g_assert_nonnull (current_item);
      g_object_get (current_item, "active", &active, NULL);
      g_assert_true (active);
      item = find_widget (GTK_WIDGET (popover), "GtkModelButton", "text", title);
      g_assert_nonnull (item);
      g_object_get (item, "active", &active, NULL);
      g_assert_false (active);
      g_signal_emit_by_name (item, "clicked");
      spin (0.02);
      g_assert_cmpuint (dpviz_model_get_view (model), ==, j);
      g_assert_cmpstr (visible_name (window), ==, dpv_registry_get (j)->name);
      g_assert_cmpstr (view_button_title (window), ==, title);
      {
        g_autofree char *name = g_strdup_printf (_("View: %s"), title);

        gtk_test_accessible_assert_property (button, GTK_ACCESSIBLE_PROPERTY_LABEL, name);
      }
      gtk_popover_popdown (popover);
      spin (0.02);
    }

  close_window (window);
}

/* Alt+Page Down/Up step through the views in the registry's order, round at the ends. */
static void
test_view_next_previous (void)
{
  DpvizWindow *window = new_window ();
  DpvizModel *model = dpviz_window_get_model (window);
  guint n = dpv_registry_get_n_views ();
  g_auto(GStrv) next = gtk_application_get_accels_for_action (app, "win.view-next");
  g_auto(GStrv) previous = gtk_application_get_accels_for_action (app, "win.view-previous");

  g_assert_cmpstr (next[0], ==, "<Alt>Page_Down");
  g_assert_cmpstr (previous[0], ==, "<Alt>Page_Up");

  dpviz_model_set_view (model, 0);
  for (guint i = 1; i <= n; i++)
    {
      g_autofree char *title = NULL;

      g_action_group_activate_action (G_ACTION_GROUP (window), "view-next", NULL);
      g_assert_cmpuint (dpviz_model_get_view (model), ==, i % n);
      g_assert_cmpstr (visible_name (window), ==, dpv_registry_get (i % n)->name);
      title = dpv_view_class_get_plain_title (dpv_registry_get (i % n));
      g_assert_cmpstr (view_button_title (window), ==, title);
    }
  for (guint i = 1; i <= n; i++)
    {
      g_action_group_activate_action (G_ACTION_GROUP (window), "view-previous", NULL);
      g_assert_cmpuint (dpviz_model_get_view (model), ==, (n - i) % n);
      g_assert_cmpstr (visible_name (window), ==, dpv_registry_get ((n - i) % n)->name);
    }

  close_window (window);
}

static void
test_settings_restore (void)
{
  DpvizWindow *window = new_window ();
  DpvizModel *model = dpviz_window_get_model (window);

  g_assert_true (dpviz_model_set_epsilon (model, 0.3, NULL));
  g_assert_true (dpviz_model_set_delta (model, 1e-9, NULL));
  g_assert_true (dpviz_model_set_sensitivity (model, 2.5, NULL));
  g_assert_true (dpviz_model_set_k (model, 42, NULL));
  dpviz_model_set_mechanism (model, DP_MECHANISM_RR);
  dpviz_model_set_view (model, DPVIZ_VIEW ("kl"));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  close_window (window);

  window = new_window ();
  model = dpviz_window_get_model (window);
  g_assert_cmpfloat (dpviz_model_get_epsilon (model), ==, 0.3);
  g_assert_cmpfloat (dpviz_model_get_delta (model), ==, 1e-9);
  g_assert_cmpfloat (dpviz_model_get_sensitivity (model), ==, 2.5);
  g_assert_cmpuint (dpviz_model_get_k (model), ==, 42);
  g_assert_cmpint (dpviz_model_get_mechanism (model), ==, DP_MECHANISM_RR);
  g_assert_cmpint (dpviz_model_get_view (model), ==, DPVIZ_VIEW ("kl"));
  g_assert_cmpstr (visible_name (window), ==, "kl");
  {
    int w, h;

    gtk_window_get_default_size (GTK_WINDOW (window), &w, &h);
    g_assert_cmpint (w, ==, 1000);
    g_assert_cmpint (h, ==, 700);
  }
  /* The slider and entry show the restored value. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (dpviz_param_row_get_entry (
                     dpviz_window_get_param_row (window, "delta")))), ==, "1e-9");

  /* Back to defaults for the other tests. */
  dpviz_model_set_view (model, DPVIZ_VIEW ("densities"));
  dpviz_model_set_mechanism (model, DP_MECHANISM_LAPLACE);
  g_assert_true (dpviz_model_set_k (model, 100, NULL));
  close_window (window);
}

typedef struct {
  DpvizFrameProvider *provider;
  guint delivered;
  guint dropped;
} StatsWait;

static gboolean
stats_reached (gpointer data)
{
  StatsWait *w = data;
  guint delivered, dropped;

  dpviz_frame_provider_get_stats (w->provider, NULL, &delivered, &dropped);
  return delivered >= w->delivered && dropped >= w->dropped;
}

static gboolean
provider_idle (gpointer data)
{
  return !dpviz_frame_provider_get_busy (data);
}

/* The data (the curves) of the composition frame the provider shows. */
static const DpvCompositionData *
shown_curves (DpvizFrameProvider *provider)
{
  DpvFrame *frame = dpviz_frame_provider_get_frame (provider, DPVIZ_VIEW ("composition"));

  return frame != NULL ? dpv_frame_get_data (frame) : NULL;
}

static guint
n_started (DpvizFrameProvider *provider)
{
  guint started;

  dpviz_frame_provider_get_stats (provider, &started, NULL, NULL);
  return started;
}

static void
test_provider_completes_and_drops_stale (void)
{
  g_autoptr(DpvizFrameProvider) provider = dpviz_frame_provider_new ();
  guint comp = DPVIZ_VIEW ("composition");
  DpvParams a, b, b_other_k;
  guint started, delivered, dropped;
  StatsWait wait = { provider, 1, 1 };

  dpv_params_init (&a);
  a.mechanism = DP_MECHANISM_LAPLACE;
  a.epsilon = 0.1;
  a.k = 300;
  b = a;
  b.epsilon = 0.2;
  b_other_k = b;
  b_other_k.k = 20;

  dpviz_frame_provider_update (provider, comp, &a);
  g_assert_cmpuint (n_started (provider), ==, 1);
  g_assert_true (dpviz_frame_provider_get_busy (provider));
  /* at once a frame: the preview (the cheap curves), pending */
  g_assert_nonnull (dpviz_frame_provider_get_frame (provider, comp));
  g_assert_true (dpviz_frame_provider_get_pending (provider, comp));
  g_assert_false (shown_curves (provider)->complete);
  /* A newer value supersedes the older job at once. */
  dpviz_frame_provider_update (provider, comp, &b);
  /* The same inputs again (k does not matter) start nothing. */
  dpviz_frame_provider_update (provider, comp, &b);
  dpviz_frame_provider_update (provider, comp, &b_other_k);

  g_assert_true (wait_for (stats_reached, &wait, 25.0));
  dpviz_frame_provider_get_stats (provider, &started, &delivered, &dropped);
  g_assert_cmpuint (started, ==, 2);
  g_assert_cmpuint (delivered, ==, 1);
  g_assert_cmpuint (dropped, ==, 1);
  g_assert_false (dpviz_frame_provider_get_busy (provider));
  g_assert_false (dpviz_frame_provider_get_pending (provider, comp));
  g_assert_true (shown_curves (provider)->complete);
  g_assert_true (dpv_composition_data_matches (shown_curves (provider), &b));
  g_assert_false (dpv_composition_data_matches (shown_curves (provider), &a));
  /* the frame is at the newest parameters (k = 20) */
  g_assert_cmpuint (dpv_frame_get_params (dpviz_frame_provider_get_frame (provider, comp))->k,
                    ==, 20);

  /* Cached now: nothing new to do. */
  dpviz_frame_provider_update (provider, comp, &b);
  g_assert_cmpuint (n_started (provider), ==, 2);

  /* One computation at a time: while A runs, B and then C are asked for; B is never started,
   * C starts once the cancelled A has returned. */
  {
    DpvParams c = a, d = a;
    StatsWait wait2 = { provider, 2, 2 };

    a.epsilon = 0.3;
    b.epsilon = 0.4;
    c.epsilon = 0.5;
    d.epsilon = 0.6;
    dpviz_frame_provider_update (provider, comp, &a);
    dpviz_frame_provider_update (provider, comp, &b);
    dpviz_frame_provider_update (provider, comp, &c);
    g_assert_true (wait_for (stats_reached, &wait2, 25.0));
    g_assert_true (wait_for (provider_idle, provider, 25.0));
    dpviz_frame_provider_get_stats (provider, &started, &delivered, &dropped);
    g_assert_cmpuint (started, ==, 4);    /* 2 before + A + C */
    g_assert_cmpuint (delivered, ==, 2);
    g_assert_cmpuint (dropped, ==, 2);
    g_assert_true (dpv_composition_data_matches (shown_curves (provider), &c));

    /* Going back to the computed values cancels the work for others. */
    dpviz_frame_provider_update (provider, comp, &d);
    g_assert_cmpuint (n_started (provider), ==, 5);
    dpviz_frame_provider_update (provider, comp, &c);
    g_assert_false (dpviz_frame_provider_get_pending (provider, comp));
    g_assert_true (wait_for (provider_idle, provider, 25.0));
    g_assert_true (dpv_composition_data_matches (shown_curves (provider), &c));
  }
}

/* A cheap view's frame at once, and computed once for several readers. */
static void
test_provider_cheap_once (void)
{
  g_autoptr(DpvizFrameProvider) provider = dpviz_frame_provider_new ();
  guint regions = DPVIZ_VIEW ("regions");
  guint n_results;
  DpvParams p;

  dpv_params_init (&p);
  dpviz_frame_provider_update (provider, regions, &p);
  g_assert_nonnull (dpviz_frame_provider_get_frame (provider, regions));
  g_assert_false (dpviz_frame_provider_get_pending (provider, regions));
  g_assert_false (dpviz_frame_provider_get_busy (provider));
  /* the same parameters again, and k, which the regions view does not use */
  dpviz_frame_provider_update (provider, regions, &p);
  p.k = 7;
  dpviz_frame_provider_update (provider, regions, &p);
  dpv_frame_cache_get_stats (dpviz_frame_provider_get_cache (provider),
                             dpv_registry_get (regions), &n_results, NULL, NULL);
  g_assert_cmpuint (n_results, ==, 1);
}

/* In the window: the composition view draws at once and again when the provider delivers. */
static void
test_composition_view_completes (void)
{
  DpvizWindow *window = new_window ();
  DpvizModel *model = dpviz_window_get_model (window);
  DpvizFrameProvider *provider = dpviz_window_get_provider (window);
  DpvizPlotView *plot = dpviz_window_get_plot_view (window, DPVIZ_VIEW ("composition"));
  guint draws, delivered_before, delivered_after;
  DpvParams params;

  dpviz_model_set_view (model, DPVIZ_VIEW ("composition"));
  g_assert_true (plot_drawn (plot, 0));
  g_assert_true (dpviz_model_set_epsilon (model, 0.37, NULL));
  draws = dpviz_plot_view_get_n_draws (plot);
  dpviz_frame_provider_get_stats (provider, NULL, &delivered_before, NULL);
  /* A frame right away (cheap curves; exact one pending)… */
  g_assert_true (plot_drawn (plot, draws));
  /* …and another once the exact curve arrives. */
  g_assert_true (wait_for (provider_idle, provider, 25.0));
  draws = dpviz_plot_view_get_n_draws (plot);
  dpviz_frame_provider_get_stats (provider, NULL, &delivered_after, NULL);
  g_assert_cmpuint (delivered_after, >, delivered_before);
  dpviz_model_get_params (model, &params);
  g_assert_true (dpv_composition_data_matches (shown_curves (provider), &params));
  g_assert_true (plot_drawn (plot, draws - 1));

  dpviz_model_set_view (model, DPVIZ_VIEW ("densities"));
  close_window (window);
}

/* Ctrl+S with a lesson open saves to the file it came from, at once: the current values go
 * into the current step and every other line of the file stays as it was. */
static void
test_save_lesson_to_its_file (void)
{
  DpvizWindow *window = new_window ();
  DpvizModel *model = dpviz_window_get_model (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("dpviz-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "lesson.dpviz", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *saved = NULL;
  g_auto(GStrv) before = NULL, after = NULL;
  g_autoptr(DpvizLesson) reloaded = NULL;
  const char *contents = "# prepared for Tuesday\n[Lesson]\nVersion=1\nTitle=Saving\n"
                         "Title[zh_CN]=保存\nX-Room=B12\n[Step 1]\nMechanism=laplace\n"
                         "View=densities\nEpsilon=1\nDelta=1e-05\nSensitivity=1\nK=10\n"
                         "Note=first\n[Step 2]\nMechanism=laplace\nView=kl\nEpsilon=2\n"
                         "Delta=1e-05\nSensitivity=1\nK=10\n";

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  /* Export Lesson… is there while a lesson is open */
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "export-lesson"));
  g_assert_true (dpviz_window_load_lesson (window, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "export-lesson"));
  g_assert_cmpfloat (dpviz_model_get_epsilon (model), ==, 1.0);
  g_assert_true (dpviz_model_set_epsilon (model, 0.25, NULL));

  /* no dialog: the file is written before the action returns */
  g_action_group_activate_action (G_ACTION_GROUP (window), "save-lesson", NULL);
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));

  /* the same lines, except step 1's ε */
  before = g_strsplit (contents, "\n", -1);
  after = g_strsplit (saved, "\n", -1);
  g_assert_cmpuint (g_strv_length (after), ==, g_strv_length (before));
  for (guint i = 0; before[i] != NULL; i++)
    if (i == 9)
      g_assert_true (g_str_has_prefix (after[i], "Epsilon="));
    else
      g_assert_cmpstr (after[i], ==, before[i]);
  reloaded = dpviz_lesson_load (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (reloaded->steps->len, ==, 2);
  g_assert_cmpfloat (((DpvizLessonStep *) g_ptr_array_index (reloaded->steps, 0))->params.epsilon,
                     ==, 0.25);
  g_assert_cmpfloat (((DpvizLessonStep *) g_ptr_array_index (reloaded->steps, 1))->params.epsilon,
                     ==, 2.0);

  g_action_group_activate_action (G_ACTION_GROUP (window), "close-lesson", NULL);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "export-lesson"));
  g_unlink (path);
  g_rmdir (dir);
  g_assert_true (dpviz_model_set_k (model, 100, NULL));
  close_window (window);
}

static void
test_bad_lesson_changes_nothing (void)
{
  DpvizWindow *window = new_window ();
  DpvizModel *model = dpviz_window_get_model (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("dpviz-test-XXXXXX", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "bad.dpviz", NULL);
  g_autofree char *good_path = g_build_filename (dir, "good.dpviz", NULL);
  g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
  g_autoptr(GFile) good = g_file_new_for_path (good_path);
  const char *contents = "[Lesson]\nVersion=1\n[Step 1]\nMechanism=laplace\nView=densities\n"
                         "Epsilon=1e300\nDelta=1e-5\nSensitivity=1\nK=10\n";

  g_assert_true (dpviz_model_set_epsilon (model, 0.7, NULL));
  g_assert_true (g_file_set_contents (bad_path, contents, -1, NULL));
  g_assert_false (dpviz_window_load_lesson (window, bad, &error));
  g_assert_nonnull (error);
  g_assert_cmpfloat (dpviz_model_get_epsilon (model), ==, 0.7);
  g_assert_cmpuint (dpviz_model_get_k (model), ==, 100);
  g_clear_error (&error);

  /* A lesson saved from other values restores them. */
  {
    g_autoptr(DpvizModel) other = dpviz_model_new ();
    g_autoptr(DpvizLesson) lesson = NULL;

    g_assert_true (dpviz_model_set_epsilon (other, 2.0, NULL));
    g_assert_true (dpviz_model_set_k (other, 7, NULL));
    dpviz_model_set_view (other, DPVIZ_VIEW ("regions"));
    lesson = dpviz_lesson_new_from_model (other);
    g_assert_true (dpviz_lesson_save (lesson, good, NULL));
  }
  g_assert_true (dpviz_window_load_lesson (window, good, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (dpviz_model_get_epsilon (model), ==, 2.0);
  g_assert_cmpuint (dpviz_model_get_k (model), ==, 7);
  g_assert_cmpint (dpviz_model_get_view (model), ==, DPVIZ_VIEW ("regions"));
  g_assert_cmpstr (visible_name (window), ==, "regions");

  /* Build a lesson in the app: two steps, saved, reloaded, stepped through. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "close-lesson", NULL);
  g_assert_true (dpviz_model_set_epsilon (model, 0.5, NULL));
  g_action_group_activate_action (G_ACTION_GROUP (window), "lesson-add-step", NULL);
  g_assert_true (dpviz_model_set_epsilon (model, 3.0, NULL));
  dpviz_model_set_view (model, DPVIZ_VIEW ("kl"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "lesson-add-step", NULL);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "lesson-next"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "lesson-previous", NULL);
  g_assert_cmpfloat (dpviz_model_get_epsilon (model), ==, 0.5);
  g_assert_cmpint (dpviz_model_get_view (model), ==, DPVIZ_VIEW ("regions"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "lesson-next", NULL);
  g_assert_cmpfloat (dpviz_model_get_epsilon (model), ==, 3.0);
  g_assert_cmpint (dpviz_model_get_view (model), ==, DPVIZ_VIEW ("kl"));
  /* never saved: closing it asks first (tests/app/test-lesson-editor.c); Discard closes it */
  g_action_group_activate_action (G_ACTION_GROUP (window), "close-lesson", NULL);
  g_assert_nonnull (window->lesson);
  g_assert_nonnull (window->lesson_prompt);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (window->lesson_prompt), "discard");
  g_assert_null (window->lesson);

  g_unlink (bad_path);
  g_unlink (good_path);
  g_rmdir (dir);
  dpviz_model_set_view (model, DPVIZ_VIEW ("densities"));
  g_assert_true (dpviz_model_set_k (model, 100, NULL));
  close_window (window);
}

static DpvizModel *sweep_model;
static double sweep_before;

static gboolean
sweep_moved (gpointer data)
{
  return dpviz_model_get_sensitivity (sweep_model) > sweep_before;
}

static void
test_animate_sweeps (void)
{
  DpvizWindow *window = new_window ();
  DpvizModel *model = dpviz_window_get_model (window);
  double before;

  g_assert_true (dpviz_model_set_sensitivity (model, 1.0, NULL));
  before = dpviz_model_get_sensitivity (model);
  g_action_group_activate_action (G_ACTION_GROUP (window), "animate-parameter",
                                  g_variant_new_string ("sensitivity"));
  g_action_group_change_action_state (G_ACTION_GROUP (window), "animate",
                                      g_variant_new_boolean (TRUE));
  /* at least half a second, and until two frames have ticked (a loaded machine may take
   * longer to show them) */
  spin (0.5);
  sweep_model = model;
  sweep_before = before;
  wait_for (sweep_moved, NULL, 20.0);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "animate",
                                      g_variant_new_boolean (FALSE));
  /* Going up from where it was, within the range. */
  g_assert_cmpfloat (dpviz_model_get_sensitivity (model), >, before);
  g_assert_cmpfloat (dpviz_model_get_sensitivity (model), <=, DPV_PARAM_MAX (SENSITIVITY));
  before = dpviz_model_get_sensitivity (model);
  spin (0.2);
  g_assert_cmpfloat (dpviz_model_get_sensitivity (model), ==, before);
  g_assert_true (dpviz_model_set_sensitivity (model, 1.0, NULL));
  close_window (window);
}

/* ---- the animation's options (issue #19) ---- */

static DpvizWindow *anim_window;

static gboolean
anim_playing (DpvizWindow *window)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), "animate");

  return g_variant_get_boolean (state);
}

static gboolean
anim_stopped_at_end (gpointer data)
{
  return !anim_playing (anim_window)
         && dpviz_model_get_epsilon (dpviz_window_get_model (anim_window)) == 0.5;
}

static gboolean
anim_below (gpointer data)
{
  return dpviz_model_get_epsilon (dpviz_window_get_model (anim_window)) < *(double *) data;
}

/* Types @from and @to into the popover and presses Enter in To. */
static void
type_range (DpvizWindow *window, const char *from, const char *to)
{
  gtk_editable_set_text (GTK_EDITABLE (window->animation_from), from);
  gtk_editable_set_text (GTK_EDITABLE (window->animation_to), to);
  g_signal_emit_by_name (window->animation_to, "activate");
}

static void
test_animation_options (void)
{
  DpvizWindow *window = new_window ();
  DpvizModel *model = dpviz_window_get_model (window);
  GActionGroup *group = G_ACTION_GROUP (window);
  GListModel *params;
  g_autoptr(GVariant) ranges_before = NULL;
  g_autoptr(GVariant) ranges_after = NULL;
  g_autofree char *mode = NULL;
  const char *refused[][2] = {
    { "0.001", "5" },   /* below ε's range */
    { "1", "11" },      /* above it */
    { "abc", "5" },     /* not a number */
    { "nan", "5" },
    { "2", "2" },       /* no way to go */
  };
  guint n_expected = 0;
  double v, before;
  double d;

  anim_window = window;
  dpviz_model_set_view (model, DPVIZ_VIEW ("densities"));
  g_assert_true (dpviz_model_set_epsilon (model, 2.0, NULL));

  /* The drop-down lists the numbers with a slider the view uses, in the table's order. */
  params = gtk_drop_down_get_model (window->animation_param);
  for (int id = 0; id < DPV_N_PARAMS; id++)
    {
      const DpvParamSpec *spec = dpv_param_spec (id);

      if (!dpv_view_class_uses (dpv_registry_get (DPVIZ_VIEW ("densities")), id)
          || (spec->kind != DPV_PARAM_KIND_DOUBLE && spec->kind != DPV_PARAM_KIND_UINT))
        continue;
      g_assert_nonnull (dpviz_window_get_param_row (window, spec->name));
      g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (params), n_expected), ==,
                       _(spec->label));
      n_expected++;
    }
  g_assert_cmpuint (g_list_model_get_n_items (params), ==, n_expected);
  g_assert_cmpuint (n_expected, >=, 2);

  /* An unknown or non-numeric parameter is refused. */
  g_action_group_change_action_state (group, "animate-parameter", g_variant_new_string ("epsilon"));
  g_action_group_change_action_state (group, "animate-parameter", g_variant_new_string ("bogus"));
  g_action_group_change_action_state (group, "animate-parameter",
                                      g_variant_new_string ("mechanism"));
  {
    g_autoptr(GVariant) state = g_action_group_get_action_state (group, "animate-parameter");
    g_autofree char *setting = g_settings_get_string (window->settings, "animation-parameter");

    g_assert_cmpstr (g_variant_get_string (state, NULL), ==, "epsilon");
    g_assert_cmpstr (setting, ==, "epsilon");
  }
  /* the whole slider range when nothing is remembered */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (window->animation_from)), ==, "0.01");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (window->animation_to)), ==, "10");

  /* Invalid From or To: a message, the settings and the animation unchanged. */
  ranges_before = g_settings_get_value (window->settings, "animation-ranges");
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GVariant) now = NULL;

      type_range (window, refused[i][0], refused[i][1]);
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->animation_error)));
      g_assert_cmpuint (strlen (gtk_label_get_text (window->animation_error)), >, 0);
      g_assert_null (strstr (gtk_label_get_text (window->animation_error), "nan"));
      g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window->animation_from), "error"));
      now = g_settings_get_value (window->settings, "animation-ranges");
      g_assert_true (g_variant_equal (now, ranges_before));
      g_assert_false (anim_playing (window));
      g_assert_cmpfloat (dpviz_model_get_epsilon (model), ==, 2.0);
    }
  g_assert_nonnull (strstr (gtk_label_get_text (window->animation_error), "differ"));

  /* From above To is a downward sweep; the pair is remembered for ε. */
  type_range (window, " 5", "0.5 ");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->animation_error)));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (window->animation_from), "error"));
  ranges_after = g_settings_get_value (window->settings, "animation-ranges");
  g_assert_true (g_variant_lookup (ranges_after, "epsilon", "(dd)", &v, &d));
  g_assert_cmpfloat (v, ==, 5);
  g_assert_cmpfloat (d, ==, 0.5);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (window->animation_from)), ==, "5");

  /* The mode through its action; an unknown one changes nothing. */
  g_action_group_change_action_state (group, "animate-mode", g_variant_new_string ("once"));
  g_action_group_change_action_state (group, "animate-mode", g_variant_new_string ("sideways"));
  mode = g_settings_get_string (window->settings, "animation-mode");
  g_assert_cmpstr (mode, ==, "once");
  g_assert_cmpuint (gtk_drop_down_get_selected (window->animation_mode), ==, 0);

  /* Once, 1 s: from ε = 2 (between 5 and 0.5: no jump) down to To, where it stops. */
  gtk_spin_button_set_value (window->animation_duration, 1);
  g_assert_cmpfloat (g_settings_get_double (window->settings, "animation-duration"), ==, 1);
  g_action_group_change_action_state (group, "animate", g_variant_new_boolean (TRUE));
  g_assert_true (anim_playing (window));
  g_assert_cmpfloat (dpviz_model_get_epsilon (model), ==, 2.0);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->animation_value)));
  g_assert_cmpstr (gtk_label_get_text (window->animation_value), ==, "ε = 2");
  g_assert_true (wait_for (anim_stopped_at_end, NULL, 20.0));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->animation_value)));

  /* Loop, slowly: pause keeps the value (shown large), play goes on from it. */
  g_action_group_change_action_state (group, "animate-mode", g_variant_new_string ("loop"));
  gtk_spin_button_set_value (window->animation_duration, 60);
  g_assert_true (dpviz_model_set_epsilon (model, 2.0, NULL));
  g_action_group_change_action_state (group, "animate", g_variant_new_boolean (TRUE));
  before = 2.0;
  g_assert_true (wait_for (anim_below, &before, 20.0));
  g_action_group_change_action_state (group, "animate", g_variant_new_boolean (FALSE));
  v = dpviz_model_get_epsilon (model);
  spin (0.3);
  g_assert_cmpfloat (dpviz_model_get_epsilon (model), ==, v);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->animation_value)));
  {
    g_autofree char *number = dpv_format_shortest (v);
    g_autofree char *text = g_strdup_printf ("ε = %s", number);

    g_assert_cmpstr (gtk_label_get_text (window->animation_value), ==, text);
  }
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (window->play_button)), ==,
                   "Play Animation (Ctrl+P or Space)");
  /* Space is bound to win.animate on the window (after the focused widget had it) */
  {
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
    gboolean bound = FALSE;

    for (guint c = 0; c < g_list_model_get_n_items (controllers); c++)
      {
        g_autoptr(GObject) controller = g_list_model_get_item (controllers, c);

        if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
          continue;
        for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (controller)); k++)
          {
            g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), k);
            g_autofree char *trigger = gtk_shortcut_trigger_to_string (
                                         gtk_shortcut_get_trigger (shortcut));
            GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);

            if (g_str_equal (trigger, "space") && GTK_IS_NAMED_ACTION (action)
                && g_str_equal (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)),
                                "win.animate"))
              {
                bound = TRUE;
                g_assert_cmpint (gtk_event_controller_get_propagation_phase (
                                   GTK_EVENT_CONTROLLER (controller)), ==, GTK_PHASE_BUBBLE);
              }
          }
      }
    g_assert_true (bound);
  }
  /* and activates it without a parameter: that toggles it */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.animate", NULL));
  g_assert_true (anim_playing (window));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (window->play_button)), ==,
                   "Pause Animation (Ctrl+P or Space)");
  g_assert_true (wait_for (anim_below, &v, 20.0));
  g_assert_cmpfloat (dpviz_model_get_epsilon (model), >, 0.5);

  /* Dragging the animated slider ends the animation where the slider is. */
  gtk_range_set_value (GTK_RANGE (dpviz_param_row_get_scale (
                         dpviz_window_get_param_row (window, "epsilon"))), log10 (3.0));
  g_assert_false (anim_playing (window));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->animation_value)));
  spin (0.2);
  g_assert_cmpfloat_with_epsilon (dpviz_model_get_epsilon (model), 3.0, 1e-12);

  /* A view that uses the animated parameter keeps it playing; one that does not ends it
   * (every view uses ε: δ, Δ or k is missing from some). */
  {
    guint lacking = G_MAXUINT, other = G_MAXUINT;
    const DpvParamSpec *spec = NULL;

    for (guint p = 0; p < g_list_model_get_n_items (params) && lacking == G_MAXUINT; p++)
      {
        other = G_MAXUINT;
        for (int id = 0; id < DPV_N_PARAMS; id++)
          if (g_str_equal (_(dpv_param_spec (id)->label),
                           gtk_string_list_get_string (GTK_STRING_LIST (params), p)))
            spec = dpv_param_spec (id);
        for (guint i = 0; i < dpv_registry_get_n_views (); i++)
          if (!dpv_view_class_uses (dpv_registry_get (i), spec->id))
            lacking = i;
          else if (i != DPVIZ_VIEW ("densities"))
            other = i;
      }
    g_assert_cmpuint (lacking, !=, G_MAXUINT);
    g_assert_cmpuint (other, !=, G_MAXUINT);
    g_action_group_change_action_state (group, "animate-parameter",
                                        g_variant_new_string (spec->name));
    g_action_group_change_action_state (group, "animate", g_variant_new_boolean (TRUE));
    g_assert_true (anim_playing (window));
    dpviz_model_set_view (model, other);
    g_assert_true (anim_playing (window));
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->animation_value)));
    dpviz_model_set_view (model, lacking);
    g_assert_false (anim_playing (window));
    g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->animation_value)));
    /* the choice is kept for the views that have it */
    dpviz_model_set_view (model, DPVIZ_VIEW ("densities"));
    {
      g_autoptr(GVariant) state = g_action_group_get_action_state (group, "animate-parameter");

      g_assert_cmpstr (g_variant_get_string (state, NULL), ==, spec->name);
    }
    g_action_group_activate_action (group, "reset-parameters", NULL);
  }

  g_settings_reset (window->settings, "animation-mode");
  g_settings_reset (window->settings, "animation-duration");
  g_settings_reset (window->settings, "animation-ranges");
  g_settings_reset (window->settings, "animation-parameter");
  dpviz_model_set_view (model, DPVIZ_VIEW ("densities"));
  g_assert_true (dpviz_model_set_epsilon (model, 1.0, NULL));
  close_window (window);
}

/* A count takes whole From and To; a lesson step ends an animation. */
static void
test_animation_counts_and_lessons (void)
{
  DpvizWindow *window = new_window ();
  DpvizModel *model = dpviz_window_get_model (window);
  GActionGroup *group = G_ACTION_GROUP (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("dpviz-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "steps.dpviz", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GVariant) ranges = NULL;
  const char *contents = "[Lesson]\nVersion=1\n"
                         "[Step 1]\nMechanism=laplace\nView=composition\nEpsilon=0.5\n"
                         "Delta=1e-5\nSensitivity=1\nK=10\n"
                         "[Step 2]\nMechanism=laplace\nView=composition\nEpsilon=0.5\n"
                         "Delta=1e-5\nSensitivity=1\nK=10\n";
  double from, to;

  dpviz_model_set_view (model, DPVIZ_VIEW ("composition"));
  g_assert_true (dpv_view_class_uses (dpv_registry_get (DPVIZ_VIEW ("composition")), DPV_PARAM_K));
  g_action_group_change_action_state (group, "animate-parameter", g_variant_new_string ("k"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (window->animation_from)), ==, "1");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (window->animation_to)), ==, "10000");
  type_range (window, "2.5", "100");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->animation_error)));
  ranges = g_settings_get_value (window->settings, "animation-ranges");
  g_assert_false (g_variant_lookup (ranges, "k", "(dd)", &from, &to));
  g_clear_pointer (&ranges, g_variant_unref);
  /* the direct call refuses the same, with its error */
  g_assert_false (_dpviz_window_set_animation_range (window, "1", "10001", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  type_range (window, "1", "100");
  ranges = g_settings_get_value (window->settings, "animation-ranges");
  g_assert_true (g_variant_lookup (ranges, "k", "(dd)", &from, &to));
  g_assert_cmpfloat (from, ==, 1);
  g_assert_cmpfloat (to, ==, 100);

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  dpviz_window_load_lesson (window, file, &error);
  g_assert_no_error (error);
  g_action_group_change_action_state (group, "animate", g_variant_new_boolean (TRUE));
  g_assert_true (anim_playing (window));
  g_action_group_activate_action (group, "lesson-next", NULL);
  g_assert_false (anim_playing (window));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->animation_value)));

  g_action_group_activate_action (group, "close-lesson", NULL);
  g_settings_reset (window->settings, "animation-ranges");
  g_settings_reset (window->settings, "animation-parameter");
  g_unlink (path);
  g_rmdir (dir);
  dpviz_model_set_view (model, DPVIZ_VIEW ("densities"));
  g_action_group_activate_action (group, "reset-parameters", NULL);
  close_window (window);
}

/* Per change, the visible view computes once, whatever reads its numbers: the plot, the
 * read-outs, the copied text and figure, the accessible description. */
static void
test_compute_once_per_change (void)
{
  DpvizWindow *window = new_window ();
  DpvizModel *model = dpviz_window_get_model (window);
  DpvFrameCache *cache = dpviz_frame_provider_get_cache (dpviz_window_get_provider (window));
  guint regions = DPVIZ_VIEW ("regions");
  DpvizPlotView *plot = dpviz_window_get_plot_view (window, regions);
  const DpvViewClass *view = dpv_registry_get (regions);
  guint before, after;

  dpviz_model_set_view (model, regions);
  g_assert_true (plot_drawn (plot, 0));
  for (int change = 0; change < 3; change++)
    {
      g_autofree char *text = NULL;
      guint draws = dpviz_plot_view_get_n_draws (plot);

      dpv_frame_cache_get_stats (cache, view, &before, NULL, NULL);
      g_assert_true (dpviz_model_set_epsilon (model, 0.31 + 0.7 * change, NULL));
      g_assert_true (plot_drawn (plot, draws));
      text = dpviz_window_get_readouts_text (window);
      g_assert_nonnull (strstr (text, "P(S)"));
      g_action_group_activate_action (G_ACTION_GROUP (window), "copy-readouts", NULL);
      g_action_group_activate_action (G_ACTION_GROUP (window), "copy-figure", NULL);
      spin (0.4);   /* the description follows after a quarter of a second */
      dpv_frame_cache_get_stats (cache, view, &after, NULL, NULL);
      g_assert_cmpuint (after - before, ==, 1);
    }
  /* k is not a parameter of the regions view: nothing is computed */
  dpv_frame_cache_get_stats (cache, view, &before, NULL, NULL);
  g_assert_true (dpviz_model_set_k (model, 37, NULL));
  spin (0.2);
  dpv_frame_cache_get_stats (cache, view, &after, NULL, NULL);
  g_assert_cmpuint (after, ==, before);
  g_assert_true (dpviz_model_set_k (model, 100, NULL));
  dpviz_model_set_view (model, DPVIZ_VIEW ("densities"));
  close_window (window);
}

/* One range for every way in: the slider's ends, the entry, the model, the CLI's parser and
 * the lesson loader accept a number parameter's ends and refuse just beyond them. */
/* A lesson of one step with @key=@value (and the required keys, unless @key is one of them):
 * whether the loader takes it. */
static gboolean
lesson_takes (const char *key,
              const char *value)
{
  static const char *const required[][2] = {
    { "Mechanism", "laplace" }, { "View", "regions" }, { "Epsilon", "1" },
    { "Delta", "1e-5" }, { "Sensitivity", "1" }, { "K", "10" },
  };
  g_autoptr(GString) text = g_string_new ("[Lesson]\nVersion=1\n[Step 1]\n");
  g_autoptr(GError) error = NULL;
  DpvizLesson *loaded;

  for (gsize i = 0; i < G_N_ELEMENTS (required); i++)
    if (!g_str_equal (required[i][0], key))
      g_string_append_printf (text, "%s=%s\n", required[i][0], required[i][1]);
  g_string_append_printf (text, "%s=%s\n", key, value);
  loaded = dpviz_lesson_load_from_data (text->str, text->len, &error);
  if (loaded == NULL)
    {
      /* refused with a message that names the key */
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, key));
      return FALSE;
    }
  g_assert_no_error (error);
  dpviz_lesson_free (loaded);
  return TRUE;
}

/* One range per parameter: for every number of the table, the generated slider and entry (when
 * some view uses it), the model, the parser the CLI uses, the lesson loader and the GSettings
 * schema take its two ends and refuse just beyond them. */
static void
test_ranges_from_table (void)
{
  DpvizWindow *window = new_window ();
  DpvizModel *model = dpviz_window_get_model (window);
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  DpvParamSet used = 0;
  guint n_checked = 0;

  g_assert_nonnull (schema);
  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    used |= dpv_view_class_get_uses (dpv_registry_get (i));

  for (int id = 0; id < DPV_N_PARAMS; id++)
    {
      const DpvParamSpec *spec = dpv_param_spec (id);
      DpvizParamRow *row;
      double ends[2] = { spec->min, spec->max };
      double beyond[2];
      DpvParamValue saved;

      if (spec->kind != DPV_PARAM_KIND_DOUBLE && spec->kind != DPV_PARAM_KIND_UINT
          && spec->kind != DPV_PARAM_KIND_SEED)
        continue;
      n_checked++;
      dpviz_model_get_param (model, id, &saved);
      row = dpviz_window_get_param_row (window, spec->name);
      /* a number some view uses has its slider + entry (a seed its own row) */
      g_assert_true ((row != NULL)
                     == ((used & DPV_PARAM_BIT (id)) != 0 && spec->kind != DPV_PARAM_KIND_SEED));
      if (row != NULL)
        {
          /* the slider spans the table's range (log: positions are log10 of the value;
           * linear: the value itself) */
          GtkAdjustment *adj = gtk_range_get_adjustment (GTK_RANGE (
                                 dpviz_param_row_get_scale (row)));
          double lo = spec->slider_min > 0 ? spec->slider_min : spec->min;
          gboolean log_scale = spec->scale == DPV_PARAM_SCALE_LOG && lo > 0;

          g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_upper (adj),
                                          log_scale ? log10 (spec->max) : spec->max, 1e-9);
          g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_lower (adj),
                                          log_scale ? log10 (lo) : lo, 1e-9);
        }
      /* the schema's range, where the parameter is remembered */
      if (g_settings_schema_has_key (schema, spec->name))
        {
          g_autoptr(GSettingsSchemaKey) key = g_settings_schema_get_key (schema, spec->name);
          g_autoptr(GVariant) range = g_settings_schema_key_get_range (key);
          g_autoptr(GVariant) bounds = NULL;
          const char *type;
          double lo, hi;

          g_variant_get (range, "(&sv)", &type, &bounds);
          g_assert_cmpstr (type, ==, "range");
          if (spec->kind == DPV_PARAM_KIND_DOUBLE)
            g_variant_get (bounds, "(dd)", &lo, &hi);
          else if (spec->kind == DPV_PARAM_KIND_UINT)
            {
              guint32 a, b;

              g_variant_get (bounds, "(uu)", &a, &b);
              lo = a;
              hi = b;
            }
          else
            {
              guint64 a, b;

              g_variant_get (bounds, "(tt)", &a, &b);
              lo = (double) a;
              hi = (double) b;
            }
          g_assert_cmpfloat (lo, ==, spec->min);
          g_assert_cmpfloat (hi, ==, spec->max);
        }
      else
        /* only a parameter no view uses, or one the app does not remember, lacks a key */
        g_assert_true ((used & DPV_PARAM_BIT (id)) == 0
                       || (spec->flags & DPV_PARAM_FLAG_SESSION) != 0);

      beyond[0] = spec->kind != DPV_PARAM_KIND_DOUBLE ? spec->min - 1
                                                       : spec->min * 0.99 - 1e-3;
      beyond[1] = spec->kind != DPV_PARAM_KIND_DOUBLE ? spec->max + 1 : spec->max * 1.01;
      for (int e = 0; e < 2; e++)
        {
          g_autofree char *ok_text = g_strdup_printf ("%.17g", ends[e]);
          g_autofree char *bad_text = g_strdup_printf ("%.17g", beyond[e]);
          DpvParamValue v;

          /* the entry, through the model */
          if (row != NULL)
            {
              GtkEntry *entry = dpviz_param_row_get_entry (row);

              gtk_editable_set_text (GTK_EDITABLE (entry), ok_text);
              g_assert_true (dpviz_param_row_commit (row));
              gtk_editable_set_text (GTK_EDITABLE (entry), bad_text);
              g_assert_false (dpviz_param_row_commit (row));
              g_assert_nonnull (dpviz_param_row_get_error (row));
            }
          /* the model */
          g_assert_true (dpviz_model_set_value (model, spec->name, ends[e], NULL));
          g_assert_false (dpviz_model_set_value (model, spec->name, beyond[e], NULL));
          g_assert_cmpfloat (dpviz_model_get_value (model, spec->name), ==, ends[e]);
          /* the parser the CLI uses */
          g_assert_true (dpv_param_parse (spec, ok_text, &v, NULL));
          g_assert_false (dpv_param_parse (spec, bad_text, &v, NULL));
          /* the lesson loader */
          if (spec->key != NULL)
            {
              g_assert_true (lesson_takes (spec->key, ok_text));
              g_assert_false (lesson_takes (spec->key, bad_text));
            }
        }
      g_assert_true (dpviz_model_set_param (model, id, &saved, NULL));
    }
  /* ε, δ, Δ, k, ε′ and the seed at least */
  g_assert_cmpuint (n_checked, >=, 6);
  close_window (window);
}

static void
test_readouts_text (void)
{
  DpvizWindow *window = new_window ();
  DpvizModel *model = dpviz_window_get_model (window);
  g_autofree char *text = NULL;
  g_autofree char *text2 = NULL;

  dpviz_model_set_view (model, DPVIZ_VIEW ("densities"));
  g_assert_true (dpviz_model_set_epsilon (model, 1.0, NULL));
  text = dpviz_window_get_readouts_text (window);
  g_assert_nonnull (strchr (text, ':'));
  g_assert_true (dpviz_model_set_epsilon (model, 2.0, NULL));
  text2 = dpviz_window_get_readouts_text (window);
  /* The numbers follow the model. */
  g_assert_cmpstr (text, !=, text2);
  close_window (window);
}

static void
test_copy_actions (void)
{
  DpvizWindow *window = new_window ();
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (window));
  GdkContentFormats *formats;

  g_assert_true (plot_drawn (dpviz_window_get_plot_view (window, DPVIZ_VIEW ("densities")), 0));
  g_action_group_activate_action (G_ACTION_GROUP (window), "copy-figure", NULL);
  formats = gdk_clipboard_get_formats (clipboard);
  g_assert_true (gdk_content_formats_contain_gtype (formats, GDK_TYPE_TEXTURE));

  g_action_group_activate_action (G_ACTION_GROUP (window), "copy-readouts", NULL);
  formats = gdk_clipboard_get_formats (clipboard);
  g_assert_true (gdk_content_formats_contain_gtype (formats, G_TYPE_STRING));
  close_window (window);
}

static guint64
model_seed (DpvizModel *model)
{
  DpvParamValue v;

  dpviz_model_get_param (model, DPV_PARAM_SEED, &v);
  return v.seed;
}

/* The seed's control: the spin button spans the table's range and follows the model both
 * ways; "New seed" sets another seed in that range; the title is what the view says. */
static void
test_seed_row (void)
{
  const DpvParamSpec *spec = dpv_param_spec (DPV_PARAM_SEED);
  g_autoptr(DpvizModel) model = dpviz_model_new ();
  GtkWidget *window = gtk_window_new ();
  DpvizSeedRow *row = DPVIZ_SEED_ROW (dpviz_seed_row_new (model, DPV_PARAM_SEED));
  GtkSpinButton *spin = dpviz_seed_row_get_spin_button (row);
  GtkAdjustment *adj = gtk_spin_button_get_adjustment (spin);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GError) error = NULL;
  DpvParamValue v = { 0 };
  guint64 last;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (row));
  gtk_window_present (GTK_WINDOW (window));

  g_assert_cmpfloat (gtk_adjustment_get_lower (adj), ==, spec->min);
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), ==, spec->max);
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, spec->def);
  g_assert_cmpstr (dpviz_seed_row_get_title (row), ==, spec->label);

  /* model → spin button, and back */
  v.seed = 2147483647u;
  g_assert_true (dpviz_model_set_param (model, DPV_PARAM_SEED, &v, NULL));
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, 2147483647.0);
  /* typed text: a seed taken; beyond the range or not whole, refused with the reason, the
   * seed kept and shown again */
  gtk_editable_set_text (GTK_EDITABLE (spin), "1234");
  gtk_spin_button_update (spin);
  g_assert_cmpuint (model_seed (model), ==, 1234);
  g_assert_null (dpviz_seed_row_get_error (row));
  gtk_editable_set_text (GTK_EDITABLE (spin), "2147483648");
  gtk_spin_button_update (spin);
  g_assert_cmpuint (model_seed (model), ==, 1234);
  g_assert_nonnull (dpviz_seed_row_get_error (row));
  g_assert_nonnull (strstr (dpviz_seed_row_get_error (row), "2147483647"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "1234");
  gtk_editable_set_text (GTK_EDITABLE (spin), "");
  gtk_spin_button_update (spin);
  g_assert_cmpuint (model_seed (model), ==, 1234);
  g_assert_nonnull (dpviz_seed_row_get_error (row));
  gtk_spin_button_set_value (spin, 42);
  g_assert_cmpuint (model_seed (model), ==, 42);
  g_assert_null (dpviz_seed_row_get_error (row));
  /* the model refuses what the table refuses, and keeps its seed */
  g_assert_false (dpviz_model_set_value (model, "seed", spec->max + 1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (dpviz_model_set_value (model, "seed", 2.5, NULL));
  g_assert_false (dpviz_model_set_value (model, "seed", -1, NULL));
  g_assert_cmpuint (model_seed (model), ==, 42);

  /* "New seed": each click another seed, in the range; 50 draws of 2³¹ values all distinct
   * but with probability ≈ 50²/2³² ≈ 6·10⁻⁷ */
  last = model_seed (model);
  for (int i = 0; i < 50; i++)
    {
      guint64 now;

      g_signal_emit_by_name (dpviz_seed_row_get_new_button (row), "clicked");
      now = model_seed (model);
      g_assert_cmpuint (now, !=, last);
      g_assert_cmpfloat ((double) now, >=, spec->min);
      g_assert_cmpfloat ((double) now, <=, spec->max);
      g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, (double) now);
      g_hash_table_add (seen, g_memdup2 (&now, sizeof now));
      last = now;
    }
  g_assert_cmpuint (g_hash_table_size (seen), >=, 49);

  dpviz_seed_row_set_title (row, "Seed of the sampled outputs");
  g_assert_cmpstr (dpviz_seed_row_get_title (row), ==, "Seed of the sampled outputs");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The sensitivity view's data set is edited in its table: the control is a DpvizListEditor,
 * shown with that view only; an edited item reaches the model and the figure is drawn again. */
static void
test_list_editor (void)
{
  DpvizWindow *window = new_window ();
  DpvizModel *model = dpviz_window_get_model (window);
  GtkWidget *control = dpviz_window_get_control (window, "ages");
  DpvizPlotView *plot = dpviz_window_get_plot_view (window, DPVIZ_VIEW ("sensitivity"));
  DpvizListEditor *editor;
  DpvParams p;
  guint draws, changed = 0;

  g_assert_nonnull (control);
  g_assert_true (DPVIZ_IS_LIST_EDITOR (gtk_widget_get_last_child (control)));
  editor = DPVIZ_LIST_EDITOR (gtk_widget_get_last_child (control));

  dpviz_model_set_view (model, DPVIZ_VIEW ("densities"));
  spin (0.1);
  g_assert_false (gtk_widget_get_visible (control));
  dpviz_model_set_view (model, DPVIZ_VIEW ("sensitivity"));
  g_assert_true (plot_drawn (plot, 0));
  g_assert_true (gtk_widget_get_visible (control));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (editor)));

  draws = dpviz_plot_view_get_n_draws (plot);
  gtk_editable_set_text (dpviz_list_editor_get_value_entry (editor, 0), "100");
  g_assert_true (dpviz_list_editor_commit_item (editor, 0));
  dpviz_model_get_params (model, &p);
  g_assert_cmpfloat (p.data.values[0], ==, 100.0);
  g_assert_cmpfloat (p.data.values[1], ==, 19.0);
  g_assert_true (plot_drawn (plot, draws));

  /* refused: nothing changes (the model says nothing changed) */
  g_signal_connect (model, "changed", G_CALLBACK (count_changed), &changed);
  gtk_editable_set_text (dpviz_list_editor_get_value_entry (editor, 0), "101");
  g_assert_false (dpviz_list_editor_commit_item (editor, 0));
  dpviz_model_get_params (model, &p);
  g_assert_cmpfloat (p.data.values[0], ==, 100.0);
  spin (0.2);
  g_assert_cmpuint (changed, ==, 0);
  g_signal_handlers_disconnect_by_func (model, count_changed, &changed);

  g_assert_true (dpviz_list_editor_apply_preset (editor, "seminar"));
  dpviz_model_set_view (model, DPVIZ_VIEW ("densities"));
  close_window (window);
}


/* Reset Parameters: every parameter back to the table's default (dpv_params_init ()), the view
 * and the mechanism kept. */
static void
test_reset_parameters (void)
{
  DpvizWindow *window = new_window ();
  DpvizModel *model = dpviz_window_get_model (window);
  DpvParams defaults, now;

  dpv_params_init (&defaults);
  dpviz_model_set_view (model, DPVIZ_VIEW ("composition"));
  dpviz_model_set_mechanism (model, DP_MECHANISM_GAUSSIAN);
  g_assert_true (dpviz_model_set_epsilon (model, 0.25, NULL));
  g_assert_true (dpviz_model_set_k (model, 7, NULL));
  g_assert_true (dpviz_model_set_sensitivity (model, 3.0, NULL));
  g_action_group_activate_action (G_ACTION_GROUP (window), "reset-parameters", NULL);
  dpviz_model_get_params (model, &now);
  g_assert_cmpfloat (now.epsilon, ==, defaults.epsilon);
  g_assert_cmpfloat (now.delta, ==, defaults.delta);
  g_assert_cmpfloat (now.sensitivity, ==, defaults.sensitivity);
  g_assert_cmpuint (now.k, ==, defaults.k);
  g_assert_cmpint (now.mechanism, ==, DP_MECHANISM_GAUSSIAN);
  g_assert_cmpuint (dpviz_model_get_view (model), ==, DPVIZ_VIEW ("composition"));
  close_window (window);
}

/* Presentation mode (what fullscreen turns on: under Xvfb without a window manager the
 * window is never confirmed fullscreen, so the test turns it on directly): no header bar, no
 * controls, the parameters the view uses in a strip; leaving puts the controls back. */
static void
test_presentation (void)
{
  DpvizWindow *window = new_window ();
  DpvizModel *model = dpviz_window_get_model (window);
  g_autofree char *densities = NULL;
  g_autofree char *composition = NULL;
  g_autofree char *kl = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 768);
  dpviz_model_set_view (model, DPVIZ_VIEW ("densities"));
  dpviz_model_set_mechanism (model, DP_MECHANISM_LAPLACE);
  g_assert_true (dpviz_model_set_epsilon (model, 0.5, NULL));
  g_assert_true (dpviz_model_set_sensitivity (model, 2.0, NULL));
  g_assert_true (adw_flap_get_reveal_flap (window->flap));
  _dpviz_window_set_presentation (window, TRUE);
  spin (0.2);
  g_assert_false (gtk_widget_get_visible (window->header_bar));
  g_assert_false (adw_flap_get_reveal_flap (window->flap));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->presentation_strip)));
  densities = g_strdup (gtk_label_get_text (window->presentation_strip));
  g_assert_nonnull (strstr (densities, "Laplace"));
  g_assert_nonnull (strstr (densities, "ε = 0.5"));
  g_assert_nonnull (strstr (densities, "Δ = 2"));
  /* the densities view does not use k */
  g_assert_null (strstr (densities, "k = "));

  /* it follows the model and the view */
  dpviz_model_set_view (model, DPVIZ_VIEW ("composition"));
  g_assert_true (dpviz_model_set_k (model, 42, NULL));
  composition = g_strdup (gtk_label_get_text (window->presentation_strip));
  g_assert_nonnull (strstr (composition, "k = 42"));
  g_assert_nonnull (strstr (composition, "δ = "));
  dpviz_model_set_view (model, DPVIZ_VIEW ("kl"));
  kl = g_strdup (gtk_label_get_text (window->presentation_strip));
  g_assert_null (strstr (kl, "k = "));

  if (g_getenv ("DPVIZ_TEST_SHOT") != NULL)
    {
      /* for looking at it: the window as a PNG */
      GdkPaintable *paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      g_autoptr(GskRenderNode) node = NULL;
      g_autoptr(GdkTexture) texture = NULL;
      int w = gtk_widget_get_width (GTK_WIDGET (window));
      int h = gtk_widget_get_height (GTK_WIDGET (window));

      dpviz_model_set_view (model, DPVIZ_VIEW ("densities"));
      spin (0.5);
      gdk_paintable_snapshot (paintable, snapshot, w, h);
      node = gtk_snapshot_free_to_node (snapshot);
      texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                             &GRAPHENE_RECT_INIT (0, 0, w, h));
      gdk_texture_save_to_png (texture, g_getenv ("DPVIZ_TEST_SHOT"));
      g_object_unref (paintable);
    }

  _dpviz_window_set_presentation (window, FALSE);
  g_assert_true (gtk_widget_get_visible (window->header_bar));
  g_assert_true (adw_flap_get_reveal_flap (window->flap));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->presentation_strip)));
  close_window (window);
}

/* The plot text rule: min (width/64, height/40), never below the theme's size. */
static void
test_plot_font_size (void)
{
  g_assert_cmpfloat (dpviz_plot_view_font_size (13, 800, 500), ==, 13);
  g_assert_cmpfloat (dpviz_plot_view_font_size (13, 1600, 1000), ==, 25);
  /* a wide, low figure: the height decides */
  g_assert_cmpfloat (dpviz_plot_view_font_size (13, 3200, 800), ==, 20);
}

/* The figure areas of tests/plot/compact-sizes.h, which test-compact-layouts renders every
 * view at, measured in the window: a window whose content fills the screen (as maximized:
 * its default size grown by the margins that an unmaximized window's frame takes), with the
 * controls shown, hidden (F9) and in presentation mode. Screens larger than the test's
 * display are skipped (the window cannot grow past it). */
static void
test_figure_sizes (void)
{
  GdkRectangle monitor = { 0 };
  GListModel *monitors = gdk_display_get_monitors (gdk_display_get_default ());
  g_autoptr(GdkMonitor) first = g_list_model_get_item (monitors, 0);
  guint measured = 0;

  gdk_monitor_get_geometry (first, &monitor);
  for (gsize s = 0; s < G_N_ELEMENTS (compact_sizes); s++)
    {
      const CompactSize *c = &compact_sizes[s];
      DpvizWindow *window;
      DpvizModel *model;
      DpvizPlotView *plot;
      DpvStyle style;
      int w, h;

      window = new_window ();
      model = dpviz_window_get_model (window);
      gtk_window_set_default_size (GTK_WINDOW (window), c->screen_w, c->screen_h);
      dpviz_model_set_view (model, DPVIZ_VIEW ("kl"));
      spin (0.3);
      w = gtk_widget_get_width (GTK_WIDGET (window));
      h = gtk_widget_get_height (GTK_WIDGET (window));
      if (2 * c->screen_w - w > monitor.width || 2 * c->screen_h - h > monitor.height)
        {
          close_window (window);
          continue;
        }
      gtk_window_set_default_size (GTK_WINDOW (window), 2 * c->screen_w - w, 2 * c->screen_h - h);
      if (c->mode == COMPACT_NO_CONTROLS)
        adw_flap_set_reveal_flap (window->flap, FALSE);
      else if (c->mode == COMPACT_PRESENTATION)
        _dpviz_window_set_presentation (window, TRUE);
      spin (0.8);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, c->screen_w);
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), ==, c->screen_h);
      plot = window->plots[DPVIZ_VIEW ("kl")];
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (plot)), ==, c->figure_w);
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (plot)), ==, c->figure_h);
      dpviz_plot_view_get_style (plot, &style);
      g_assert_cmpfloat_with_epsilon (style.font_size, c->font_size, 1e-9);
      /* and the text scale multiplies it (Ctrl+plus) */
      g_assert_cmpfloat (style.text_scale, ==, 1.0);
      if (c->mode == COMPACT_PRESENTATION)
        _dpviz_window_set_presentation (window, FALSE);
      close_window (window);
      measured++;
    }
  if (measured < G_N_ELEMENTS (compact_sizes))
    g_test_message ("%u of %u figure sizes measured: the display is %d × %d", measured,
                    (guint) G_N_ELEMENTS (compact_sizes), monitor.width, monitor.height);
  g_assert_cmpuint (measured, >, 0);
}

/* Larger text asks for a wider figure: at every text scale the figure's minimum width is
 * 320 px times the scale, up to 2× (so that the side panel folds away before the figure gets
 * too narrow to keep its panels: with the narrower Chinese controls at 2× it was left 370 px
 * wide at 1024 × 768), and a window of about 1024 × 768 keeps its size and gives the figure
 * that. */
static void
test_figure_width_follows_text_scale (void)
{
  DpvizWindow *window = new_window ();
  DpvizPlotView *plot = window->plots[DPVIZ_VIEW ("sensitivity")];

  int win_w, win_h;

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 768);
  dpviz_model_set_view (dpviz_window_get_model (window), DPVIZ_VIEW ("sensitivity"));
  spin (0.3);
  /* the window's size as it is at the usual text scale (what a 1024 × 768 default gives,
   * less any decoration) */
  win_w = gtk_widget_get_width (GTK_WIDGET (window));
  win_h = gtk_widget_get_height (GTK_WIDGET (window));
  for (guint z = 0; z < DPVIZ_WINDOW_N_ZOOM_LEVELS; z++)
    {
      double scale = _dpviz_window_zoom_levels[z];
      double wide = 320 * CLAMP (scale, 1.0, 2.0);
      int min_w = 0, min_h = 0;

      _dpviz_window_set_zoom (window, z);
      spin (0.3);
      gtk_widget_measure (GTK_WIDGET (plot), GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL,
                          NULL, NULL);
      gtk_widget_measure (GTK_WIDGET (plot), GTK_ORIENTATION_VERTICAL, -1, &min_h, NULL,
                          NULL, NULL);
      g_test_message ("text scale %.2f: figure at least %d × %d, allocated %d wide", scale,
                      min_w, min_h, gtk_widget_get_width (GTK_WIDGET (plot)));
      g_assert_cmpint (min_w, >=, (int) floor (wide));
      g_assert_cmpint (min_h, <=, 240);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (plot)), >=, (int) floor (wide));
      /* at 3× the window grows past 1024 px with or without this figure width (seen on
       * main before it), from something else in it */
      if (scale <= 2.5)
        {
          g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, win_w);
          g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), ==, win_h);
        }
    }
  _dpviz_window_set_zoom (window, 1);
  close_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  /* GTK_A11Y=none (the suite's default) stores no accessible properties; the "test" context
   * keeps them in memory without AT-SPI, so the accessible names can be checked. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);

  app = test_app_new ();

  g_test_add_func ("/window/slider-changes-model-and-redraws",
                   test_slider_changes_model_and_redraws);
  g_test_add_func ("/window/invalid-entry-refused", test_invalid_entry_refused);
  g_test_add_func ("/window/switch-views", test_switch_views);
  g_test_add_func ("/window/view-menu", test_view_menu);
  g_test_add_func ("/window/view-next-previous", test_view_next_previous);
  g_test_add_func ("/window/settings-restore", test_settings_restore);
  g_test_add_func ("/window/provider-completes-and-drops-stale",
                   test_provider_completes_and_drops_stale);
  g_test_add_func ("/window/provider-cheap-once", test_provider_cheap_once);
  g_test_add_func ("/window/compute-once-per-change", test_compute_once_per_change);
  g_test_add_func ("/window/ranges-from-table", test_ranges_from_table);
  g_test_add_func ("/window/composition-view-completes", test_composition_view_completes);
  g_test_add_func ("/window/bad-lesson-changes-nothing", test_bad_lesson_changes_nothing);
  g_test_add_func ("/window/save-lesson-to-its-file", test_save_lesson_to_its_file);
  g_test_add_func ("/window/animate-sweeps", test_animate_sweeps);
  g_test_add_func ("/window/animation-options", test_animation_options);
  g_test_add_func ("/window/animation-counts-and-lessons", test_animation_counts_and_lessons);
  g_test_add_func ("/window/readouts-text", test_readouts_text);
  g_test_add_func ("/window/copy-actions", test_copy_actions);
  g_test_add_func ("/window/reset-parameters", test_reset_parameters);
  g_test_add_func ("/window/presentation", test_presentation);
  g_test_add_func ("/window/plot-font-size", test_plot_font_size);
  g_test_add_func ("/window/figure-sizes", test_figure_sizes);
  g_test_add_func ("/window/figure-width-follows-text-scale",
                   test_figure_width_follows_text_scale);
  g_test_add_func ("/window/seed-row", test_seed_row);
  g_test_add_func ("/window/list-editor", test_list_editor);

  status = g_test_run ();
  g_object_unref (app);
  return status;
}
