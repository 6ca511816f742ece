import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { maskedUrl } from "./logger.ts";
import { requestId } from "./requestId.ts";

declare module "http" {
  interface IncomingMessage {
    /**
     * The request's id, echoed in X-Request-Id: set by server/handler.ts before Express, or by
     * the page writer (server/pageWriter.ts) for the front door's answers.
     */
    id?: string;
    /**
     * A logger whose lines name the request (`req`: id, method, masked URL), for requests Express
     * answers. What a route binds to it (a beacon's vitals) is on the request's access-log line.
     */
    log?: Logger;
  }
}

/**
 * Gives a request Express is about to answer its id (the balancer's when sane, echoed) and its
 * own logger. Page requests skip this: the front door needs neither (server/handler.ts).
 */
export function identifyRequest(req: IncomingMessage, res: ServerResponse, logger: Logger): void {
  const id = requestId(req, res);
  req.id = id;
  req.log = logger.child({ req: { id, method: req.method, url: maskedUrl(req.url ?? "/") } });
}
