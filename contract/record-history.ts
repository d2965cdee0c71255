// A record's history on the wire (docs/decisions/070): `GET <module api>/history?id=` answers the
// record's changes, oldest first, fields named by their labels and codes by their dictionaries'
// texts, times in the school's zone.
export interface RecordHistoryChange {
  /** The property (or what the snapshot adds: `items`, `allocations`). */
  field: string;
  label: string;
  old: string | null;
  new: string | null;
}

export interface RecordHistoryEntry {
  id: string;
  /** add / edit / delete or a workflow's name (generate, allocate, reverse, void…). */
  action: string;
  actionText: string;
  username: string | null;
  /** `yyyy-MM-dd HH:mm:ss` in the school's zone. */
  changedAt: string;
  reason: string | null;
  changes: RecordHistoryChange[];
}

/** The history path of a module whose list is `<api>/list`; null for other lists. */
export function historyPathOf(listPath: string | undefined): string | null {
  return listPath && /^\/[A-Za-z0-9_/-]+\/list$/.test(listPath) ? listPath.replace(/\/list$/, "/history") : null;
}

/** A path the web app forwards to the backend as a history request. */
export function isHistoryPath(path: string | null | undefined): path is string {
  return !!path && path.length <= 200 && /^\/[A-Za-z0-9_/-]+\/history$/.test(path) && !path.includes("//");
}
