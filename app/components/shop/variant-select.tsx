// The 规格 of a cart row: a select of the variants of the commodity chosen in the same form (none
// when it has none), docs/decisions/161. The backend requires one exactly when the commodity has variants.
import { Form, Select, Typography } from "antd";
import type { CommodityChoice } from "./order-lines";

export function VariantSelect(props: { commodities: readonly CommodityChoice[]; value?: string; onChange?: (value: string) => void; disabled?: boolean }) {
  const { commodities, value, onChange, disabled } = props;
  const commodityId = Form.useWatch("commodityId") as string | undefined;
  const variants = commodities.find((commodity) => commodity.id === commodityId)?.variants ?? [];
  if (variants.length === 0) return <Typography.Text type="secondary">{value ? "" : "该商品没有规格"}</Typography.Text>;
  return (
    <Select
      value={value || undefined}
      onChange={(next: string) => onChange?.(next)}
      disabled={disabled}
      placeholder="请选择规格"
      options={variants.map((variant) => ({ value: variant.id, label: `${variant.name}（库存 ${variant.stock}）` }))}
    />
  );
}
