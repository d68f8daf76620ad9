/* dpv-params.c — the parameter specification table, validation, text and hashing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Ranges follow VIEWS.md ("The four parameters every view shares"). The threshold ε′ of the
 * regions view takes 0 … 10, the range of ε: for the pure mechanisms δ(ε′) = 0 from ε′ = ε on,
 * and the lesson format has always documented 0 … 10.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dpv-display.h"
#include "dpv-params.h"

#define MECH_BIT(kind) (1u << (kind))

static const DpvParamChoice mechanism_choices[] = {
  { DP_MECHANISM_LAPLACE, "laplace", N_("Laplace") },
  { DP_MECHANISM_GAUSSIAN, "gaussian", N_("Gaussian") },
  { DP_MECHANISM_RR, "rr", N_("randomized response") },
};

/* The sensitivity view's queries (libdpcore, dp-sensitivity.h). */
static const DpvParamChoice statistic_choices[] = {
  { DP_QUERY_COUNT, "count", N_("count") },
  { DP_QUERY_SUM, "sum", N_("sum") },
  { DP_QUERY_MEAN, "mean", N_("mean (n fixed)") },
  { DP_QUERY_MEDIAN, "median", N_("median") },
  { DP_QUERY_MAX, "max", N_("maximum") },
};

/* The noise calibrated to smooth sensitivity (Nissim, Raskhodnikova & Smith 2007). */
static const DpvParamChoice smooth_noise_choices[] = {
  { DP_NOISE_CAUCHY, "cauchy", N_("Cauchy, ε-DP (β = ε/6)") },
  { DP_NOISE_LAPLACE, "laplace", N_("Laplace, (ε, δ)-DP (β = ε/(2 ln(2/δ)))") },
};

static const DpvParamChoice sex_choices[] = {
  { DPV_SEX_FEMALE, "female", N_("female") },
  { DPV_SEX_MALE, "male", N_("male") },
};

/* The sensitivity view's examples: the same data sets as libdpcore's dp_sensitivity_examples ()
 * (test-registry checks that they agree), ages in [0, 100]. */
static const DpvParamPreset data_presets[] = {
  { "seminar", N_("Seminar: 41 students aged 19–25 (the median’s local sensitivity is 0)"),
    "19, 19, 19, 20, 20, 20, 20, 20, 20, 20, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, "
    "21, 22, 22, 22, 22, 22, 22, 22, 23, 23, 23, 23, 23, 23, 24, 24, 24, 24, 25, 25" },
  { "family", N_("Family gathering: children and grandparents (the median’s local "
                 "sensitivity is 52)"),
    "2, 4, 5, 7, 9, 61, 63, 66, 68, 71, 74" },
};

static const DpvParamChoice query_choices[] = {
  { DPV_QUERY_COUNT, "count", N_("a count (Δ = 1)") },
  { DPV_QUERY_MEAN, "mean", N_("the mean of n values in [0, 1] (Δ = 1/n)") },
  { DPV_QUERY_CUSTOM, "custom", N_("a query of sensitivity Δ") },
};

/* The table: one row per parameter, indexed by id (a test checks that every row is filled
 * and agrees with dpv-param-ids.h). */
