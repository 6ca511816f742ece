import compression from "compression";
import { constants } from "node:zlib";
import { pageResponses } from "./pageWriter.ts";

/**
 * Per-response compression for what is not precompressed (JSON, small text). Pages are not
 * compressed here: server/pageWriter.ts writes them with their encoding chosen. Brotli's
 * default 4 MB window costs more to set up than a page takes to compress; a 256 KB window holds
 * any of our pages and halves the CPU time of an uncached render (measured with `npm run bench`).
 */
export function compressResponses() {
  return compression({
    filter: (req, res) => !pageResponses.has(res) && compression.filter(req, res),
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 } },
  });
}
