// What runs: the package version and the commit it was built from. The build writes both into
// the server bundle (scripts/build.ts); from the sources (tsx) they come from the environment.
declare const __BUILD_VERSION__: string | undefined;
declare const __BUILD_COMMIT__: string | undefined;

export const buildInfo = {
  version: typeof __BUILD_VERSION__ === "string" ? __BUILD_VERSION__ : (process.env.npm_package_version ?? "dev"),
  commit: typeof __BUILD_COMMIT__ === "string" ? __BUILD_COMMIT__ : (process.env.BUILD_COMMIT ?? "unknown"),
};
