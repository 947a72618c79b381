// Documentation (GET /v1/docs and /v1/docs/{topic}): topics from packages/lang (guides and the generated reference).
import type { Router } from "express";
import { ApiError } from "@barscript/contracts";
import { getTopic, listTopics } from "@barscript/lang";
import type { AppDeps } from "../deps";
import { defineRoute } from "../http/define-route";

export function registerDocsRoutes(router: Router, deps: AppDeps): void {
  // #6: every topic on one page.
  defineRoute(router, deps.auth, 6, (_req, res) => {
    res.json({ data: listTopics().map(({ topic, title, summary }) => ({ topic, title, summary })), next_cursor: null });
  });

  // #7: the topic as markdown.
  defineRoute(router, deps.auth, 7, (_req, res, { params }) => {
    const topic = params["topic"] ?? "";
    const markdown = getTopic(topic);
    // every client lists topics its own way (GET /v1/docs, `barscript docs`, read_docs): named neutrally
    if (markdown === null) throw new ApiError("not_found", `No docs topic "${topic}"; the docs index lists every topic.`);
    res.status(200).type("text/markdown; charset=utf-8").send(markdown);
  });
}
