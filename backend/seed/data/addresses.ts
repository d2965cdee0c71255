// 地址 demo rows (issue #14 item 6): a delivery address for every third parent (the default), a
// second one for every ninth, in Beijing's and Shanghai's districts.
import type * as schema from "../../db/schema";
import { stableId } from "../../db/ids";
import { areaCodesOf } from "#contract/modules/address";

const DISTRICTS = ["110101", "110105", "110108", "110113", "310104", "310115"];
const STREETS = ["建国路", "望京街", "中关村大街", "顺义大道", "漕溪北路", "世纪大道"];

export function demoAddresses(
  parents: ReadonlyArray<typeof schema.schoolParent.$inferInsert>,
  createBy: string,
): Array<typeof schema.shopAddress.$inferInsert> {
  return parents.flatMap((parent, index) => {
    if (index % 3 !== 0) return [];
    const count = index % 9 === 0 ? 2 : 1;
    return Array.from({ length: count }, (_, second) => {
      const pick = (index + second * 2) % DISTRICTS.length;
      return {
        id: stableId("address", parent.id!, String(second)),
        tenantId: 1,
        parentId: parent.id!,
        receiver: parent.name,
        phone: parent.phone ?? "13800000000",
        ...areaCodesOf(DISTRICTS[pick]!)!,
        detail: `${STREETS[pick]}${(index % 90) + 1}号${second ? "（公司）" : ""}`,
        isDefault: second === 0 ? "Y" : "N",
        createBy,
      };
    });
  });
}
