import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { parseAllDocuments } from "yaml";

// What `kubectl apply -k deploy/kubernetes` would send, checked offline against the Kubernetes
// API's schemas as kubeconform -strict would: the objects kustomize renders are validated by
// `kubernetes-models` (types, enums and required fields, generated from the Kubernetes OpenAPI
// document, pinned in package-lock.json) and, for unknown fields (a typo such as `replica:`,
// which the API server rejects under its default strict field validation), type-checked against
// the same package's interfaces, whose excess-property check reaches every nested object.
// kubectl is Debian's kubernetes-client (installed by .ci/run); without it this file fails.

type Doc = { apiVersion: string; kind: string; metadata: { name: string }; [key: string]: unknown };

/** apiVersion/kind → the module and interface that describe it. */
const models: Record<string, [module: string, type: string]> = {
  "v1/ConfigMap": ["kubernetes-models/v1/ConfigMap", "IConfigMap"],
  "v1/Secret": ["kubernetes-models/v1/Secret", "ISecret"],
  "v1/Service": ["kubernetes-models/v1/Service", "IService"],
  "v1/PersistentVolumeClaim": ["kubernetes-models/v1/PersistentVolumeClaim", "IPersistentVolumeClaim"],
  "apps/v1/Deployment": ["kubernetes-models/apps/v1/Deployment", "IDeployment"],
  "policy/v1/PodDisruptionBudget": ["kubernetes-models/policy/v1/PodDisruptionBudget", "IPodDisruptionBudget"],
  "autoscaling/v2/HorizontalPodAutoscaler": [
    "kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler",
    "IHorizontalPodAutoscaler",
  ],
  "networking.k8s.io/v1/NetworkPolicy": ["kubernetes-models/networking.k8s.io/v1/NetworkPolicy", "INetworkPolicy"],
  "networking.k8s.io/v1/Ingress": ["kubernetes-models/networking.k8s.io/v1/Ingress", "IIngress"],
  "monitoring.coreos.com/v1/ServiceMonitor": [
    "@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor",
    "IServiceMonitor",
  ],
  "monitoring.coreos.com/v1/PrometheusRule": [
    "@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule",
    "IPrometheusRule",
  ],
};
const modelOf = (doc: Doc) => models[`${doc.apiVersion}/${doc.kind}`];

function kustomizeBuild(): Doc[] {
  const rendered = execFileSync("kubectl", ["kustomize", "deploy/kubernetes"], { encoding: "utf8" });
  return parseAllDocuments(rendered).map((d) => {
    expect(d.errors).toEqual([]);
    return d.toJS() as Doc;
  });
}

/** Schema errors of each object, as "Kind/name: message". */
async function schemaErrors(docs: Doc[]): Promise<string[]> {
  const errors: string[] = [];
  for (const doc of docs) {
    const [module, type] = modelOf(doc)!;
    const Model = (await import(module))[type.slice(1)] as new (data: Doc) => { validate(): void };
    try {
      new Model(doc).validate();
    } catch (error) {
      errors.push(`${doc.kind}/${doc.metadata.name}: ${(error as Error).message}`);
    }
  }
  return errors;
}

/** Unknown fields: each object as an object literal of its interface, type-checked. */
function unknownFieldErrors(docs: Doc[]): string[] {
  const imports = [...new Set(docs.map((d) => modelOf(d)!))]
    .map(([module, type]) => `import type { ${type} } from "${module}";`)
    .join("\n");
  const objects = docs
    .map((doc, i) => `export const o${i}: ${modelOf(doc)![1]} = ${JSON.stringify(doc, null, 1)};`)
    .join("\n");
  // Inside the checkout, so the packages resolve from its node_modules.
  const dir = mkdtempSync(join(process.cwd(), "node_modules", ".kubernetes-check-"));
  const file = join(dir, "objects.ts");
  try {
    writeFileSync(file, `${imports}\n${objects}\n`);
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      types: [],
    });
    return ts.getPreEmitDiagnostics(program).map((d) => {
      const text = ts.flattenDiagnosticMessageText(d.messageText, "\n");
      const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
      const owner = docs[(d.file?.text.slice(0, d.start).match(/^export const o/gm)?.length ?? 1) - 1];
      return `${owner?.kind}/${owner?.metadata.name} (line ${line}): ${text.split("\n").at(-1)}`;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("kustomize build deploy/kubernetes", () => {
  const docs = kustomizeBuild();

  it("renders the whole fleet: site, Redis, ConfigMap, Secret, NetworkPolicy, ServiceMonitor and PrometheusRule", () => {
    const kinds = docs.map((d) => d.kind);
    for (const kind of [
      "Deployment",
      "Service",
      "ConfigMap",
      "Secret",
      "NetworkPolicy",
      "ServiceMonitor",
      "PrometheusRule",
    ])
      expect(kinds, kind).toContain(kind);
    expect(docs.filter((d) => d.kind === "Deployment").map((d) => d.metadata.name)).toContain("redis");
    expect(
      docs.filter((d) => !modelOf(d)).map((d) => `${d.apiVersion}/${d.kind}`),
      "kinds this check has no schema for",
    ).toEqual([]);
  });

  it("runs the site's image pinned by digest (kustomization.yaml images:), never by a movable tag", () => {
    const site = docs.find((d) => d.kind === "Deployment" && d.metadata.name === "agentverse-site")!;
    const image = (site.spec as { template: { spec: { containers: Array<{ image: string }> } } }).template.spec
      .containers[0]!.image;
    expect(image).toMatch(/^[a-z0-9.-]+\/agentverse-site@sha256:[0-9a-f]{64}$/);
  });

  it("every object is valid by its Kubernetes schema", async () => {
    expect(await schemaErrors(docs)).toEqual([]);
  });

  it("no object has a field its kind does not define", () => {
    expect(unknownFieldErrors(docs)).toEqual([]);
  }, 60_000);

  it("the checks do catch broken objects", async () => {
    const broken = structuredClone(docs);
    const deployment = broken.find((d) => d.kind === "Deployment" && d.metadata.name !== "redis")!;
    const spec = deployment.spec as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    spec.replicas = "three";
    spec.template.spec.containers[0].imagePullPolicy = "Sometimes";
    const monitor = broken.find((d) => d.kind === "ServiceMonitor")!;
    delete (monitor as Record<string, unknown>).spec;
    expect(await schemaErrors(broken)).toEqual([
      expect.stringMatching(/^Deployment\/agentverse-site: .*replicas must be integer.*imagePullPolicy/),
      expect.stringMatching(/^ServiceMonitor\/.*spec/),
    ]);

    const typo = structuredClone(docs);
    const policy = typo.find((d) => d.kind === "NetworkPolicy")!;
    (policy.spec as Record<string, unknown>).ingres = [];
    const site = typo.find((d) => d.kind === "Deployment" && d.metadata.name !== "redis")!;
    (site.spec as Record<string, any>).template.spec.containers[0].resource = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
    const unknown = unknownFieldErrors(typo);
    expect(unknown).toEqual([
      expect.stringMatching(/^Deployment\/agentverse-site .*"resource".*IContainer/),
      expect.stringMatching(/^NetworkPolicy\/.*"ingres".*INetworkPolicySpec/),
    ]);
  }, 60_000);
});
