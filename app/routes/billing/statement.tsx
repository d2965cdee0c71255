// 对账单 (/billing/statement, docs/decisions/160): choose a payer (付款方类型 家长 or 企业, then the
// payer, searched by name) and a period; the page shows the opening balance, every bill, payment,
// refund, reversal and void of the period with the running balance, and the closing balance, from
// `GET /billing/statement`. 打印 opens the A4 print view, 导出 downloads the .xlsx, 邮件发送 mails it
// to the payer's address. The address holds the choice, so 账龄分析 and 应收账单 link to a payer's.
import { useEffect, useState } from "react";
import { App, Alert, Button, Card, Descriptions, Space, Table, Typography } from "antd";
import { data, Form, useFetcher } from "react-router";
import { z } from "zod";
import { CORPORATION_DICT, PARENT_DICT } from "#contract/modules/people";
import { StatementButtons, type StatementAnswer, type StatementLine } from "#contract/modules/billing-statement";
import { formatMoney } from "#contract/money";
import type { Route } from "./+types/statement";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { usePermission } from "~/components/shell/permission/has-permission";
import { SearchSelect } from "~/components/widgets/search-select";
import { statementSchema } from "~/components/billing/statement-schema";
import { requireMenuPage } from "~/services/menu-access.server";
import { dictOptionsByCode } from "~/services/options.server";
import { failureData, withRouteFailures } from "~/services/route-errors.server";

/** dict payer_type: 企业. */
const CORPORATION = "2";

/** The statement's choice in the address: payerType, payerId, from, to. */
function choiceOf(search: URLSearchParams) {
  return { payerType: search.get("payerType") ?? "", payerId: search.get("payerId") ?? "", from: search.get("from") ?? "", to: search.get("to") ?? "" };
}

function queryOf(choice: Record<string, string>): string {
  return new URLSearchParams(Object.entries(choice).filter(([, value]) => value !== "")).toString();
}

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route);
  const choice = choiceOf(route.url.searchParams);
  const options = await withRouteFailures(() => dictOptionsByCode(access.signedIn.api, ["payer_type"]));
  let statement: StatementAnswer | null = null;
  let problem: string | null = null;
  if (choice.payerType && choice.payerId) {
    try {
      statement = (await access.signedIn.api.get("/billing/statement", statementSchema, choice)).result;
    } catch (error) {
      const failure = failureData(error).failure;
      if (failure.kind === "session-expired" || failure.kind === "unauthorized") throw error;
      problem = failure.message;
    }
  }
  return { title: access.node.meta.title ?? "对账单", choice, statement, problem, payerTypes: options.payer_type ?? [] };
}

export async function action(route: Route.ActionArgs) {
  const access = await requireMenuPage(route);
  const form = await route.request.formData();
  const body = Object.fromEntries(["payerType", "payerId", "from", "to"].map((name) => [name, String(form.get(name) ?? "")]));
  try {
    const answer = await access.signedIn.api.post("/billing/statement/email", z.unknown(), body);
    return data({ ok: true, message: answer.message });
  } catch (error) {
    return data({ ok: false, message: failureData(error).failure.message });
  }
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: loaded?.title ?? "对账单" }];

const money = (value: string) => formatMoney(value);

