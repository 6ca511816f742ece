import express, { type Router } from "express";
import { join } from "node:path";

const YEAR = 31536000;

/**
 * Build output under /assets has content-hashed names: cached for a year, immutable.
 * Files from public/ keep their names, so they revalidate daily. A missing file is a
 * plain 404, never the HTML page.
 */
export function staticFiles(clientDir: string): Router {
  const router = express.Router();
  router.use(
    "/assets",
    express.static(join(clientDir, "assets"), {
      fallthrough: false,
      index: false,
      maxAge: YEAR * 1000,
      immutable: true,
    }),
  );
  router.use(
    express.static(join(clientDir, "public"), {
      index: false,
      setHeaders(res) {
        res.setHeader("Cache-Control", "public, max-age=86400");
      },
    }),
  );
  return router;
}

/** A path that names a file (has an extension) and was not found is not a page. */
export function missingFile(): express.RequestHandler {
  return (req, res, next) => {
    if (/\.[a-z0-9]{1,8}$/i.test(req.path)) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    next();
  };
}
