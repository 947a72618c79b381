// infra/k8s as `kubectl kustomize` renders it, checked against each deployment requirement of
// docs/operations.md "Kubernetes": restricted Pod Security, a pinned image, no shipped secret,
// disruption budgets, network policy, TLS ingress, metrics on their own port, no replica count
// beside an autoscaler, and migrate + seed before the API. kubectl renders when installed; the
// renderer in ./kustomize.ts otherwise, and both must agree when kubectl is there.
import { join } from "node:path";
import { kubectlAvailable, renderHere, renderKubectl, type K8sObject } from "./kustomize";

const DIR = join(__dirname, "../../infra/k8s");
const withKubectl = kubectlAvailable();
const objects: K8sObject[] = withKubectl ? renderKubectl(DIR) : renderHere(DIR);

interface Container {
  name: string;
  image: string;
  command?: string[];
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: Array<{ name: string; value?: string }>;
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean; runAsNonRoot?: boolean; runAsUser?: number; privileged?: boolean; capabilities?: { drop?: string[]; add?: string[] } };
  volumeMounts?: Array<{ name: string; mountPath: string }>;
}
interface PodSpec {
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; seccompProfile?: { type?: string } };
  containers: Container[];
  initContainers?: Container[];
  volumes?: Array<{ name: string; emptyDir?: unknown; hostPath?: unknown }>;
  hostNetwork?: boolean;
  hostPID?: boolean;
}
interface Workload extends K8sObject { spec: { replicas?: number; selector?: { matchLabels: Record<string, string> }; template: { metadata: { labels: Record<string, string>; annotations?: Record<string, string> }; spec: PodSpec } } }

