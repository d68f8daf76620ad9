/* dpv-params.h — the parameter specification table and the parameters of a figure
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every parameter a view can use has one row in the specification table (dpv-params.c): its
 * name (CLI option, GSettings key, model property), lesson-file key, label, range, default,
 * scale and the mechanisms it applies to. It is the only place a range lives: validation, the
 * app's sliders and entries, the CLI options and the lesson loader read it.
 *
 * DpvParams is a plain struct of fixed size (no pointers): copy it with `=`, compare and hash
 * it with dpv_params_equal () and dpv_params_hash () over the parameters a view uses.
 */
#pragma once

#include <gio/gio.h>

#include "dp-core.h"

G_BEGIN_DECLS

/* What kind of value a parameter holds, and the C type that stores it. */
typedef enum {
  DPV_PARAM_KIND_DOUBLE = 0, /* double, in [min, max] */
  DPV_PARAM_KIND_UINT,       /* unsigned long, a whole number in [min, max] */
  DPV_PARAM_KIND_SEED,       /* guint64, a whole number in [min, max]: a random seed (frames
                              * stay reproducible; libdpcore takes 0 … DP_SEED_MAX) */
  DPV_PARAM_KIND_ENUM,       /* an int-sized enum, one of the row's choices */
  DPV_PARAM_KIND_BOOL,       /* gboolean */
  DPV_PARAM_KIND_LIST,       /* DpvParamList: n numbers in [min, max], optionally named */
  DPV_N_PARAM_KINDS
} DpvParamKind;

/* Longest list and longest item name a LIST parameter can hold. */
#define DPV_PARAM_LIST_MAX 50
#define DPV_PARAM_LIST_NAME_MAX 32

/* The sex of a person in the linkage tables (book §3.1) and in the attacker's knowledge. */
typedef enum {
  DPV_SEX_MALE = 0,
  DPV_SEX_FEMALE,
} DpvSex;

/* A small editable list: a data set of numbers, or named items (candidates with a utility).
 * Unused items and name bytes are zero, so that two equal lists are equal byte for byte. */
typedef struct {
  guint n;
  double values[DPV_PARAM_LIST_MAX];
  char names[DPV_PARAM_LIST_MAX][DPV_PARAM_LIST_NAME_MAX]; /* "" when the list is unnamed */
} DpvParamList;

/* The numeric query of the accuracy view (book §3.3.2). */
typedef enum {
  DPV_QUERY_COUNT = 0,   /* a count: Δ = 1 */
  DPV_QUERY_MEAN,        /* the mean of n values in [0, 1]: Δ = 1/n (book Example 3.1) */
  DPV_QUERY_CUSTOM,      /* any query of sensitivity Δ (the sensitivity parameter) */
} DpvQuery;

#define DPV_PARAM_CTYPE_DOUBLE double
#define DPV_PARAM_CTYPE_UINT unsigned long
#define DPV_PARAM_CTYPE_SEED guint64
#define DPV_PARAM_CTYPE_ENUM int
#define DPV_PARAM_CTYPE_BOOL gboolean
#define DPV_PARAM_CTYPE_LIST DpvParamList

typedef enum {
#define DPV_PARAM(ID, field, KIND, ctype) DPV_PARAM_##ID,
#include "dpv-param-ids.h"
#undef DPV_PARAM
  DPV_N_PARAMS,
  DPV_PARAM_NONE = -1   /* ends a list of parameter ids */
} DpvParamId;

G_STATIC_ASSERT (DPV_N_PARAMS <= 64);   /* a set of parameters is a guint64 bit mask */

/* A set of parameters, bit (1 << id) per parameter. */
typedef guint64 DpvParamSet;
#define DPV_PARAM_BIT(id) (G_GUINT64_CONSTANT (1) << (id))

/* The values of every parameter, plus the figure's own options. */
typedef struct {
#define DPV_PARAM(ID, field, KIND, ctype) ctype field;
#include "dpv-param-ids.h"
#undef DPV_PARAM
  gboolean show_caption;   /* figure option: title and key numbers under the plot */
} DpvParams;

