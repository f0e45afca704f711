// Business constants of spec section 9.
export const SUPPORT_EMAIL = "support@costflow.app";
export const PAGE_SIZE = 10;
export const DRIVER_STRIP_PAGE_SIZE = 5;
export const TOAST_MS = 3000;
export const NOTIFICATION_POLL_MS = 30_000;
export const DEFAULT_CURRENCY = "EUR";
export const CURRENCIES = ["EUR", "USD", "GBP", "BRL", "MXN", "SAR", "AED", "EGP", "CHF"] as const;
export const DEFAULT_ALLOCATION_PERCENTAGE = 100;
export const SCENARIO_COPY_NAME_MAX = 15;
export const DEFAULT_FORMULA = "=";
export const DEFAULT_REPORT_TOP = { side: "top", limit: 50 } as const;
export const DEFAULT_PDF_ORIENTATION = "portrait";
