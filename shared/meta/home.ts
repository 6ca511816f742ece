import type { PageMetaData } from "./types.ts";
import { brandName, routeById } from "../site.ts";

export const homeMeta: PageMetaData = {
  path: routeById("home").path,
  title: `${brandName} | Buy, Lease, Rent or Use AI Agents as a Service`,
  description:
    "A decentralized marketplace for specialized AI agents: buy, lease, rent or use them as a service, test them in metaverse environments, and work with our AI services team.",
};
