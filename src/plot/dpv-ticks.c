/* dpv-ticks.c — "nice" ticks and number formatting
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Linear ticks follow Heckbert, "Nice numbers for graph labels" (Graphics Gems, 1990), with
 * steps restricted to 1, 2, 5 × 10ⁿ and the smallest step that keeps the count within bounds.
 * Every tick is an integer multiple N × 10ᵉ and its label is printed from N and e, so float
 * noise (0.30000000000000004) never reaches a label.
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dpv-ticks.h"

#define MINUS "\xe2\x88\x92"   /* U+2212 MINUS SIGN */
#define TIMES "\xc3\x97"       /* U+00D7 MULTIPLICATION SIGN */

/* 10^e, exact for |e| ≤ 22. */
static double
pow10i (int e)
{
  return pow (10.0, (double) e);
}

/* N × 10^e with a single rounding where possible. */
static double
scaled (double n, int e)
{
  if (e >= 0)
    return n * pow10i (e);
  if (e >= -300)
    return n / pow10i (-e);
  return n * pow10i (e);
}

/* Replaces a leading ASCII '-' with U+2212 and drops the sign of a zero. */
static void
fix_minus (const char *in, char *out, gsize size)
{
  gboolean zero = TRUE;

  for (const char *p = in; *p; p++)
    if (*p >= '1' && *p <= '9')
      zero = FALSE;

  if (in[0] == '-' && !zero)
    g_snprintf (out, size, MINUS "%s", in + 1);
  else
    g_strlcpy (out, in[0] == '-' ? in + 1 : in, size);
}

/* Exponent as Pango markup: "10<sup>−5</sup>". */
static void
format_power (int p, char *out, gsize size)
{
  if (p < 0)
    g_snprintf (out, size, "10<sup>" MINUS "%d</sup>", -p);
  else
    g_snprintf (out, size, "10<sup>%d</sup>", p);
}

/* Label of N × 10^e (N integral) in scientific markup: "2×10<sup>−10</sup>". */
static void
format_scientific (double n, int e, char *out, gsize size)
{
  char digits[64];
  char mant[80];
  char pw[32];
  gboolean neg = n < 0;
  gsize len;
  int p;

  if (n == 0)
    {
      g_strlcpy (out, "0", size);
      return;
    }

  g_snprintf (digits, sizeof digits, "%.0f", fabs (n));
  len = strlen (digits);
  p = e + (int) len - 1;
  /* strip trailing zeros of the mantissa */
  while (len > 1 && digits[len - 1] == '0')
    digits[--len] = '\0';

  if (len == 1)
    g_snprintf (mant, sizeof mant, "%s%c", neg ? MINUS : "", digits[0]);
  else
    g_snprintf (mant, sizeof mant, "%s%c.%s", neg ? MINUS : "", digits[0], digits + 1);

  format_power (p, pw, sizeof pw);
  if (len == 1 && digits[0] == '1')
    g_snprintf (out, size, "%s%s", neg ? MINUS : "", pw);
  else
    g_snprintf (out, size, "%s" TIMES "%s", mant, pw);
}

/* Label of N × 10^e in fixed notation with @decimals decimals. */
static void
format_fixed (double value, int decimals, char *out, gsize size)
{
  char buf[64];

  g_snprintf (buf, sizeof buf, "%.*f", CLAMP (decimals, 0, 20), value);
  fix_minus (buf, out, size);
}

/* Falls back to a usable range for degenerate input. The width is compared with the centre
 * (a / 2 + b / 2 cannot overflow where a + b can) and kept finite. */
static void
sanitize_linear (double *min, double *max)
{
  double a = *min, b = *max;

  if (!isfinite (a) && !isfinite (b))
    {
      a = 0.0;
      b = 1.0;
    }
  else if (!isfinite (a))
    a = b - (b != 0 ? fabs (b) : 1.0);
  else if (!isfinite (b))
    b = a + (a != 0 ? fabs (a) : 1.0);

  if (a > b)
    {
      double t = a;
      a = b;
      b = t;
    }
  if (!(b - a > fabs (a / 2 + b / 2) * 2e-13))   /* empty or below double resolution */
    {
      double c = a / 2 + b / 2;
      double h = c != 0 ? fabs (c) * 0.1 : 1.0;
      a = c - h;
      b = c + h;
    }
  if (!isfinite (b - a))
    {
      a /= 2;
      b /= 2;
    }
  *min = a;
  *max = b;
}

