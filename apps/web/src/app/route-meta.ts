import type { Action, Subject } from "../lib/api-types";
import type { RouteAccess } from "../lib/route-access";

export interface Crumb {
  /** Translation key of the label. */
  label: string;
  to?: string;
}

/** Carried on every route as `handle`; read by the guard, the breadcrumbs and the page title. */
export interface RouteHandle {
  access: RouteAccess;
  subject?: Subject;
  action?: Action;
  /** Translation key of the document title. */
  title: string;
  crumbs?: Crumb[];
}