static const DpvParamSpec specs[DPV_N_PARAMS] = {
  [DPV_PARAM_MECHANISM] = {
    .id = DPV_PARAM_MECHANISM, .kind = DPV_PARAM_KIND_ENUM,
    .name = "mechanism", .key = "Mechanism", .symbol = "M",
    .label = N_("Mechanism"),
    .help = N_("laplace, gaussian or rr (binary randomized response)"),
    .def = DP_MECHANISM_LAPLACE,
    .choices = mechanism_choices, .n_choices = G_N_ELEMENTS (mechanism_choices),
  },
  [DPV_PARAM_EPSILON] = {
    .id = DPV_PARAM_EPSILON, .kind = DPV_PARAM_KIND_DOUBLE,
    .name = "epsilon", .key = "Epsilon", .symbol = "ε",
    .label = N_("Privacy budget ε"),
    .help = N_("ε of one mechanism"),
    .min = 0.01, .max = 10.0, .def = 1.0, .scale = DPV_PARAM_SCALE_LOG, .digits = 3,
    .low_hint = N_("more private"), .high_hint = N_("less private"),
  },
  [DPV_PARAM_DELTA] = {
    .id = DPV_PARAM_DELTA, .kind = DPV_PARAM_KIND_DOUBLE,
    .name = "delta", .key = "Delta", .symbol = "δ",
    .label = N_("Failure probability δ"),
    .help = N_("δ: Gaussian calibration, D∞^δ, target δ of composition"),
    .min = 1e-12, .max = 0.5, .def = 1e-5, .scale = DPV_PARAM_SCALE_LOG, .digits = 3,
    .low_hint = N_("more private"), .high_hint = N_("less private"),
  },
  [DPV_PARAM_SENSITIVITY] = {
    .id = DPV_PARAM_SENSITIVITY, .kind = DPV_PARAM_KIND_DOUBLE,
    .name = "sensitivity", .key = "Sensitivity", .symbol = "Δ",
    .label = N_("Sensitivity Δ"),
    .help = N_("Sensitivity Δ"),
    .min = 0.1, .max = 10.0, .def = 1.0, .scale = DPV_PARAM_SCALE_LOG, .digits = 3,
    .low_hint = N_("less noise needed"), .high_hint = N_("more noise needed"),
    .mechanisms = MECH_BIT (DP_MECHANISM_LAPLACE) | MECH_BIT (DP_MECHANISM_GAUSSIAN),
    .not_applicable = N_("Randomized response reports one bit, whose sensitivity is 1: Δ does not apply"),
  },
  [DPV_PARAM_K] = {
    .id = DPV_PARAM_K, .kind = DPV_PARAM_KIND_UINT,
    .name = "k", .key = "K", .symbol = "k",
    .label = N_("Compositions k"),
    .help = N_("Number of composed mechanisms"),
    .min = 1, .max = 10000, .def = 100, .scale = DPV_PARAM_SCALE_LOG, .digits = 0,
    .low_hint = N_("more private"), .high_hint = N_("less private"),
  },
  [DPV_PARAM_EPS_PRIME] = {
    .id = DPV_PARAM_EPS_PRIME, .kind = DPV_PARAM_KIND_DOUBLE,
    .name = "eps-prime", .key = "EpsilonPrime", .symbol = "ε′",
    .label = N_("Threshold ε′"),
    .help = N_("Regions view: threshold ε′"),
    .min = 0.0, .max = 10.0, .def = -1.0, .scale = DPV_PARAM_SCALE_LOG, .slider_min = 0.01,
    .digits = 3,
    .low_hint = N_("larger region S"), .high_hint = N_("smaller region S"),
    .flags = DPV_PARAM_FLAG_AUTO | DPV_PARAM_FLAG_SESSION,
    .auto_label = N_("solved from δ, i.e. D∞^δ"),
  },
  [DPV_PARAM_LOG_Y] = {
    .id = DPV_PARAM_LOG_Y, .kind = DPV_PARAM_KIND_BOOL,
    .name = "log-y", .key = "LogY", .symbol = "log y",
    .label = N_("Logarithmic y-axis"),
    .help = N_("KL view: logarithmic y-axis"),
    .def = 0,
    .flags = DPV_PARAM_FLAG_SESSION,
  },
  [DPV_PARAM_TYPE1] = {
    .id = DPV_PARAM_TYPE1, .kind = DPV_PARAM_KIND_DOUBLE,
    .name = "type1", .key = "Type1", .symbol = "α",
    .label = N_("Type I error α of the test"),
    .help = N_("Hypothesis view: the test’s type I error α (it says D′ when the data were D)"),
    .min = 1e-6, .max = 1.0, .def = 0.05, .scale = DPV_PARAM_SCALE_LOG, .digits = 3,
    .low_hint = N_("fewer false alarms"), .high_hint = N_("more power"),
  },
  [DPV_PARAM_LOG_AXES] = {
    .id = DPV_PARAM_LOG_AXES, .kind = DPV_PARAM_KIND_BOOL,
    .name = "log-axes", .key = "LogAxes", .symbol = "log–log",
    .label = N_("Logarithmic axes (log–log)"),
    .help = N_("Hypothesis view: α and β on logarithmic axes, for small errors"),
    .def = 0,
  },
  [DPV_PARAM_PRIOR] = {
    .id = DPV_PARAM_PRIOR, .kind = DPV_PARAM_KIND_DOUBLE,
    .name = "prior", .key = "Prior", .symbol = "π",
    .label = N_("Attacker’s prior π"),
    .help = N_("The attacker’s prior probability of the hypothesis (hypothesis view: the person "
               "is in the data; linkage view: the target has the diagnosis)"),
    .min = 0.01, .max = 0.99, .def = 0.5, .scale = DPV_PARAM_SCALE_LINEAR, .digits = 2,
    .low_hint = N_("attacker doubts it"), .high_hint = N_("attacker suspects it"),
  },
  [DPV_PARAM_TRIALS] = {
    .id = DPV_PARAM_TRIALS, .kind = DPV_PARAM_KIND_UINT,
    .name = "trials", .key = "Trials", .symbol = "N",
    .label = N_("Simulated runs N"),
    .help = N_("Runs of the mechanism on D, and as many on D′"),
    .min = 100, .max = 1e6, .def = 10000, .scale = DPV_PARAM_SCALE_LOG, .digits = 0,
    .low_hint = N_("faster"), .high_hint = N_("more precise"),
  },
  [DPV_PARAM_ALPHA] = {
    .id = DPV_PARAM_ALPHA, .kind = DPV_PARAM_KIND_DOUBLE,
    .name = "alpha", .key = "Alpha", .symbol = "α",
    .label = N_("Rényi order α"),
    .help = N_("Rényi view: the order α of the divergence D_α, from just above 1 (near KL) "
               "to 10⁴ (near the max divergence D∞)"),
    .min = 1.001, .max = 1e4, .def = 2.0, .scale = DPV_PARAM_SCALE_LOG, .digits = 4,
    .low_hint = N_("toward KL"), .high_hint = N_("toward D∞"),
  },
  [DPV_PARAM_SEED] = {
    .id = DPV_PARAM_SEED, .kind = DPV_PARAM_KIND_SEED,
    .name = "seed", .key = "Seed", .symbol = "seed",
    .label = N_("Random seed"),
    .help = N_("Seed of the simulation: the same seed gives the same runs"),
    .min = 0, .max = 2147483647.0, .def = 1,
  },
  [DPV_PARAM_BUGGY] = {
    .id = DPV_PARAM_BUGGY, .kind = DPV_PARAM_KIND_BOOL,
    .name = "buggy", .key = "Buggy", .symbol = "buggy",
    .label = N_("Buggy mechanism (noise for Δ/2)"),
    .help = N_("Audit a deliberately buggy mechanism: noise scaled for half the sensitivity "
               "(randomized response: the coin of 2ε)"),
    .def = 0,
  },
  [DPV_PARAM_AUDIT_BEST] = {
    .id = DPV_PARAM_AUDIT_BEST, .kind = DPV_PARAM_KIND_BOOL,
    .name = "audit-best", .key = "AuditBest", .symbol = "best",
    .label = N_("Audit at the most telling threshold"),
    .help = N_("The audit’s test: the threshold where the certified bound is expected to be "
               "largest, chosen before the runs (otherwise the current test)"),
    .def = 0,
  },
  [DPV_PARAM_PATHS] = {
    .id = DPV_PARAM_PATHS, .kind = DPV_PARAM_KIND_UINT,
    .name = "paths", .key = "Paths", .symbol = "N",
    .label = N_("Sample paths N"),
    .help = N_("Walk view: simulated paths of the privacy loss, each k runs of the mechanism "
               "on D"),
    .min = 10, .max = 10000, .def = 1000, .scale = DPV_PARAM_SCALE_LOG, .digits = 0,
    .low_hint = N_("faster"), .high_hint = N_("more precise"),
  },
  [DPV_PARAM_SAMPLES] = {
    .id = DPV_PARAM_SAMPLES, .kind = DPV_PARAM_KIND_UINT,
    .name = "samples", .key = "Samples", .symbol = "n",
    .label = N_("Sampled outputs n"),
    .help = N_("Sampled outputs view: outputs drawn from each of M(D) and M(D′)"),
    .min = 10, .max = 1000000, .def = 10000, .scale = DPV_PARAM_SCALE_LOG, .digits = 0,
    .low_hint = N_("faster"), .high_hint = N_("more precise"),
  },
  [DPV_PARAM_BINS] = {
    .id = DPV_PARAM_BINS, .kind = DPV_PARAM_KIND_UINT,
    .name = "bins", .key = "Bins", .symbol = "bins",
    .label = N_("Histogram bins"),
    .help = N_("Sampled outputs view: bins of the histograms and of the estimated loss"),
    .min = 10, .max = 100, .def = 40, .scale = DPV_PARAM_SCALE_LOG, .digits = 0,
    .mechanisms = MECH_BIT (DP_MECHANISM_LAPLACE) | MECH_BIT (DP_MECHANISM_GAUSSIAN),
    .not_applicable = N_("Randomized response has two outputs, 0 and 1: they are its bins"),
    .low_hint = N_("fewer, fuller bins"), .high_hint = N_("finer"),
  },
  [DPV_PARAM_STATISTIC] = {
    .id = DPV_PARAM_STATISTIC, .kind = DPV_PARAM_KIND_ENUM,
    .name = "statistic", .key = "Statistic", .symbol = "f",
    .label = N_("Query f"),
    .help = N_("Sensitivity view: count, sum, mean (n fixed), median or max of the data set"),
    .def = DP_QUERY_MEDIAN,
    .choices = statistic_choices, .n_choices = G_N_ELEMENTS (statistic_choices),
  },
  [DPV_PARAM_SMOOTH_NOISE] = {
    .id = DPV_PARAM_SMOOTH_NOISE, .kind = DPV_PARAM_KIND_ENUM,
    .name = "smooth-noise", .key = "SmoothNoise", .symbol = "Z",
    .label = N_("Smooth-sensitivity noise"),
    .help = N_("Sensitivity view: cauchy (ε-DP, β = ε/6) or laplace ((ε, δ)-DP, "
               "β = ε/(2 ln(2/δ)))"),
    .def = DP_NOISE_CAUCHY,
    .choices = smooth_noise_choices, .n_choices = G_N_ELEMENTS (smooth_noise_choices),
  },
  [DPV_PARAM_DATA] = {
    .id = DPV_PARAM_DATA, .kind = DPV_PARAM_KIND_LIST,
    .name = "ages", .key = "Ages", .symbol = "x",
    .label = N_("Data set x (ages)"),
    .help = N_("Sensitivity view: 5 to 50 ages in the domain [0, 100], comma-separated, or an "
               "example: seminar, family"),
    .min = 0, .max = 100, .digits = 3,
    .list_min = 5, .list_max = DPV_PARAM_LIST_MAX,
    .def_list = "19, 19, 19, 20, 20, 20, 20, 20, 20, 20, 21, 21, 21, 21, 21, 21, 21, 21, 21, "
                "21, 21, 21, 22, 22, 22, 22, 22, 22, 22, 23, 23, 23, 23, 23, 23, 24, 24, 24, "
                "24, 25, 25",
    .presets = data_presets, .n_presets = G_N_ELEMENTS (data_presets),
  },
  [DPV_PARAM_CLUSTERS] = {
    .id = DPV_PARAM_CLUSTERS, .kind = DPV_PARAM_KIND_UINT,
    .name = "clusters", .key = "Clusters", .symbol = "k",
    .label = N_("Clusters k"),
    .help = N_("k-means view: the clusters of the data set and the centres k-means looks for"),
    .min = 2, .max = 6, .def = 4, .scale = DPV_PARAM_SCALE_LINEAR, .digits = 0,
    .low_hint = N_("fewer clusters"), .high_hint = N_("more clusters"),
  },
  [DPV_PARAM_POINTS] = {
    .id = DPV_PARAM_POINTS, .kind = DPV_PARAM_KIND_UINT,
    .name = "points", .key = "Points", .symbol = "n",
    .label = N_("Points n"),
    .help = N_("k-means view: the size of the data set"),
    .min = 100, .max = 10000, .def = 2000, .scale = DPV_PARAM_SCALE_LOG, .digits = 0,
    .low_hint = N_("more noise per point"), .high_hint = N_("less noise per point"),
  },
  [DPV_PARAM_ITERATIONS] = {
    .id = DPV_PARAM_ITERATIONS, .kind = DPV_PARAM_KIND_UINT,
    .name = "iterations", .key = "Iterations", .symbol = "T",
    .label = N_("Iterations T"),
    .help = N_("k-means view: Lloyd iterations; each spends ε′ = ε/(2T) twice"),
    .min = 1, .max = 50, .def = 10, .scale = DPV_PARAM_SCALE_LINEAR, .digits = 0,
    .low_hint = N_("less noise per step"), .high_hint = N_("more noise per step"),
  },
  [DPV_PARAM_STEP] = {
    .id = DPV_PARAM_STEP, .kind = DPV_PARAM_KIND_UINT,
    .name = "step", .key = "Step", .symbol = "t",
    .label = N_("Iteration shown t"),
    .help = N_("k-means view: the iteration drawn (0 = the random start; beyond T, the last)"),
    .min = 0, .max = 50, .def = 10, .scale = DPV_PARAM_SCALE_LINEAR, .digits = 0,
    .low_hint = N_("start"), .high_hint = N_("end"),
  },
  [DPV_PARAM_RUNS] = {
    .id = DPV_PARAM_RUNS, .kind = DPV_PARAM_KIND_UINT,
    .name = "runs", .key = "Runs", .symbol = "R",
    .label = N_("Runs per ε"),
    .help = N_("k-means view: seeds averaged in the cost-against-ε panel"),
    .min = 4, .max = 32, .def = 16, .scale = DPV_PARAM_SCALE_LINEAR, .digits = 0,
    .low_hint = N_("faster"), .high_hint = N_("smoother average"),
  },
  [DPV_PARAM_TARGET_AGE] = {
    .id = DPV_PARAM_TARGET_AGE, .kind = DPV_PARAM_KIND_UINT,
    .name = "target-age", .key = "TargetAge", .symbol = "age",
    .label = N_("Target’s age"),
    .help = N_("Linkage view: the age the attacker knows (Rebecca: 56)"),
    .min = 0, .max = 100, .def = 56, .scale = DPV_PARAM_SCALE_LINEAR, .digits = 0,
    .low_hint = N_("younger"), .high_hint = N_("older"),
  },
  [DPV_PARAM_TARGET_SEX] = {
    .id = DPV_PARAM_TARGET_SEX, .kind = DPV_PARAM_KIND_ENUM,
    .name = "target-sex", .key = "TargetSex", .symbol = "sex",
    .label = N_("Target’s sex"),
    .help = N_("Linkage view: the sex the attacker knows (Rebecca: female)"),
    .def = DPV_SEX_FEMALE,
    .choices = sex_choices, .n_choices = G_N_ELEMENTS (sex_choices),
  },
  [DPV_PARAM_RESPONDENTS] = {
    .id = DPV_PARAM_RESPONDENTS, .kind = DPV_PARAM_KIND_UINT,
    .name = "respondents", .key = "Respondents", .symbol = "n",
    .label = N_("Respondents n"),
    .help = N_("Survey view: the number of respondents in the class"),
    .min = 10, .max = 100000, .def = 30, .scale = DPV_PARAM_SCALE_LOG, .digits = 0,
    .low_hint = N_("a small class"), .high_hint = N_("a large survey"),
  },
  [DPV_PARAM_TRUE_RATE] = {
    .id = DPV_PARAM_TRUE_RATE, .kind = DPV_PARAM_KIND_DOUBLE,
    .name = "true-rate", .key = "TrueRate", .symbol = "π",
    .label = N_("True rate of “yes” π"),
    .help = N_("Survey view: the chance that a respondent’s true answer is yes (hidden from "
               "the class until revealed)"),
    .min = 0.0, .max = 1.0, .def = 0.3, .scale = DPV_PARAM_SCALE_LINEAR, .digits = 2,
    .low_hint = N_("few say yes"), .high_hint = N_("most say yes"),
  },
  [DPV_PARAM_REVEAL] = {
    .id = DPV_PARAM_REVEAL, .kind = DPV_PARAM_KIND_BOOL,
    .name = "reveal", .key = "Reveal", .symbol = "reveal",
    .label = N_("Reveal the truth"),
    .help = N_("Survey view: show the true rate π, the true answers and which answers the "
               "coin flipped"),
    .def = 0,
    /* a new run of the app starts with the truth hidden */
    .flags = DPV_PARAM_FLAG_SESSION,
  },
  [DPV_PARAM_PLAY_ALONG] = {
    .id = DPV_PARAM_PLAY_ALONG, .kind = DPV_PARAM_KIND_BOOL,
    .name = "play-along", .key = "PlayAlong", .symbol = "play-along",
    .label = N_("Use the count from the room"),
    .help = N_("Survey view: estimate from the number of “yes” answers collected in the room "
               "(class-count) instead of a simulated class"),
    .def = 0,
  },
  [DPV_PARAM_CLASS_COUNT] = {
    .id = DPV_PARAM_CLASS_COUNT, .kind = DPV_PARAM_KIND_UINT,
    .name = "class-count", .key = "ClassCount", .symbol = "K",
    .label = N_("“Yes” answers in the room K"),
    .help = N_("Survey view: the number of “yes” answers collected in the room, at most n "
               "(used with play-along)"),
    .min = 0, .max = 100000, .def = 10, .scale = DPV_PARAM_SCALE_LINEAR, .digits = 0,
    .low_hint = N_("fewer yes"), .high_hint = N_("more yes"),
  },
  [DPV_PARAM_QUERY] = {
    .id = DPV_PARAM_QUERY, .kind = DPV_PARAM_KIND_ENUM,
    .name = "query", .key = "Query", .symbol = "f",
    .label = N_("Query"),
    .help = N_("Accuracy view: count (Δ = 1), mean of n values in [0, 1] (Δ = 1/n) or custom "
               "(Δ from --sensitivity)"),
    .def = DPV_QUERY_COUNT,
    .choices = query_choices, .n_choices = G_N_ELEMENTS (query_choices),
  },
  [DPV_PARAM_RECORDS] = {
    .id = DPV_PARAM_RECORDS, .kind = DPV_PARAM_KIND_UINT,
    .name = "records", .key = "Records", .symbol = "n",
    .label = N_("Records n"),
    .help = N_("Accuracy view: the number of values the mean is taken over"),
    .min = 1, .max = 1000000, .def = 100, .scale = DPV_PARAM_SCALE_LOG, .digits = 0,
    .low_hint = N_("fewer records"), .high_hint = N_("more records"),
  },
  [DPV_PARAM_CONFIDENCE] = {
    .id = DPV_PARAM_CONFIDENCE, .kind = DPV_PARAM_KIND_DOUBLE,
    .name = "confidence", .key = "Confidence", .symbol = "C",
    .label = N_("Confidence C"),
    .help = N_("Accuracy view: the probability that the noisy answer lies within ±x of the "
               "true one"),
    .min = 0.5, .max = 0.999, .def = 0.95, .scale = DPV_PARAM_SCALE_LINEAR, .digits = 3,
    .low_hint = N_("narrower interval"), .high_hint = N_("wider interval"),
  },
  [DPV_PARAM_TARGET] = {
    .id = DPV_PARAM_TARGET, .kind = DPV_PARAM_KIND_DOUBLE,
    .name = "target", .key = "Target", .symbol = "±x",
    .label = N_("Needed accuracy ±x"),
    .help = N_("Accuracy view: the half-width you need at confidence C, in the query’s units; "
               "the view solves for the ε (or σ) that gives it"),
    .min = 1e-6, .max = 1e6, .def = -1.0, .scale = DPV_PARAM_SCALE_LOG, .digits = 3,
    .low_hint = N_("more accurate"), .high_hint = N_("less accurate"),
    /* "none" is a negative value, outside the range a GSettings key could hold; a need is
     * stated for the question at hand */
    .flags = DPV_PARAM_FLAG_AUTO | DPV_PARAM_FLAG_SESSION,
    .auto_label = N_("none"),
    .set_label = N_("_Solve for a needed accuracy ±x"),
  },
  [DPV_PARAM_CANDIDATES] = {
    .id = DPV_PARAM_CANDIDATES, .kind = DPV_PARAM_KIND_LIST,
    .name = "candidates", .key = "Candidates", .symbol = "u",
    .label = N_("Candidates and their utility u"),
    .help = N_("Exponential mechanism: 2 to 12 candidates as name=utility, e.g. the votes each "
               "got"),
    .min = -1e6, .max = 1e6,
    .list_min = 2, .list_max = 12, .list_named = TRUE,
    .def_list = "Beijing=12, Shanghai=9, Hangzhou=9, Chengdu=4, Harbin=1",
  },
  [DPV_PARAM_UTILITY_SENSITIVITY] = {
    .id = DPV_PARAM_UTILITY_SENSITIVITY, .kind = DPV_PARAM_KIND_DOUBLE,
    .name = "utility-sensitivity", .key = "UtilitySensitivity", .symbol = "Δu",
    .label = N_("Utility sensitivity Δu"),
    .help = N_("Exponential mechanism: the most one person can change any utility (one vote: "
               "1)"),
    .min = 1e-3, .max = 1e3, .def = 1.0, .scale = DPV_PARAM_SCALE_LOG, .digits = 3,
    .low_hint = N_("sharper choice"), .high_hint = N_("flatter choice"),
  },
  [DPV_PARAM_GROUP] = {
    .id = DPV_PARAM_GROUP, .kind = DPV_PARAM_KIND_UINT,
    .name = "group", .key = "Group", .symbol = "g",
    .label = N_("Group size g"),
    .help = N_("Group privacy view: the number of people in which the two datasets differ"),
    .min = 1, .max = 50, .def = 10, .scale = DPV_PARAM_SCALE_LOG, .digits = 0,
    .low_hint = N_("one person"), .high_hint = N_("a large group"),
  },
};

