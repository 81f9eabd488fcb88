// Drawing the page from its state: the class groups, the cards, the status sentence. Memory text is only ever
// set as text (el() and textContent, never innerHTML): a memory may hold HTML, and it must stay text.

import { $, el, workspace } from "./dom.js";
import { matches, parseFilter } from "./filter.js";
import { CLASSES, fingerprint, isHeld, isPinned, isStale } from "./records.js";
import { PAGE_SIZE, state } from "./state.js";

/** How long ago, as the TUI says it: now, 5m, 3h, 20d, 2mo, 1y. */
export function age(iso) {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "";
  const seconds = Math.max(0, (Date.now() - then) / 1000);
  const steps = [[60, "s", 1], [3600, "m", 60], [86400, "h", 3600], [86400 * 30, "d", 86400], [86400 * 365, "mo", 86400 * 30]];
  for (const [limit, unit, size] of steps) if (seconds < limit) return seconds < 60 ? "now" : `${Math.floor(seconds / size)}${unit}`;
  return `${Math.floor(seconds / (86400 * 365))}y`;
}

function scopeOf(record) {
  const ns = record.metadata.namespace || "";
  const rest = ns.slice(ns.indexOf("/") + 1);
  if (rest.startsWith("style/") || rest.startsWith("global/") || rest === "model_performance") {
    return ["account-wide", "-account"];
  }
  const ws = /\/projects\/workspace:([^/]+)/.exec(ns);
  if (ws) return workspace() ? ["this workspace", "-workspace"] : [`workspace ${ws[1].slice(0, 8)}`, "-workspace"];
  if (rest.startsWith("projects/orgs/")) return ["shared with the org", "-org"];
  return [rest || ns, ""];
}

/** The card of a record: the one drawn before when nothing it shows has changed. */
function cardOf(record, drawn) {
  const key = `${fingerprint(record)}\u0000${state.expanded.has(record.id)}\u0000${scopeOf(record)[0]}`;
  const cached = state.cards.get(record.id);
  const node = cached && cached.key === key ? cached.node : card(record);
  drawn.set(record.id, { key, node });
  return node;
}

function card(record) {
  const md = record.metadata;
  const attrs = md.attributes || {};
  const pinned = isPinned(record);
  const expanded = state.expanded.has(record.id);
  const classes = ["card", pinned && "-pinned", isStale(record) && "-stale", isHeld(record) && "-held",
    attrs.archivedAt && "-archived", state.flash.has(record.id) && "-flash"].filter(Boolean).join(" ");
  const bodyId = `body-${record.id}`;
  const firstLine = (record.body || "").trim().split("\n", 1)[0];
  const title = attrs.title && attrs.title !== firstLine ? el("h3", { class: "title", text: attrs.title }) : null;
  const body = el("p", { class: expanded ? "body" : "body -clamped", id: bodyId, text: record.body || "" });
  const more = el("button", {
    type: "button", class: "more", "data-action": "expand", "aria-controls": bodyId,
    "aria-expanded": expanded ? "true" : "false", text: expanded ? "Show less" : "Show all",
  });
  const marks = [pinned && ["★", "pinned"], isStale(record) && ["!", "stale"], isHeld(record) && ["?", "held for review (never injected)"]]
    .filter(Boolean)
    .map(([mark, what]) => el("span", { class: "mark", title: what, "aria-label": what, text: mark }));
  const [scope, scopeClass] = scopeOf(record);
  const meta = el(
    "div", { class: "meta" },
    ...marks,
    el("span", { class: `scope ${scopeClass}`, title: md.namespace || "", text: scope }),
    attrs.archivedAt ? el("span", { class: "scope", text: "archived" }) : null,
    el("time", { class: "age", datetime: md.lastObservedAt || "", title: `last observed ${md.lastObservedAt || "?"}`, text: age(md.lastObservedAt) }),
  );
  const shortTitle = firstLine.length > 60 ? `${firstLine.slice(0, 59)}…` : firstLine;
  const actions = el(
    "div", { class: "actions" },
    el("code", { class: "rid", title: record.id, text: record.id }),
    el("button", {
      type: "button", class: "pin", "data-action": pinned ? "unpin" : "pin", "aria-pressed": pinned ? "true" : "false",
      "aria-label": `${pinned ? "Unpin" : "Pin"}: ${shortTitle}`, text: pinned ? "★ Unpin" : "☆ Pin",
    }),
    el("button", { type: "button", class: "delete", "data-action": "delete", "aria-label": `Delete: ${shortTitle}`, text: "Delete" }),
  );
  return el("li", {}, el("article", { class: classes, "data-id": record.id, "aria-label": shortTitle }, title, body, more, meta, actions));
}

