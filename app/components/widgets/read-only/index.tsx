// A read-only view (详情): editable widgets inside it show their value without editing controls (a
// grid its rows without 新增/删除 or selection boxes, an upload its files as links). The view says
// so once (RowsDetail in the list engine); each widget asks `useReadOnlyView()`.
import { createContext, useContext, type ReactNode } from "react";

const ReadOnly = createContext(false);

export function ReadOnlyView({ children }: { children: ReactNode }) {
  return <ReadOnly.Provider value>{children}</ReadOnly.Provider>;
}

/** Whether the widget is shown in a read-only view. */
export function useReadOnlyView(): boolean {
  return useContext(ReadOnly);
}
