// The list engine's pager, in antd's pagination markup (styled by the static stylesheet): 共N条,
// previous / next, the pages around the current one with ••• jumps of five, the page size
// (10/20/30 条/页) and 跳至 … 页. Every page is a link to its address, so the pager works before
// JavaScript; once hydrated a click moves the list without a document load.
import { useState, type MouseEvent, type ReactNode } from "react";
import LeftOutlined from "@ant-design/icons/LeftOutlined";
import RightOutlined from "@ant-design/icons/RightOutlined";
import DoubleLeftOutlined from "@ant-design/icons/DoubleLeftOutlined";
import DoubleRightOutlined from "@ant-design/icons/DoubleRightOutlined";
import { ChoiceSelect } from "./choice-select";
import { ANTD_VAR, PLAIN_INPUT_CLASS } from "../light-form";

/** Pages shown on each side of the current one (antd's default). */
const BUFFER = 2;
/** A ••• jump moves five pages. */
const JUMP = 5;

/**
 * The items of a pager of `pages` pages at `current`, as antd's pager lays them out: page numbers,
 * and "prev5" / "next5" where pages are left out between the first or last page and the window.
 */
export function pagerItems(current: number, pages: number): Array<number | "prev5" | "next5"> {
  if (pages <= 3 + BUFFER * 2) return Array.from({ length: pages }, (_, index) => index + 1);
  let left = Math.max(1, current - BUFFER);
  let right = Math.min(current + BUFFER, pages);
  if (current - 1 <= BUFFER) right = 1 + BUFFER * 2;
  if (pages - current <= BUFFER) left = pages - BUFFER * 2;
  const items: Array<number | "prev5" | "next5"> = [];
  for (let page = left; page <= right; page++) items.push(page);
  if (current - 1 >= BUFFER * 2 && current !== 1 + 2) items.unshift("prev5");
  if (pages - current >= BUFFER * 2 && current !== pages - 2) items.push("next5");
  if (left !== 1) items.unshift(1);
  if (right !== pages) items.push(pages);
  return items;
}

export interface ListPagerProps {
  current: number;
  pageSize: number;
  total: number;
  pageSizeOptions: readonly number[];
  /** The address of a page (a link before JavaScript); none: the pager only moves the list. */
  href?: (page: number, pageSize: number) => string;
  onChange: (page: number, pageSize: number) => void;
}

export function ListPager({ current, pageSize, total, pageSizeOptions, href, onChange }: ListPagerProps) {
  const [jumpTo, setJumpTo] = useState("");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const last = Math.min(total, current * pageSize);
  const go = (page: number) => (event: MouseEvent) => {
    // A link opened in a new tab or window keeps the browser's own handling.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (page !== current) onChange(page, pageSize);
  };
  const link = (page: number, className: string, content: ReactNode, label?: string, currentPage = false) => (
    <a className={className} href={href?.(page, pageSize)} rel="nofollow" aria-label={label} aria-current={currentPage ? "page" : undefined} onClick={go(page)}>
      {content}
    </a>
  );
  const step = (page: number, kind: "prev" | "next") => {
    const title = kind === "prev" ? "上一页" : "下一页";
    const icon = kind === "prev" ? <LeftOutlined /> : <RightOutlined />;
    const disabled = page < 1 || page > pages;
    return (
      <li title={title} className={`ant-pagination-${kind}${disabled ? " ant-pagination-disabled" : ""}`} aria-disabled={disabled || undefined}>
        {disabled ? (
          <button className="ant-pagination-item-link" type="button" tabIndex={-1} disabled>
            {icon}
          </button>
        ) : (
          link(page, "ant-pagination-item-link", icon, title)
        )}
      </li>
    );
  };
  const jump = () => {
    const page = Number.parseInt(jumpTo, 10);
    setJumpTo("");
    if (Number.isFinite(page)) onChange(Math.min(pages, Math.max(1, page)), pageSize);
  };

  return (
    <ul aria-label="分页" className={`ant-pagination ant-pagination-small ant-pagination-mini ant-table-pagination ant-table-pagination-end ${ANTD_VAR}`}>
      <li className="ant-pagination-total-text">{`${first}-${last} 共${total}条`}</li>
      {step(current - 1, "prev")}
      {pagerItems(current, pages).map((item) =>
        typeof item === "number" ? (
          <li key={item} title={String(item)} className={`ant-pagination-item ant-pagination-item-${item}${item === current ? " ant-pagination-item-active" : ""}`}>
            {link(item, "", item, undefined, item === current)}
          </li>
        ) : (
          <li key={item} title={item === "prev5" ? "向前 5 页" : "向后 5 页"} className={`ant-pagination-jump-${item === "prev5" ? "prev" : "next"} ant-pagination-jump-${item === "prev5" ? "prev" : "next"}-custom-icon`}>
            {link(
              item === "prev5" ? Math.max(1, current - JUMP) : Math.min(pages, current + JUMP),
              "ant-pagination-item-link",
              <div className="ant-pagination-item-container">
                {item === "prev5" ? <DoubleLeftOutlined className="ant-pagination-item-link-icon" /> : <DoubleRightOutlined className="ant-pagination-item-link-icon" />}
                <span className="ant-pagination-item-ellipsis">•••</span>
              </div>,
              item === "prev5" ? "向前 5 页" : "向后 5 页",
            )}
          </li>
        ),
      )}
      {step(current + 1, "next")}
      <li className="ant-pagination-options">
        <ChoiceSelect
          label="页码"
          size="small"
          className="ant-pagination-options-size-changer"
          options={pageSizeOptions.map((size) => ({ value: String(size), label: `${size} 条/页` }))}
          value={String(pageSize)}
          onChange={(next) => {
            // Another page size starts again at page 1.
            if (next && Number(next) !== pageSize) onChange(1, Number(next));
          }}
        />
        <div className="ant-pagination-options-quick-jumper">
          跳至
          <input
            type="text"
            inputMode="numeric"
            aria-label="页"
            className={`${PLAIN_INPUT_CLASS} ant-input-sm`}
            value={jumpTo}
            onChange={(event) => setJumpTo(event.target.value.replace(/\D/g, ""))}
            onKeyDown={(event) => {
              if (event.key === "Enter") jump();
            }}
            onBlur={() => {
              if (jumpTo !== "") jump();
            }}
          />
          页
        </div>
      </li>
    </ul>
  );
}
