// 性能监控 (/monitor/server): the backend's Node process and machine, its database, Redis when the
// backend uses it, and its recent requests (GET /sys/monitor/server, administrators only). 刷新
// reads everything again.
import ReloadOutlined from "@ant-design/icons/ReloadOutlined";
import { Alert, Badge, Button, Card, Col, Descriptions, Row, Space, Statistic, Table, Typography } from "antd";
import { useRevalidator } from "react-router";
import { serverFiguresSchema, type ServerFigures } from "#contract/monitor";
import type { Route } from "./+types/server";
import { formatBytes, formatDuration, percentOf, statusColor } from "~/components/monitor";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { requireMenuPage } from "~/services/menu-access.server";
import { withRouteFailures } from "~/services/route-errors.server";

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route);
  const answer = await withRouteFailures(() => access.signedIn.api.get("/sys/monitor/server", serverFiguresSchema));
  return { title: access.node.meta.title ?? "性能监控", figures: answer.result };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "性能监控" }];

type TracedRequest = ServerFigures["trace"]["requests"][number];

function ProcessCard({ figures }: { figures: ServerFigures["process"] }) {
  const { machine } = figures;
  const usedMemory = machine.totalMemory - machine.freeMemory;
  return (
    <Card title="Node 进程与服务器" size="small">
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Statistic title="进程 CPU" value={figures.cpuPercent} suffix="%" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="进程内存 (RSS)" value={formatBytes(figures.memory.rss)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="事件循环延迟 p99" value={figures.eventLoopDelayMs.p99} suffix="ms" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="服务器 CPU" value={machine.cpuPercent} suffix="%" />
        </Col>
      </Row>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} style={{ marginTop: 16 }}>
        <Descriptions.Item label="Node 版本">{figures.node}</Descriptions.Item>
        <Descriptions.Item label="进程号">{figures.pid}</Descriptions.Item>
        <Descriptions.Item label="启动时间">{figures.startedAt}</Descriptions.Item>
        <Descriptions.Item label="运行时长">{formatDuration(figures.uptimeSeconds)}</Descriptions.Item>
        <Descriptions.Item label="堆内存">{`${formatBytes(figures.memory.heapUsed)} / ${formatBytes(figures.memory.heapTotal)}`}</Descriptions.Item>
        <Descriptions.Item label="事件循环延迟">
          {`平均 ${figures.eventLoopDelayMs.mean} ms，p50 ${figures.eventLoopDelayMs.p50} ms，最大 ${figures.eventLoopDelayMs.max} ms`}
        </Descriptions.Item>
        <Descriptions.Item label="主机名">
          <span translate="no">{machine.hostname}</span>
        </Descriptions.Item>
        <Descriptions.Item label="操作系统">
          <span translate="no">{machine.platform}</span>
        </Descriptions.Item>
        <Descriptions.Item label="CPU">
          {`${machine.cpus} 核 `}
          <span translate="no">{machine.cpuModel ?? ""}</span>
        </Descriptions.Item>
        <Descriptions.Item label="系统负载">{machine.loadAverage.join(" / ")}</Descriptions.Item>
        <Descriptions.Item label="服务器内存">
          {`${formatBytes(usedMemory)} / ${formatBytes(machine.totalMemory)}（${percentOf(usedMemory, machine.totalMemory)}%）`}
        </Descriptions.Item>
        <Descriptions.Item label="服务器运行时长">{formatDuration(machine.uptimeSeconds)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function DatabaseCard({ database }: { database: ServerFigures["database"] }) {
  return (
    <Card title="数据库" size="small">
      {database.error ? <Alert type="error" showIcon title={database.error} /> : null}
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="类型">{database.kind}</Descriptions.Item>
        <Descriptions.Item label="连接数">{database.connections ?? "-"}</Descriptions.Item>
        <Descriptions.Item label="版本" span={2}>
          <span translate="no">{database.version ?? "-"}</span>
        </Descriptions.Item>
        <Descriptions.Item label="数据库大小">{database.sizeBytes === undefined ? "-" : formatBytes(database.sizeBytes)}</Descriptions.Item>
      </Descriptions>
      {database.slowStatements ? (
        <Table
          size="small"
          style={{ marginTop: 16 }}
          rowKey={(row) => row.query}
          pagination={false}
          dataSource={database.slowStatements}
          columns={[
            { title: "最慢的语句", dataIndex: "query", render: (query: string) => <Typography.Text code>{query}</Typography.Text> },
            { title: "次数", dataIndex: "calls", width: 90 },
            { title: "平均(ms)", dataIndex: "meanMs", width: 100 },
            { title: "合计(ms)", dataIndex: "totalMs", width: 110 },
          ]}
        />
      ) : database.note ? (
        <Alert style={{ marginTop: 16 }} type="info" showIcon title={database.note} />
      ) : null}
    </Card>
  );
}

const REDIS_LABELS: Record<string, string> = {
  redis_version: "版本",
  redis_mode: "模式",
  uptime_in_seconds: "运行时长(秒)",
  connected_clients: "客户端连接数",
  used_memory_human: "已用内存",
  used_memory_peak_human: "内存峰值",
  maxmemory_human: "内存上限",
  total_commands_processed: "已处理命令数",
  keyspace_hits: "命中次数",
  keyspace_misses: "未命中次数",
};

function RedisCard({ redis }: { redis: ServerFigures["redis"] }) {
  return (
    <Card title="Redis" size="small">
      {!redis.configured ? (
        <Alert type="info" showIcon title="未配置 Redis（REDIS_URL），通知仅在本实例内分发" />
      ) : redis.error ? (
        <Alert type="error" showIcon title={redis.error} />
      ) : (
        <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
          {Object.entries(REDIS_LABELS)
            .filter(([key]) => redis.info?.[key] !== undefined)
            .map(([key, label]) => (
              <Descriptions.Item key={key} label={label}>
                {redis.info?.[key]}
              </Descriptions.Item>
            ))}
        </Descriptions>
      )}
    </Card>
  );
}

function TraceCard({ trace }: { trace: ServerFigures["trace"] }) {
  return (
    <Card title="最近请求" size="small">
      <Space size="large" wrap style={{ marginBottom: 12 }}>
        <Statistic title="启动以来请求数" value={trace.total} />
        <Statistic title={`最近 ${trace.kept} 个请求耗时 p50`} value={trace.p50Ms ?? "-"} suffix="ms" />
        <Statistic title="p95" value={trace.p95Ms ?? "-"} suffix="ms" />
        <Statistic title="失败" value={trace.errors} />
      </Space>
      {/* The table scrolls sideways in a region of its own that the keyboard can reach (axe
          scrollable-region-focusable: antd's scroll={{ x }} made its inner div scroll unreachably). */}
      <div role="region" aria-label="最近请求" tabIndex={0} style={{ overflowX: "auto" }}>
        {/* Wide enough for every column with the path on a line or two: on a phone the region
            scrolls sideways instead of squeezing the path to a letter a line (issue #30). */}
        <Table<TracedRequest>
          size="small"
          style={{ minWidth: 860 }}
          rowKey={(row) => `${row.at}-${row.method}-${row.path}-${row.ms}`}
          dataSource={trace.requests}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          columns={[
            { title: "时间", dataIndex: "time", width: 170 },
            { title: "方法", dataIndex: "method", width: 80 },
            { title: "路径", dataIndex: "path", render: (path: string) => <Typography.Text style={{ wordBreak: "break-all" }}>{path}</Typography.Text> },
            { title: "状态", dataIndex: "status", width: 80, render: (status: number) => <Badge status={statusColor(status)} text={status} /> },
            { title: "耗时(ms)", dataIndex: "ms", width: 90 },
            { title: "用户", dataIndex: "username", width: 120 },
          ]}
        />
      </div>
    </Card>
  );
}

export default function ServerPage({ loaderData }: Route.ComponentProps) {
  const { title, figures } = loaderData;
  const revalidator = useRevalidator();
  return (
    <Card
      title={title}
      className="monitor-server"
      extra={
        <Space>
          <Typography.Text type="secondary">{`读取时间：${figures.readAt ?? ""}`}</Typography.Text>
          <Button icon={<ReloadOutlined />} loading={revalidator.state !== "idle"} onClick={() => void revalidator.revalidate()}>
            刷新
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <ProcessCard figures={figures.process} />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <DatabaseCard database={figures.database} />
          </Col>
          <Col xs={24} xl={12}>
            <RedisCard redis={figures.redis} />
          </Col>
        </Row>
        <TraceCard trace={figures.trace} />
      </Space>
    </Card>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