/* One value of any kind (for generic code: controls, the CLI, lessons, settings). */
typedef union {
  double d;
  unsigned long u;
  guint64 seed;
  int e;
  gboolean b;
  DpvParamList list;
} DpvParamValue;

typedef enum {
  DPV_PARAM_SCALE_LINEAR = 0,
  DPV_PARAM_SCALE_LOG,
} DpvParamScale;

typedef enum {
  DPV_PARAM_FLAG_NONE = 0,
  /* DOUBLE: a negative value means "automatic" (auto_label says what is done instead); the
   * range applies to the others. */
  DPV_PARAM_FLAG_AUTO = 1 << 0,
  /* not remembered between runs of the app (no GSettings key) */
  DPV_PARAM_FLAG_SESSION = 1 << 1,
} DpvParamFlags;

/* A named example value of a LIST parameter (a built-in data set): dpv_param_parse () takes its
 * name for the value, the app's list editor offers it in a menu. */
typedef struct {
  const char *name;    /* "seminar": CLI, lesson files (never translated) */
  const char *label;   /* N_("Seminar: 41 students aged 19–25") */
  const char *text;    /* the value, as dpv_param_parse () reads it */
} DpvParamPreset;

/* One choice of an ENUM parameter. */
typedef struct {
  int value;
  const char *name;    /* "laplace": CLI, settings, lesson files (never translated) */
  const char *label;   /* N_("Laplace") */
} DpvParamChoice;

typedef struct {
  DpvParamId id;
  DpvParamKind kind;
  const char *name;         /* "epsilon": CLI option --epsilon, GSettings key, model property */
  const char *key;          /* "Epsilon": lesson-file key */
  const char *symbol;       /* "ε": in messages (not translated) */
  const char *label;        /* N_("Privacy budget ε"): controls */
  const char *help;         /* N_(…): CLI help, tooltips */
  const char *unit;         /* N_(…) or NULL */
  double min, max;          /* DOUBLE, UINT, SEED, and each value of a LIST */
  double def;               /* default of DOUBLE, UINT, SEED, ENUM (its value), BOOL (0/1) */
  const char *def_list;     /* default of a LIST, as dpv_param_parse () reads it */
  DpvParamScale scale;      /* of the slider */
  double slider_min;        /* LOG slider whose range starts at 0: its low end (else 0) */
  int digits;               /* significant digits a slider rounds to (0: whole numbers) */
  const char *low_hint;     /* N_("more private"): the slider's low end */
  const char *high_hint;    /* N_("less private"): its high end */
  const DpvParamChoice *choices; /* ENUM */
  guint n_choices;
  guint list_min, list_max; /* LIST: how many items (≤ DPV_PARAM_LIST_MAX) */
  gboolean list_named;      /* LIST: items are "name=value" */
  const DpvParamPreset *presets; /* LIST: named example values (may be NULL) */
  guint n_presets;
  guint mechanisms;         /* bit (1 << DpMechanismKind) per mechanism it applies to; 0 = all */
  const char *not_applicable; /* N_(…): why it does nothing for the other mechanisms */
  DpvParamFlags flags;
  const char *auto_label;   /* N_(…): with DPV_PARAM_FLAG_AUTO, what a negative value means */
  const char *set_label;    /* N_(…): with DPV_PARAM_FLAG_AUTO, the app's check button that
                             * gives the parameter a value (with a mnemonic) */
} DpvParamSpec;

/* A row's range and default by id: DPV_PARAM_MAX (EPSILON). */
#define DPV_PARAM_MIN(ID) (dpv_param_spec (DPV_PARAM_##ID)->min)
#define DPV_PARAM_MAX(ID) (dpv_param_spec (DPV_PARAM_##ID)->max)
#define DPV_PARAM_DEFAULT(ID) (dpv_param_spec (DPV_PARAM_##ID)->def)

