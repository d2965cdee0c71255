// 部门管理: the page's endpoints, the department form's schema and the users tab's columns, as
// declarations (docs/style.md). The zod schema checks the form in the browser and again in the action.
import { z } from "zod";
import type { ListColumn } from "~/components/widgets/list/list-page";
import { PAGES_WITHOUT_MODULE } from "#contract/page-paths";

export const DEPART_PAGE = {
  path: PAGES_WITHOUT_MODULE["system/DepartList"],
  permissionPrefix: "depart",
  url: {
    treeList: "/sys/sysDepart/queryTreeList",
    searchBy: "/sys/sysDepart/searchBy",
    add: "/sys/sysDepart/add",
    edit: "/sys/sysDepart/edit",
    delete: "/sys/sysDepart/delete",
    deleteBatch: "/sys/sysDepart/deleteBatch",
  },
  /** The 用户信息 tab (JeecgBoot's DepartUserInfoTab). */
  users: {
    list: "/sys/user/departUserList",
    link: "/sys/user/editSysDepartWithUser",
    unlink: "/sys/user/deleteUserInDepart",
    unlinkBatch: "/sys/user/deleteUserInDepartBatch",
  },
} as const;

/** URL search params of the page: the chosen department and tab (the rest is the users list). */
export const DEPART_PARAM = "depId";
export const TAB_PARAM = "tab";
export type DepartTab = "base" | "users";

const optionalText = (max: number) => z.string().trim().max(max, `最大长度${max}位字符`).default("");

export const departFormSchema = z.object({
  departName: z.string().trim().min(1, "请输入机构/部门名称!").max(100, "最大长度100位字符"),
  parentId: z.string().default(""),
  orgCategory: z.enum(["1", "2", "3"], { message: "请选择机构类型!" }),
  departOrder: z
    .string()
    .trim()
    .default("")
    .refine((value) => value === "" || /^-?\d{1,9}$/.test(value), "排序必须是整数"),
  mobile: optionalText(32),
  fax: optionalText(32),
  address: optionalText(100),
  memo: optionalText(500),
  id: z.string().optional(),
});
export type DepartFormValues = z.infer<typeof departFormSchema>;

/** The form's values as the backend's body (`departOrder` a number; the parent only on add). */
export function departBody(values: DepartFormValues): Record<string, unknown> {
  const { id, parentId, departOrder, ...rest } = values;
  return {
    ...rest,
    departOrder: departOrder === "" ? 0 : Number(departOrder),
    ...(id ? { id } : parentId ? { parentId } : {}),
  };
}

export const departUserColumns: ListColumn[] = [
  { title: "用户账号", dataIndex: "username", sorter: true, width: 130 },
  { title: "用户名称", dataIndex: "realname", sorter: true, width: 110 },
  { title: "部门", dataIndex: "orgCodeTxt", width: 160 },
  { title: "性别", dataIndex: "sex", dict: true, width: 60 },
  { title: "电话", dataIndex: "phone", width: 120 },
];
