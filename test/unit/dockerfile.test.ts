import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { Copy, DockerfileParser, Env, type Instruction } from "dockerfile-ast";
import { validate, ValidationSeverity, type ValidatorSettings } from "dockerfile-utils";

// The image itself is built and run by scripts/image.sh (CI); this lints the Dockerfile and pins
// the properties the deployment relies on, so a change that breaks them fails here first.
const dockerfile = readFileSync("Dockerfile", "utf8");
const dockerignore = readFileSync(".dockerignore", "utf8")
  .split("\n")
  .map((line) => line.trim());

/** Every rule the linter can be configured for, as an error. */
const strict: ValidatorSettings = {
  deprecatedMaintainer: ValidationSeverity.ERROR,
  directiveCasing: ValidationSeverity.ERROR,
  emptyContinuationLine: ValidationSeverity.ERROR,
  instructionCasing: ValidationSeverity.ERROR,
  instructionCmdMultiple: ValidationSeverity.ERROR,
  instructionEntrypointMultiple: ValidationSeverity.ERROR,
  instructionHealthcheckMultiple: ValidationSeverity.ERROR,
  instructionJSONInSingleQuotes: ValidationSeverity.ERROR,
  instructionWorkdirRelative: ValidationSeverity.ERROR,
};

const lint = (text: string) =>
  validate(text, strict).map(
    (d) => `${d.range.start.line + 1}: ${typeof d.message === "string" ? d.message : d.message.value}`,
  );

/** Instructions grouped by build stage, in order. */
function stages(text: string): Instruction[][] {
  const result: Instruction[][] = [];
  for (const instruction of DockerfileParser.parse(text).getInstructions()) {
    if (instruction.getKeyword() === "FROM") result.push([]);
    result.at(-1)?.push(instruction);
  }
  return result;
}

const args = (instruction: Instruction) => instruction.getArguments().map((a) => a.getValue());
const all = (stage: Instruction[], keyword: string) => stage.filter((i) => i.getKeyword() === keyword);
const text = (instruction: Instruction) => instruction.getRawArgumentsContent() ?? "";
const jsonArgs = (instruction: Instruction) => JSON.parse(text(instruction)) as string[];

describe("Dockerfile", () => {
  it("passes dockerfile-utils with every rule as an error", () => {
    expect(lint(dockerfile)).toEqual([]);
  });

  it("the linter does report a broken Dockerfile", () => {
    const broken = "from node:24-slim\nWORKDIR app\nEXPOSE notaport\nCMD ['node']\nCMD node\n";
    expect(lint(broken).length).toBeGreaterThanOrEqual(4);
  });

  const [build, runtime, ...extra] = stages(dockerfile);

  it("has a build stage and a runtime stage, both on the BASE_IMAGE argument (node:24-slim unless a release pins a digest)", () => {
    expect(extra).toEqual([]);
    expect(build && runtime).toBeTruthy();
    expect(dockerfile).toMatch(/^ARG BASE_IMAGE=node:24-slim$/m);
    expect(dockerfile.indexOf("ARG BASE_IMAGE")).toBeLessThan(dockerfile.indexOf("FROM"));
    expect(args(build![0]!)).toEqual(["${BASE_IMAGE}", "AS", "build"]);
    expect(args(runtime![0]!)[0]).toBe("${BASE_IMAGE}");
  });

  it("build stage: npm ci from the lockfile before the sources, then build with the commit passed in", () => {
    const steps = build!.map((i) => `${i.getKeyword()} ${text(i)}`);
    const lockCopy = steps.findIndex((s) => s.startsWith("COPY") && s.includes("package-lock.json"));
    const ci = steps.findIndex((s) => /^RUN npm ci\b/.test(s));
    const sources = steps.findIndex((s) => s === "COPY . .");
    expect(lockCopy).toBeGreaterThan(0);
    expect(ci).toBeGreaterThan(lockCopy);
    expect(sources).toBeGreaterThan(ci);
    const final = steps.slice(sources).join("\n");
    expect(final).toMatch(/BUILD_COMMIT="\$BUILD_COMMIT" npm run build/);
    expect(all(build!, "ARG").map(text)).toContain("BUILD_COMMIT=unknown");
    expect(final).not.toMatch(/npm (run )?test|vitest/);
  });

  it("runtime stage: production env, no build steps, copies only the bundled build (no node_modules), labelled with its commit", () => {
    const env = new Map(
      all(runtime!, "ENV").flatMap((i) =>
        (i instanceof Env ? i.getProperties() : []).map((p) => [p.getName(), p.getValue()] as const),
      ),
    );
    expect(env.get("NODE_ENV")).toBe("production");
    expect(all(runtime!, "RUN").map(text)).toEqual([]);
    for (const copy of all(runtime!, "COPY")) {
      const from = copy instanceof Copy ? copy.getFlags().find((flag) => flag.getName() === "from") : undefined;
      expect(from?.getValue(), text(copy)).toBe("build");
    }
    const copied = all(runtime!, "COPY").map((i) => args(i).at(-2));
    expect(copied).toEqual(expect.arrayContaining(["/app/dist"]));
    expect(copied).not.toContain("/app/node_modules");
    expect(copied).not.toContain(".");
    expect(all(runtime!, "LABEL").map(text).join(" ")).toContain('org.opencontainers.image.revision="${BUILD_COMMIT}"');
  });

  it("runtime stage: non-root user, SIGTERM, a HEALTHCHECK on /healthz without a second Node, tini as PID 1, exec-form CMD", () => {
    const users = all(runtime!, "USER").map((i) => args(i)[0]);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    expect(all(runtime!, "STOPSIGNAL").map((i) => args(i)[0])).toEqual(["SIGTERM"]);

    const [health] = all(runtime!, "HEALTHCHECK");
    const healthArgs = text(health!);
    const command = JSON.parse(healthArgs.slice(healthArgs.indexOf("CMD") + 3)) as string[];
    expect(command.slice(0, 2)).toEqual(["bash", "-c"]);
    expect(command[2]).toMatch(/\/dev\/tcp\/127\.0\.0\.1\/.*GET \/healthz HTTP\/1\.1/);
    expect(command[2]).toContain("== 'HTTP/1.1 200 '*");

    const [cmd] = all(runtime!, "CMD");
    expect(jsonArgs(cmd!)).toEqual(["node", "dist/server/main.js"]);
    // An init as PID 1, copied from the build stage (no RUN here): Node is not one.
    const [entrypoint] = all(runtime!, "ENTRYPOINT");
    expect(jsonArgs(entrypoint!)).toEqual(["/usr/bin/tini", "--"]);
  });
});

describe(".dockerignore", () => {
  it("keeps dependencies, reports, data, git and caches out of the build context", () => {
    for (const entry of ["node_modules", "dist", "reports", "data", ".git", ".cache"]) {
      expect(dockerignore).toContain(entry);
    }
  });
});
