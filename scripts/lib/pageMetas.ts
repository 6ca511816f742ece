// Every page's title and description, gathered from the route table for the scripts and tests
// that need them all: shared/meta/<route id>.ts exports `<route id>Meta` (one module per page,
// so each page's chunk carries its own only).
import type { PageMetaData } from "../../shared/meta/types.ts";
import { siteRoutes } from "../../shared/site.ts";

export const pageMetas: PageMetaData[] = await Promise.all(
  siteRoutes.map(async ({ id }) => {
    const meta = ((await import(`../../shared/meta/${id}.ts`)) as Record<string, PageMetaData>)[`${id}Meta`];
    if (!meta) throw new Error(`shared/meta/${id}.ts exports no ${id}Meta`);
    return meta;
  }),
);
