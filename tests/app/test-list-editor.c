/* test-list-editor.c — the editable table of a LIST parameter, on the sensitivity view's data
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected lists are written out in the test (or taken from libdpcore's examples, which the
 * parameter table's presets must agree with), never read back through the editor. Every refusal
 * is checked to leave the model byte for byte as it was, the entry with its text and the
 * "error" style, and a message naming the reason.
 */
#include "config.h"

#include <string.h>
#include <gtk/gtk.h>

#include "dp-sensitivity.h"
#include "dpviz-list-editor.h"

static const double seminar[] = {
  19, 19, 19, 20, 20, 20, 20, 20, 20, 20, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21,
  21, 22, 22, 22, 22, 22, 22, 22, 23, 23, 23, 23, 23, 23, 24, 24, 24, 24, 25, 25,
};

static guint n_notify;

static void
on_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  n_notify++;
}

static void
model_list (DpvizModel *model, DpvParamList *out)
{
  DpvParamValue v;

  dpviz_model_get_param (model, DPV_PARAM_DATA, &v);
  *out = v.list;
}

static void
assert_list (DpvizModel *model, const double *values, guint n)
{
  DpvParamList l;

  model_list (model, &l);
  g_assert_cmpuint (l.n, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat (l.values[i], ==, values[i]);
  /* the unused items are zero (equal lists are equal byte for byte) */
  for (guint i = n; i < DPV_PARAM_LIST_MAX; i++)
    g_assert_cmpfloat (l.values[i], ==, 0.0);
}

/* A refused edit: FALSE, a message containing @needle, the model unchanged (and not
 * notified), @entry keeps @text with the "error" style. */
static void
assert_refused (DpvizListEditor *editor, DpvizModel *model, const DpvParamList *before,
                gboolean ok, GtkEditable *entry, const char *text, const char *needle,
                guint notified_before)
{
  DpvParamList after;

  g_assert_false (ok);
  g_assert_nonnull (dpviz_list_editor_get_error (editor));
  g_test_message ("refused “%s”: %s", text, dpviz_list_editor_get_error (editor));
  g_assert_nonnull (strstr (dpviz_list_editor_get_error (editor), needle));
  model_list (model, &after);
  g_assert_true (memcmp (before, &after, sizeof after) == 0);
  g_assert_cmpuint (n_notify, ==, notified_before);
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, text);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));
}

static DpvizListEditor *
new_editor (DpvizModel *model)
{
  GtkWidget *editor = dpviz_list_editor_new (model, DPV_PARAM_DATA);

  g_object_ref_sink (editor);
  return DPVIZ_LIST_EDITOR (editor);
}

/* The rows show the model's list; an item's edit sets the whole list, keeping the rows. */
static void
test_edit_item (void)
{
  g_autoptr(DpvizModel) model = dpviz_model_new ();
  g_autoptr(DpvizListEditor) editor = new_editor (model);
  double expected[G_N_ELEMENTS (seminar)];
  GtkEditable *first;

  g_signal_connect (model, "notify::ages", G_CALLBACK (on_notify), NULL);
  g_assert_cmpuint (dpviz_list_editor_get_n_items (editor), ==, G_N_ELEMENTS (seminar));
  assert_list (model, seminar, G_N_ELEMENTS (seminar));
  g_assert_cmpstr (gtk_editable_get_text (dpviz_list_editor_get_value_entry (editor, 0)), ==,
                   "19");
  g_assert_cmpstr (gtk_editable_get_text (dpviz_list_editor_get_value_entry (editor, 40)), ==,
                   "25");

  /* record 1 moved to the domain's top: the neighbour the view warns about */
  first = dpviz_list_editor_get_value_entry (editor, 0);
  gtk_editable_set_text (first, "100");
  n_notify = 0;
  g_assert_true (dpviz_list_editor_commit_item (editor, 0));
  g_assert_cmpuint (n_notify, ==, 1);
  memcpy (expected, seminar, sizeof seminar);
  expected[0] = 100;
  assert_list (model, expected, G_N_ELEMENTS (seminar));
  g_assert_null (dpviz_list_editor_get_error (editor));
  /* the same entry (the rows were not rebuilt: the focus stays where it is) */
  g_assert_true (dpviz_list_editor_get_value_entry (editor, 0) == first);
  g_assert_true (g_str_has_prefix (gtk_editable_get_text (dpviz_list_editor_get_text_entry (editor)),
                                   "100, 19, 19, 20"));

  /* a decimal comma and a Unicode minus are read; the same value again changes nothing */
  gtk_editable_set_text (dpviz_list_editor_get_value_entry (editor, 1), " 18,5 ");
  g_assert_true (dpviz_list_editor_commit_item (editor, 1));
  expected[1] = 18.5;
  assert_list (model, expected, G_N_ELEMENTS (seminar));
  n_notify = 0;
  gtk_editable_set_text (dpviz_list_editor_get_value_entry (editor, 1), "18.5");
  g_assert_true (dpviz_list_editor_commit_item (editor, 1));
  g_assert_cmpuint (n_notify, ==, 0);
}

