// 活动管理 (issue #14): activities, community activities, sign-ups and third-party activities.
import type { Endpoint } from "../../http/endpoint";
import { activityEndpoints } from "./activity/activity-endpoints";
import { attendanceEndpoints } from "./attendance/attendance-endpoints";
import { signupEndpoints } from "./signup/signup-endpoints";
import { thirdPartyEndpoints } from "./third-party/third-party-endpoints";

export const activityAreaEndpoints: Endpoint[] = [...activityEndpoints, ...signupEndpoints, ...attendanceEndpoints, ...thirdPartyEndpoints];
