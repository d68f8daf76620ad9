/* dpviz-window-private.h — what the files of the window share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window is split by job, as gnome-text-editor splits editor-window.c:
 *   dpviz-window.c           construction, the model → widgets links, the frame of the view
 *   dpviz-window-actions.c   the window's actions (win.*) and zoom
 *   dpviz-window-controls.c  the controls, generated from the parameter table
 *   dpviz-window-readouts.c  the read-out panel and the explanation
 *   dpviz-window-settings.c  GSettings: bindings, delayed writes, the window's size
 *   dpviz-window-animation.c the animation of a parameter, its options and the value shown
 *   dpviz-window-lessons.c   lessons: open, save, steps
 */
#pragma once

#include <adwaita.h>

#include "dpviz-lesson.h"
#include "dpviz-window.h"

G_BEGIN_DECLS

/* Projector text sizes for Ctrl+plus/minus. */
#define DPVIZ_WINDOW_N_ZOOM_LEVELS 8
extern const double _dpviz_window_zoom_levels[DPVIZ_WINDOW_N_ZOOM_LEVELS];


struct _DpvizWindow
{
  AdwApplicationWindow parent_instance;

  /* Template children */
  AdwToastOverlay *toast_overlay;
  GtkMenuButton *view_button;   /* the current view; its menu lists the views by chapter */
  GtkImage *view_icon;
  GtkLabel *view_label;
  AdwFlap *flap;
  GtkBox *params_box;
  GtkWidget *log_y_button;
  GtkWidget *mechanism_group;    /* the mechanism's heading and buttons */
  GtkBox *eps_prime_box;
  GtkToggleButton *play_button;
  GtkMenuButton *animation_button;
  GtkLabel *animation_value;     /* the animated value, large, over the figure */
  GtkGrid *readout_grid;
  GtkRevealer *explain_revealer;
  GtkLabel *explain_label;
  AdwViewStack *view_stack;
  GtkRevealer *lesson_revealer;
  GtkLabel *lesson_label;
  GtkWidget *header_bar;
  GtkLabel *presentation_strip;

  DpvizModel *model;
  DpvizFrameProvider *provider;
  guint update_tick;           /* the provider is asked for the new frame in the next tick */
  GSettings *settings;
  DpvizPlotView **plots;       /* one per registered view */
  DpvizParamRow *rows[DPV_N_PARAMS];       /* the slider + entry of a number, or NULL */
  GtkWidget *controls[DPV_N_PARAMS];       /* what is shown for a parameter, or NULL */

  guint zoom_index;
  GPtrArray *readouts;         /* current DpvReadout*, for copying */
  guint n_readout_rows;
  guint readout_kind;
  guint readouts_idle;

  DpvizLesson *lesson;
  guint lesson_step;
  gboolean lesson_modified;    /* edited since it was opened or last saved */
  DpvizLessonStep *lesson_deleted;   /* the last deleted step, for Undo, or NULL */
  guint lesson_deleted_index;
  AdwToast *lesson_deleted_toast;    /* its toast while it is shown */
  GtkWidget *lesson_editor;    /* the lesson editor's window while it is open, or NULL */
  GtkWidget *lesson_prompt;    /* the unsaved-changes question while it is asked, or NULL */
  guint lesson_pending;        /* what the question's answer continues with (lessons.c) */
  GFile *lesson_pending_file;  /* the lesson to open then, or NULL */

  guint settings_apply;

  /* the animation (dpviz-window-animation.c) */
  GtkDropDown *animation_param;          /* of the popover: the numbers the view uses */
  GtkEntry *animation_from, *animation_to;
  GtkSpinButton *animation_duration;
  GtkDropDown *animation_mode;
  GtkLabel *animation_error;             /* why From or To was refused */
  DpvParamId animation_ids[DPV_N_PARAMS];    /* the drop-down's parameters, in order */
  guint n_animation_ids;
  gboolean animation_updating;           /* the popover is being filled in, not edited */
  DpvParamId sweep_id;                   /* the animated parameter */
  guint sweep_tick;                      /* playing */
  gboolean sweep_active;                 /* playing, or paused mid-way */
  gboolean sweep_setting;                /* the animation itself sets the value */
  gulong sweep_notify;                   /* the model's notify of the animated parameter */
  double sweep_elapsed;                  /* seconds along the animation */
  double sweep_duration;                 /* the duration sweep_elapsed counts in */
  gint64 sweep_last_time;

  gboolean presenting;                 /* presentation mode (fullscreen) */
  gboolean flap_before_presentation;   /* the controls were shown when it began */
};

/* dpviz-window.c */
void _dpviz_window_toast (DpvizWindow *self, const char *message);
void _dpviz_window_set_action_state (DpvizWindow *self, const char *name, GVariant *state);
void _dpviz_window_set_action_enabled (DpvizWindow *self, const char *name, gboolean enabled);
/* Asks the provider for the visible view's frame at the model's parameters now. */
void _dpviz_window_update_frame (DpvizWindow *self);
/* The complete frame of the current view and parameters (new reference). */
DpvFrame *_dpviz_window_current_frame (DpvizWindow *self);

/* The header's view menu: the registered views, a section per chapter (new reference). */
GMenuModel *_dpviz_window_build_view_menu (void);

