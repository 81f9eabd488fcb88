// What the page knows about a memory record: its class's names, its marks, its files, what a search looks in.

/** [class, group label, mark, plural noun, singular noun], in the TUI inspector's order. */
export const CLASSES = [
  ["fact", "FACTS", "◆", "facts", "fact"],
  ["style", "STYLE", "✎", "style notes", "style note"],
  ["decision", "DECISIONS", "⚖", "decisions", "decision"],
  ["failure", "FAILURES", "✗", "failures", "failure"],
  ["workflow", "WORKFLOWS", "↻", "workflows", "workflow"],
  ["repo_rule", "REPO RULES", "§", "repo rules", "repo rule"],
  ["model_performance", "MODEL PERF", "◎", "model notes", "model note"],
];
const STALE_THRESHOLD = 0.7; // store/schema.py: a memory above it is stale

export const isPinned = (r) => Boolean(r.metadata && r.metadata.pinned);
export const isStale = (r) => Boolean(r.metadata.attributes?.stale || r.metadata.stalenessScore > STALE_THRESHOLD);
export const isHeld = (r) => Boolean(r.metadata.attributes?.quarantined);

/** The files a memory is about (lowercase): its source files and its file: edges. */
export function filesOf(record) {
  const md = record.metadata;
  const files = [...(md.provenance?.sourceFiles || [])];
  for (const e of md.edges || []) if ((e.target || "").startsWith("file:")) files.push(e.target.slice(5));
  return files.map((f) => f.toLowerCase());
}

/** The lowercase text the filter's words look in. */
export function searchText(record) {
  const md = record.metadata || {};
  const attrs = md.attributes || {};
  const prov = md.provenance || {};
  const edges = (md.edges || []).map((e) => e.target || "").filter((t) => /^(file|module):/.test(t));
  return [record.body, attrs.title || "", ...(attrs.tags || []), ...(prov.sourceFiles || []), md.namespace || "", ...edges]
    .join("\n")
    .toLowerCase();
}

/** Everything a card shows comes from these: equal fingerprints, nothing to redraw. */
export function fingerprint(record) {
  return `${record.body}\u0000${JSON.stringify(record.metadata || {})}`;
}
