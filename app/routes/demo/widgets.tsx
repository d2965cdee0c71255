// 组件示例 → /demo/widgets: the small widgets of docs/spec/widgets.md §2 to try (administrators only, by
// the menu). The form is a plain POST: the action answers what the fields posted.
import { useState } from "react";
import { Form as RouterForm, useNavigation } from "react-router";
import { App, Button, Card, Col, Descriptions, Flex, Form, Row } from "antd";
import type { Route } from "./+types/widgets";
import { requireMenuPage } from "~/services/menu-access.server";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { AreaSelect } from "~/components/widgets/area";
import { useAreaTable } from "~/components/widgets/area/area-select";
import { areaText } from "~/components/widgets/area/area-data";
import { BIZ_PICKER_PAGING, PopupField, RecordPicker, type RecordPickerConfig, type PickerRow } from "~/components/widgets/pickers";
import { PromptDialog } from "~/components/widgets/prompt";
import { ContextMenu } from "~/components/widgets/context-menu";
import { SliderVerify } from "~/components/widgets/slider-verify";
import { TagInput } from "~/components/widgets/tag-input";
import { InputPop } from "~/components/widgets/input-pop";
import { TreeTable } from "~/components/widgets/tree-table";
import { EditableGrid, readGridField, type GridColumn } from "~/components/widgets/grid";
import { installAreaCell } from "~/components/widgets/area/area-cell";

installAreaCell();

/** A small grid of addresses: the area selector as the grid's `area` cell type. */
const ADDRESS_GRID = "addresses";
const addressColumns: GridColumn[] = [
  { key: "area", title: "所在地区", type: "area", width: 300, validateRules: [{ required: true, message: "请选择所在地区" }] },
  { key: "address", title: "详细地址", type: "input", width: 240 },
];
const addressRows = [{ id: "demo_address_1", area: "110101", address: "景山前街4号" }];

/**
 * The generic popup picker on an online report (docs/spec/widgets.md §2, §3): the report of code
 * `demo_report` (defined in 报表配置 with the columns username and realname) as a grid cell and
 * as a form field; the chosen row's username fills 账号, its realname 姓名.
 */
const REPORT_POPUP = { code: "demo_report", orgFields: "username,realname" } as const;
const reportPopupColumns: GridColumn[] = [
  { key: "account", title: "账号", type: "popup", popupCode: REPORT_POPUP.code, orgFields: REPORT_POPUP.orgFields, destFields: "account,realname", width: 200 },
  { key: "realname", title: "姓名", type: "input", width: 200 },
];
const reportPopupRows = [{ id: "demo_report_row_1", account: "", realname: "" }];

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route);
  return { title: access.node.meta.title ?? "组件示例" };
}

const POSTED_FIELDS = ["area", "position", "tags", "remark", "verified"] as const;

export async function action(route: Route.ActionArgs) {
  await requireMenuPage(route);
  const form = await route.request.formData();
  const grid = readGridField(form, ADDRESS_GRID);
  return {
    posted: Object.fromEntries(POSTED_FIELDS.map((field) => [field, String(form.get(field) ?? "")])),
    addresses: grid.ok ? grid.value.rows.map((row) => ({ area: row.area ?? "", address: row.address ?? "" })) : [],
  };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "组件示例" }];

/** Positions as the business records of the picker demo. */
const positionPicker: RecordPickerConfig<PickerRow> = {
  title: "选择职务",
  width: 900,
  listUrl: "/api/widgets/positions",
  columns: [
    { title: "职务名称", dataIndex: "name", align: "center" },
    { title: "职务编码", dataIndex: "code", align: "center" },
  ],
  selectedColumns: [
    { title: "职务名称", dataIndex: "name", align: "center" },
    { title: "职务编码", dataIndex: "code", align: "center" },
  ],
  filters: [{ name: "name", label: "职务名称", kind: "text" }],
  labelField: "name",
  placeholder: "请选择职务",
  paging: BIZ_PICKER_PAGING,
};

