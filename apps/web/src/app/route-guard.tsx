import { type ReactNode, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router";
import { PageLoader } from "../components/page-loader";
import { decideAccess } from "../lib/route-access";
import { clearSession, homePathFor } from "../lib/session";
import { useSession } from "../lib/use-session";
import type { RouteHandle } from "./route-meta";

/** The app layout renders only for a session; a logged-out user goes to /login, tokens cleared. */
export function SessionGate({ children }: { children: ReactNode }) {
  const { loggedIn } = useSession();
  const location = useLocation();
  useEffect(() => {
    if (!loggedIn) clearSession();
  }, [loggedIn]);
  if (!loggedIn) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** Applies a route's access rule (`decideRoute` in lib/route-access.ts) and sets the document title. */
export function RouteGuard({ handle, children }: { handle: RouteHandle; children: ReactNode }) {
  const { loggedIn, user, ability } = useSession();
  const { t } = useTranslation();
  const location = useLocation();
  const decision = decideAccess(handle, loggedIn, ability);
  const home = homePathFor(user?.role);
  const title = t(handle.title);

  useEffect(() => {
    document.title = `${title} · ${t("common:brand")}`;
  }, [title, t]);

  useEffect(() => {
    if (decision.kind === "login" && decision.clearTokens) clearSession();
    // A logged-in user of an unknown role has no home: end that session on the guest page.
    if (decision.kind === "home" && home === location.pathname) clearSession();
  }, [decision.kind, decision, home, location.pathname]);

  if (decision.kind === "login") return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (decision.kind === "not-authorized") return <Navigate to="/not-authorized" replace />;
  if (decision.kind === "home" && home !== location.pathname) return <Navigate to={home} replace />;
  return <Suspense fallback={<PageLoader />}>{children}</Suspense>;
}