/* dpviz-window-actions.c */
void _dpviz_window_add_actions (DpvizWindow *self);
void _dpviz_window_set_zoom (DpvizWindow *self, guint index);
void _dpviz_window_on_model_eps_prime (DpvizWindow *self);
void _dpviz_window_on_model_log_y (DpvizWindow *self);
void _dpviz_window_on_fullscreened (DpvizWindow *self);
void _dpviz_window_on_flap_revealed (DpvizWindow *self);

/* dpviz-window-controls.c */
void _dpviz_window_add_controls (DpvizWindow *self);
/* Shows the controls of the parameters the visible view uses; those that do nothing for the
 * mechanism are insensitive, with the reason as their tooltip. */
void _dpviz_window_update_controls (DpvizWindow *self);

/* dpviz-window-readouts.c */
void _dpviz_window_queue_readouts (DpvizWindow *self);
void _dpviz_window_update_explanation (DpvizWindow *self);

/* dpviz-window-settings.c */
void _dpviz_window_bind_settings (DpvizWindow *self);
void _dpviz_window_on_settings_unapplied (DpvizWindow *self);
void _dpviz_window_flush_settings (DpvizWindow *self);
/* Remembers the window's size and state, and writes pending settings (on close). */
void _dpviz_window_save_state (DpvizWindow *self);

/* dpviz-window-animation.c */
void _dpviz_window_add_animation (DpvizWindow *self);
/* Play (from the paused position, or from the current value when it lies between From and
 * To, else from From) and pause (keeps the position and the value on the figure). */
void _dpviz_window_start_sweep (DpvizWindow *self);
void _dpviz_window_pause_sweep (DpvizWindow *self);
/* Ends the animation: the value stays where it is, the figure no longer shows it. */
void _dpviz_window_stop_sweep (DpvizWindow *self);
/* The parameter chosen for the animation (by name, as in the settings); FALSE when the
 * visible view cannot animate it. */
gboolean _dpviz_window_set_animation_parameter (DpvizWindow *self, const char *name);
void _dpviz_window_set_animation_mode (DpvizWindow *self, const char *name);
/* From and To of the animated parameter, as typed: checked with the parameter table; refused
 * with a message (shown in the popover) and nothing changed when invalid. */
gboolean _dpviz_window_set_animation_range (DpvizWindow *self, const char *from,
                                            const char *to, GError **error);
/* After a view change: the parameters the new view can animate (stops an animation of one it
 * does not use). */
void _dpviz_window_update_animation (DpvizWindow *self);

/* dpviz-window-presentation.c */
char *_dpviz_window_presentation_text (DpvizWindow *self);
void _dpviz_window_update_presentation (DpvizWindow *self);
void _dpviz_window_set_presentation (DpvizWindow *self, gboolean on);
gboolean _dpviz_window_leave_presentation (GtkWidget *widget, GVariant *args, gpointer data);

/* dpviz-window-lessons.c */
void _dpviz_window_update_lesson_bar (DpvizWindow *self);
void _dpviz_window_save_lesson_action (GSimpleAction *action, GVariant *parameter,
                                       gpointer user_data);
void _dpviz_window_save_lesson_as_action (GSimpleAction *action, GVariant *parameter,
                                          gpointer user_data);
void _dpviz_window_lesson_next_action (GSimpleAction *action, GVariant *parameter,
                                       gpointer user_data);
void _dpviz_window_lesson_previous_action (GSimpleAction *action, GVariant *parameter,
                                           gpointer user_data);
void _dpviz_window_lesson_add_step_action (GSimpleAction *action, GVariant *parameter,
                                           gpointer user_data);
void _dpviz_window_export_lesson_action (GSimpleAction *action, GVariant *parameter,
                                         gpointer user_data);
void _dpviz_window_close_lesson_action (GSimpleAction *action, GVariant *parameter,
                                        gpointer user_data);
void _dpviz_window_lesson_edit_action (GSimpleAction *action, GVariant *parameter,
                                       gpointer user_data);
void _dpviz_window_lesson_update_step_action (GSimpleAction *action, GVariant *parameter,
                                              gpointer user_data);
void _dpviz_window_lesson_move_up_action (GSimpleAction *action, GVariant *parameter,
                                          gpointer user_data);
void _dpviz_window_lesson_move_down_action (GSimpleAction *action, GVariant *parameter,
                                            gpointer user_data);
void _dpviz_window_lesson_delete_step_action (GSimpleAction *action, GVariant *parameter,
                                              gpointer user_data);
void _dpviz_window_lesson_undo_delete_action (GSimpleAction *action, GVariant *parameter,
                                              gpointer user_data);
void _dpviz_window_lesson_clear (DpvizWindow *self);
/* Goes to step @index (the model takes its values). */
void _dpviz_window_lesson_go_to (DpvizWindow *self, guint index);
/* Edits of the open lesson's text; each marks the lesson modified. */
void _dpviz_window_lesson_set_title (DpvizWindow *self, const char *title);
void _dpviz_window_lesson_set_step_title (DpvizWindow *self, guint index, const char *title);
void _dpviz_window_lesson_set_step_note (DpvizWindow *self, guint index, const char *note);
/* Whether the window may close now; otherwise asks about the unsaved lesson first. */
gboolean _dpviz_window_lesson_may_close (DpvizWindow *self);

G_END_DECLS
