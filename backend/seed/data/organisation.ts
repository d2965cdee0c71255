// The demo school's organisation: tenants, departments, positions, roles and staff users.
// The admin user is created by the seed runner and is not listed here; no passwords here.
import type { DepartSeed, MenuSeed, PositionSeed, RoleSeed, TenantSeed, UserSeed } from "../types";
import { menuTree } from "./menu";

export const tenants: TenantSeed[] = [
  // The main school; every demo record belongs to it.
  { id: 1, name: "北京国际学校" },
  // A second campus, used to prove tenant isolation.
  { id: 2, name: "上海国际学校" },
];

export const departments: DepartSeed[] = [
  {
    orgCode: "A01",
    name: "北京国际学校",
    nameEn: "Beijing International School",
    category: "1",
    children: [
      { orgCode: "A01A01", name: "校长办公室", nameEn: "Principal's Office", category: "2" },
      {
        orgCode: "A01A02",
        name: "教务处",
        nameEn: "Academic Affairs Office",
        category: "2",
        children: [
          { orgCode: "A01A02A01", name: "小学部", nameEn: "Primary School", category: "2" },
          { orgCode: "A01A02A02", name: "中学部", nameEn: "Secondary School", category: "2" },
        ],
      },
      { orgCode: "A01A03", name: "财务处", nameEn: "Finance Office", category: "2" },
      { orgCode: "A01A04", name: "后勤处", nameEn: "Logistics Office", category: "2" },
      { orgCode: "A01A05", name: "招生办公室", nameEn: "Admissions Office", category: "2" },
    ],
  },
  // The second campus's own organisation chart (tenant isolation: tenant 1 never sees it).
  {
    orgCode: "A02",
    tenant: 2,
    name: "上海国际学校",
    nameEn: "Shanghai International School",
    category: "1",
    children: [{ orgCode: "A02A01", name: "校务办公室", nameEn: "School Office", category: "2" }],
  },
];

export const positions: PositionSeed[] = [
  { code: "principal", name: "校长", rank: "5" },
  { code: "dean", name: "教务主任", rank: "4" },
  { code: "teacher", name: "教师", rank: "3" },
  { code: "accountant", name: "会计", rank: "3" },
  { code: "cashier", name: "出纳", rank: "2" },
  { code: "clerk", name: "文员", rank: "1" },
];

/** Finds a menu by path anywhere in the tree. */
function findMenu(path: string, menus: MenuSeed[] = menuTree): MenuSeed | undefined {
  for (const menu of menus) {
    if (menu.path === path) return menu;
    const found = menu.children ? findMenu(path, menu.children) : undefined;
    if (found) return found;
  }
  return undefined;
}

/**
 * The paths of every page (leaf menu) below the group menu `groupPath`, hidden pages included.
 * Throws at load time if the group does not exist, so a renamed path cannot go unnoticed.
 */
function pagesUnder(groupPath: string): string[] {
  const group = findMenu(groupPath);
  if (!group?.children) throw new Error(`seed: no menu group ${groupPath}`);
  const out: string[] = [];
  const walk = (menus: MenuSeed[]): void => {
    for (const menu of menus) {
      if (menu.children && menu.children.length > 0) walk(menu.children);
      else out.push(menu.path);
    }
  };
  walk(group.children);
  return out;
}

/** Checks that every listed path is a menu of menu.ts. */
function pages(...paths: string[]): string[] {
  for (const path of paths) {
    if (!findMenu(path)) throw new Error(`seed: no menu ${path}`);
  }
  return paths;
}

const MY_MESSAGES = "/isps/userAnnouncement";

