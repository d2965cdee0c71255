// 学年, 班级管理 and 升级 (issue #29 items 1-2).
import type { Endpoint } from "../../../http/endpoint";
import { classEndpoints } from "./class-endpoints";
import { promotionEndpoints } from "./promotion";
import { schoolYearCrud } from "./year-endpoints";

export const classesEndpoints: Endpoint[] = [...schoolYearCrud.endpoints, ...classEndpoints, ...promotionEndpoints];
