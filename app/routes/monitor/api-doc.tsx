// 接口文档 (/monitor/apiDoc): the embedded backend's OpenAPI 3.1 document (GET /v3/api-docs,
// generated from its endpoint definitions) to browse by tag: each operation's method, path,
// access, parameters and body fields. The tag and the search live in the address (?tag=&q=).
import { Badge, Card, Col, Collapse, Empty, Input, Menu, Row, Space, Table, Typography } from "antd";
import { useNavigate } from "react-router";
import type { Route } from "./+types/api-doc";
import { filterApiDoc, toApiDoc, type DocOperation, type SchemaRow } from "~/components/monitor";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { requireMenuPage } from "~/services/menu-access.server";
import { withRouteFailures } from "~/services/route-errors.server";

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route);
  const response = await withRouteFailures(() => access.signedIn.api.send("GET", "/v3/api-docs"));
  const doc = toApiDoc(await response.json());
  const search = route.url.searchParams.get("q") ?? "";
  const groups = filterApiDoc(doc.groups, search);
  const asked = route.url.searchParams.get("tag");
  const chosen = groups.find((group) => group.tag === asked) ?? groups[0] ?? null;
  return {
    title: access.node.meta.title ?? "接口文档",
    info: { title: doc.title, version: doc.version, description: doc.description, openapi: doc.openapi, operationCount: doc.operationCount },
    search,
    tags: groups.map((group) => ({ tag: group.tag, count: group.operations.length })),
    // Only the chosen tag's operations go to the browser.
    chosen,
  };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "接口文档" }];

// A coloured dot beside dark text: coloured tag text fails the contrast check (axe color-contrast).
const METHOD_COLORS: Record<string, string> = { GET: "blue", POST: "green", PUT: "orange", DELETE: "red" };

const fieldColumns = [
  { title: "名称", dataIndex: "name", width: 200, render: (name: string) => <Typography.Text code>{name}</Typography.Text> },
  { title: "类型", dataIndex: "type", width: 220 },
  { title: "必填", dataIndex: "required", width: 70, render: (required: boolean) => (required ? "是" : "否") },
  { title: "说明", dataIndex: "rules" },
];

function Fields({ rows }: { rows: SchemaRow[] }) {
  return <Table<SchemaRow> size="small" rowKey="name" pagination={false} columns={fieldColumns} dataSource={rows} />;
}

function OperationDetail({ operation }: { operation: DocOperation }) {
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Typography.Text type="secondary">{`权限：${operation.access}`}</Typography.Text>
      <Typography.Title level={5}>请求参数</Typography.Title>
      {operation.parameters.length > 0 ? <Fields rows={operation.parameters} /> : <Typography.Text type="secondary">无</Typography.Text>}
      {operation.body ? (
        <>
          <Typography.Title level={5}>{`请求体（application/json${operation.body.required ? "，必填" : ""}）`}</Typography.Title>
          {operation.body.fields.length > 0 ? <Fields rows={operation.body.fields} /> : <Typography.Text type="secondary">任意 JSON 对象</Typography.Text>}
          <Collapse
            size="small"
            items={[{ key: "schema", label: "JSON Schema", children: <pre className="api-doc-schema">{operation.body.schema}</pre> }]}
          />
        </>
      ) : null}
    </Space>
  );
}

export default function ApiDocPage({ loaderData }: Route.ComponentProps) {
  const { title, info, search, tags, chosen } = loaderData;
  const navigate = useNavigate();
  const go = (next: { tag?: string; q?: string }) => {
    const params = new URLSearchParams();
    const q = next.q ?? search;
    if (q) params.set("q", q);
    if (next.tag) params.set("tag", next.tag);
    navigate({ search: params.toString() });
  };
  return (
    <Card title={title} className="api-doc">
      <Typography.Paragraph>
        <Typography.Text strong>{info.title}</Typography.Text>
        {` · 版本 ${info.version} · OpenAPI ${info.openapi} · 共 ${info.operationCount} 个接口。${info.description}`}
      </Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={7} xl={5}>
          <Input.Search allowClear placeholder="搜索路径或说明" defaultValue={search} onSearch={(q) => go({ q })} style={{ marginBottom: 12 }} />
          <Menu
            mode="inline"
            selectedKeys={chosen ? [chosen.tag] : []}
            items={tags.map(({ tag, count }) => ({ key: tag, label: `/${tag} (${count})` }))}
            onClick={({ key }) => go({ tag: key })}
          />
        </Col>
        <Col xs={24} md={17} xl={19}>
          {chosen ? (
            <Collapse
              items={chosen.operations.map((operation) => ({
                key: operation.id,
                label: (
                  <Space wrap>
                    <Badge color={METHOD_COLORS[operation.method] ?? "default"} text={operation.method} />
                    <Typography.Text code>{operation.path}</Typography.Text>
                    <Typography.Text type="secondary">{operation.summary}</Typography.Text>
                  </Space>
                ),
                children: <OperationDetail operation={operation} />,
              }))}
            />
          ) : (
            <Empty description="没有匹配的接口" />
          )}
        </Col>
      </Row>
    </Card>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