const ofKind = (kind: string): K8sObject[] => objects.filter((o) => o.kind === kind);
const named = (kind: string, name: string): K8sObject => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in the render`);
  return found;
};
const workloads = objects.filter((o) => ["Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob"].includes(o.kind)) as Workload[];
const containersOf = (w: Workload): Container[] => [...(w.spec.template.spec.initContainers ?? []), ...w.spec.template.spec.containers];
const matches = (selector: Record<string, string>, labels: Record<string, string>): boolean => Object.entries(selector).every(([k, v]) => labels[k] === v);

describe("infra/k8s rendered", () => {
  it("when kubectl is installed, then this file's renderer gives the same objects", () => {
    if (!withKubectl) {
      expect(() => renderHere(DIR)).not.toThrow();
      return;
    }
    const key = (o: K8sObject): string => `${o.kind}/${o.metadata.name}`;
    const sort = (list: K8sObject[]): K8sObject[] => [...list].sort((a, b) => key(a).localeCompare(key(b)));
    expect(sort(renderHere(DIR))).toEqual(sort(renderKubectl(DIR)));
  });

  it("when rendered, then the API and worker Deployments, HPA, ScaledObject, PDBs, NetworkPolicy and Ingress are there", () => {
    expect(workloads.map((w) => `${w.kind}/${w.metadata.name}`).sort()).toEqual(["Deployment/barscript-api", "Deployment/barscript-worker"]);
    for (const [kind, name] of [["HorizontalPodAutoscaler", "barscript-api"], ["ScaledObject", "barscript-worker"], ["Service", "barscript-api"], ["Ingress", "barscript"]]) {
      expect(named(kind as string, name as string).metadata.namespace).toBe("barscript");
    }
  });

  it("when the namespace is read, then it enforces the restricted Pod Security Standard", () => {
    expect(named("Namespace", "barscript").metadata.labels).toMatchObject({ "pod-security.kubernetes.io/enforce": "restricted" });
  });

  it("when each pod is read, then it meets the restricted level: non-root, RuntimeDefault seccomp, no escalation, ALL dropped, read-only root with /tmp", () => {
    for (const w of workloads) {
      const pod = w.spec.template.spec;
      expect({ w: w.metadata.name, pod: pod.securityContext }).toMatchObject({ w: w.metadata.name, pod: { runAsNonRoot: true, seccompProfile: { type: "RuntimeDefault" } } });
      expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
      expect([pod.hostNetwork, pod.hostPID]).toEqual([undefined, undefined]);
      expect((pod.volumes ?? []).filter((v) => v.hostPath !== undefined)).toEqual([]);
      const tmp = (pod.volumes ?? []).find((v) => v.emptyDir !== undefined);
      expect(tmp).toBeDefined();
      for (const c of containersOf(w)) {
        const where = `${w.metadata.name}/${c.name}`;
        expect({ where, sc: c.securityContext }).toEqual({ where, sc: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ["ALL"] } } });
        expect({ where, tmp: c.volumeMounts }).toEqual({ where, tmp: [{ name: tmp?.name, mountPath: "/tmp" }] });
      }
    }
  });

  it("when each container is read, then it runs node dist/... from the pinned image, never tsx", () => {
    const images = new Set(workloads.flatMap((w) => containersOf(w).map((c) => c.image)));
    expect(images.size).toBe(1);
    const [image] = [...images] as [string];
    expect(image).toMatch(/^[\w.-]+(?:\/[\w.-]+)+(?::[\w][\w.-]*|@sha256:[0-9a-f]{64})$/);
    expect(image).not.toMatch(/:latest$/);
    for (const w of workloads) {
      for (const c of containersOf(w)) {
        expect(c.command?.[0]).toBe("node");
        expect(c.command?.[1]).toMatch(/^dist\/\w+\.js$/);
        expect(JSON.stringify(c)).not.toMatch(/tsx/);
      }
    }
  });

  it("when the API pod starts, then init containers migrate and then seed before the server; workers migrate first", () => {
    const api = named("Deployment", "barscript-api") as Workload;
    expect((api.spec.template.spec.initContainers ?? []).map((c) => c.command)).toEqual([["node", "dist/migrate.js"], ["node", "dist/admin.js", "seed"]]);
    const worker = named("Deployment", "barscript-worker") as Workload;
    expect((worker.spec.template.spec.initContainers ?? []).map((c) => c.command)).toEqual([["node", "dist/migrate.js"]]);
  });

  it("when rendered, then no Secret with values is shipped and nothing holds a placeholder", () => {
    const secrets = ofKind("Secret").filter((s) => s["data"] !== undefined || s["stringData"] !== undefined);
    expect(secrets.map((s) => s.metadata.name)).toEqual([]);
    expect(JSON.stringify(objects)).not.toMatch(/CHANGE-?ME|changeme|REPLACE|password123/i);
    for (const w of workloads) {
      for (const c of containersOf(w)) expect((c.env ?? []).filter((e) => /SECRET|PASSWORD|TOKEN|DATABASE_URL|REDIS_URL/.test(e.name) && e.value !== undefined)).toEqual([]);
    }
  });

  it("when an autoscaler targets a Deployment, then the Deployment sets no replicas", () => {
    const hpa = named("HorizontalPodAutoscaler", "barscript-api").spec as { scaleTargetRef: { name: string } };
    const keda = named("ScaledObject", "barscript-worker").spec as { scaleTargetRef: { name: string } };
    for (const target of [hpa.scaleTargetRef.name, keda.scaleTargetRef.name]) {
      expect({ target, replicas: (named("Deployment", target) as Workload).spec.replicas }).toEqual({ target, replicas: undefined });
    }
  });

  it("when each Deployment is read, then a PodDisruptionBudget selects its pods", () => {
    const pdbs = ofKind("PodDisruptionBudget").map((p) => p.spec as { selector: { matchLabels: Record<string, string> }; minAvailable?: number; maxUnavailable?: number });
    for (const w of workloads) {
      const labels = w.spec.template.metadata.labels;
      const covering = pdbs.filter((p) => matches(p.selector.matchLabels, labels));
      expect({ w: w.metadata.name, count: covering.length }).toEqual({ w: w.metadata.name, count: 1 });
      expect((covering[0]?.minAvailable ?? 0) >= 1 || (covering[0]?.maxUnavailable ?? 0) >= 1).toBe(true);
    }
  });

  it("when the NetworkPolicies are read, then ingress is denied by default and opened only to the http and metrics ports", () => {
    const policies = ofKind("NetworkPolicy").map((p) => p.spec as { podSelector: { matchLabels?: Record<string, string> }; policyTypes: string[]; ingress?: Array<{ from?: unknown[]; ports?: Array<{ port: number }> }> });
    expect(policies.some((p) => Object.keys(p.podSelector.matchLabels ?? {}).length === 0 && p.policyTypes.includes("Ingress") && p.ingress === undefined)).toBe(true);
    const opened = policies.flatMap((p) => (p.ingress ?? []).flatMap((rule) => {
      expect(rule.from?.length).toBeGreaterThan(0);
      return (rule.ports ?? []).map((port) => port.port);
    }));
    expect([...new Set(opened)].sort()).toEqual([8080, 9464]);
  });

  it("when the Ingress is read, then it serves its hosts over TLS to the API Service", () => {
    const spec = named("Ingress", "barscript").spec as { tls: Array<{ hosts: string[]; secretName: string }>; rules: Array<{ host: string; http: { paths: Array<{ backend: { service: { name: string } } }> } }> };
    const tlsHosts = spec.tls.flatMap((t) => t.hosts);
    expect(spec.tls.every((t) => t.secretName.length > 0)).toBe(true);
    for (const rule of spec.rules) {
      expect(tlsHosts).toContain(rule.host);
      expect(rule.http.paths.map((p) => p.backend.service.name)).toEqual(["barscript-api"]);
    }
  });

  it("when metrics are read, then each pod serves them on a port apart from http, which the Service does not expose and the scrape annotation names", () => {
    const config = named("ConfigMap", "barscript-config")["data"] as Record<string, string>;
    for (const w of workloads) {
      const main = w.spec.template.spec.containers[0] as Container;
      const metrics = main.ports?.find((p) => p.name === "metrics")?.containerPort;
      const http = main.ports?.find((p) => p.name === "http")?.containerPort;
      expect(metrics).toBe(Number(config["METRICS_PORT"]));
      expect(metrics).not.toBe(Number(config["PORT"]));
      if (http !== undefined) expect(http).toBe(Number(config["PORT"]));
      expect(w.spec.template.metadata.annotations).toMatchObject({ "prometheus.io/scrape": "true", "prometheus.io/port": String(metrics), "prometheus.io/path": "/metrics" });
    }
    const service = named("Service", "barscript-api").spec as { ports: Array<{ port: number; targetPort: string | number }> };
    expect(service.ports.map((p) => p.targetPort)).toEqual(["http"]);
  });
});
