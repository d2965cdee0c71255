// A fee project's price by grade on the house's editable grid (年级, 单价): its value is the rows as
// JSON text, which the action posts as the backend's `prices` array. A grade without a row pays the
// project's unit price (docs/decisions/111); the backend checks the rows again.
import { Typography } from "antd";
import type { ProjectPriceInput } from "#contract/modules/billing";
import { GridTextField } from "~/components/widgets/grid";
import type { GridColumn } from "~/components/widgets/grid/types";
import { jsonRowCodec } from "~/components/widgets/list/module-page";

const COLUMNS: GridColumn[] = [
  { key: "grade", title: "年级", type: "select", dictCode: "grade", width: 180, validateRules: [{ required: true, message: "请选择年级" }, { unique: true, message: "年级重复" }] },
  { key: "unitPrice", title: "单价", type: "inputNumber", width: 160, money: true, validateRules: [{ required: true, message: "请输入单价" }, { pattern: "money" }] },
];

const { toRows, toText } = jsonRowCodec(["grade", "unitPrice"] satisfies Array<keyof ProjectPriceInput>);

export function ProjectPricesField({ value, onChange, disabled }: { value?: string; onChange?: (value: string) => void; disabled?: boolean }) {
  return (
    <GridTextField
      value={value}
      onChange={onChange}
      disabled={disabled}
      columns={COLUMNS}
      prefix="project_price"
      toRows={toRows}
      toText={toText}
      className="project-prices-field"
      footer={<Typography.Text type="secondary">未列出的年级按单价收费</Typography.Text>}
    />
  );
}
