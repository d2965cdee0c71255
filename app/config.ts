// Build settings of the shell (spec/app-shell.md §1, §9). Browser-safe: no secrets here.
export const PLATFORM_NAME = "国际学校综合管理平台";
export const DEFAULT_DOCUMENT_TITLE = "Manage System";
export const HOME_PATH = "/dashboard/analysis";
export const LOGIN_PATH = "/user/login";
/** Routes reachable without a session (spec/app-shell.md §2 "Route guard"). */
export const PUBLIC_PATHS = ["/user/login", "/user/register", "/user/register-result", "/user/alteration"] as const;