function group(cls, label, mark, noun, records, total, filtering, drawn) {
  const shown = state.shown.get(cls) || PAGE_SIZE;
  // Pinned memories lead their class; the rest keep the store's order (most recent first).
  const ordered = [...records.filter(isPinned), ...records.filter((r) => !isPinned(r))];
  const headingId = `heading-${cls}`;
  const count = filtering && total ? `${records.length}/${total}` : String(total);
  const section = el(
    "section", { class: total ? "group" : "group -empty", id: `group-${cls}`, "data-class": cls, "aria-labelledby": headingId },
    el("h2", { id: headingId }, el("span", { class: "cmark", "aria-hidden": "true", text: mark }), `${label} `,
      el("span", { class: "count", "aria-label": `${count} memories`, text: count })),
  );
  if (!records.length) {
    section.append(el("p", { class: "none", text: total ? "The filter hides every one." : `No ${noun}.` }));
    return section;
  }
  section.append(el("ol", { class: "cards" }, ...ordered.slice(0, shown).map((r) => cardOf(r, drawn))));
  if (ordered.length > shown) {
    const more = Math.min(PAGE_SIZE, ordered.length - shown);
    section.append(el("button", { type: "button", class: "show-more", "data-action": "show-more", "data-class": cls,
      text: `Show ${more} more (${ordered.length - shown} not shown)` }));
  }
  return section;
}

function summary(records) {
  if (!records.length) return "no memories yet";
  const counts = new Map();
  for (const r of records) counts.set(r.metadata.class, (counts.get(r.metadata.class) || 0) + 1);
  return CLASSES.filter(([cls]) => counts.get(cls))
    .map(([cls, , , many, one]) => `${counts.get(cls)} ${counts.get(cls) === 1 ? one : many}`)
    .join(" · ");
}

/** The groups of the records the filter lets through; returns how many cards there are to see. */
function drawGroups(f) {
  const groups = $("groups");
  const byClass = new Map(CLASSES.map(([cls]) => [cls, []]));
  const totals = new Map(CLASSES.map(([cls]) => [cls, 0]));
  for (const r of state.records) {
    if (!byClass.has(r.metadata.class)) continue;
    totals.set(r.metadata.class, totals.get(r.metadata.class) + 1);
    if (!f.active || matches(r, f, state.search.get(r.id) || "")) byClass.get(r.metadata.class).push(r);
  }
  const visible = [...byClass.values()].reduce((n, list) => n + list.length, 0);
  const drawn = new Map();
  for (const [cls, label, mark, noun] of CLASSES) {
    if (f.classes.size && !f.classes.has(cls)) continue;
    groups.append(group(cls, label, mark, noun, byClass.get(cls), totals.get(cls), f.active, drawn));
  }
  state.cards = drawn;
  return visible;
}

/** Redraw the whole page from state (unchanged cards keep their elements, and the focus stays where it was). */
export function render() {
  const focus = rememberFocus();
  const status = $("status");
  const f = parseFilter($("filter").value, $("class-filter").value);
  let sentence = state.error;
  $("groups").replaceChildren();
  document.body.classList.toggle("-signed-out", state.signedOut);
  document.body.dataset.state = state.signedOut ? "signed-out" : state.error ? "error" : state.loaded ? "ready" : "loading";
  for (const control of document.querySelectorAll("#controls input, #controls select")) control.disabled = state.signedOut;
  if (state.signedOut || (!state.loaded && state.error)) {
    $("summary").textContent = "";
  } else if (state.loaded) {
    $("summary").textContent = summary(state.records);
    const visible = drawGroups(f);
    if (!sentence && !state.records.length) {
      sentence = workspace()
        ? "No memories for this workspace yet: add one with `picasso memory add \"…\"` or profile it with `picasso memory init`."
        : "No memories yet: add one with `picasso memory add \"…\"` inside a repository.";
    } else if (!sentence && !visible) sentence = "No memory matches the filter.";
    sentence = sentence || state.notice;
  } else {
    sentence = "Reading memory…";
  }
  status.replaceChildren(...sentenceNodes(sentence || ""));
  status.hidden = !sentence;
  status.classList.toggle("-error", Boolean(state.error));
  revealMoreButtons();
  restoreFocus(focus);
}

/** A sentence whose `commands` show as code: text nodes and <code> elements, never markup. */
function sentenceNodes(text) {
  return text.split("`").map((part, i) => (i % 2 ? el("code", { text: part }) : part));
}

/** "Show all" only where the clamped text really is cut. */
function revealMoreButtons() {
  const bodies = [...document.querySelectorAll(".card .body")];
  const cut = bodies.map((b) => !b.classList.contains("-clamped") || b.scrollHeight > b.clientHeight + 1);
  bodies.forEach((b, i) => {
    b.parentElement.querySelector(".more").hidden = !cut[i];
  });
}

function rememberFocus() {
  const active = document.activeElement;
  const article = active && active.closest ? active.closest(".card") : null;
  if (article) return { id: article.dataset.id, action: active.dataset.action };
  return null;
}

function restoreFocus(focus) {
  if (!focus || (document.activeElement && document.activeElement !== document.body)) return;
  const article = document.querySelector(`.card[data-id="${CSS.escape(focus.id)}"]`);
  if (!article) return;
  const button = article.querySelector(`[data-action="${focus.action}"]`) || article.querySelector(".pin");
  if (button) button.focus();
}

/** The live mark in the bar: "● live", or why not. */
export function setLive(on, why = "○ reconnecting") {
  const live = $("live");
  live.textContent = on ? "● live" : why;
  live.classList.toggle("-off", !on);
}
