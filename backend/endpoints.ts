// Every endpoint of the embedded backend, in one list.
import type { Endpoint } from "./http/endpoint";
import { authEndpoints } from "./modules/auth/endpoints";
import { dictEndpoints } from "./modules/dict/endpoints";
import { userEndpoints } from "./modules/user/user-endpoints";
import { roleEndpoints } from "./modules/role/role-endpoints";
import { departEndpoints } from "./modules/depart/depart-endpoints";
import { positionEndpoints } from "./modules/position/position-endpoints";
import { categoryEndpoints } from "./modules/category/category-endpoints";
import { checkRuleEndpoints } from "./modules/check-rule/check-rule-endpoints";
import { duplicateEndpoints } from "./modules/duplicate/duplicate-endpoints";
import { announcementEndpoints } from "./modules/announcement/endpoints";
import { fileEndpoints } from "./modules/files/endpoints";
import { menuAdminEndpoints } from "./modules/permission/menu-admin-endpoints";

export const allEndpoints: Endpoint[] = [
  ...authEndpoints,
  ...dictEndpoints,
  // System administration on the CRUD engine (backend/crud/engine.ts).
  ...userEndpoints,
  ...roleEndpoints,
  ...departEndpoints,
  ...positionEndpoints,
  ...categoryEndpoints,
  ...checkRuleEndpoints,
  ...duplicateEndpoints,
  ...announcementEndpoints,
  ...fileEndpoints,
  ...menuAdminEndpoints,
];
