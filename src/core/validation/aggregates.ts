/**
 * Aggregate function names (DuckDB's parser does not mark aggregates; the list follows
 * `duckdb_functions()` where function_type = 'aggregate', restricted to the ones that sum,
 * average, count or pick values — those whose results a double-counted or null row changes).
 */
const AGGREGATES = new Set([
  "sum",
  "avg",
  "mean",
  "count",
  "min",
  "max",
  "median",
  "mode",
  "stddev",
  "stddev_pop",
  "stddev_samp",
  "variance",
  "var_pop",
  "var_samp",
  "quantile",
  "quantile_cont",
  "quantile_disc",
  "product",
  "fsum",
  "sumkahan",
  "kahan_sum",
  "favg",
  "geomean",
  "geometric_mean",
  "approx_count_distinct",
  "arg_max",
  "arg_min",
  "argmax",
  "argmin",
  "max_by",
  "min_by",
  "first",
  "last",
  "any_value",
  "list",
  "array_agg",
  "string_agg",
  "bit_and",
  "bit_or",
  "bool_and",
  "bool_or",
  "entropy",
  "kurtosis",
  "skewness",
  "mad",
  "histogram",
  "sem",
]);

/** Aggregates whose value is changed by counting a row twice (not min/max/any_value). */
const ADDITIVE = new Set([
  "sum",
  "avg",
  "mean",
  "count",
  "product",
  "fsum",
  "sumkahan",
  "kahan_sum",
  "favg",
  "stddev",
  "variance",
  "median",
]);

/** Aggregates whose value a repeated row cannot change (a join's fan-out reaches none of them). */
const REPEAT_BLIND = new Set([
  "min",
  "max",
  "any_value",
  "first",
  "last",
  "arbitrary",
  "arg_min",
  "arg_max",
  "argmin",
  "argmax",
  "min_by",
  "max_by",
  "bool_and",
  "bool_or",
  "approx_count_distinct",
]);

export function isRepeatBlind(name: string): boolean {
  return REPEAT_BLIND.has(name.toLowerCase());
}

export function isAggregate(name: string): boolean {
  return AGGREGATES.has(name.toLowerCase());
}

export function isAdditive(name: string): boolean {
  return ADDITIVE.has(name.toLowerCase());
}

/** A count of rows or values: `count(x)`, or `count(*)` (parsed as `count_star`). */
export function isCount(name: string): boolean {
  return /^count(_star)?$/i.test(name);
}

/**
 * Aggregates that the checks above do not weigh but that still make a select item an aggregate —
 * what `GROUP BY ALL` leaves out of its keys (`count(*)` is parsed as `count_star`).
 */
const OTHER_AGGREGATES = new Set([
  "count_star",
  "count_if",
  "countif",
  "approx_quantile",
  "reservoir_quantile",
  "corr",
  "covar_pop",
  "covar_samp",
  "regr_slope",
  "regr_intercept",
  "regr_r2",
  "regr_count",
  "bit_xor",
  "bitstring_agg",
  "group_concat",
  "listagg",
  "arbitrary",
  "mode",
  "weighted_avg",
  "wavg",
]);

/** Any aggregate function, for telling a query's keys from its aggregated items. */
export function isAnyAggregate(name: string): boolean {
  return isAggregate(name) || OTHER_AGGREGATES.has(name.toLowerCase());
}

/**
 * Statistics of the values observed — a mean, a median, a spread — for which a missing
 * observation has no value to contribute: skipping it is the treatment, and coalesce would invent
 * one. A sum, a product or a count of rows is not among them: a missing day makes a total smaller.
 */
export const OF_OBSERVED = new Set([
  "avg",
  "mean",
  "favg",
  "median",
  "quantile",
  "quantile_cont",
  "geomean",
  "stddev",
  "stddev_samp",
  "stddev_pop",
  "variance",
  "var_samp",
  "var_pop",
]);

/** Whether the aggregate is a statistic of the observed values (a mean, a median, a spread). */
export function ofObserved(fn: string): boolean {
  return OF_OBSERVED.has(fn.toLowerCase());
}