/* The table row of @id. */
const DpvParamSpec *dpv_param_spec (DpvParamId id);
/* The row named @name ("epsilon", "eps-prime"), or NULL. */
const DpvParamSpec *dpv_param_spec_lookup (const char *name);
/* The row whose lesson key is @key ("Epsilon"), or NULL. */
const DpvParamSpec *dpv_param_spec_lookup_key (const char *key);

/* TRUE when the parameter changes anything for @mechanism. When it does not and @reason is
 * not NULL, *reason is the translated reason (for a tooltip on the disabled control). */
gboolean dpv_param_applies (const DpvParamSpec *spec, DpMechanismKind mechanism,
                            const char **reason);

/* Checks @value against @spec (range, whole number, choice, list length); on failure sets a
 * translated one-line message naming the parameter and its range (G_IO_ERROR_INVALID_ARGUMENT)
 * and returns FALSE. NaN and infinities are refused. */
gboolean dpv_param_check (const DpvParamSpec *spec, const DpvParamValue *value, GError **error);
/* Parses @text as @spec's kind (locale-independent; the whole text must parse) and checks it
 * (a negative number is refused even where it means "automatic": typed text is a value).
 * DOUBLE "1e-5"; UINT "100"; SEED decimal; ENUM a choice's name; BOOL "true"/"false";
 * LIST comma-separated values, or "name=value" items for a named list, or a preset's name. */
gboolean dpv_param_parse (const DpvParamSpec *spec, const char *text, DpvParamValue *out,
                          GError **error);
/* The value as text that dpv_param_parse () reads back to the same value (shortest decimal
 * that round-trips, locale-independent). */
char *dpv_param_format (const DpvParamSpec *spec, const DpvParamValue *value);
/* The shortest decimal that reads back to @v, locale-independent ("10", "1e-05", "0.3"). */
char *dpv_format_shortest (double v);
/* The range as text for help and messages, e.g. "0.01 … 10". */
char *dpv_param_range_text (const DpvParamSpec *spec);
/* A number a pointer gives (a value dragged on a figure) as a value of @spec's row (DOUBLE or
 * UINT): rounded to the row's significant digits (whole numbers when digits is 0), then
 * clamped to its range, so that it always passes dpv_param_check (). NaN gives the default. */
double dpv_param_snap (const DpvParamSpec *spec, double value);

/* Values of DpvParams by id. */
void dpv_params_get (const DpvParams *params, DpvParamId id, DpvParamValue *out);
void dpv_params_set (DpvParams *params, DpvParamId id, const DpvParamValue *value);
/* Numeric kinds (DOUBLE, UINT, SEED, ENUM, BOOL) as a double, for sliders. */
double dpv_params_get_number (const DpvParams *params, DpvParamId id);

/* Every parameter at its default; the caption on. */
void dpv_params_init (DpvParams *params);
/* Checks every parameter against its row (dpv_param_check); FALSE with the first failure. */
gboolean dpv_params_validate (const DpvParams *params, GError **error);
/* The parameters of @ids (ended by DPV_PARAM_NONE) as a set. */
DpvParamSet dpv_param_set_from_ids (const DpvParamId *ids);
/* TRUE when @a and @b agree on every parameter of @set. */
gboolean dpv_params_equal (const DpvParams *a, const DpvParams *b, DpvParamSet set);
/* A hash of the parameters of @set (equal parameters hash equally). */
guint dpv_params_hash (const DpvParams *params, DpvParamSet set);
/* @set less the parameters that do nothing for @params' mechanism. */
DpvParamSet dpv_param_set_applicable (DpvParamSet set, DpMechanismKind mechanism);

/* The mechanism the parameters describe: Laplace with b = Δ/ε, the analytic Gaussian
 * mechanism calibrated from (ε, δ, Δ) (Balle & Wang 2018, Alg. 1), or randomized response. */
DpStatus dpv_params_mechanism (const DpvParams *params, DpMechanism *out);

/* Translated mechanism name ("Laplace", "Gaussian", "randomized response"). */
const char *dpv_mechanism_label (DpMechanismKind kind);

G_END_DECLS
