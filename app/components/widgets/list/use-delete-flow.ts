// The list's deletes (docs/spec/app-shell.md §5): 删除 of a row and 批量删除 of the selection, each
// after its confirmation, posted to the list's action; the answer's message shows, the selection
// clears, and a page emptied by the delete steps back.
import { useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { App } from "antd";
import { pageAfterDelete, type ListState } from "~/lib/list-query";
import type { ListActionResult, ListRecord } from "~/services/list.server";
import { useFetcherAnswer } from "../../shell/feedback/use-fetcher-answer";

/** 批量删除 (docs/spec/app-shell.md §5): a selection first (请选择一条记录！), then the confirmation. */
export function confirmBatchDelete(app: Pick<ReturnType<typeof App.useApp>, "message" | "modal">, ids: readonly string[], onOk: () => void): void {
  if (ids.length === 0) {
    void app.message.warning("请选择一条记录！");
    return;
  }
  app.modal.confirm({
    title: "确认删除",
    content: "是否删除选中数据?",
    okText: "确定",
    cancelText: "取消",
    onOk,
  });
}

export interface DeleteFlow {
  /** 删除 of one row, after its confirmation (确定删除吗?). */
  askRemove: (id: string) => void;
  /** 批量删除 of the selection, after its confirmation. */
  removeSelected: () => void;
  /** The confirmation an address opened (`?confirm=delete|deleteBatch`); `afterClose` leaves its address. */
  confirmAddressed: (intent: "delete" | "deleteBatch", ids: string[], afterClose: () => void) => void;
}

export function useDeleteFlow(options: {
  fetcher: FetcherWithComponents<ListActionResult>;
  /** Where and how the list posts (its source's action, else the route's). */
  post: { method: "post"; action?: string };
  state: ListState;
  records: ListRecord[];
  total: number;
  go: (next: ListState) => void;
  selected: string[];
  clearSelection: () => void;
}): DeleteFlow {
  const { fetcher, post, state, records, total, go, selected } = options;
  const { message, modal } = App.useApp();
  /** The ids of the delete in flight. */
  const deleting = useRef<string[]>([]);

  useFetcherAnswer(fetcher, (answer) => {
    if (!answer.ok) {
      if (answer.message) void message.warning(answer.message);
      return;
    }
    void message.success(answer.message);
    options.clearSelection();
    if (answer.deleted) {
      // Only rows of this page count (a tree's children are not rows of the paged list).
      const onPage = deleting.current.filter((id) => records.some((record) => record.id === id)).length;
      const page = pageAfterDelete(total, onPage, state.pageNo, state.pageSize);
      if (page !== state.pageNo) go({ ...state, pageNo: page });
    }
  });

  const remove = (id: string) => {
    deleting.current = [id];
    void fetcher.submit({ intent: "delete", id }, post);
  };
  return {
    askRemove: (id) =>
      modal.confirm({
        title: "确定删除吗?",
        okText: "确定",
        cancelText: "取消",
        onOk: () => remove(id),
      }),
    removeSelected: () =>
      confirmBatchDelete({ message, modal }, selected, () => {
        deleting.current = selected;
        void fetcher.submit({ intent: "deleteBatch", ids: selected.join(",") }, post);
      }),
    confirmAddressed: (intent, ids, afterClose) =>
      modal.confirm({
        title: intent === "delete" ? "确定删除吗?" : "确认删除",
        content: intent === "delete" ? undefined : "是否删除选中数据?",
        okText: "确定",
        cancelText: "取消",
        onOk: () => {
          deleting.current = ids;
          void fetcher.submit(intent === "delete" ? { intent: "delete", id: ids[0] ?? "" } : { intent: "deleteBatch", ids: ids.join(",") }, post);
        },
        afterClose,
      }),
  };
}
