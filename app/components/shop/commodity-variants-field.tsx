// A commodity's 规格 on the house's editable grid (规格, 价格, 库存): its value is the rows as JSON
// text, which the action posts as the backend's `variants` array. A blank price is the commodity's;
// with variants, the commodity's stock is the sum of theirs (docs/decisions/161). The backend checks
// the rows again (contract/modules/shop.ts commodityVariantsProblem).
import { Typography } from "antd";
import { COMMODITY_VARIANT_FIELDS as FIELDS, ShopMessages, type CommodityVariantInput } from "#contract/modules/shop";
import { GridTextField } from "~/components/widgets/grid";
import type { GridColumn } from "~/components/widgets/grid/types";
import { jsonRowCodec } from "~/components/widgets/list/module-page";

const COLUMNS: GridColumn[] = [
  { key: "name", title: FIELDS.name.label, type: "input", width: 160, validateRules: [{ required: true, message: FIELDS.name.required }, { unique: true, message: "规格重复" }] },
  { key: "price", title: FIELDS.price.label, type: "inputNumber", width: 170, money: true, validateRules: [{ pattern: "money" }] },
  { key: "stock", title: FIELDS.stock.label, type: "inputNumber", width: 110, statistics: ["sum"], validateRules: [{ required: true, message: FIELDS.stock.required }, { pattern: "z" }] },
];

const { toRows, toText } = jsonRowCodec(["name", "price", "stock"] satisfies Array<keyof CommodityVariantInput>);

export function CommodityVariantsField({ value, onChange, disabled }: { value?: string; onChange?: (value: string) => void; disabled?: boolean }) {
  return (
    <GridTextField
      value={value}
      onChange={onChange}
      disabled={disabled}
      columns={COLUMNS}
      prefix="commodity_variant"
      toRows={toRows}
      toText={toText}
      className="commodity-variants-field"
      footer={<Typography.Text type="secondary">{`如尺码 S/M/L、颜色；有规格时，商品库存为各规格库存之和，下单须选规格（${ShopMessages.tooManyVariants}）`}</Typography.Text>}
    />
  );
}
