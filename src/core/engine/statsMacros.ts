// Statistical tests as DuckDB macros, registered on every connection of the runtime, so a test's
// inputs and result are a Query like any other: recorded in the trace, checked, exported. Each is an
// expression over aggregates (use them like `corr`: `SELECT pearson_test(x, y) FROM t`, with GROUP BY
// for one test per group) and returns a STRUCT. Exact or approximate as README "Statistics in a
// Query" says; test/integration/statsMacros.test.ts checks them against values computed apart.
//
// Temporary macros: DuckDB keeps them per connection and never writes them into a session's file.

/** P(X ≤ y) of the regularized lower incomplete gamma function, by its power series (any a > 0). */
const GAMMA_P = `CREATE OR REPLACE TEMP MACRO radar_gamma_p(a, y) AS CASE
  WHEN a IS NULL OR y IS NULL OR a <= 0 THEN NULL
  WHEN y <= 0 THEN 0.0
  WHEN y > 2 * a + 1000 THEN 1.0
  ELSE least(1.0, list_sum(list_transform(range(0, CAST(ceil(y + 12 * sqrt(y) + 60) AS BIGINT)),
    lambda n: exp((a + n) * ln(y) - y - lgamma(a + n + 1)))))
END`;

/** Upper tail P(X ≥ x) of χ² with df degrees of freedom. */
const CHI2_P = `CREATE OR REPLACE TEMP MACRO chi2_p(x, df) AS 1.0 - radar_gamma_p(df / 2.0, x / 2.0)`;

/**
 * Two-sided p of Student's t with integer df: the finite sums of Abramowitz & Stegun 26.7.3/26.7.4
 * in θ = atan(|t|/√df), exact up to floating point; NULL for df that is not a whole number ≥ 1.
 */
const T_P = `CREATE OR REPLACE TEMP MACRO t_test_p(t, df) AS CASE
  WHEN t IS NULL OR df IS NULL OR df < 1 OR df <> floor(df) THEN NULL
  WHEN isinf(t) THEN 0.0
  ELSE greatest(0.0, 1.0 - CASE
    WHEN df = 1 THEN 2.0 * atan(abs(t)) / pi()
    WHEN df % 2 = 1 THEN 2.0 / pi() * (atan(abs(t) / sqrt(df))
      + sin(atan(abs(t) / sqrt(df))) * cos(atan(abs(t) / sqrt(df)))
        * list_sum(list_transform(range(0, CAST((df - 1) / 2 AS BIGINT)),
            lambda k: exp(lgamma(k + 1) + lgamma(1.5) - lgamma(k + 1.5)) * pow(cos(atan(abs(t) / sqrt(df))), 2 * k))))
    ELSE sin(atan(abs(t) / sqrt(df)))
      * list_sum(list_transform(range(0, CAST(df / 2 AS BIGINT)),
          lambda k: exp(lgamma(k + 0.5) - lgamma(0.5) - lgamma(k + 1)) * pow(cos(atan(abs(t) / sqrt(df))), 2 * k)))
  END)
END`;

/** Pearson's r of complete pairs, with t = r√((n−2)/(1−r²)) and its two-sided p (df n−2). */
const PEARSON = `CREATE OR REPLACE TEMP MACRO pearson_test(x, y) AS struct_pack(
  r := corr(y, x),
  n := regr_count(y, x),
  t := corr(y, x) * sqrt((regr_count(y, x) - 2) / (1 - corr(y, x) ^ 2)),
  p := t_test_p(corr(y, x) * sqrt((regr_count(y, x) - 2) / (1 - corr(y, x) ^ 2)), regr_count(y, x) - 2))`;

/**
 * χ² test of independence (Pearson's, no continuity correction) from a map of cell counts
 * {r, c} → n: the statistic over every row × column cell (empty cells count, expected > 0), its
 * degrees of freedom (R−1)(C−1) and upper-tail p.
 */
const CHI2_STAT = `CREATE OR REPLACE TEMP MACRO radar_chi2_stat(m) AS list_sum(list_transform(
  list_distinct(list_transform(map_keys(m), lambda k: k.r)), lambda ri: list_sum(list_transform(
    list_distinct(list_transform(map_keys(m), lambda k: k.c)), lambda ci:
      (coalesce(list_sum(list_transform(list_filter(map_entries(m), lambda e: e.key.r = ri AND e.key.c = ci), lambda e: e.value)), 0)
        - list_sum(list_transform(list_filter(map_entries(m), lambda e: e.key.r = ri), lambda e: e.value))
          * list_sum(list_transform(list_filter(map_entries(m), lambda e: e.key.c = ci), lambda e: e.value))
          / list_sum(map_values(m))) ^ 2
      / (list_sum(list_transform(list_filter(map_entries(m), lambda e: e.key.r = ri), lambda e: e.value))
          * list_sum(list_transform(list_filter(map_entries(m), lambda e: e.key.c = ci), lambda e: e.value))
          / list_sum(map_values(m)))))))`;

const CHI2_DF = `CREATE OR REPLACE TEMP MACRO radar_chi2_df(m) AS
  (len(list_distinct(list_transform(map_keys(m), lambda k: k.r))) - 1)
    * (len(list_distinct(list_transform(map_keys(m), lambda k: k.c))) - 1)`;

