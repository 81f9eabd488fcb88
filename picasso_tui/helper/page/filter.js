// The filter, in the TUI's grammar: words, class:X, pinned, stale, held, file:path (case-insensitive).

import { filesOf, isHeld, isPinned, isStale } from "./records.js";

const CLASS_ALIASES = { rule: "repo_rule", rules: "repo_rule", perf: "model_performance" };

/** The filter box's text and the Class list's choice, read into what a record must match. */
export function parseFilter(text, chosenClass) {
  const f = { words: [], classes: new Set(), files: [], pinned: false, stale: false, held: false };
  for (const token of text.toLowerCase().split(/\s+/).filter(Boolean)) {
    if (token.startsWith("class:") && token.length > 6) {
      const value = token.slice(6).replace(/-/g, "_");
      f.classes.add(CLASS_ALIASES[value] || value);
    } else if (token.startsWith("file:") && token.length > 5) f.files.push(token.slice(5));
    else if (token === "pinned") f.pinned = true;
    else if (token === "stale") f.stale = true;
    else if (token === "held" || token === "quarantined") f.held = true;
    else f.words.push(token);
  }
  if (chosenClass) f.classes.add(chosenClass);
  f.active = Boolean(f.words.length || f.classes.size || f.files.length || f.pinned || f.stale || f.held);
  return f;
}

/** Whether a record passes the filter; `text` is its searchText (kept by the page, read once per list). */
export function matches(record, f, text) {
  if (f.classes.size && !f.classes.has(record.metadata.class)) return false;
  if (f.pinned && !isPinned(record)) return false;
  if (f.stale && !isStale(record)) return false;
  if (f.held && !isHeld(record)) return false;
  if (f.files.length) {
    const files = filesOf(record);
    if (!f.files.every((want) => files.some((have) => have.includes(want)))) return false;
  }
  return f.words.every((w) => text.includes(w));
}
