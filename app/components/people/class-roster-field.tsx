// 班级's roster in its detail and edit form: the students of the class in its year with the parent
// who pays, read from /api/people/class-roster; 导出名单 downloads it as .xlsx, 打印名单 opens the A4
// print view. Students join a class from their own form (学生 → 班级).
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Alert, Space, Table, Typography } from "antd";
import { RELATION_TEXT, SEX_TEXT, STATUS_TEXT, rosterExportHref, rosterPrintHref, type ClassRosterData } from "./class-roster";
import { fileUrl } from "~/components/widgets/upload/upload-logic";

type Answer = { ok: true; roster: ClassRosterData } | { ok: false; failure: { message: string } };
type Student = ClassRosterData["students"][number];

export function ClassRosterField({ classId }: { classId: string | null }) {
  const fetcher = useFetcher<Answer>();
  useEffect(() => {
    if (classId) void fetcher.load(`/api/people/class-roster?id=${encodeURIComponent(classId)}`);
    // Loaded once per class shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [classId]);
  if (!classId) return <Typography.Text type="secondary">保存班级后，在学生信息中选择班级即可加入名单</Typography.Text>;
  const answer = fetcher.data;
  if (answer && !answer.ok) return <Alert type="error" title={answer.failure.message} />;
  const roster = answer?.ok ? answer.roster : null;
  return (
    <div className="class-roster">
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Text>{roster ? `共 ${roster.students.length} 名学生${roster.capacity !== null ? `，容量 ${roster.capacity} 人` : ""}` : "加载中…"}</Typography.Text>
        <a href={rosterExportHref(classId)}>导出名单</a>
        <a href={rosterPrintHref(classId)} target="_blank" rel="noreferrer">
          打印名单
        </a>
      </Space>
      <Table<Student>
        size="small"
        rowKey="studentId"
        loading={fetcher.state !== "idle"}
        dataSource={roster?.students ?? []}
        pagination={{ pageSize: 10, showTotal: (count) => `共${count}条` }}
        columns={[
          {
            title: "照片",
            dataIndex: "photo",
            width: 56,
            render: (value: string | null) => (value ? <img src={fileUrl(value.split(",")[0]!)} alt="照片" className="roster-photo" /> : null),
          },
          { title: "学号", dataIndex: "studentNo" },
          { title: "中文名", dataIndex: "nameCn" },
          { title: "英文名", dataIndex: "nameEn" },
          { title: "性别", dataIndex: "sex", render: (value: string | null) => SEX_TEXT[value ?? ""] ?? "" },
          { title: "状态", dataIndex: "status", render: (value: string | null) => STATUS_TEXT[value ?? ""] ?? "" },
          { title: "付款家长", dataIndex: "payerName" },
          { title: "关系", dataIndex: "payerRelation", render: (value: string | null) => RELATION_TEXT[value ?? ""] ?? "" },
          { title: "家长手机号", dataIndex: "payerPhone" },
        ]}
      />
    </div>
  );
}
