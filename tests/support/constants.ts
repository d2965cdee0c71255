// Passwords of the test databases (never used outside tests).
export const TEST_ADMIN_PASSWORD = "Admin-Test-2026";
export const TEST_DEMO_PASSWORD = "Demo-Test-2026";
