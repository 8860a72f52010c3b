/** The operator account the e2e server creates on first start (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const E2E_ADMIN = { username: 'staff', password: 'e2e-admin-password-long-enough' } as const;
