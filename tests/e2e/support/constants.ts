export const E2E_ADMIN_PASSWORD = "E2e-Admin-2026";
export const E2E_DEMO_PASSWORD = "E2e-Demo-2026";
