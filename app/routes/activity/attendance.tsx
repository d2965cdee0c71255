// 出勤 of an activity (/activity/attendance?id=&date=, issue #29 item 5, docs/decisions/162; a
// community activity's at /activity/community/attendance, decision 168, the same page): one
// session (a date of the activity) at a time, each student holding a place marked 出席 / 缺席 / 请假
// and saved at once (出勤, activity:attendance). A plain form: the marks are native radios, so it
// works before JavaScript has loaded. 打印 opens the A4 print view of the same session.
import { Alert, Button, Card, Empty, Radio, Space, Table, Typography } from "antd";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/attendance";
import { ATTENDANCE_TEXT, attendanceBookOf, attendancePermission } from "#contract/modules/activity";
import { MARK_PREFIX, attendanceHref, attendancePrint, attendanceSheetSchema, type AttendanceSheet } from "~/components/activity/attendance-sheet";
import { HasPermission } from "~/components/shell/permission/has-permission";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData, withRouteFailures } from "~/services/route-errors.server";

const STATUS_TEXT: Record<string, string> = { "1": "待确认", "2": "已确认" };

export async function loader(route: Route.LoaderArgs) {
  const book = attendanceBookOf(route.url.pathname);
  const access = await requireMenuPage(route, book.module.page);
  const id = route.url.searchParams.get("id") ?? "";
  const date = route.url.searchParams.get("date") ?? "";
  const answer = await withRouteFailures(() => access.signedIn.api.get(`${book.api}/sheet`, attendanceSheetSchema, { activityId: id, ...(date ? { date } : {}) }));
  return { sheet: answer.result };
}

export async function action(route: Route.ActionArgs) {
  const book = attendanceBookOf(new URL(route.request.url).pathname);
  const access = await requireMenuPage(route, book.module.page);
  const form = await route.request.formData();
  const marks = [...form.entries()]
    .filter(([name]) => name.startsWith(MARK_PREFIX))
    .map(([name, value]) => ({ signupId: name.slice(MARK_PREFIX.length), status: String(value) }));
  try {
    const answer = await access.signedIn.api.post(`${book.api}/save`, z.unknown(), { activityId: String(form.get("activityId") ?? ""), date: String(form.get("date") ?? ""), marks });
    return { ok: true, message: answer.message };
  } catch (error) {
    const failure = failureData(error);
    return data({ ok: false, message: failure.failure.message }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: loaded ? `出勤 ${loaded.sheet.activity.title}` : "出勤" }];

type Student = AttendanceSheet["students"][number];

export default function AttendancePage({ loaderData, actionData }: Route.ComponentProps) {
  const { sheet } = loaderData;
  const navigation = useNavigation();
  const book = attendanceBookOf(useLocation().pathname);
  const { activity, date } = sheet;
  return (
    <Card size="small" title={`出勤：${activity.title}`} className="attendance-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{`时间：${activity.start} 至 ${activity.end}${activity.location ? `，地点：${activity.location}` : ""}`}</Typography.Text>
      </Space>
      {/* The session: a GET form, so the chosen date is in the URL. */}
      <form method="get" className="attendance-session">
        <input type="hidden" name="id" value={activity.id} />
        <Space wrap>
          <label htmlFor="attendance-date">场次</label>
          <select id="attendance-date" name="date" defaultValue={date} className="ant-input ant-input-outlined" style={{ width: 160 }} key={date}>
            {sheet.sessions.map((session) => (
              <option key={session} value={session}>
                {session}
              </option>
            ))}
          </select>
          <Button htmlType="submit">查看</Button>
          <Link to={attendanceHref(attendancePrint(book.page), activity.id, date)} target="_blank" reloadDocument>
            打印出勤表
          </Link>
        </Space>
      </form>
      {actionData ? <Alert style={{ margin: "12px 0" }} type={actionData.ok ? "success" : "error"} showIcon message={actionData.message} /> : null}
      <Form method="post" aria-label="出勤" key={date}>
        <input type="hidden" name="activityId" value={activity.id} />
        <input type="hidden" name="date" value={date} />
        <Table<Student>
          className="attendance-table"
          style={{ marginTop: 12 }}
          size="small"
          bordered
          rowKey="signupId"
          pagination={false}
          dataSource={sheet.students}
          locale={{ emptyText: <Empty description="暂无已报名的学生" /> }}
          columns={[
            { title: "序号", width: 60, render: (_value, _row, index) => index + 1 },
            { title: "学号", dataIndex: "studentNo", width: 120 },
            { title: "学生", dataIndex: "studentName", width: 140 },
            { title: "班级", dataIndex: "className", width: 140 },
            { title: "报名状态", dataIndex: "status", width: 90, render: (value: string) => STATUS_TEXT[value] ?? value },
            {
              title: "出勤",
              dataIndex: "attendance",
              render: (value: string | null, row) => (
                <Radio.Group
                  name={`${MARK_PREFIX}${row.signupId}`}
                  defaultValue={value ?? undefined}
                  aria-label={`${row.studentName ?? ""} 出勤`}
                  options={Object.entries(ATTENDANCE_TEXT).map(([code, text]) => ({ value: code, label: text }))}
                />
              ),
            },
          ]}
        />
        <HasPermission code={attendancePermission(book)}>
          <Button type="primary" htmlType="submit" style={{ marginTop: 12 }} loading={navigation.state === "submitting"} disabled={sheet.students.length === 0}>
            保存出勤
          </Button>
        </HasPermission>
      </Form>
    </Card>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
