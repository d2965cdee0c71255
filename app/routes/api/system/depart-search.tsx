// GET /api/system/depart-search?keyWord= — 部门管理's search by name (GET /sys/sysDepart/searchBy):
// the matching departments as a flat tree, or the backend's message (`未查询匹配数据！`).
import { z } from "zod";
import type { Route } from "./+types/depart-search";
import { toDepartNodes } from "~/components/system/depart/depart-tree-logic";
import { BackendError } from "~/services/api.server";
import { requireMenuPage } from "~/services/menu-access.server";

const nodesSchema = z.array(z.record(z.string(), z.unknown()));

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, "/isystem/depart");
  const keyWord = (route.url.searchParams.get("keyWord") ?? "").trim();
  if (!keyWord) return { ok: false as const, message: "请输入搜索内容" };
  try {
    const { result } = await access.signedIn.api.get("/sys/sysDepart/searchBy", nodesSchema, { keyWord });
    return { ok: true as const, nodes: toDepartNodes(result) };
  } catch (error) {
    if (error instanceof BackendError) return { ok: false as const, message: error.failure.message };
    throw error;
  }
}
