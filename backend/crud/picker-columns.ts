// Smaller exposure of pickers (issue #10, api-contract.md §10): an endpoint that serves a picker to
// every signed-in user answers only the columns the picker shows; the full record needs the page.
import type { ListRecord } from "./page";

/** Only `columns` of the record, with their `_dictText` companions. */
export function pickColumns(record: ListRecord, columns: readonly string[]): ListRecord {
  const picked: ListRecord = {};
  for (const column of columns) {
    if (column in record) picked[column] = record[column];
    const text = `${column}_dictText`;
    if (text in record) picked[text] = record[text];
  }
  return picked;
}
