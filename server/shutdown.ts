import type { Server } from "node:http";
import { constants } from "node:os";
import type { Logger } from "pino";
import type { Lifecycle } from "./health.ts";

/**
 * The signal every orchestrator sends to stop a replica (the Dockerfile's STOPSIGNAL, Docker
 * Compose, Kubernetes): it starts the lame-duck drain.
 */
export const STOP_SIGNAL = "SIGTERM";
/** Ctrl-C at a terminal: no balancer routes to a terminal session, so the drain is skipped. */
export const INTERRUPT_SIGNAL = "SIGINT";

export interface ShutdownOptions {
  server: Server;
  lifecycle: Lifecycle;
  logger: Logger;
  /** How long pages and the relay are still served after SIGTERM, with /readyz 503 (0: none). */
  drainMs: number;
  /** How long requests in flight get once the listener is closed. */
  graceMs: number;
  /** Called at the signal: background work stops taking new tasks (the contact worker). */
  stopWork?: () => void;
  /** Releases what the process holds besides the server (Redis clients, the queue file); bounded by graceMs. */
  release?: () => void | Promise<void>;
  exit: (code: number) => void;
}

/**
 * Lame-duck shutdown. On SIGTERM /readyz answers 503 at once, so the balancer's next probes take
 * the replica out of rotation, while requests it still routes here in the meantime are served for
 * `drainMs`; every response from then on carries `Connection: close`, so keep-alive clients move
 * to another replica. Then the listener closes, requests in flight get `graceMs`, and the process
 * exits 0. SIGINT skips the drain; a second signal exits at once (128 + signal number).
 */
export function createShutdown(options: ShutdownOptions) {
  const { server, lifecycle, logger, exit } = options;
  let phase: "serving" | "draining" | "closing" = "serving";

  // At the node:http level, ahead of the site's handler: covers the fast page path and Express
  // alike. With shouldKeepAlive off, Node writes `Connection: close` and ends the socket after
  // the response.
  server.prependListener("request", (_req, res) => {
    if (phase !== "serving") res.shouldKeepAlive = false;
  });

  /** Releases, for at most graceMs, then exits 0. */
  function releaseAndExit(): void {
    const bound = new Promise<void>((resolve) => setTimeout(resolve, options.graceMs).unref());
    void Promise.race([Promise.resolve(options.release?.()).catch(() => {}), bound]).then(() => exit(0));
  }

  function close(): void {
    phase = "closing";
    logger.info("drain over: closing the listener, finishing requests in flight");
    const grace = setTimeout(() => {
      logger.warn("grace period over, closing remaining connections");
      server.closeAllConnections();
      releaseAndExit();
    }, options.graceMs);
    grace.unref();
    server.close(() => {
      clearTimeout(grace);
      logger.info("all connections closed, exiting");
      releaseAndExit();
    });
    // Idle keep-alive sockets go now; busy ones close after their response (Connection: close).
    server.closeIdleConnections();
  }

  return {
    get phase() {
      return phase;
    },
    /** The handler for SIGTERM and SIGINT. */
    onSignal(signal: NodeJS.Signals): void {
      if (phase !== "serving") {
        logger.warn({ signal }, "second signal: exiting now");
        return exit(128 + (constants.signals[signal] ?? 0));
      }
      lifecycle.shuttingDown = true;
      options.stopWork?.();
      const drainMs = signal === INTERRUPT_SIGNAL ? 0 : options.drainMs;
      phase = "draining";
      logger.info(
        { signal, drainMs, graceMs: options.graceMs },
        "shutting down: /readyz is 503, still serving while the balancer notices",
      );
      if (drainMs === 0) close();
      else setTimeout(close, drainMs);
    },
  };
}
