import { defineModule } from "../module";
import { robotsRoutes, sitemapRoutes } from "./seo.routes";

/** /sitemap.xml and /robots.txt for search engines (seo.routes.ts). */
export const seoModule = defineModule({
  name: "seo",
  pages: () => [
    { path: "/sitemap.xml", routes: sitemapRoutes() },
    { path: "/robots.txt", routes: robotsRoutes() },
  ],
});
