// Business constants of the web app (defaults and limits). Those the API shares are the
// contract's, re-exported here.
import { REPORT_SIDES, REPORT_TOP_LIMIT_DEFAULT } from "@costflow/contract/reports";

export {
  DEFAULT_PERCENTAGE as DEFAULT_ALLOCATION_PERCENTAGE,
  EMPTY_FORMULA as DEFAULT_FORMULA,
} from "@costflow/contract/allocation";
export { DEFAULT_CURRENCY } from "@costflow/contract/models";
export { PAGE_LIMIT_DEFAULT as PAGE_SIZE } from "@costflow/contract/pagination";
export { DEFAULT_PDF_ORIENTATION } from "@costflow/contract/pdf-reports";

export const SUPPORT_EMAIL = "support@costflow.app";
export const DRIVER_STRIP_PAGE_SIZE = 5;
export const TOAST_MS = 3000;
export const NOTIFICATION_POLL_MS = 30_000;
export const CURRENCIES = ["EUR", "USD", "GBP", "BRL", "MXN", "SAR", "AED", "EGP", "CHF"] as const;
/** The profitability reports open on the top 50 records (contract: reports.ts). */
export const DEFAULT_REPORT_TOP = { side: REPORT_SIDES[0], limit: REPORT_TOP_LIMIT_DEFAULT } as const;
