// Build settings of the shell (docs/spec/app-shell.md §1, §9). Browser-safe: no secrets here.
export const PLATFORM_NAME = "国际学校综合管理平台";
/** The document's title where no tab names it (docs/decisions/184: Chinese, the platform's name). */
export const DEFAULT_DOCUMENT_TITLE = PLATFORM_NAME;
export const HOME_PATH = "/dashboard/analysis";
export const LOGIN_PATH = "/user/login";
/** Where an account whose password someone else chose chooses its own (docs/decisions/011). */
export const PASSWORD_CHANGE_PATH = "/user/password";
/** Where an account of several tenants or departments chooses one after signing in (docs/decisions/049). */
export const SIGN_IN_CHOICE_PATH = "/user/select";
/** Routes reachable without a session (docs/spec/app-shell.md §2 "Route guard"). */
export const PUBLIC_PATHS = ["/user/login", "/user/register", "/user/register-result", "/user/alteration"] as const;
