// 账龄分析 (/billing/ageing): the open amounts of live bills by days overdue on a date (未到期 /
// 0-30天 / 31-60天 / 61-90天 / 90天以上), per payer (largest first) and in total, from
// `GET /billing/ageing`. Every figure links to the bill list showing exactly its bills.
import { Button, Card, Space, Table, Typography } from "antd";
import { Link, useNavigate } from "react-router";
import { z } from "zod";
import { AGEING_BUCKETS, ageingBillsHref, type AgeingBucketKey, type AgeingRow } from "#contract/modules/billing";
import { statementHref } from "#contract/modules/billing-statement";
import { formatMoney } from "#contract/money";
import type { Route } from "./+types/ageing";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { requireMenuPage } from "~/services/menu-access.server";
import { dictOptionsByCode } from "~/services/options.server";
import { withRouteFailures } from "~/services/route-errors.server";

const PAGE_SIZE = 20;

const figures = {
  amounts: z.record(z.string(), z.string()),
  counts: z.record(z.string(), z.number()),
  total: z.string(),
};
const ageingSchema = z.object({
  asOf: z.string(),
  payers: z.number(),
  rows: z.array(z.object({ payerType: z.string().nullable(), payerId: z.string().nullable(), payerName: z.string().nullable(), ...figures })),
  totals: z.object(figures),
});

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route);
  const search = route.url.searchParams;
  const pageNo = Math.max(1, Number(search.get("pageNo")) || 1);
  const query: Record<string, string> = { pageNo: String(pageNo), pageSize: String(PAGE_SIZE) };
  const asOf = search.get("asOf");
  if (asOf) query.asOf = asOf;
  const [answer, options] = await withRouteFailures(() =>
    Promise.all([access.signedIn.api.get("/billing/ageing", ageingSchema, query), dictOptionsByCode(access.signedIn.api, ["payer_type"])]),
  );
  return { title: access.node.meta.title ?? "账龄分析", report: answer.result, pageNo, payerTypes: options.payer_type ?? [] };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "账龄分析" }];

type Row = Pick<AgeingRow, "payerType" | "payerId" | "payerName"> & { amounts: Record<string, string>; counts: Record<string, number>; total: string; key: string };

/** One figure: the amount, a link to its bills when there are any. */
function Figure({ amount, count, href }: { amount: string; count: number; href: string }) {
  if (count === 0) return <span className="ageing-zero">{formatMoney(amount)}</span>;
  return (
    <Link to={href} title={`${count}张账单`}>
      {formatMoney(amount)}
    </Link>
  );
}

export default function AgeingPage({ loaderData }: Route.ComponentProps) {
  const { report, pageNo, payerTypes } = loaderData;
  const navigate = useNavigate();
  const payerTypeText = (value: string | null) => payerTypes.find((option) => option.value === value)?.label ?? "";
  const rows: Row[] = report.rows.map((row) => ({ ...row, key: `${row.payerType ?? ""}:${row.payerId ?? ""}` }));
  const hrefOf = (row: Pick<Row, "payerType" | "payerId"> | null, bucket: AgeingBucketKey | null) =>
    ageingBillsHref(report.asOf, bucket, row ? { payerType: row.payerType, payerId: row.payerId } : undefined);
  const allBills = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);
  return (
    <Card title="账龄分析" size="small">
      <form method="get" className="ageing-date">
        <Space wrap>
          <label htmlFor="ageing-as-of">截止日期</label>
          <input id="ageing-as-of" type="date" name="asOf" defaultValue={report.asOf} className="ant-input ant-input-outlined" style={{ width: 160 }} />
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Typography.Text type="secondary">按账单到期日计算逾期天数，金额为未付余额</Typography.Text>
        </Space>
      </form>
      <Table<Row>
        className="ageing-table"
        style={{ marginTop: 16 }}
        size="small"
        bordered
        rowKey="key"
        dataSource={rows}
        scroll={{ x: 960 }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: report.payers,
          showSizeChanger: false,
          showTotal: (total) => `共${total}个付款方`,
          onChange: (next) => navigate(`?${new URLSearchParams({ asOf: report.asOf, pageNo: String(next) }).toString()}`),
        }}
        columns={[
          {
            title: "付款方",
            dataIndex: "payerName",
            width: 180,
            fixed: "left",
            // The payer's 对账单 (docs/decisions/160).
            render: (name: string | null, row: Row) =>
              row.payerType && row.payerId ? (
                <Link to={statementHref(row)} title="对账单">
                  {name ?? row.payerId}
                </Link>
              ) : (
                (name ?? "无付款人")
              ),
          },
          { title: "付款方类型", dataIndex: "payerType", width: 100, render: (type: string | null) => payerTypeText(type) },
          ...AGEING_BUCKETS.map((bucket) => ({
            title: bucket.label,
            key: bucket.key,
            align: "right" as const,
            render: (_: unknown, row: Row) => <Figure amount={row.amounts[bucket.key] ?? "0"} count={row.counts[bucket.key] ?? 0} href={hrefOf(row, bucket.key)} />,
          })),
          {
            title: "合计",
            key: "total",
            align: "right" as const,
            render: (_: unknown, row: Row) => <Figure amount={row.total} count={allBills(row.counts)} href={hrefOf(row, null)} />,
          },
        ]}
        summary={() => (
          <Table.Summary fixed>
            <Table.Summary.Row className="ageing-totals">
              <Table.Summary.Cell index={0} colSpan={2}>
                合计
              </Table.Summary.Cell>
              {AGEING_BUCKETS.map((bucket, index) => (
                <Table.Summary.Cell key={bucket.key} index={index + 2} align="right">
                  <Figure amount={report.totals.amounts[bucket.key] ?? "0"} count={report.totals.counts[bucket.key] ?? 0} href={hrefOf(null, bucket.key)} />
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={AGEING_BUCKETS.length + 2} align="right">
                <Figure amount={report.totals.total} count={allBills(report.totals.counts)} href={hrefOf(null, null)} />
              </Table.Summary.Cell>
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
    </Card>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
