import { loadConfig, type Config } from "../../server/config.ts";

/** A config for tests: the embedded defaults, silent logs, plus overrides. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ LOG_LEVEL: "silent", NODE_ENV: "test", ...overrides });
}