typedef struct {
  double m;     /* 1, 2 or 5 */
  int e;
  double i0, i1;  /* first and last multiple index */
} LinearStep;

static guint64
linear_count (double min, double max, double m, int e, double *i0, double *i1)
{
  double step = scaled (m, e);
  double a, b;

  a = ceil (min / step - 1e-9);
  b = floor (max / step + 1e-9);
  *i0 = a;
  *i1 = b;
  if (!(b >= a))
    return 0;
  if (b - a > 1e9)
    return G_MAXUINT32;
  return (guint64) (b - a) + 1;
}

static LinearStep
choose_linear_step (double min, double max, guint max_ticks)
{
  static const double mults[] = { 1, 2, 5 };
  LinearStep best = { 1, 0, 0, 0 };
  double rough;
  int e0;

  /* span / max_ticks without overflow for ranges near ±DBL_MAX */
  rough = max / (double) max_ticks - min / (double) max_ticks;
  if (!(rough > 0) || !isfinite (rough))
    rough = 1;
  e0 = (int) floor (log10 (rough)) - 1;

  for (int e = e0; e <= e0 + 3; e++)
    for (int k = 0; k < 3; k++)
      {
        double i0, i1;
        guint64 n = linear_count (min, max, mults[k], e, &i0, &i1);

        if (n <= max_ticks)
          {
            best.m = mults[k];
            best.e = e;
            best.i0 = i0;
            best.i1 = i1;
            return best;
          }
      }

  /* unreachable for finite ranges; keep something sane */
  best.m = 1;
  best.e = e0 + 4;
  linear_count (min, max, 1, best.e, &best.i0, &best.i1);
  return best;
}

gsize
dpv_ticks_linear (double   min,
                  double   max,
                  guint    max_ticks,
                  DpvTick *ticks)
{
  LinearStep s;
  double maxabs;
  gboolean sci;
  int decimals;
  gsize n = 0;

  g_return_val_if_fail (ticks != NULL, 0);

  max_ticks = CLAMP (max_ticks, 1, DPV_MAX_TICKS);
  sanitize_linear (&min, &max);

  s = choose_linear_step (min, max, max_ticks);
  maxabs = MAX (fabs (min), fabs (max));
  decimals = s.e < 0 ? -s.e : 0;
  /* scientific for tiny values, for big round numbers (5×10⁶ rather than 5000000), and when
   * fixed notation would run past ten characters; 1000000.2 stays fixed */
  {
    int int_digits = maxabs >= 1 ? (int) floor (log10 (maxabs)) + 1 : 1;
    int fixed_len = int_digits + (decimals > 0 ? decimals + 1 : 0);

    sci = maxabs < 1e-4 || (int_digits >= 7 && decimals == 0) || fixed_len > 10;
  }

  for (double i = s.i0; i <= s.i1 && n < max_ticks; i++)
    {
      double mult = i * s.m;
      DpvTick *t = &ticks[n++];

      t->value = scaled (mult, s.e);
      if (t->value == 0)
        t->value = 0.0;   /* no −0 */
      t->major = TRUE;
      if (sci)
        format_scientific (mult, s.e, t->label, sizeof t->label);
      else
        format_fixed (t->value, decimals, t->label, sizeof t->label);
    }

  if (n == 0)
    {
      /* a range narrower than one step: label its centre */
      double c = min / 2 + max / 2;
      ticks[0].value = c;
      ticks[0].major = TRUE;
      {
        char *s2 = dpv_format_number (c, 3);
        g_strlcpy (ticks[0].label, s2, sizeof ticks[0].label);
        g_free (s2);
      }
      n = 1;
    }
  return n;
}