export const roles: RoleSeed[] = [
  {
    code: "admin",
    name: "管理员",
    description: "系统管理员，拥有全部菜单和按钮权限",
    grants: "all",
    // authz: the platform administrator, all-powerful in every tenant (docs/decisions/007).
    platformAdmin: true,
  },
  {
    code: "teacher",
    name: "教师",
    description: "查看和维护学生、家长、教师及活动信息",
    grants: [
      ...pages(
        "/school/student",
        "/school/student/detail",
        "/school/parent",
        "/school/teacher",
        MY_MESSAGES,
      ),
      ...pagesUnder("/activity"),
    ],
  },
  {
    code: "finance",
    name: "财务",
    description: "管理收费项目、账单、付款、收据、凭证与微信交易",
    // 邮件 (billing): finance sends corporate bills and resends the failed ones; 群发 writes to payers (e.g. the overdue).
    grants: [...pagesUnder("/billing"), ...pages("/school/corporation", "/communication/mail", "/communication/compose", MY_MESSAGES)],
  },
  {
    // 等保's audit role (issue #34 item 5, docs/decisions/137; migration 0661 for older databases):
    // reads and exports 系统日志 for a period, and nothing else of the administration.
    code: "auditor",
    name: "审计员",
    description: "查看和导出系统日志（登录、操作、导出、敏感信息查看）",
    grants: pages("/monitor/log"),
  },
  {
    code: "office",
    name: "教务",
    description: "管理学籍人员、活动与消息中心",
    // 教务 keeps the students' and parents' records: it sees their personal data in full.
    viewSensitive: true,
    grants: [
      ...pagesUnder("/school"),
      ...pagesUnder("/activity"),
      // The shop (issue #14): 教务 runs the school shop.
      ...pagesUnder("/shop"),
      ...pagesUnder("/communication"),
      // 地址: the parents' addresses (issue #14 item 6).
      ...pages(MY_MESSAGES, "/shop/address"),
    ],
  },
];

export const demoUsers: UserSeed[] = [
  {
    username: "principal_zhang",
    realname: "张建国",
    sex: 1,
    email: "zhang.jianguo@school.example",
    phone: "13801010001",
    workNo: "BIS0001",
    post: "principal",
    roles: ["office", "finance"],
    departs: ["A01A01"],
    // Oversees both campuses.
    tenants: [1, 2],
  },
  {
    username: "dean_liu",
    realname: "刘芳",
    sex: 2,
    email: "liu.fang@school.example",
    phone: "13801010002",
    workNo: "BIS0002",
    post: "dean",
    roles: ["office"],
    departs: ["A01A02"],
    tenants: [1],
  },
  {
    username: "teacher_li",
    realname: "李明",
    sex: 1,
    email: "li.ming@school.example",
    phone: "15801010003",
    workNo: "BIS0003",
    post: "teacher",
    roles: ["teacher"],
    departs: ["A01A02A01"],
    tenants: [1],
  },
  {
    username: "teacher_chen",
    realname: "陈静",
    sex: 2,
    email: "chen.jing@school.example",
    phone: "15801010004",
    workNo: "BIS0004",
    post: "teacher",
    roles: ["teacher"],
    departs: ["A01A02A02"],
    tenants: [1],
  },
  {
    username: "finance_wang",
    realname: "王丽",
    sex: 2,
    email: "wang.li@school.example",
    phone: "18801010005",
    workNo: "BIS0005",
    post: "accountant",
    roles: ["finance"],
    departs: ["A01A03"],
    tenants: [1],
  },
  {
    username: "cashier_zhao",
    realname: "赵强",
    sex: 1,
    email: "zhao.qiang@school.example",
    phone: "18801010006",
    workNo: "BIS0006",
    post: "cashier",
    roles: ["finance"],
    departs: ["A01A03"],
    tenants: [1],
  },
  {
    username: "clerk_sun",
    realname: "孙悦",
    sex: 2,
    email: "sun.yue@school.example",
    phone: "13701010007",
    workNo: "BIS0007",
    post: "clerk",
    roles: ["office"],
    // Works for admissions and helps the logistics office: two departments (department switch).
    departs: ["A01A05", "A01A04"],
    tenants: [1],
  },
];
