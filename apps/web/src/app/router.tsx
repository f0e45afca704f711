import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { configureApiClient } from "../lib/api-client";
import { currentLanguage } from "../lib/i18n";
import { AppLayout } from "./layouts/app-layout";
import { AuthLayout } from "./layouts/auth-layout";
import { PublicLayout } from "./layouts/public-layout";
import { RouteErrorPage } from "./route-error-page";
import { RouteGuard, SessionGate } from "./route-guard";
import { APP_ROUTES, type AppRoute, type LayoutKind } from "./routes";

function toRouteObject(route: AppRoute): RouteObject {
  const Page = route.page;
  return {
    path: route.path,
    handle: route.handle,
    element: (
      <RouteGuard handle={route.handle}>
        <Page />
      </RouteGuard>
    ),
  };
}

const byLayout = (layout: LayoutKind) => APP_ROUTES.filter((r) => r.layout === layout).map(toRouteObject);

export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: "/", element: <Navigate to="/dashboard" replace /> },
      { element: <PublicLayout />, children: byLayout("public") },
      { element: <AuthLayout />, children: byLayout("auth") },
      {
        element: (
          <SessionGate>
            <AppLayout />
          </SessionGate>
        ),
        children: byLayout("app"),
      },
      { path: "*", element: <Navigate to="/error-404" replace /> },
    ],
  },
]);

// When a refresh fails the API client has already cleared the session; send the user to login
// without a full page reload.
configureApiClient({
  language: currentLanguage,
  onSessionExpired: () => {
    if (window.location.pathname !== "/login") void router.navigate("/login", { replace: true });
  },
});
