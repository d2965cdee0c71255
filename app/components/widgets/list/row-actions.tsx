// A row's 操作 cell: 编辑, then 更多 (详情, the page's own row actions, 删除). Before JavaScript,
// 编辑, 详情 and 删除 are links to their addresses (the form's page, the confirmation's page).
import type { KeyboardEvent } from "react";
import { Dropdown, Space } from "antd";
import DownOutlined from "@ant-design/icons/DownOutlined";
import type { ListOverlay } from "~/lib/list-query";
import type { ListRecord } from "~/services/list.server";
import type { FormMode } from "./form-modal";
import type { ReasonRequest } from "./reason-modal";
import type { RowAction } from "./types";
import { handledClick } from "./use-list-state";

export interface RowActionsProps {
  row: ListRecord;
  /** The page's row actions the user may use. */
  actions: RowAction<ListRecord>[];
  /** The list has a form (详情). */
  hasForm: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** Before JavaScript: links instead of the menu. */
  plain: boolean;
  addressed: boolean;
  address: (next: ListOverlay | null) => string;
  openForm: (mode: FormMode, record: Record<string, unknown> | null) => void;
  askRemove: (id: string) => void;
  askReason: (request: ReasonRequest) => void;
  confirm: (title: string, onOk: () => void) => void;
}

export function RowActions({ row, actions, hasForm, canEdit, canDelete, plain, addressed, address, openForm, askRemove, askReason, confirm }: RowActionsProps) {
  return (
    <Space size={8} className="list-row-actions">
      {canEdit ? (
        <a
          href={addressed ? address({ form: "edit", id: row.id }) : undefined}
          onClick={(event) => (addressed ? handledClick(event, () => openForm("edit", row)) : openForm("edit", row))}
        >
          编辑
        </a>
      ) : null}
      {plain ? (
        // Before JavaScript: 详情 and 删除 as links to their pages (the row's own actions need it).
        <>
          {hasForm ? <a href={address({ form: "detail", id: row.id })}>详情</a> : null}
          {canDelete ? <a href={address({ confirm: "delete", ids: [row.id] })}>删除</a> : null}
        </>
      ) : (
        <Dropdown
          trigger={["click"]}
          autoFocus
          menu={{
            items: [
              ...(hasForm ? [{ key: "detail", label: "详情" }] : []),
              ...actions
                .filter((action) => !action.visible || action.visible(row))
                .map((action) => ({
                  key: action.key,
                  label: action.label,
                  danger: action.danger,
                })),
              ...(canDelete ? [{ key: "delete", label: "删除", danger: true }] : []),
            ],
            onClick: ({ key }) => {
              if (key === "detail") openForm("detail", row);
              else if (key === "delete") askRemove(row.id);
              else {
                const action = actions.find((candidate) => candidate.key === key);
                if (!action) return;
                if (action.reason) {
                  const { title, required } = action.reason;
                  askReason({ title, required, onOk: (reason) => action.run(row, reason) });
                } else if (action.confirm) confirm(action.confirm, () => action.run(row));
                else action.run(row);
              }
            },
          }}
        >
          <a role="button" tabIndex={0} aria-haspopup="menu" onKeyDown={openByKey}>
            更多 <DownOutlined />
          </a>
        </Dropdown>
      )}
    </Space>
  );
}

/** A link acting as a button opens on Enter or Space too (keyboard users), as a native button would. */
function openByKey(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== "Enter" && event.key !== " ") return;
  event.preventDefault();
  event.currentTarget.click();
}