static void
sanitize_log (double *min, double *max)
{
  double a = *min, b = *max;

  if (!(b > 0) || !isfinite (b))
    b = (isfinite (a) && a > 0) ? a * 10 : 1.0;
  if (!(a > 0) || !isfinite (a))
    a = b / 1000.0;
  if (a > b)
    {
      double t = a;
      a = b;
      b = t;
    }
  if (!(b > a * (1 + 1e-12)))
    {
      a /= 1.1;
      b *= 1.1;
    }
  if (!(a > 0))
    a = DBL_MIN;
  if (!isfinite (b))
    b = DBL_MAX;
  *min = a;
  *max = b;
}

void
dpv_range_sanitize (double   *min,
                    double   *max,
                    gboolean  log)
{
  g_return_if_fail (min != NULL && max != NULL);

  if (log)
    sanitize_log (min, max);
  else
    sanitize_linear (min, max);
}

/* Plain label for m × 10^p in a 1-2-5 log subdivision. */
static void
format_log_sub (int m, int p, char *out, gsize size)
{
  if (p >= -3 && p <= 4)
    format_fixed (scaled (m, p), p < 0 ? -p : 0, out, size);
  else
    format_scientific (m, p, out, size);
}

gsize
dpv_ticks_log (double   min,
               double   max,
               guint    max_ticks,
               DpvTick *ticks)
{
  double lmin, lmax, decades;
  int d0, d1;
  gsize n = 0;
  const double tol = 1e-9;

  g_return_val_if_fail (ticks != NULL, 0);

  max_ticks = CLAMP (max_ticks, 1, DPV_MAX_TICKS);
  sanitize_log (&min, &max);

  lmin = log10 (min);
  lmax = log10 (max);
  decades = lmax - lmin;
  d0 = (int) floor (lmin);
  d1 = (int) ceil (lmax);

  if (decades < 2.2)
    {
      /* 1-2-5 subdivisions labelled, the other 3..9 × 10ⁿ as minor ticks */
      static const int sub125[] = { 1, 2, 5 };
      guint n_major = 0;

      for (int p = d0; p <= d1; p++)
        for (int k = 0; k < 3; k++)
          {
            double v = scaled (sub125[k], p);
            if (v >= min * (1 - tol) && v <= max * (1 + tol))
              n_major++;
          }

      if (n_major >= 2 && n_major <= max_ticks)
        {
          for (int p = d0; p <= d1 && n < DPV_MAX_TICKS; p++)
            for (int m = 1; m <= 9 && n < DPV_MAX_TICKS; m++)
              {
                double v = scaled (m, p);
                if (v < min * (1 - tol) || v > max * (1 + tol))
                  continue;
                ticks[n].value = v;
                ticks[n].major = m == 1 || m == 2 || m == 5;
                if (ticks[n].major)
                  format_log_sub (m, p, ticks[n].label, sizeof ticks[n].label);
                else
                  ticks[n].label[0] = '\0';
                n++;
              }
          return n;
        }
      if (n_major < 2)
        {
          /* less than a 1-2-5 interval in range (e.g. 3…4): linear ticks read best */
          return dpv_ticks_linear (min, max, max_ticks, ticks);
        }
      /* too many for max_ticks: fall through to decades */
    }

  {
    /* decades, every stride-th labelled */
    int n_dec = 0;
    int stride = 1;
    gboolean minors;

    for (int p = d0; p <= d1; p++)
      {
        double v = scaled (1, p);
        if (v >= min * (1 - tol) && v <= max * (1 + tol))
          n_dec++;
      }
    /* the smallest stride among 1, 2, 3, 5, 10, 20, 50, 100, … whose multiples in range
     * number at most max_ticks */
    {
      static const int strides[] = { 1, 2, 3, 5, 10, 20, 50, 100, 200, 500, 1000 };
      int lo = (int) ceil (lmin - 1e-9), hi = (int) floor (lmax + 1e-9);

      for (guint k = 0; k < G_N_ELEMENTS (strides); k++)
        {
          int st = strides[k];
          int first = (int) ceil ((double) lo / st) * st;
          int count = first > hi ? 0 : (hi - first) / st + 1;

          stride = st;
          if (count <= (int) max_ticks)
            break;
        }
    }

    /* minor ticks at 2..9 × 10ⁿ only when labelled decades are consecutive and they fit */
    minors = stride == 1 && (d1 - d0 + 1) * 9 <= DPV_MAX_TICKS;

    for (int p = d0; p <= d1 && n < DPV_MAX_TICKS; p++)
      for (int m = 1; m <= (minors ? 9 : 1) && n < DPV_MAX_TICKS; m++)
        {
          double v = scaled (m, p);

          /* more decades than tick slots: only the labelled ones get a tick */
          if (n_dec > DPV_MAX_TICKS && ((p % stride) + stride) % stride != 0)
            continue;
          if (v < min * (1 - tol) || v > max * (1 + tol) || v == 0 || !isfinite (v))
            continue;
          ticks[n].value = v;
          ticks[n].major = m == 1 && ((p % stride) + stride) % stride == 0;
          if (ticks[n].major)
            format_power (p, ticks[n].label, sizeof ticks[n].label);
          else
            ticks[n].label[0] = '\0';
          n++;
        }

    {
      guint n_major = 0;
      for (gsize i = 0; i < n; i++)
        n_major += ticks[i].major;
      if (n_major == 0)
        {
          /* stride skipped every decade in range: label the first decade tick */
          for (gsize i = 0; i < n; i++)
            if (fabs (log10 (ticks[i].value) - round (log10 (ticks[i].value))) < 1e-9)
              {
                ticks[i].major = TRUE;
                format_power ((int) round (log10 (ticks[i].value)), ticks[i].label,
                              sizeof ticks[i].label);
                break;
              }
        }
    }
    if (n_dec < 2)
      {
        /* no or a single decade inside: linear ticks read best */
        return dpv_ticks_linear (min, max, max_ticks, ticks);
      }
  }
  return n;
}