/* Where each parameter lives in DpvParams, and the size of its C type (dpv-param-ids.h). */
static const gsize offsets[DPV_N_PARAMS] = {
#define DPV_PARAM(ID, field, KIND, ctype) [DPV_PARAM_##ID] = G_STRUCT_OFFSET (DpvParams, field),
#include "dpv-param-ids.h"
#undef DPV_PARAM
};

#define DPV_PARAM(ID, field, KIND, ctype) \
  G_STATIC_ASSERT (sizeof (ctype) == sizeof (DPV_PARAM_CTYPE_##KIND));
#include "dpv-param-ids.h"
#undef DPV_PARAM

static const DpvParamKind kinds[DPV_N_PARAMS] = {
#define DPV_PARAM(ID, field, KIND, ctype) [DPV_PARAM_##ID] = DPV_PARAM_KIND_##KIND,
#include "dpv-param-ids.h"
#undef DPV_PARAM
};

static gsize
kind_size (DpvParamKind kind)
{
  switch (kind)
    {
    case DPV_PARAM_KIND_DOUBLE:
      return sizeof (double);
    case DPV_PARAM_KIND_UINT:
      return sizeof (unsigned long);
    case DPV_PARAM_KIND_SEED:
      return sizeof (guint64);
    case DPV_PARAM_KIND_ENUM:
      return sizeof (int);
    case DPV_PARAM_KIND_BOOL:
      return sizeof (gboolean);
    case DPV_PARAM_KIND_LIST:
      return sizeof (DpvParamList);
    case DPV_N_PARAM_KINDS:
    default:
      g_assert_not_reached ();
    }
  return 0;
}

const DpvParamSpec *
dpv_param_spec (DpvParamId id)
{
  g_return_val_if_fail ((int) id >= 0 && id < DPV_N_PARAMS, NULL);
  g_return_val_if_fail (specs[id].kind == kinds[id], NULL);
  return &specs[id];
}

const DpvParamSpec *
dpv_param_spec_lookup (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  for (int i = 0; i < DPV_N_PARAMS; i++)
    if (g_strcmp0 (specs[i].name, name) == 0)
      return &specs[i];
  return NULL;
}

const DpvParamSpec *
dpv_param_spec_lookup_key (const char *key)
{
  g_return_val_if_fail (key != NULL, NULL);

  for (int i = 0; i < DPV_N_PARAMS; i++)
    if (g_strcmp0 (specs[i].key, key) == 0)
      return &specs[i];
  return NULL;
}

gboolean
dpv_param_applies (const DpvParamSpec *spec, DpMechanismKind mechanism, const char **reason)
{
  g_return_val_if_fail (spec != NULL, FALSE);

  if (spec->mechanisms == 0 || (spec->mechanisms & MECH_BIT (mechanism)) != 0)
    return TRUE;
  if (reason != NULL)
    *reason = spec->not_applicable != NULL ? _(spec->not_applicable) : NULL;
  return FALSE;
}

/* Shortest decimal that reads back to @v, locale-independent. */
char *
dpv_format_shortest (double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (v == floor (v) && fabs (v) < 1e15)
    return g_strdup_printf ("%.0f", v);
  for (int digits = 1; digits <= 17; digits++)
    {
      char fmt[8];

      g_snprintf (fmt, sizeof fmt, "%%.%dg", digits);
      g_ascii_formatd (buf, sizeof buf, fmt, v);
      if (g_ascii_strtod (buf, NULL) == v)
        break;
    }
  return g_strdup (buf);
}

char *
dpv_param_range_text (const DpvParamSpec *spec)
{
  g_autofree char *lo = NULL;
  g_autofree char *hi = NULL;

  g_return_val_if_fail (spec != NULL, NULL);

  switch (spec->kind)
    {
    case DPV_PARAM_KIND_ENUM:
      {
        GString *s = g_string_new (NULL);

        for (guint i = 0; i < spec->n_choices; i++)
          g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", spec->choices[i].name);
        return g_string_free (s, FALSE);
      }
    case DPV_PARAM_KIND_BOOL:
      return g_strdup ("true, false");
    case DPV_PARAM_KIND_DOUBLE:
    case DPV_PARAM_KIND_UINT:
    case DPV_PARAM_KIND_SEED:
    case DPV_PARAM_KIND_LIST:
    case DPV_N_PARAM_KINDS:
    default:
      lo = dpv_format_shortest (spec->min);
      hi = dpv_format_shortest (spec->max);
      return g_strdup_printf ("%s … %s", lo, hi);
    }
}

static gboolean
range_error (const DpvParamSpec *spec, const char *got, GError **error)
{
  g_autofree char *lo = dpv_format_shortest (spec->min);
  g_autofree char *hi = dpv_format_shortest (spec->max);
  g_autofree char *shown = dpv_quote_for_message (got, DPV_QUOTE_MAX_CHARS);

  if (spec->kind == DPV_PARAM_KIND_UINT || spec->kind == DPV_PARAM_KIND_SEED)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                 /* Translators: a parameter (k), then the allowed range and the refused value */
                 _("%s must be a whole number between %s and %s (got %s)"), spec->symbol, lo,
                 hi, shown);
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                 /* Translators: a parameter (ε, δ, Δ), then the allowed range and the refused
                  * value, e.g. "ε must be between 0.01 and 10 (got 20)" */
                 _("%s must be between %s and %s (got %s)"), spec->symbol, lo, hi, shown);
  return FALSE;
}