export default function WidgetsDemoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { message } = App.useApp();
  const navigation = useNavigation();
  const areas = useAreaTable();
  const [values, setValues] = useState({ area: "", position: "", tags: "", remark: "" });
  const [prompt, setPrompt] = useState(false);
  const set = (field: keyof typeof values) => (value: string) => setValues((before) => ({ ...before, [field]: value }));
  const posted = actionData?.posted;

  return (
    <Flex vertical gap={16}>
      <Card title={loaderData.title}>
        <RouterForm method="post" className="ant-form ant-form-vertical">
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item label="省市区" htmlFor="demo-area">
                <AreaSelect id="demo-area" aria-label="省市区" name="area" value={values.area} onChange={set("area")} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="业务记录（职务）" htmlFor="demo-position">
                <RecordPicker
                  id="demo-position"
                  name="position"
                  config={positionPicker}
                  valueField="code"
                  multiple
                  value={values.position}
                  onChange={set("position")}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="标签" htmlFor="demo-tags">
                <TagInput id="demo-tags" aria-label="标签" name="tags" value={values.tags} onChange={set("tags")} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="备注" htmlFor="demo-remark">
                <InputPop id="demo-remark" aria-label="备注" title="备注" name="remark" value={values.remark} onChange={set("remark")} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label="地址表格">
                <EditableGrid name={ADDRESS_GRID} columns={addressColumns} rows={addressRows} tablePrefix="demo_address" maxHeight={240} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="滑块验证">
                <SliderVerify name="verified" onVerified={() => void message.success("验证通过")} />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" loading={navigation.state === "submitting"}>
            提交
          </Button>
        </RouterForm>
        {posted ? (
          <Descriptions className="demo-posted" title="已提交" bordered size="small" column={1} style={{ marginTop: 16 }}>
            <Descriptions.Item label="省市区">
              <span data-testid="posted-area">{posted.area}</span> {areas && posted.area ? areaText(areas, posted.area) : ""}
            </Descriptions.Item>
            <Descriptions.Item label="职务">{posted.position}</Descriptions.Item>
            <Descriptions.Item label="标签">{posted.tags}</Descriptions.Item>
            <Descriptions.Item label="备注">{posted.remark}</Descriptions.Item>
            <Descriptions.Item label="滑块验证">{posted.verified === "true" ? "验证通过" : "未验证"}</Descriptions.Item>
            <Descriptions.Item label="地址表格">
              <span data-testid="posted-addresses">
                {(actionData?.addresses ?? []).map((row) => `${row.area} ${areas && row.area ? areaText(areas, row.area) : ""} ${row.address}`.trim()).join("；")}
              </span>
            </Descriptions.Item>
          </Descriptions>
        ) : null}
      </Card>

      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Card title="提示输入框">
            <Button onClick={() => setPrompt(true)}>输入分组名称</Button>
            <PromptDialog
              open={prompt}
              title="新建分组"
              content="分组名称"
              rules={[
                { required: true, message: "请输入分组名称" },
                { pattern: /^[\u4e00-\u9fa5A-Za-z0-9]{2,10}$/, message: "2-10位中文、字母或数字" },
              ]}
              onCancel={() => setPrompt(false)}
              onOk={(value) => {
                setPrompt(false);
                void message.success(`已创建分组：${value}`);
              }}
            />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title="右键菜单">
            <ContextMenu
              items={[
                { key: "refresh", label: "刷新" },
                { key: "copy", label: "复制" },
                { key: "delete", label: "删除", danger: true },
              ]}
              onSelect={(key) => void message.info(`选择了：${key}`)}
            >
              <div style={{ padding: 32, border: "1px dashed #d9d9d9", textAlign: "center" }}>在此区域点击右键</div>
            </ContextMenu>
          </Card>
        </Col>
      </Row>

      <ReportPopupCard />

      <Card title="树形表格">
        <TreeTable
          url="/api/demo/depart-levels"
          labelField="departName"
          columns={[
            { title: "部门名称", dataIndex: "departName" },
            { title: "机构编码", dataIndex: "orgCode" },
          ]}
        />
      </Card>
    </Flex>
  );
}

function ReportPopupCard() {
  const [picked, setPicked] = useState<Record<string, string>>({});
  return (
    <Card title="报表弹窗（在线报表 demo_report）" className="demo-report-popup">
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label="账号" htmlFor="demo-popup-account">
          <PopupField
            id="demo-popup-account"
            code={REPORT_POPUP.code}
            orgFields={REPORT_POPUP.orgFields}
            destFields="account,realname"
            title="账号"
            value={picked.account ?? ""}
            onPick={(values) => setPicked(values)}
          />
        </Form.Item>
        <Form.Item label="姓名">
          <span data-testid="demo-popup-realname">{picked.realname ?? ""}</span>
        </Form.Item>
      </Form>
      <EditableGrid columns={reportPopupColumns} rows={reportPopupRows} rowNumber size="small" tablePrefix="demo_report_popup" />
    </Card>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
