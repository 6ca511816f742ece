import express, { type Router } from "express";
import expressStaticGzip from "express-static-gzip";
import { join } from "node:path";

const DAY = 86_400;
const YEAR = 365 * DAY;

/**
 * The build writes .br and .gz beside each compressible file (scripts/build.ts). A folder is no
 * file: it falls through (no index, no redirect to a trailing slash).
 */
const precompressed = { enableBrotli: true, orderPreference: ["br", "gzip"], index: false };
const noFolders = { index: false, redirect: false } as const;

/**
 * Build output under /assets has content-hashed names: cached for a year, immutable.
 * Files from public/ keep their names, so they revalidate daily. A missing file is a
 * plain 404, never the HTML page. Both are served precompressed when the client accepts
 * it, so nothing is compressed per request.
 */
export function staticFiles(clientDir: string): Router {
  const router = express.Router();
  router.use(
    "/assets",
    expressStaticGzip(join(clientDir, "assets"), {
      ...precompressed,
      serveStatic: { ...noFolders, fallthrough: false, maxAge: YEAR * 1000, immutable: true },
    }),
  );
  router.use(
    expressStaticGzip(join(clientDir, "public"), {
      ...precompressed,
      serveStatic: { ...noFolders, maxAge: DAY * 1000 },
    }),
  );
  return router;
}