/* Values outside the domain [0, 100], unreadable numbers: refused, nothing changes. */
static void
test_refused (void)
{
  g_autoptr(DpvizModel) model = dpviz_model_new ();
  g_autoptr(DpvizListEditor) editor = new_editor (model);
  static const struct { const char *text; const char *needle; } bad[] = {
    { "150", "Item 3: x must be between 0 and 100" }, { "-0.5", "100" }, { "abc", "abc" },
    { "", "Item 3" },
    { "nan", "nan" }, { "inf", "inf" }, { "1e400", "1e400" }, { "20 years", "20 years" },
  };
  DpvParamList before;

  g_signal_connect (model, "notify::ages", G_CALLBACK (on_notify), NULL);
  model_list (model, &before);
  n_notify = 0;
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      GtkEditable *entry = dpviz_list_editor_get_value_entry (editor, 2);

      gtk_editable_set_text (entry, bad[i].text);
      assert_refused (editor, model, &before, dpviz_list_editor_commit_item (editor, 2), entry,
                      bad[i].text, bad[i].needle, 0);
    }
  /* a valid value clears the error */
  gtk_editable_set_text (dpviz_list_editor_get_value_entry (editor, 2), "0");
  g_assert_true (dpviz_list_editor_commit_item (editor, 2));
  g_assert_null (dpviz_list_editor_get_error (editor));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (dpviz_list_editor_get_value_entry (editor, 2)),
                                            "error"));
}

/* Add copies the last item, remove takes one out; both stop at the row's 5 … 50 items. */
static void
test_add_remove (void)
{
  g_autoptr(DpvizModel) model = dpviz_model_new ();
  g_autoptr(DpvizListEditor) editor = new_editor (model);
  const double five[] = { 1, 2, 3, 4, 5 }, six[] = { 1, 2, 3, 4, 5, 5 };
  const double five_b[] = { 2, 3, 4, 5, 5 };
  GString *fifty = g_string_new (NULL);
  double values[50];

  gtk_editable_set_text (dpviz_list_editor_get_text_entry (editor), "1, 2, 3, 4, 5");
  g_assert_true (dpviz_list_editor_commit_text (editor));
  assert_list (model, five, 5);
  g_assert_cmpuint (dpviz_list_editor_get_n_items (editor), ==, 5);
  for (guint i = 0; i < 5; i++)
    g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (dpviz_list_editor_get_remove_button (editor, i))));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (dpviz_list_editor_get_add_button (editor))));

  g_signal_emit_by_name (dpviz_list_editor_get_add_button (editor), "clicked");
  assert_list (model, six, 6);
  g_assert_cmpuint (dpviz_list_editor_get_n_items (editor), ==, 6);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (dpviz_list_editor_get_remove_button (editor, 0))));

  g_signal_emit_by_name (dpviz_list_editor_get_remove_button (editor, 0), "clicked");
  assert_list (model, five_b, 5);
  g_assert_cmpstr (gtk_editable_get_text (dpviz_list_editor_get_value_entry (editor, 0)), ==, "2");

  /* 50 items: add is off */
  for (guint i = 0; i < 50; i++)
    {
      values[i] = 2 * i;
      g_string_append_printf (fifty, "%s%u", i > 0 ? "," : "", 2 * i);
    }
  gtk_editable_set_text (dpviz_list_editor_get_text_entry (editor), fifty->str);
  g_assert_true (dpviz_list_editor_commit_text (editor));
  assert_list (model, values, 50);
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (dpviz_list_editor_get_add_button (editor))));
  g_string_free (fifty, TRUE);
}

/* The whole list as text: too few, too many, out of range, unreadable are refused. */
static void
test_text (void)
{
  g_autoptr(DpvizModel) model = dpviz_model_new ();
  g_autoptr(DpvizListEditor) editor = new_editor (model);
  GtkEditable *entry = dpviz_list_editor_get_text_entry (editor);
  static const struct { const char *text; const char *needle; } bad[] = {
    { "3, 4", "5" }, { "1,2,3,4,101", "100" }, { "1,2,3,4,x", "x" }, { "", "5" },
  };
  DpvParamList before;

  g_signal_connect (model, "notify::ages", G_CALLBACK (on_notify), NULL);
  model_list (model, &before);
  n_notify = 0;
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      gtk_editable_set_text (entry, bad[i].text);
      assert_refused (editor, model, &before, dpviz_list_editor_commit_text (editor), entry,
                      bad[i].text, bad[i].needle, 0);
      /* the rows still show the model's list */
      g_assert_cmpuint (dpviz_list_editor_get_n_items (editor), ==, G_N_ELEMENTS (seminar));
    }
}

/* The examples (presets) are libdpcore's examples; the menu's action sets them; a change of
 * the model from elsewhere (a lesson, the CLI's settings) is shown. */
