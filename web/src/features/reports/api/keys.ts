/** The query keys of the reports: every call's key starts with this. */
export const REPORTS_KEY = ['reports'] as const;