static gboolean
check_number (const DpvParamSpec *spec, double v, GError **error)
{
  g_autofree char *got = NULL;

  if (isfinite (v) && v >= spec->min && v <= spec->max
      && ((spec->kind != DPV_PARAM_KIND_UINT && spec->kind != DPV_PARAM_KIND_SEED)
          || v == floor (v)))
    return TRUE;
  got = isfinite (v) ? dpv_format_shortest (v) : g_strdup (_("not a number"));
  return range_error (spec, got, error);
}

double
dpv_param_snap (const DpvParamSpec *spec, double value)
{
  g_return_val_if_fail (spec != NULL, value);

  if (isnan (value))
    return spec->def;
  if (isfinite (value) && value != 0)
    {
      if (spec->digits > 0)
        {
          /* round to spec->digits significant digits: the decade of |value| decides the step */
          int exponent = spec->digits - 1 - (int) floor (log10 (fabs (value)));
          double magnitude = pow (10.0, exponent);

          value = exponent >= 0 ? round (value * magnitude) / magnitude
                                : round (value / pow (10.0, -exponent)) * pow (10.0, -exponent);
        }
      else
        value = round (value);
    }
  /* rounding may step just past an end; the ends themselves are valid */
  return CLAMP (value, spec->min, spec->max);
}

