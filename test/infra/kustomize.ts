// Renders infra/k8s as `kubectl kustomize` does. With kubectl on PATH the real renderer is used;
// without it (Debian has no kubectl package) the same render is done here for the features the
// kustomization uses (resources, namespace, images), refusing any other feature so a new one
// cannot pass unrendered.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse, parseAllDocuments } from "yaml";

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
  [key: string]: unknown;
}

interface Kustomization {
  namespace?: string;
  resources: string[];
  images?: Array<{ name: string; newName?: string; newTag?: string; digest?: string }>;
  [key: string]: unknown;
}

const SUPPORTED = new Set(["apiVersion", "kind", "namespace", "resources", "images"]);
const CLUSTER_SCOPED = new Set(["Namespace", "ClusterRole", "ClusterRoleBinding", "PriorityClass"]);

export function kubectlAvailable(): boolean {
  return spawnSync("kubectl", ["version", "--client"], { encoding: "utf8" }).status === 0;
}

function docs(text: string): K8sObject[] {
  return parseAllDocuments(text).map((d) => d.toJS() as K8sObject | null).filter((o): o is K8sObject => o !== null);
}

function setImages(value: unknown, images: NonNullable<Kustomization["images"]>): void {
  if (Array.isArray(value)) {
    for (const item of value) setImages(item, images);
    return;
  }
  if (value === null || typeof value !== "object") return;
  const record = value as Record<string, unknown>;
  for (const [key, inner] of Object.entries(record)) {
    if (key === "image" && typeof inner === "string") {
      const name = inner.split(/[:@]/)[0] as string;
      const image = images.find((i) => i.name === name);
      if (image) record[key] = `${image.newName ?? name}${image.digest ? `@${image.digest}` : image.newTag ? `:${image.newTag}` : ""}`;
    } else {
      setImages(inner, images);
    }
  }
}

export function renderHere(dir: string): K8sObject[] {
  const k = parse(readFileSync(join(dir, "kustomization.yaml"), "utf8")) as Kustomization;
  const unsupported = Object.keys(k).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length > 0) throw new Error(`kustomization uses ${unsupported.join(", ")}: render with kubectl`);
  const objects = k.resources.flatMap((file) => docs(readFileSync(join(dir, file), "utf8")));
  for (const o of objects) {
    if (k.namespace && !CLUSTER_SCOPED.has(o.kind)) o.metadata.namespace = k.namespace;
    setImages(o, k.images ?? []);
  }
  return objects;
}

export function renderKubectl(dir: string): K8sObject[] {
  const result = spawnSync("kubectl", ["kustomize", dir], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`kubectl kustomize failed: ${result.stderr}`);
  return docs(result.stdout);
}
