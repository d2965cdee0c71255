// 地址 (/shop/address, school-domain.md "Activities and the shop"): a parent's delivery addresses.
// The area selector (app/components/widgets/area) chooses the district; the server stores its
// province and city codes beside it. One default per parent (docs/decisions/040).
import { defineModule } from "./module";
import { PARENT_DICT } from "./people";

/** The answers of the address module's own rules. */
export const AddressMessages = {
  badArea: "请选择正确的省市区",
  unknownParent: "家长不存在",
  defaultSet: "已设为默认地址",
} as const;

/** The province and city codes of a 6-digit district code (the division codes' own structure). */
export function areaCodesOf(district: string): { province: string; city: string; district: string } | null {
  if (!/^\d{6}$/.test(district) || district.endsWith("00")) return null;
  return { province: `${district.slice(0, 2)}0000`, city: `${district.slice(0, 4)}00`, district };
}

export const addressModule = defineModule({
  title: "地址信息",
  table: "shop_address",
  api: "/shop/address",
  page: "/shop/address",
  permissionPrefix: "address",
  fields: {
    parentId: { label: "家长", dict: PARENT_DICT, required: "请选择家长!", show: { search: true } },
    receiver: { label: "收货人", required: "请输入收货人!", maxLength: 50, show: { search: true } },
    phone: { label: "手机号", required: "请输入手机号!", pattern: "m", show: { search: true } },
    // The deepest code the area selector chooses; province and city follow from it (server).
    district: { label: "所在地区", required: "请选择省市区!", pattern: { regex: /^\d{6}$/, message: AddressMessages.badArea }, show: { query: false } },
    province: { label: "省", readOnly: true, show: { list: false, excel: false, query: false, detail: false } },
    city: { label: "市", readOnly: true, show: { list: false, excel: false, query: false, detail: false } },
    detail: { label: "详细地址", required: "请输入详细地址!", maxLength: 200 },
    isDefault: { label: "默认地址", dict: "yn", show: { search: true } },
    remark: { label: "备注", maxLength: 255, show: { list: false, query: false } },
    createTime: { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false, list: false } },
  },
});
