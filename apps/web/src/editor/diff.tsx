// Two texts side by side with their differences marked (@codemirror/merge), both read-only.
import { useEffect, useRef } from "preact/hooks";
import { MergeView } from "@codemirror/merge";
import { EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { pineExtensions } from "./codemirror";

/** Read-only, yet focusable: a keyboard reaches the code and scrolls it (a long line at a phone's width). */
function readOnlyExtensions() {
  return [EditorState.readOnly.of(true), EditorView.editable.of(false), EditorView.contentAttributes.of({ tabindex: "0" })];
}

export function Diff(props: { a: string; b: string; aLabel: string; bLabel: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const readOnly = readOnlyExtensions();
    const view = new MergeView({
      parent: host.current,
      a: { doc: props.a, extensions: [pineExtensions(props.aLabel), ...readOnly] },
      b: { doc: props.b, extensions: [pineExtensions(props.bLabel), ...readOnly] },
      collapseUnchanged: { margin: 3, minSize: 6 },
    });
    return () => view.destroy();
  }, [props.a, props.b, props.aLabel, props.bLabel]);
  return (
    <figure class="diff">
      <figcaption><span>{props.aLabel}</span><span>{props.bLabel}</span></figcaption>
      <div ref={host} />
    </figure>
  );
}

/** One text, read-only, highlighted as Pine. */
export function CodeView(props: { content: string; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({ doc: props.content, extensions: [pineExtensions(props.label), ...readOnlyExtensions()] }),
    });
    return () => view.destroy();
  }, [props.content, props.label]);
  return <div class="editor read-only" ref={host} />;
}