gboolean
dpv_param_check (const DpvParamSpec *spec, const DpvParamValue *value, GError **error)
{
  g_return_val_if_fail (spec != NULL && value != NULL, FALSE);

  switch (spec->kind)
    {
    case DPV_PARAM_KIND_DOUBLE:
      if ((spec->flags & DPV_PARAM_FLAG_AUTO) != 0 && value->d < 0 && isfinite (value->d))
        return TRUE;
      return check_number (spec, value->d, error);
    case DPV_PARAM_KIND_UINT:
      return check_number (spec, (double) value->u, error);
    case DPV_PARAM_KIND_SEED:
      return check_number (spec, (double) value->seed, error);
    case DPV_PARAM_KIND_ENUM:
      for (guint i = 0; i < spec->n_choices; i++)
        if (spec->choices[i].value == value->e)
          return TRUE;
      {
        g_autofree char *names = dpv_param_range_text (spec);

        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                     /* Translators: a parameter's label, then its choices */
                     _("Unknown %s (expected %s)"), _(spec->label), names);
      }
      return FALSE;
    case DPV_PARAM_KIND_BOOL:
      return TRUE;
    case DPV_PARAM_KIND_LIST:
      if (value->list.n < spec->list_min || value->list.n > spec->list_max)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       /* Translators: a parameter's label, then the allowed number of items */
                       _("%s must have between %u and %u items (got %u)"), _(spec->label),
                       spec->list_min, spec->list_max, value->list.n);
          return FALSE;
        }
      for (guint i = 0; i < value->list.n; i++)
        if (!check_number (spec, value->list.values[i], error))
          return FALSE;
      /* a named list's names read back from dpv_param_format ()'s "name=value, …": not
       * empty, no ',' or '=', no space at either end, shorter than DPV_PARAM_LIST_NAME_MAX */
      for (guint i = 0; spec->list_named && i < value->list.n; i++)
        {
          const char *name = value->list.names[i];
          gsize len = strnlen (name, DPV_PARAM_LIST_NAME_MAX);

          if (len == 0 || len >= DPV_PARAM_LIST_NAME_MAX || strpbrk (name, ",=") != NULL
              || g_ascii_isspace (name[0]) || g_ascii_isspace (name[len - 1])
              || !g_utf8_validate (name, len, NULL))
            {
              g_autofree char *shown
                = len < DPV_PARAM_LIST_NAME_MAX && g_utf8_validate (name, len, NULL)
                  ? dpv_quote_for_message (name, DPV_QUOTE_MAX_CHARS) : g_strdup ("…");

              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           /* Translators: a parameter's label, the item's number, and the
                            * longest name in bytes */
                           _("%s: the name of item %u must not be empty, longer than %u "
                             "bytes, or contain “,” or “=” (got “%s”)"),
                           _(spec->label), i + 1, DPV_PARAM_LIST_NAME_MAX - 1, shown);
              return FALSE;
            }
        }
      return TRUE;
    case DPV_N_PARAM_KINDS:
    default:
      g_return_val_if_reached (FALSE);
    }
}

