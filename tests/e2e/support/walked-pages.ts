// The pages the walk of every page loads (support/page-walk.ts): every page of the
// product's catalogue, and the pages outside the menu every signed-in user opens (the account
// centre from the user menu, and /test/home).
import { PAGE_CATALOGUE } from "../../../app/pages";

const STATIC_PAGES = [
  "/account/center",
  "/account/settings/base",
  "/account/settings/security",
  "/account/settings/binding",
  "/account/settings/notification",
  "/account/settings/custom",
  "/test/home",
];

export const WALKED_PAGES: readonly string[] = [...PAGE_CATALOGUE.map(([, path]) => path), ...STATIC_PAGES];
