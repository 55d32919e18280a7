// Why someone reports a published record; the schemas, the website, the console and the MCP tool share this list.
export const reportReasons = ['scam', 'resolved', 'wrong_data', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];

/** Longest note a report may carry: one paragraph. */
export const REPORT_NOTE_MAX = 500;