static gboolean
parse_error (const DpvParamSpec *spec, const char *text, GError **error)
{
  g_autofree char *range = dpv_param_range_text (spec);
  g_autofree char *shown = dpv_quote_for_message (text, DPV_QUOTE_MAX_CHARS);

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               /* Translators: a parameter (ε), the text that could not be read, the range */
               _("%s must be %s, not “%s”"), spec->symbol, range, shown);
  return FALSE;
}

/* A whole double: g_ascii_strtod over all of @text, no leading or trailing space. */
static gboolean
parse_double (const char *text, double *out)
{
  char *end = NULL;

  if (*text == '\0' || g_ascii_isspace (*text))
    return FALSE;
  errno = 0;
  *out = g_ascii_strtod (text, &end);
  return end != NULL && *end == '\0' && errno != ERANGE;
}

static gboolean
parse_list (const DpvParamSpec *spec, const char *text, DpvParamList *out)
{
  g_auto(GStrv) items = g_strsplit (text, ",", -1);
  guint n = g_strv_length (items);

  memset (out, 0, sizeof *out);
  if (n > DPV_PARAM_LIST_MAX)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *item = g_strstrip (g_strdup (items[i]));
      const char *number = item;

      if (spec->list_named)
        {
          char *eq = strchr (item, '=');

          if (eq == NULL || eq == item || (gsize) (eq - item) >= DPV_PARAM_LIST_NAME_MAX)
            return FALSE;
          *eq = '\0';
          g_strstrip (item);
          if (*item == '\0')
            return FALSE;
          g_strlcpy (out->names[i], item, DPV_PARAM_LIST_NAME_MAX);
          number = g_strstrip (eq + 1);
        }
      if (!parse_double (number, &out->values[i]))
        return FALSE;
    }
  out->n = (n == 1 && *g_strstrip (items[0]) == '\0') ? 0 : n;
  return TRUE;
}

