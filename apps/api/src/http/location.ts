// The Location of a created resource (docs/adr/0287): a 201 names the script it made and a 202
// the run or sweep it started, as RFC 9110 section 9.3.3 asks of a POST that creates a resource,
// so a client can read it back without building the address itself.
import type { Response } from "express";
import type { Db } from "@barscript/db";

/** `Location: {PUBLIC_URL}/v1/<path>`; each segment percent-encoded. */
export function setLocation(res: Response, publicUrl: string, segments: string[], query = ""): void {
  res.setHeader("Location", `${publicUrl}/v1/${segments.map(encodeURIComponent).join("/")}${query}`);
}

/**
 * A script's own address: `?kind=` when another of the owner's scripts shares its slug (a study
 * beside an indicator, definition or library), which a read without it answers 409 `conflict`.
 */
export async function setScriptLocation(res: Response, db: Db, publicUrl: string, ownerId: string, script: { slug: string; kind: string }): Promise<void> {
  const shared = await db.script.count({ where: { ownerId, slug: script.slug } });
  setLocation(res, publicUrl, ["scripts", script.slug], shared > 1 ? `?kind=${script.kind}` : "");
}
