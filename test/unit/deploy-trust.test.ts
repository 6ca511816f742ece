import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import { readFileSync, readdirSync } from "node:fs";
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { join } from "node:path";
import { parse, parseAllDocuments } from "yaml";
import { clientKey } from "../../server/requestGuards.ts";
import { loadConfig } from "../../server/config.ts";

// Issue 34: only the balancer is trusted. Under the settings deploy/ ships, a client that reaches
// a replica directly cannot pick its own rate-limit key with X-Forwarded-For; the balancer's
// forwarded client still counts as itself.

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const compose = parse(readFileSync("deploy/compose.yaml", "utf8")) as Doc;
const balancerAddress = compose.services.haproxy.networks.default.ipv4_address as string;
/** TRUST_PROXY as the server compiles it (server/config.ts), from the value compose ships. */
const composeTrust = loadConfig({ TRUST_PROXY: compose.services.site.environment.TRUST_PROXY as string }).TRUST_PROXY;

/** An IPv4 address as a number, and whether it lies in `subnet` (a.b.c.d/n). */
const ipv4 = (address: string) => address.split(".").reduce((n, octet) => n * 256 + Number(octet), 0);
function inSubnet(address: string, subnet: string): boolean {
  const [base, bits] = subnet.split("/") as [string, string];
  const size = 2 ** (32 - Number(bits));
  return Math.floor(ipv4(address) / size) === Math.floor(ipv4(base) / size);
}

describe("deploy/compose.yaml: the replicas believe X-Forwarded-For from HAProxy only", () => {
  const [pool] = compose.networks.default.ipam.config as [Doc];

  it("trusts exactly the balancer's fixed address, which no other container can be given", () => {
    expect(composeTrust).toBe(balancerAddress);
    expect(inSubnet(balancerAddress, pool.subnet)).toBe(true);
    // Other containers take their addresses from ip_range: HAProxy's lies outside it.
    expect(inSubnet(balancerAddress, pool.ip_range)).toBe(false);
    expect(inSubnet(pool.ip_range.split("/")[0], pool.subnet)).toBe(true);
    expect(balancerAddress).not.toBe(pool.gateway);
    // HAProxy is on that network only; the replicas are on it too (the default network).
    expect(Object.keys(compose.services.haproxy.networks)).toEqual(["default"]);
    expect(compose.services.site.networks).toBeUndefined();
  });

  // A real Express app, with the setting exactly as server/app.ts applies it and the project's
  // rate-limit key. The test cannot connect from another host's address, so each connection's
  // peer address is set as it arrives (what the kernel would report for that host).
  let server: Server;
  let nextPeer = "";
  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", composeTrust);
    app.get("/key", (req, res) => void res.json({ key: clientKey(req), ip: req.ip }));
    server = app.listen(0, "127.0.0.1");
    server.on("connection", (socket: Socket) =>
      Object.defineProperty(socket, "remoteAddress", { value: nextPeer, configurable: true }),
    );
    await new Promise((resolve) => server.once("listening", resolve));
  });
  afterAll(() => void server.close());

  /** The rate-limit key of one request from `peer` carrying `forwardedFor` (a new connection each). */
  function keyOf(peer: string, forwardedFor?: string): Promise<string> {
    nextPeer = peer;
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port: (server.address() as AddressInfo).port,
          path: "/key",
          agent: false,
          headers: forwardedFor === undefined ? {} : { "X-Forwarded-For": forwardedFor },
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve((JSON.parse(body) as { key: string }).key));
        },
      );
      req.on("error", reject).end();
    });
  }

  it("a client reaching a replica directly keys on its own address, whatever X-Forwarded-For says", async () => {
    // Another container on the fleet's network, and a host outside it (a published port, a mistake).
    for (const peer of ["172.28.34.130", "192.0.2.7"]) {
      expect(await keyOf(peer)).toBe(peer);
      for (const forged of ["203.0.113.1", "198.51.100.9, 203.0.113.2", balancerAddress, `203.0.113.3, ${peer}`])
        expect(await keyOf(peer, forged), `${peer} sending ${forged}`).toBe(peer);
    }
  });

  it("a request through the balancer keys on the client HAProxy appended, not on anything before it", async () => {
    expect(await keyOf(balancerAddress, "203.0.113.5")).toBe("203.0.113.5");
    // The client's own header comes first; HAProxy's `option forwardfor` appends the real peer.
    expect(await keyOf(balancerAddress, "198.51.100.1, 203.0.113.5")).toBe("203.0.113.5");
    // IPv6 clients count by their /56 (express-rate-limit's ipKeyGenerator).
    expect(await keyOf(balancerAddress, "2001:db8:1:1::1")).toBe(await keyOf(balancerAddress, "2001:db8:1:1::2"));
  });
});

describe("deploy/kubernetes: the http port admits only the ingress, so a hop count is safe", () => {
  const docs = readdirSync("deploy/kubernetes")
    .filter((f) => f.endsWith(".yaml"))
    .flatMap((f) => parseAllDocuments(readFileSync(join("deploy/kubernetes", f), "utf8")).map((d) => d.toJS() as Doc));
  const policy = docs.find((d) => d.kind === "NetworkPolicy" && d.metadata.name === "agentverse-site")!;
  const configMap = docs.find((d) => d.kind === "ConfigMap" && d.metadata.name === "agentverse-site")!;
  const rules = policy.spec.ingress as Doc[];
  /** A rule with no `ports` admits every port; one with no `from` admits every source. */
  const coversHttp = (rule: Doc) =>
    rule.ports === undefined || (rule.ports as Doc[]).some((p) => p.port === "http" || p.port === 3000);

  it("ships a hop count of 1: the ingress's own hop", () => {
    expect(loadConfig({ TRUST_PROXY: configMap.data.TRUST_PROXY as string }).TRUST_PROXY).toBe(1);
  });

  it("every rule reaching the http port names its sources: the ingress controller's pods in its namespace", () => {
    expect(policy.spec.policyTypes).toContain("Ingress");
    const httpRules = rules.filter(coversHttp);
    expect(httpRules.length).toBeGreaterThan(0);
    for (const rule of httpRules) {
      const from = rule.from as Doc[] | undefined;
      expect(from, "a rule admitting all sources to the http port").toBeDefined();
      expect(from!.length).toBeGreaterThan(0);
      for (const peer of from!) {
        // Both selectors in one peer: pods with these labels, in a namespace with this name.
        expect(peer.ipBlock, "an address block cannot tell the ingress from any other pod").toBeUndefined();
        expect(Object.keys(peer.namespaceSelector?.matchLabels ?? {})).toContain("kubernetes.io/metadata.name");
        expect(Object.keys(peer.podSelector?.matchLabels ?? {}).length).toBeGreaterThan(0);
      }
    }
    expect(httpRules[0]!.from[0]).toEqual({
      namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "ingress-nginx" } },
      podSelector: {
        matchLabels: { "app.kubernetes.io/name": "ingress-nginx", "app.kubernetes.io/component": "controller" },
      },
    });
  });

  it("the metrics port admits only the monitoring namespace", () => {
    const metricsRules = rules.filter(
      (r) => r.ports === undefined || (r.ports as Doc[]).some((p) => p.port === "metrics"),
    );
    expect(metricsRules.map((r) => r.from)).toEqual([
      [{ namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "monitoring" } } }],
    ]);
  });
});