gboolean
dpv_param_parse (const DpvParamSpec *spec, const char *text, DpvParamValue *out,
                 GError **error)
{
  DpvParamValue v;

  g_return_val_if_fail (spec != NULL && text != NULL && out != NULL, FALSE);

  memset (&v, 0, sizeof v);
  switch (spec->kind)
    {
    case DPV_PARAM_KIND_DOUBLE:
      if (!parse_double (text, &v.d))
        return parse_error (spec, text, error);
      break;
    case DPV_PARAM_KIND_UINT:
    case DPV_PARAM_KIND_SEED:
      {
        guint64 u = 0;

        if (!g_ascii_isdigit (*text)
            || !g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &u, NULL))
          {
            double d;

            /* "1e3" or "2.5" is a number, but not a whole one: say so with the range. */
            if (parse_double (text, &d))
              return range_error (spec, text, error);
            return parse_error (spec, text, error);
          }
        if ((double) u > spec->max || (double) u < spec->min
            || (spec->kind == DPV_PARAM_KIND_UINT && u > G_MAXULONG))
          return range_error (spec, text, error);
        if (spec->kind == DPV_PARAM_KIND_SEED)
          v.seed = u;
        else
          v.u = (unsigned long) u;
      }
      break;
    case DPV_PARAM_KIND_ENUM:
      {
        gboolean found = FALSE;

        for (guint i = 0; i < spec->n_choices && !found; i++)
          if (g_ascii_strcasecmp (text, spec->choices[i].name) == 0)
            {
              v.e = spec->choices[i].value;
              found = TRUE;
            }
        if (!found)
          return parse_error (spec, text, error);
      }
      break;
    case DPV_PARAM_KIND_BOOL:
      if (g_str_equal (text, "true"))
        v.b = TRUE;
      else if (g_str_equal (text, "false"))
        v.b = FALSE;
      else
        return parse_error (spec, text, error);
      break;
    case DPV_PARAM_KIND_LIST:
      for (guint i = 0; i < spec->n_presets; i++)
        if (g_ascii_strcasecmp (text, spec->presets[i].name) == 0)
          text = spec->presets[i].text;
      if (!parse_list (spec, text, &v.list))
        {
          g_autofree char *shown = dpv_quote_for_message (text, DPV_QUOTE_MAX_CHARS);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       spec->list_named
                       /* Translators: a parameter's label and the text that was refused */
                       ? _("%s must be a comma-separated list of name=number items, not “%s”")
                       : _("%s must be a comma-separated list of numbers, not “%s”"),
                       _(spec->label), shown);
          return FALSE;
        }
      break;
    case DPV_N_PARAM_KINDS:
    default:
      g_return_val_if_reached (FALSE);
    }
  /* Typed text is a value: "automatic" is the absence of one (an option not given, a key
   * left out, a check button), never a negative number. */
  {
    DpvParamSpec typed = *spec;

    typed.flags &= ~DPV_PARAM_FLAG_AUTO;
    if (!dpv_param_check (&typed, &v, error))
      return FALSE;
  }
  *out = v;
  return TRUE;
}

char *
dpv_param_format (const DpvParamSpec *spec, const DpvParamValue *value)
{
  g_return_val_if_fail (spec != NULL && value != NULL, NULL);

  switch (spec->kind)
    {
    case DPV_PARAM_KIND_DOUBLE:
      return dpv_format_shortest (value->d);
    case DPV_PARAM_KIND_UINT:
      return g_strdup_printf ("%lu", value->u);
    case DPV_PARAM_KIND_SEED:
      return g_strdup_printf ("%" G_GUINT64_FORMAT, value->seed);
    case DPV_PARAM_KIND_ENUM:
      for (guint i = 0; i < spec->n_choices; i++)
        if (spec->choices[i].value == value->e)
          return g_strdup (spec->choices[i].name);
      return g_strdup_printf ("%d", value->e);
    case DPV_PARAM_KIND_BOOL:
      return g_strdup (value->b ? "true" : "false");
    case DPV_PARAM_KIND_LIST:
      {
        GString *s = g_string_new (NULL);

        for (guint i = 0; i < value->list.n && i < DPV_PARAM_LIST_MAX; i++)
          {
            g_autofree char *num = dpv_format_shortest (value->list.values[i]);

            if (i > 0)
              g_string_append (s, ", ");
            if (spec->list_named)
              g_string_append_printf (s, "%s=", value->list.names[i]);
            g_string_append (s, num);
          }
        return g_string_free (s, FALSE);
      }
    case DPV_N_PARAM_KINDS:
    default:
      g_return_val_if_reached (NULL);
    }
}

void
dpv_params_get (const DpvParams *params, DpvParamId id, DpvParamValue *out)
{
  g_return_if_fail (params != NULL && out != NULL);
  g_return_if_fail ((int) id >= 0 && id < DPV_N_PARAMS);

  memset (out, 0, sizeof *out);
  memcpy (out, (const char *) params + offsets[id], kind_size (kinds[id]));
}

