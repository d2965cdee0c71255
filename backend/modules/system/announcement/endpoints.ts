// Every endpoint of the announcement module (api-contract.md §8), for backend/endpoints.ts.
import type { Endpoint } from "../../../http/endpoint";
import { adminAnnouncementEndpoints } from "./admin-endpoints";
import { userAnnouncementEndpoints } from "./user-endpoints";
import { announcementShowEndpoints } from "./show-page";
import { announcementVue3Endpoints } from "./vue3-endpoints";

export const announcementEndpoints: Endpoint[] = [...adminAnnouncementEndpoints, ...userAnnouncementEndpoints, ...announcementShowEndpoints, ...announcementVue3Endpoints];
