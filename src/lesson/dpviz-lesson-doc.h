/* dpviz-lesson-doc.h — a lesson file as its lines: parsed strictly, written back unchanged
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The syntax layer of the lesson format (docs/lesson-format.md, "Syntax"): groups, entries,
 * comments, escapes. A document keeps every line as it was read, with its line end, so that
 * a lesson saved without changes is the same bytes, and a lesson saved with changes differs
 * only in the lines that hold the changed values. Private to libdpvlesson.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  guint number;        /* line in the file (1-based); 0 for a line made since */
  char *text;          /* the line without its end */
  const char *eol;     /* "\n", "\r\n", or "" for a last line without one */
  /* an entry ("Key[locale]=value"); NULL for a comment or a blank line */
  char *key;
  char *locale;        /* NULL when not localized */
  char *value;         /* unescaped */
} DpvizDocLine;

typedef struct {
  char *name;          /* NULL for the lines before the first group */
  DpvizDocLine *header;
  GPtrArray *lead;     /* DpvizDocLine*: the comments and blank lines right above the header */
  GPtrArray *body;     /* DpvizDocLine*: entries, comments and blank lines after it */
} DpvizDocGroup;

typedef struct {
  gboolean bom;        /* the file started with a UTF-8 byte-order mark (kept) */
  const char *eol;     /* line end for new lines: the first line's, else "\n" */
  gboolean no_final_eol;  /* the last line had no line end */
  GPtrArray *groups;   /* DpvizDocGroup*; [0] holds the lines before the first group */
} DpvizLessonDoc;

/* Parses @data (@length bytes; NUL bytes and invalid UTF-8 were refused by the caller).
 * Refuses (G_IO_ERROR_INVALID_DATA, one translated line that names the line, group and key)
 * a line that is neither a comment, a group header nor an entry, an entry before the first
 * group, a control character, an invalid escape, and a group or key that appears twice. */
DpvizLessonDoc *dpviz_lesson_doc_parse (const char *data, gsize length, GError **error);
/* A document with no lines. */
DpvizLessonDoc *dpviz_lesson_doc_new (void);
DpvizLessonDoc *dpviz_lesson_doc_ref (DpvizLessonDoc *doc);
void dpviz_lesson_doc_unref (DpvizLessonDoc *doc);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DpvizLessonDoc, dpviz_lesson_doc_unref)

DpvizDocGroup *dpviz_lesson_doc_find_group (const DpvizLessonDoc *doc, const char *name);
/* Appends a new group (a blank line above its header when the document has lines). */
DpvizDocGroup *dpviz_lesson_doc_add_group (DpvizLessonDoc *doc, const char *name);
/* The entry @key (@locale NULL: the untranslated one). */
DpvizDocLine *dpviz_doc_group_find_entry (const DpvizDocGroup *group, const char *key,
                                          const char *locale);

/* A new entry line "Key=value" (value escaped). */
DpvizDocLine *dpviz_doc_line_new_entry (const char *key, const char *locale,
                                        const char *value, const char *eol);
DpvizDocLine *dpviz_doc_line_new_text (const char *text, const char *eol);
void dpviz_doc_line_free (DpvizDocLine *line);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DpvizDocLine, dpviz_doc_line_free)
/* A group header line "[name]". */
char *dpviz_doc_header_text (const char *name);

/* @value with backslash, newline, tab and carriage return escaped, and a leading or trailing
 * space written \s, so that dpviz_lesson_doc_parse () reads back exactly @value. */
char *dpviz_lesson_doc_escape (const char *value);

/* The document's bytes, with the BOM if it had one. */
GString *dpviz_lesson_doc_to_string (const DpvizLessonDoc *doc);

/* Appends @line (text and line end) to @out, first giving the previous line a line end if it
 * had none (*@open says so; the document's last line may lack one). */
void dpviz_doc_write_line (GString *out, const DpvizDocLine *line, const char *eol,
                           gboolean *open);

G_END_DECLS
