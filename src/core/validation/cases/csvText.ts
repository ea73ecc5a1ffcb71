// The text of the small CSV files the silent-suite lakes are written from.

/** A CSV file from its lines (LF line ends, trailing newline). */
export const csv = (...lines: string[]): string => `${lines.join("\n")}\n`;
/** The same with CRLF line ends, as the data book's exports have. */
export const crlf = (...lines: string[]): string => `${lines.join("\r\n")}\r\n`;
