// The list engine's own table and pager (issue #11, decision 018): antd's markup without antd's
// Table, so the static stylesheet, the phone layout and the pages' tests see the same table.
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { ListTable, type ListTableColumn } from "~/components/widgets/list/list-table";
import { ListPager, pagerItems } from "~/components/widgets/list/list-pager";
import type { ListRecord } from "~/services/list.server";

const columns: ListTableColumn[] = [
  { key: "name", title: "名称", label: "名称", width: 120, sortOrder: "descend", render: (row) => String(row.name) },
  { key: "code", title: "编码", label: "编码", sortOrder: null, render: (row) => String(row.code) },
  { key: "actions", title: "操作", label: "操作", width: 180, fixedEnd: true, render: () => "编辑" },
];
const noop = () => undefined;

describe("the pager's items", () => {
  it("shows every page up to seven", () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("shows the first and last page, two pages each side of the current one, and jumps of five between", () => {
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, "next5", 20]);
    expect(pagerItems(3, 20)).toEqual([1, 2, 3, 4, 5, "next5", 20]);
    expect(pagerItems(5, 20)).toEqual([1, "prev5", 3, 4, 5, 6, 7, "next5", 20]);
    expect(pagerItems(10, 20)).toEqual([1, "prev5", 8, 9, 10, 11, 12, "next5", 20]);
    expect(pagerItems(18, 20)).toEqual([1, "prev5", 16, 17, 18, 19, 20]);
    expect(pagerItems(20, 20)).toEqual([1, "prev5", 16, 17, 18, 19, 20]);
  });
});

describe("the pager", () => {
  it("links each page to its address and counts the rows shown", () => {
    const html = renderToStaticMarkup(
      <ListPager current={2} pageSize={10} total={45} pageSizeOptions={[10, 20, 30]} href={(page, size) => `/list?pageNo=${page}&pageSize=${size}`} onChange={noop} />,
    );
    expect(html).toContain('<li class="ant-pagination-total-text">11-20 共45条</li>');
    expect(html).toContain('class="ant-pagination-item ant-pagination-item-2 ant-pagination-item-active"');
    // Named, and its current page marked, for a screen reader (and the e2e tests: tests/e2e/support/list.ts).
    expect(html).toContain('<ul aria-label="分页"');
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toMatch(/<a [^>]*href="\/list\?pageNo=2&amp;pageSize=10"[^>]*aria-current="page"[^>]*>2<\/a>/);
    expect(html).toContain('href="/list?pageNo=5&amp;pageSize=10"');
    expect(html).toContain('aria-label="上一页"');
    // Before JavaScript the page size is the browser's own select, with the three sizes.
    expect(html.match(/<option value="\d+"[^>]*>\d+ 条\/页<\/option>/g)).toHaveLength(3);
  });

  it("disables previous on the first page and next on the last", () => {
    const html = renderToStaticMarkup(<ListPager current={1} pageSize={10} total={8} pageSizeOptions={[10]} onChange={noop} />);
    expect(html).toContain('class="ant-pagination-prev ant-pagination-disabled"');
    expect(html).toContain('class="ant-pagination-next ant-pagination-disabled"');
    expect(html).toContain("1-8 共8条");
  });
});

describe("the table", () => {
  const rows: ListRecord[] = [
    { id: "a", name: "甲", code: "A", children: [{ id: "a1", name: "甲一", code: "A1" }] },
    { id: "b", name: "乙", code: "B" },
  ];

  it("is named by the list's title", () => {
    const html = renderToStaticMarkup(<ListTable name="用户管理" columns={columns} rows={rows} selection={{ selected: [], onChange: noop }} onSort={noop} />);
    expect(html).toMatch(/<table aria-label="用户管理"/);
    // Its records' boxes and 全选 are labelled.
    expect(html).toContain('aria-label="选择第2行"');
    expect(html).toContain('aria-label="全选"');
  });

  it("marks the sorted column, the sortable headers and the sticky action column", () => {
    const html = renderToStaticMarkup(<ListTable columns={columns} rows={rows} selection={{ selected: ["b"], onChange: noop }} onSort={noop} />);
    expect(html).toContain('aria-sort="descending"');
    expect(html.match(/ant-table-column-has-sorters/g)).toHaveLength(2);
    expect(html.match(/<td data-label="名称" class="ant-table-cell ant-table-column-sort/g)).toHaveLength(2);
    expect(html).toContain("ant-table-cell-fix ant-table-cell-fix-end");
    // A column's width is where its longer texts wrap; a short ASCII value (a code) stays on one line.
    expect(html).toContain('<div class="list-cell-wrap" style="max-width:104px">甲</div>');
    expect(html).toContain('<td data-label="编码" class="ant-table-cell list-cell-nowrap">B</td>');
    // The ticked row is selected; 全选 is half ticked.
    expect(html).toMatch(/<tr class="ant-table-row ant-table-row-level-0 ant-table-row-selected" data-row-key="b">/);
    expect(html).toContain("ant-checkbox-indeterminate");
  });

  it("shows tree rows' children only under opened rows, indented", () => {
    const closed = renderToStaticMarkup(<ListTable columns={columns} rows={rows} selection={{ selected: [], onChange: noop }} onSort={noop} />);
    expect(closed).not.toContain("甲一");
    expect(closed).toContain("ant-table-row-expand-icon ant-table-row-expand-icon-collapsed");
    // A row without children keeps the place of the button.
    expect(closed).toContain("ant-table-row-expand-icon ant-table-row-expand-icon-spaced");
    const opened = renderToStaticMarkup(
      <ListTable columns={columns} rows={rows} expandable={{ expandedRowKeys: ["a"], indentSize: 20 }} selection={{ selected: [], onChange: noop }} onSort={noop} />,
    );
    expect(opened).toContain('data-row-key="a1"');
    expect(opened).toContain("ant-table-row-level-1");
    expect(opened).toContain('class="ant-table-row-indent indent-level-1" style="padding-left:20px"');
  });

  it("adds an expand column for detail rows, only where a row has one", () => {
    const html = renderToStaticMarkup(
      <ListTable
        columns={columns}
        rows={[{ id: "x", name: "X", code: "x", detail: "参数" }, { id: "y", name: "Y", code: "y" }]}
        expandable={{ expandedRowKeys: ["x"], rowExpandable: (row) => Boolean(row.detail), expandedRowRender: (row) => `详情${String(row.detail)}` }}
        selection={{ selected: [], onChange: noop }}
        onSort={noop}
      />,
    );
    expect(html).toContain('<tr class="ant-table-expanded-row ant-table-expanded-row-level-1"><td class="ant-table-cell" colSpan="5">详情参数</td></tr>');
    expect(html.match(/<button type="button" class="ant-table-row-expand-icon/g)).toHaveLength(1);
  });

  it("shows 暂无数据 for an empty page", () => {
    const html = renderToStaticMarkup(<ListTable columns={columns} rows={[]} selection={{ selected: [], onChange: noop }} onSort={noop} />);
    expect(html).toContain("ant-table-placeholder");
    expect(html).toContain("暂无数据");
  });
});
