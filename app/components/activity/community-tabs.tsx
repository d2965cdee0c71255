// The chosen community activity under the list, as the original's tab list (master-detail): 活动
// (its fields and content), 报名 (its sign-ups) and 缴费 (the bills its paid sign-ups created).
import { Card, Descriptions, Empty, Table, Tabs, Tag } from "antd";
import { Link } from "react-router";
import { billModule } from "#contract/modules/billing";
import { RichTextView } from "~/components/shell/notices/rich-text-view";
import type { FieldOption } from "~/components/widgets/list/types";

export interface CommunityDetail {
  activity: Record<string, unknown>;
  signups: Array<Record<string, unknown>>;
  bills: Array<Record<string, unknown>>;
}

const billHref = (id: unknown) => `${billModule.page}?form=detail&id=${encodeURIComponent(String(id))}`;
const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));
const labelOf = (options: readonly FieldOption[] | undefined, value: unknown) => options?.find((option) => option.value === String(value))?.label ?? text(value);

export function CommunityTabs({ detail, signupStatus, billStatus }: { detail: CommunityDetail; signupStatus?: FieldOption[]; billStatus?: FieldOption[] }) {
  const { activity } = detail;
  // The places held: 待确认 and 已确认 (候补 and 已取消 hold none, docs/decisions/162).
  const live = detail.signups.filter((signup) => ["1", "2"].includes(String(signup.status))).length;
  return (
    <Card size="small" title={`社区活动：${text(activity.title)}`} style={{ marginTop: 12 }} data-testid="community-detail">
      <Tabs
        items={[
          {
            key: "activity",
            label: "活动",
            children: (
              <>
                <Descriptions size="small" column={3} bordered>
                  <Descriptions.Item label="组织者">{text(activity.organiser)}</Descriptions.Item>
                  <Descriptions.Item label="地点">{text(activity.location)}</Descriptions.Item>
                  <Descriptions.Item label="状态">{text(activity.status_dictText)}</Descriptions.Item>
                  <Descriptions.Item label="开始时间">{text(activity.startTime)}</Descriptions.Item>
                  <Descriptions.Item label="报名截止">{text(activity.signupDeadline)}</Descriptions.Item>
                  <Descriptions.Item label="名额">{`${live} / ${text(activity.capacity)}`}</Descriptions.Item>
                  <Descriptions.Item label="费用">{text(activity.fee)}</Descriptions.Item>
                </Descriptions>
                {/* Cleaned again before display, as notices are. */}
                <div style={{ marginTop: 12 }}>
                  <RichTextView html={text(activity.content)} className="community-content" />
                </div>
              </>
            ),
          },
          {
            key: "signups",
            label: `报名 (${detail.signups.length})`,
            children: (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={detail.signups}
                locale={{ emptyText: <Empty description="暂无报名" /> }}
                columns={[
                  { title: "学生", dataIndex: "studentName" },
                  { title: "家长", dataIndex: "parentName" },
                  { title: "报名时间", dataIndex: "signupTime" },
                  { title: "状态", dataIndex: "status", render: (value) => <Tag>{labelOf(signupStatus, value)}</Tag> },
                  // The sign-up's bill, opened in 账单's 详情.
                  { title: "账单", dataIndex: "billNo", render: (value, row) => (value && row.billId ? <Link to={billHref(row.billId)}>{text(value)}</Link> : text(value)) },
                ]}
              />
            ),
          },
          {
            key: "bills",
            label: `缴费 (${detail.bills.length})`,
            children: (
              <Table
                size="small"
                rowKey="signupId"
                pagination={false}
                dataSource={detail.bills}
                locale={{ emptyText: <Empty description="暂无账单" /> }}
                columns={[
                  { title: "账单编号", dataIndex: "billNo", render: (value, row) => <Link to={billHref(row.id)}>{text(value)}</Link> },
                  { title: "学生", dataIndex: "studentName" },
                  { title: "明细", dataIndex: "itemName" },
                  { title: "金额", dataIndex: "amount" },
                  { title: "已付金额", dataIndex: "paidAmount" },
                  { title: "状态", dataIndex: "status", render: (value) => labelOf(billStatus, value) },
                ]}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