void
dpv_params_set (DpvParams *params, DpvParamId id, const DpvParamValue *value)
{
  g_return_if_fail (params != NULL && value != NULL);
  g_return_if_fail ((int) id >= 0 && id < DPV_N_PARAMS);

  memcpy ((char *) params + offsets[id], value, kind_size (kinds[id]));
}

double
dpv_params_get_number (const DpvParams *params, DpvParamId id)
{
  DpvParamValue v;

  dpv_params_get (params, id, &v);
  switch (kinds[id])
    {
    case DPV_PARAM_KIND_DOUBLE:
      return v.d;
    case DPV_PARAM_KIND_UINT:
      return (double) v.u;
    case DPV_PARAM_KIND_SEED:
      return (double) v.seed;
    case DPV_PARAM_KIND_ENUM:
      return v.e;
    case DPV_PARAM_KIND_BOOL:
      return v.b ? 1.0 : 0.0;
    case DPV_PARAM_KIND_LIST:
    case DPV_N_PARAM_KINDS:
    default:
      g_return_val_if_reached (NAN);
    }
}

static void
default_value (const DpvParamSpec *spec, DpvParamValue *out)
{
  memset (out, 0, sizeof *out);
  switch (spec->kind)
    {
    case DPV_PARAM_KIND_DOUBLE:
      out->d = spec->def;
      break;
    case DPV_PARAM_KIND_UINT:
      out->u = (unsigned long) spec->def;
      break;
    case DPV_PARAM_KIND_SEED:
      out->seed = (guint64) spec->def;
      break;
    case DPV_PARAM_KIND_ENUM:
      out->e = (int) spec->def;
      break;
    case DPV_PARAM_KIND_BOOL:
      out->b = spec->def != 0;
      break;
    case DPV_PARAM_KIND_LIST:
      if (spec->def_list != NULL && !parse_list (spec, spec->def_list, &out->list))
        g_critical ("default of %s does not parse", spec->name);
      break;
    case DPV_N_PARAM_KINDS:
    default:
      g_assert_not_reached ();
    }
}

void
dpv_params_init (DpvParams *params)
{
  g_return_if_fail (params != NULL);

  memset (params, 0, sizeof *params);
  for (int i = 0; i < DPV_N_PARAMS; i++)
    {
      DpvParamValue v;

      default_value (&specs[i], &v);
      dpv_params_set (params, i, &v);
    }
  params->show_caption = TRUE;
}

gboolean
dpv_params_validate (const DpvParams *params, GError **error)
{
  g_return_val_if_fail (params != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  for (int i = 0; i < DPV_N_PARAMS; i++)
    {
      DpvParamValue v;

      dpv_params_get (params, i, &v);
      if (!dpv_param_check (&specs[i], &v, error))
        return FALSE;
    }
  return TRUE;
}

DpvParamSet
dpv_param_set_from_ids (const DpvParamId *ids)
{
  DpvParamSet set = 0;

  for (gsize i = 0; ids != NULL && ids[i] != DPV_PARAM_NONE; i++)
    {
      g_return_val_if_fail ((int) ids[i] >= 0 && ids[i] < DPV_N_PARAMS, set);
      set |= DPV_PARAM_BIT (ids[i]);
    }
  return set;
}

DpvParamSet
dpv_param_set_applicable (DpvParamSet set, DpMechanismKind mechanism)
{
  for (int i = 0; i < DPV_N_PARAMS; i++)
    if ((set & DPV_PARAM_BIT (i)) != 0 && !dpv_param_applies (&specs[i], mechanism, NULL))
      set &= ~DPV_PARAM_BIT (i);
  return set;
}

/* The bytes of one parameter in DpvParams. A double compares as a value (so that 0.0 and −0.0
 * agree); everything else byte for byte (lists keep unused bytes zero). */
static gboolean
param_equal (const DpvParams *a, const DpvParams *b, int id)
{
  const char *pa = (const char *) a + offsets[id];
  const char *pb = (const char *) b + offsets[id];

  if (kinds[id] == DPV_PARAM_KIND_DOUBLE)
    return *(const double *) pa == *(const double *) pb;
  return memcmp (pa, pb, kind_size (kinds[id])) == 0;
}

gboolean
dpv_params_equal (const DpvParams *a, const DpvParams *b, DpvParamSet set)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  for (int i = 0; i < DPV_N_PARAMS; i++)
    if ((set & DPV_PARAM_BIT (i)) != 0 && !param_equal (a, b, i))
      return FALSE;
  return TRUE;
}

guint
dpv_params_hash (const DpvParams *params, DpvParamSet set)
{
  guint32 h = 2166136261u;   /* FNV-1a */

  g_return_val_if_fail (params != NULL, 0);

  for (int i = 0; i < DPV_N_PARAMS; i++)
    if ((set & DPV_PARAM_BIT (i)) != 0)
      {
        const unsigned char *p = (const unsigned char *) params + offsets[i];
        gsize n = kind_size (kinds[i]);
        double zero = 0.0;

        if (kinds[i] == DPV_PARAM_KIND_DOUBLE && *(const double *) p == 0.0)
          p = (const unsigned char *) &zero;
        for (gsize j = 0; j < n; j++)
          h = (h ^ p[j]) * 16777619u;
      }
  return h;
}

DpStatus
dpv_params_mechanism (const DpvParams *params, DpMechanism *out)
{
  g_return_val_if_fail (params != NULL, DP_ERR_DOMAIN);
  g_return_val_if_fail (out != NULL, DP_ERR_DOMAIN);

  switch (params->mechanism)
    {
    case DP_MECHANISM_LAPLACE:
      return dp_mechanism_laplace (params->epsilon, params->sensitivity, out);
    case DP_MECHANISM_GAUSSIAN:
      /* Analytic Gaussian mechanism (Balle & Wang 2018, Alg. 1). */
      return dp_mechanism_gaussian_calibrated (params->epsilon, params->delta,
                                               params->sensitivity, out);
    case DP_MECHANISM_RR:
      return dp_mechanism_rr (params->epsilon, out);
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
}

const char *
dpv_mechanism_label (DpMechanismKind kind)
{
  for (gsize i = 0; i < G_N_ELEMENTS (mechanism_choices); i++)
    if (mechanism_choices[i].value == (int) kind)
      return _(mechanism_choices[i].label);
  return "?";
}