static void
test_presets_and_model (void)
{
  g_autoptr(DpvizModel) model = dpviz_model_new ();
  g_autoptr(DpvizListEditor) editor = new_editor (model);
  size_t n_examples = 0;
  const DpSensitivityExample *ex = dp_sensitivity_examples (&n_examples);
  DpvParamValue v;

  g_assert_cmpuint (n_examples, ==, 2);
  for (size_t e = 0; e < n_examples; e++)
    {
      g_test_message ("example %s", ex[e].id);
      g_assert_true (dpviz_list_editor_apply_preset (editor, ex[e].id));
      assert_list (model, ex[e].values, (guint) ex[e].n);
      g_assert_cmpuint (dpviz_list_editor_get_n_items (editor), ==, ex[e].n);
    }
  g_assert_false (dpviz_list_editor_apply_preset (editor, "wedding"));
  assert_list (model, ex[n_examples - 1].values, (guint) ex[n_examples - 1].n);

  /* the menu's action */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (editor), "list-editor.preset", "s",
                                             "seminar"));
  assert_list (model, seminar, G_N_ELEMENTS (seminar));

  /* from elsewhere */
  memset (&v, 0, sizeof v);
  v.list.n = 6;
  for (guint i = 0; i < 6; i++)
    v.list.values[i] = 10 * i + 1;
  g_assert_true (dpviz_model_set_param (model, DPV_PARAM_DATA, &v, NULL));
  g_assert_cmpuint (dpviz_list_editor_get_n_items (editor), ==, 6);
  g_assert_cmpstr (gtk_editable_get_text (dpviz_list_editor_get_value_entry (editor, 5)), ==,
                   "51");
  g_assert_cmpstr (gtk_editable_get_text (dpviz_list_editor_get_text_entry (editor)), ==,
                   "1, 11, 21, 31, 41, 51");
}

/* A named list (the exponential view's candidates "name=utility"): a name's edit reaches the
 * model; a name that would not read back from the list's text is refused at the name entry;
 * added items get a name. */
static void
test_named (void)
{
  g_autoptr(DpvizModel) model = dpviz_model_new ();
  GtkWidget *widget = g_object_ref_sink (dpviz_list_editor_new (model, DPV_PARAM_CANDIDATES));
  g_autoptr(DpvizListEditor) editor = DPVIZ_LIST_EDITOR (widget);
  static const char *const bad[] = { "", "Xi'an, Shaanxi", "a=b",
                                     "a name longer than thirty-one bytes" };
  DpvParamValue v, before;

  g_assert_cmpuint (dpviz_list_editor_get_n_items (editor), ==, 5);
  g_assert_cmpstr (gtk_editable_get_text (dpviz_list_editor_get_name_entry (editor, 0)), ==,
                   "Beijing");
  g_assert_cmpstr (gtk_editable_get_text (dpviz_list_editor_get_value_entry (editor, 0)), ==,
                   "12");

  gtk_editable_set_text (dpviz_list_editor_get_name_entry (editor, 4), "Xi'an");
  gtk_editable_set_text (dpviz_list_editor_get_value_entry (editor, 4), "3");
  g_assert_true (dpviz_list_editor_commit_item (editor, 4));
  dpviz_model_get_param (model, DPV_PARAM_CANDIDATES, &v);
  g_assert_cmpuint (v.list.n, ==, 5);
  g_assert_cmpstr (v.list.names[4], ==, "Xi'an");
  g_assert_cmpfloat (v.list.values[4], ==, 3.0);
  g_assert_cmpstr (v.list.names[3], ==, "Chengdu");

  dpviz_model_get_param (model, DPV_PARAM_CANDIDATES, &before);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      GtkEditable *name = dpviz_list_editor_get_name_entry (editor, 1);

      gtk_editable_set_text (name, bad[i]);
      g_assert_false (dpviz_list_editor_commit_item (editor, 1));
      g_test_message ("refused name “%s”: %s", bad[i], dpviz_list_editor_get_error (editor));
      g_assert_nonnull (strstr (dpviz_list_editor_get_error (editor), "item 2"));
      g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (name), "error"));
      dpviz_model_get_param (model, DPV_PARAM_CANDIDATES, &v);
      g_assert_true (memcmp (&v.list, &before.list, sizeof v.list) == 0);
    }
  gtk_editable_set_text (dpviz_list_editor_get_name_entry (editor, 1), "Shanghai");
  g_assert_true (dpviz_list_editor_commit_item (editor, 1));

  g_signal_emit_by_name (dpviz_list_editor_get_add_button (editor), "clicked");
  dpviz_model_get_param (model, DPV_PARAM_CANDIDATES, &v);
  g_assert_cmpuint (v.list.n, ==, 6);
  g_assert_cmpstr (v.list.names[5], ==, "item 6");
  g_assert_cmpfloat (v.list.values[5], ==, 3.0);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/list-editor/edit-item", test_edit_item);
  g_test_add_func ("/list-editor/refused", test_refused);
  g_test_add_func ("/list-editor/add-remove", test_add_remove);
  g_test_add_func ("/list-editor/text", test_text);
  g_test_add_func ("/list-editor/presets-and-model", test_presets_and_model);
  g_test_add_func ("/list-editor/named", test_named);
  return g_test_run ();
}
