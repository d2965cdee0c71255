// The popup cell's rules (docs/spec/widgets.md §2 "Generic popup picker", §5 and §8 "Popup picker")
// and the store's active cell (one heavy editor per grid, docs/decisions/038).
import { describe, expect, it } from "vitest";
import { popupMapping, popupPickProblem, popupValues, POPUP_TEXTS } from "~/components/widgets/grid/popup";
import { GridStore } from "~/components/widgets/grid/grid-store";

describe("popup cells", () => {
  it("pairs the original fields with the destination fields", () => {
    expect(popupMapping({ popupCode: "users", orgFields: "username, realname", destFields: "owner,remark" })).toEqual({
      ok: true,
      pairs: [
        ["username", "owner"],
        ["realname", "remark"],
      ],
    });
  });

  it("refuses a popup without a code or fields, and fields of different counts", () => {
    expect(popupMapping({ popupCode: "", orgFields: "a", destFields: "b" })).toEqual({ ok: false, message: POPUP_TEXTS.misconfigured });
    expect(popupMapping({ popupCode: "users", orgFields: "", destFields: "b" })).toEqual({ ok: false, message: POPUP_TEXTS.misconfigured });
    expect(popupMapping({ popupCode: "users", orgFields: "a,b", destFields: "c" })).toEqual({
      ok: false,
      message: "popup parameters not configured correctly!",
      detail: POPUP_TEXTS.countsDiffer,
    });
  });

  it("refuses confirming nothing, or several rows in single mode", () => {
    expect(popupPickProblem(0, false)).toBe("please select one record");
    expect(popupPickProblem(0, true)).toBe("please select one record");
    expect(popupPickProblem(2, false)).toBe("please select one record");
    expect(popupPickProblem(1, false)).toBeNull();
    expect(popupPickProblem(3, true)).toBeNull();
  });

  it("copies each original field of the chosen rows to its destination, comma-joined", () => {
    const pairs: Array<[string, string]> = [
      ["username", "owner"],
      ["realname", "remark"],
    ];
    expect(popupValues(pairs, [{ username: "admin", realname: "管理员" }])).toEqual({ owner: "admin", remark: "管理员" });
    expect(popupValues(pairs, [{ username: "a", realname: null }, { username: "b", realname: "乙" }])).toEqual({ owner: "a,b", remark: "乙" });
  });
});

describe("the grid store's active cell", () => {
  it("keeps one active cell and re-renders only the rows it leaves and enters", () => {
    const store = new GridStore([
      { id: "r1", name: "甲" },
      { id: "r2", name: "乙" },
      { id: "r3", name: "丙" },
    ]);
    const touched: string[] = [];
    for (const id of ["r1", "r2", "r3"]) store.subscribeRow(id, () => touched.push(id));
    store.activate("r1", "name");
    expect(store.rowSnapshot("r1")?.active).toBe("name");
    store.activate("r1", "name");
    store.activate("r2", "age");
    expect(store.rowSnapshot("r1")?.active).toBeNull();
    expect(store.rowSnapshot("r2")?.active).toBe("age");
    expect(touched).toEqual(["r1", "r1", "r2"]);
  });

  it("finds rows by id after inserts, moves and removals", () => {
    const store = new GridStore([
      { id: "a", name: "1" },
      { id: "b", name: "2" },
    ]);
    store.insert([{ id: "c", name: "3" }], 0);
    store.move(0, 2);
    // Position 0 is the bottom (spec §2): a, b, c, then a moved to the end.
    expect(store.rows.map((row) => row.id)).toEqual(["b", "c", "a"]);
    for (const [index, row] of store.rows.entries()) expect(store.indexOf(row.id)).toBe(index);
    store.setCell("c", "name", "三");
    expect(store.rows.find((row) => row.id === "c")?.name).toBe("三");
    store.remove(["a"]);
    expect(store.indexOf("a")).toBe(-1);
    store.setCell("b", "name", "二");
    expect(store.rowSnapshot("b")?.row.name).toBe("二");
  });

  it("gives a row's listener its moved row at once (a drag re-renders from the new order)", () => {
    const store = new GridStore(
      [
        { id: "a", name: "甲", orderNum: "1" },
        { id: "b", name: "乙", orderNum: "2" },
      ],
      "orderNum",
    );
    const seen: Record<string, string | undefined> = {};
    for (const id of ["a", "b"]) store.subscribeRow(id, () => (seen[id] = store.rowSnapshot(id)?.row.name));
    store.move(1, 0);
    expect(seen).toEqual({ a: "甲", b: "乙" });
    expect(store.rowSnapshot("b")?.row).toEqual({ id: "b", name: "乙", orderNum: "1" });
  });
});
