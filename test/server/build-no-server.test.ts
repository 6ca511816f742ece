// The build works out each page's CSS from pages it renders in its own process, and renders the
// pages the server keeps the same way: it starts no server and no child process to read them
// (issue 36; scripts/lib/renderedPages.ts).
import { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { Server } from "node:net";
import * as esbuild from "esbuild";
import { afterEach, describe, expect, it, vi } from "vitest";
import { routeStyles } from "../../scripts/build.ts";
import { keptPages } from "../../scripts/lib/renderedPages.ts";
import type { BuildManifest } from "../../server/assets.ts";

describe("the build", () => {
  afterEach(() => vi.restoreAllMocks());

  it("works out every route's rules and renders the kept pages without listening on a port or starting a process", async () => {
    const listen = vi.spyOn(Server.prototype, "listen").mockImplementation(() => {
      throw new Error("the build must not listen on a port");
    });
    // Every way of starting a process (spawn, exec, fork) goes through ChildProcess#spawn.
    const spawn = vi.spyOn(ChildProcess.prototype as unknown as { spawn(): void }, "spawn").mockImplementation(() => {
      throw new Error("the build must not start a process");
    });
    const built = JSON.parse(readFileSync("dist/client/manifest.json", "utf8")) as BuildManifest;
    const { routeStyles: kept, ...manifest } = built;
    // The same rules as the build wrote, found with both guards in place.
    expect(await routeStyles(manifest)).toEqual(kept);
    expect(await keptPages(built)).toEqual(JSON.parse(readFileSync("dist/client/pages.json", "utf8")));
    expect(listen).not.toHaveBeenCalled();
    expect(spawn).not.toHaveBeenCalled();
  }, 60_000);

  it("imports neither the server's entry nor the test harness that starts it", async () => {
    const { metafile } = await esbuild.build({
      entryPoints: ["scripts/build.ts"],
      bundle: true,
      write: false,
      metafile: true,
      platform: "node",
      format: "esm",
      packages: "external",
      outdir: "/tmp/build-graph",
      loader: { ".css": "empty" },
    });
    const inputs = Object.keys(metafile.inputs);
    expect(inputs).toContain("scripts/lib/renderedPages.ts");
    expect(inputs.filter((file) => /^scripts\/harness\/|^server\/(main|handler)\.ts$/.test(file))).toEqual([]);
  });
});