const CHI2_RESULT = `CREATE OR REPLACE TEMP MACRO radar_chi2_result(m) AS struct_pack(
  chi2 := radar_chi2_stat(m),
  df := radar_chi2_df(m),
  p := chi2_p(radar_chi2_stat(m), radar_chi2_df(m)),
  n := list_sum(map_values(m)))`;

/** χ² of the rows' two categories (rows with either NULL left out). */
const CHI2_TEST = `CREATE OR REPLACE TEMP MACRO chi2_test(r, c) AS radar_chi2_result(
  histogram({'r': r, 'c': c}) FILTER (WHERE r IS NOT NULL AND c IS NOT NULL))`;

/** χ² of a table of counts, one row per cell (a cell given twice is an error, not a sum). */
const CHI2_COUNTS = `CREATE OR REPLACE TEMP MACRO chi2_test_counts(r, c, n) AS radar_chi2_result(
  map_from_entries(list({'key': {'r': r, 'c': c}, 'value': n}) FILTER (WHERE r IS NOT NULL AND c IS NOT NULL AND n IS NOT NULL)))`;

/** Least squares y = intercept + slope·x over complete pairs: coefficients, R², slope's SE, t, p. */
const LINREG = `CREATE OR REPLACE TEMP MACRO linreg(y, x) AS struct_pack(
  intercept := regr_intercept(y, x),
  slope := regr_slope(y, x),
  r2 := regr_r2(y, x),
  n := regr_count(y, x),
  slope_se := sqrt((regr_syy(y, x) - regr_sxy(y, x) ^ 2 / regr_sxx(y, x)) / (regr_count(y, x) - 2) / regr_sxx(y, x)),
  t := regr_slope(y, x) / sqrt((regr_syy(y, x) - regr_sxy(y, x) ^ 2 / regr_sxx(y, x)) / (regr_count(y, x) - 2) / regr_sxx(y, x)),
  p := t_test_p(regr_slope(y, x) / sqrt((regr_syy(y, x) - regr_sxy(y, x) ^ 2 / regr_sxx(y, x)) / (regr_count(y, x) - 2) / regr_sxx(y, x)), regr_count(y, x) - 2))`;

/**
 * Least squares y = b0 + b1·x1 + b2·x2 over rows with all three values, by the normal equations in
 * covariances: coefficients, R² and adjusted R².
 */
const LINREG2 = `CREATE OR REPLACE TEMP MACRO linreg2(y, x1, x2) AS struct_pack(
  b0 := avg(y) FILTER (WHERE y IS NOT NULL AND x1 IS NOT NULL AND x2 IS NOT NULL)
    - radar_b1(y, x1, x2) * avg(x1) FILTER (WHERE y IS NOT NULL AND x1 IS NOT NULL AND x2 IS NOT NULL)
    - radar_b1(y, x2, x1) * avg(x2) FILTER (WHERE y IS NOT NULL AND x1 IS NOT NULL AND x2 IS NOT NULL),
  b1 := radar_b1(y, x1, x2),
  b2 := radar_b1(y, x2, x1),
  r2 := radar_r2(y, x1, x2),
  adj_r2 := 1 - (1 - radar_r2(y, x1, x2)) * (radar_n3(y, x1, x2) - 1) / (radar_n3(y, x1, x2) - 3),
  n := radar_n3(y, x1, x2))`;

const LINREG2_PARTS = [
  `CREATE OR REPLACE TEMP MACRO radar_c3(a, b, y, x1, x2) AS covar_samp(a, b) FILTER (WHERE y IS NOT NULL AND x1 IS NOT NULL AND x2 IS NOT NULL)`,
  `CREATE OR REPLACE TEMP MACRO radar_n3(y, x1, x2) AS count(*) FILTER (WHERE y IS NOT NULL AND x1 IS NOT NULL AND x2 IS NOT NULL)`,
  // b for x1 holding x2 fixed: (S1y·S22 − S2y·S12) / (S11·S22 − S12²).
  `CREATE OR REPLACE TEMP MACRO radar_b1(y, x1, x2) AS
    (radar_c3(x1, y, y, x1, x2) * radar_c3(x2, x2, y, x1, x2) - radar_c3(x2, y, y, x1, x2) * radar_c3(x1, x2, y, x1, x2))
    / (radar_c3(x1, x1, y, x1, x2) * radar_c3(x2, x2, y, x1, x2) - radar_c3(x1, x2, y, x1, x2) ^ 2)`,
  `CREATE OR REPLACE TEMP MACRO radar_r2(y, x1, x2) AS
    (radar_b1(y, x1, x2) * radar_c3(x1, y, y, x1, x2) + radar_b1(y, x2, x1) * radar_c3(x2, y, y, x1, x2)) / radar_c3(y, y, y, x1, x2)`,
];

/** Every macro, helpers first (a macro's body must find the macros it calls). */
export const STATS_MACROS: string[] = [
  GAMMA_P,
  CHI2_P,
  T_P,
  PEARSON,
  CHI2_STAT,
  CHI2_DF,
  CHI2_RESULT,
  CHI2_TEST,
  CHI2_COUNTS,
  LINREG,
  ...LINREG2_PARTS,
  LINREG2,
];

/** The macros a query calls by name (the radar_ ones are their helpers). */
export const STATS_MACRO_NAMES = [
  "t_test_p",
  "chi2_p",
  "pearson_test",
  "linreg",
  "linreg2",
  "chi2_test",
  "chi2_test_counts",
];
