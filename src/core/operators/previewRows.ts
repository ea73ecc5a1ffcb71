/**
 * How many rows an operator call may ask to see (`preview_rows`): what the agent reads stays
 * bounded. In a module of its own, free of DuckDB, so the editor's shell can import it.
 */
export const MAX_PREVIEW_ROWS = 100;
