// The route config (Remix future flag v3_routeConfig, as React Router 7 reads it): the file-system routes of
// app/routes by Remix's flat-routes convention, as before the flag. Tests and stylesheets beside a route are
// not routes.
import { flatRoutes } from "@remix-run/fs-routes";
import type { RouteConfig } from "@remix-run/route-config";

export default flatRoutes({ ignoredRouteFiles: ["**/*.test.ts", "**/*.css"] }) satisfies RouteConfig;