char *
dpv_format_number (double value,
                   int    significant)
{
  char buf[64];
  char *e;
  int exp10;

  if (isnan (value))
    return g_strdup ("\xe2\x80\x94");            /* — */
  if (isinf (value))
    return g_strdup (value > 0 ? "\xe2\x88\x9e" : MINUS "\xe2\x88\x9e");

  significant = CLAMP (significant, 1, 17);
  if (value == 0)
    {
      if (significant > 1)
        {
          g_snprintf (buf, sizeof buf, "%.*f", significant - 1, 0.0);
          return g_strdup (buf);
        }
      return g_strdup ("0");
    }

  /* let printf do the rounding, then read back the exponent */
  g_snprintf (buf, sizeof buf, "%.*e", significant - 1, value);
  e = strchr (buf, 'e');
  exp10 = e ? atoi (e + 1) : 0;

  if (exp10 < -3 || exp10 >= 5)
    {
      GString *s = g_string_new (NULL);
      static const char *const sup[] = {
        "\xe2\x81\xb0", "\xc2\xb9", "\xc2\xb2", "\xc2\xb3", "\xe2\x81\xb4",
        "\xe2\x81\xb5", "\xe2\x81\xb6", "\xe2\x81\xb7", "\xe2\x81\xb8", "\xe2\x81\xb9",
      };
      char digits[16];

      *e = '\0';
      if (buf[0] == '-')
        g_string_append (s, MINUS);
      g_string_append (s, buf[0] == '-' ? buf + 1 : buf);
      g_string_append (s, TIMES "10");
      if (exp10 < 0)
        g_string_append (s, "\xe2\x81\xbb");   /* superscript minus ⁻ */
      g_snprintf (digits, sizeof digits, "%d", ABS (exp10));
      for (const char *p = digits; *p; p++)
        g_string_append (s, sup[*p - '0']);
      return g_string_free (s, FALSE);
    }
  else
    {
      char out[64];
      int decimals = MAX (0, significant - 1 - exp10);

      g_snprintf (buf, sizeof buf, "%.*f", decimals, value);
      fix_minus (buf, out, sizeof out);
      return g_strdup (out);
    }
}