export default function StatementPage({ loaderData }: Route.ComponentProps) {
  const { choice, statement, problem, payerTypes } = loaderData;
  const [payerType, setPayerType] = useState(choice.payerType);
  const [payerId, setPayerId] = useState(choice.payerId);
  useEffect(() => {
    setPayerType(choice.payerType);
    setPayerId(choice.payerId);
  }, [choice.payerType, choice.payerId]);
  const permission = usePermission();
  const mailer = useFetcher<{ ok: boolean; message: string }>();
  const { message } = App.useApp();
  useEffect(() => {
    const answer = mailer.data;
    if (!answer || mailer.state !== "idle") return;
    if (answer.ok) void message.success(answer.message);
    else void message.error(answer.message);
    // Each answer is shown once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mailer.data, mailer.state]);

  const shown = statement ? { payerType: statement.payerType, payerId: statement.payerId, from: statement.from, to: statement.to } : null;
  const dict = payerType === CORPORATION ? CORPORATION_DICT : PARENT_DICT;
  return (
    <Card title="对账单" size="small">
      <Form method="get" className="statement-choice">
        <Space wrap align="center">
          <label htmlFor="statement-payer-type">付款方类型</label>
          <SearchSelect
            id="statement-payer-type"
            name="payerType"
            options={payerTypes.map((option) => ({ value: option.value, text: option.label }))}
            value={payerType}
            onChange={(next) => {
              setPayerType(next);
              setPayerId("");
            }}
            style={{ width: 120 }}
            allowClear={false}
          />
          <label htmlFor="statement-payer">付款方</label>
          <SearchSelect
            key={dict}
            id="statement-payer"
            async
            dict={dict}
            name="payerId"
            value={payerId}
            onChange={setPayerId}
            disabled={!payerType}
            // No placeholder while disabled: its grey text on grey fails the contrast check.
            placeholder={payerType ? "输入姓名搜索" : ""}
            style={{ width: 220 }}
          />
          <label htmlFor="statement-from">开始日期</label>
          <input id="statement-from" type="date" name="from" defaultValue={statement?.from ?? choice.from} className="ant-input ant-input-outlined" style={{ width: 160 }} />
          <label htmlFor="statement-to">结束日期</label>
          <input id="statement-to" type="date" name="to" defaultValue={statement?.to ?? choice.to} className="ant-input ant-input-outlined" style={{ width: 160 }} />
          <Button type="primary" htmlType="submit">
            查询
          </Button>
        </Space>
      </Form>
      {problem ? <Alert style={{ marginTop: 16 }} type="error" showIcon message={problem} /> : null}
      {statement && shown ? (
        <div className="statement" style={{ marginTop: 16 }}>
          <Space wrap style={{ marginBottom: 12 }}>
            {permission.isVisible(StatementButtons.print) ? (
              <Button href={`/billing/statement/print?${queryOf(shown)}`} target="_blank" rel="noopener">
                打印
              </Button>
            ) : null}
            {permission.isVisible(StatementButtons.export) ? <Button href={`/api/billing/statement-export?${queryOf(shown)}`}>导出</Button> : null}
            {permission.isVisible(StatementButtons.email) ? (
              <Button
                loading={mailer.state !== "idle"}
                disabled={!statement.hasEmail}
                title={statement.hasEmail ? undefined : "该付款方没有设置邮箱"}
                onClick={() => void mailer.submit(shown, { method: "post" })}
              >
                邮件发送
              </Button>
            ) : null}
          </Space>
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 3 }} className="statement-figures">
            <Descriptions.Item label="付款方">{statement.payerName}</Descriptions.Item>
            <Descriptions.Item label="期间">{`${statement.from} 至 ${statement.to}`}</Descriptions.Item>
            <Descriptions.Item label="期初余额">{money(statement.opening)}</Descriptions.Item>
            <Descriptions.Item label="本期应收">{money(statement.charged)}</Descriptions.Item>
            <Descriptions.Item label="本期已收">{money(statement.received)}</Descriptions.Item>
            <Descriptions.Item label="期末余额">
              <span className="statement-closing">{money(statement.closing)}</span>
            </Descriptions.Item>
          </Descriptions>
          <Table<StatementLine & { key: number }>
            className="statement-lines"
            style={{ marginTop: 16 }}
            size="small"
            bordered
            pagination={false}
            scroll={{ x: 960 }}
            dataSource={statement.lines.map((line, index) => ({ ...line, key: index }))}
            columns={[
              { title: "日期", dataIndex: "at", width: 170 },
              { title: "类型", dataIndex: "kindText", width: 90 },
              { title: "单号", dataIndex: "number", width: 190 },
              { title: "摘要", dataIndex: "summary" },
              { title: "应收", dataIndex: "charged", width: 130, align: "right", render: (value: string) => (value === "0.00" ? "" : money(value)) },
              { title: "已收", dataIndex: "received", width: 130, align: "right", render: (value: string) => (value === "0.00" ? "" : money(value)) },
              { title: "余额", dataIndex: "balance", width: 140, align: "right", render: money },
            ]}
            summary={() => (
              <Table.Summary>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={4}>
                    本期合计
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    {money(statement.charged)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} align="right">
                    {money(statement.received)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={6} align="right">
                    {money(statement.closing)}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              </Table.Summary>
            )}
          />
          {statement.unallocated.length > 0 ? (
            <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
              {`未分配的付款（不计入余额）：${statement.unallocated.map((payment) => `${payment.number} ${formatMoney(payment.amount)}`).join("；")}`}
            </Typography.Paragraph>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
