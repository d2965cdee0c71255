// 组件示例 → 表格示例 (/demo/grid, issue #11): a form with the editable grid in every column
// type; 保存 writes the rows to the backend (one transaction) and the page reloads them. With
// `?generate=N` a button mounts N generated rows instead (the grid benchmark, bench/grid.ts).
import { useEffect, useState } from "react";
import { data, Form, useNavigation, useSearchParams } from "react-router";
import { App, Button, Card, Space } from "antd";
import { z } from "zod";
import { pageSchema } from "#contract/envelope";
import type { Route } from "./+types/grid";
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData, withRouteFailures } from "~/services/route-errors.server";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { EditableGrid, readGridField, type GridColumn, type GridRow } from "~/components/widgets/grid";
import { DEMO_GRID_FIELD, DEMO_GRID_URL, demoGridColumns, generatedDemoRows, toDemoGridRow } from "./grid.data";

const recordsSchema = pageSchema(z.record(z.string(), z.unknown()));

export async function loader(route: Route.LoaderArgs) {
  const { node, signedIn } = await requireMenuPage(route);
  const page = await withRouteFailures(() => signedIn.api.get(DEMO_GRID_URL.list, recordsSchema, { pageNo: 1, pageSize: 20_000, column: "orderNum", order: "asc" }));
  return { title: node.meta.title ?? "表格示例", rows: page.result.records.map(toDemoGridRow) };
}

export async function action(route: Route.ActionArgs) {
  const { signedIn } = await requireMenuPage(route);
  const field = readGridField(await route.request.formData(), DEMO_GRID_FIELD);
  if (!field.ok) return data({ ok: false as const, message: field.message }, { status: 400 });
  try {
    const answer = await signedIn.api.post(DEMO_GRID_URL.saveAll, z.unknown(), field.value);
    return { ok: true as const, message: answer.message };
  } catch (error) {
    const { failure } = failureData(error);
    return data({ ok: false as const, message: failure.message }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ data: page }) => [{ title: page?.title ?? "表格示例" }];

/** The slot column: a summary computed from the row. */
const columns: GridColumn[] = demoGridColumns.map((column) =>
  column.type === "slot" ? { ...column, render: (row: GridRow) => `${row.name || "—"} · ${row.age || 0}岁` } : column,
);

export default function GridDemoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { message } = App.useApp();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const generate = Number(searchParams.get("generate") ?? 0);

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) void message.success(actionData.message);
    else void message.error(actionData.message);
  }, [actionData, message]);

  return (
    <Card title={loaderData.title} className="demo-grid-page">
      {generate > 0 ? (
        <GeneratedGrid count={generate} />
      ) : (
        <Form method="post" className="demo-grid-form">
          <EditableGrid
            name={DEMO_GRID_FIELD}
            columns={columns}
            rows={loaderData.rows}
            tablePrefix="demo"
            dragSort
            moveButtons
            addRowSettings
            detail
            subTable={(row) => <span>{`${row.name}: ${row.remark || "无备注"}`}</span>}
          />
          <Space style={{ marginTop: 16 }}>
            <Button type="primary" htmlType="submit" loading={navigation.state === "submitting"}>
              保存
            </Button>
          </Space>
        </Form>
      )}
    </Card>
  );
}

/** The benchmark's grid: N generated rows mounted on a click (bench/grid.ts measures it). */
function GeneratedGrid({ count }: { count: number }) {
  const [rows, setRows] = useState<GridRow[] | null>(null);
  return (
    <>
      <Button onClick={() => setRows(generatedDemoRows(count))}>{`生成${count}行`}</Button>
      {rows ? <EditableGrid columns={columns} rows={rows} tablePrefix="bench" maxHeight={600} /> : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
