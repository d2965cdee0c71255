// The 高级查询 button while no query is active: the builder's trigger, and the list page's stand-in
// while the builder's code loads (list-page.tsx), so both look the same.
import { Button } from "antd";
import FilterOutlined from "@ant-design/icons/FilterOutlined";
import { SUPER_QUERY_TEXTS } from "./super-query";

export function SuperQueryButton({ onClick }: { onClick?: () => void }) {
  return (
    <Button type="primary" icon={<FilterOutlined />} onClick={onClick}>
      {SUPER_QUERY_TEXTS.button}
    </Button>
  );
}
