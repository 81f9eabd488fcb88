// The Memory page: the records of memory.json grouped by class, as the TUI's inspector and the Mac
// Memory screen show them. Everything it shows comes from the helper's API on this origin; memory
// text is only ever set through textContent (a memory may hold HTML, and it must stay text).
"use strict";

(() => {
  const CLASSES = [
    ["fact", "FACTS", "◆", "facts", "fact"],
    ["style", "STYLE", "✎", "style notes", "style note"],
    ["decision", "DECISIONS", "⚖", "decisions", "decision"],
    ["failure", "FAILURES", "✗", "failures", "failure"],
    ["workflow", "WORKFLOWS", "↻", "workflows", "workflow"],
    ["repo_rule", "REPO RULES", "§", "repo rules", "repo rule"],
    ["model_performance", "MODEL PERF", "◎", "model notes", "model note"],
  ];
  const CLASS_ALIASES = { rule: "repo_rule", rules: "repo_rule", perf: "model_performance" };
  const STALE_THRESHOLD = 0.7; // store/schema.py: a memory above it is stale
  const PAGE_SIZE = 100; // cards drawn per class before "Show more": 100k memories stay cheap
  const FLASH_MS = 1500; // as long as the TUI's highlight of a changed row
  const SIGN_IN = "Sign in first: open the link that `picasso helper status` prints (it carries this helper's token).";
  const OFFLINE = "The Picasso helper is not answering: start it with `picasso helper start`, then reload this page.";

  const state = {
    records: [],
    search: new Map(), // id -> lowercase text the filter looks in
    expanded: new Set(),
    shown: new Map(), // class -> how many cards are drawn
    flash: new Set(),
    cards: new Map(), // id -> {key, node}: an unchanged card keeps its element across redraws
    loaded: false,
    signedOut: false,
    error: null,
    notice: null,
    pending: null,
    reads: 0, // reads started, and the newest whose answer was drawn (answers can land out of order)
    applied: 0,
    events: null,
  };

  const $ = (id) => document.getElementById(id);

  /** An element with attributes and children; strings become text nodes, never markup. */
  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children) {
      if (child !== null && child !== undefined) node.append(child); // append(string) adds a text node
    }
    return node;
  }

  class PageError extends Error {
    constructor(kind, message) {
      super(message);
      this.kind = kind;
    }
  }

  // -- the API ------------------------------------------------------------------------------------

  async function api(method, path, body) {
    const init = { method, credentials: "same-origin", headers: { Accept: "application/json" } };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(path, init);
    } catch {
      throw new PageError("offline", OFFLINE);
    }
    if (response.status === 401) throw new PageError("signed-out", SIGN_IN);
    if (response.status === 204) return null;
    let data = null;
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    if (!response.ok) {
      const message = data && typeof data.message === "string" ? data.message : `The helper answered ${response.status}.`;
      throw new PageError("api", message);
    }
    return data;
  }

  function workspace() {
    return $("workspace").value.trim();
  }

  function listPath() {
    const cwd = workspace();
    return cwd ? `/api/memories?cwd=${encodeURIComponent(cwd)}` : "/api/memories?all=1";
  }

  // -- reading and diffing ------------------------------------------------------------------------

  function searchText(record) {
    const md = record.metadata || {};
    const attrs = md.attributes || {};
    const prov = md.provenance || {};
    const edges = (md.edges || []).map((e) => e.target || "").filter((t) => /^(file|module):/.test(t));
    return [record.body, attrs.title || "", ...(attrs.tags || []), ...(prov.sourceFiles || []), md.namespace || "", ...edges]
      .join("\n")
      .toLowerCase();
  }

  /** Everything a card shows comes from these: equal fingerprints, nothing to redraw. */
  function fingerprint(record) {
    return `${record.body}\u0000${JSON.stringify(record.metadata || {})}`;
  }

  async function refresh({ flash = true } = {}) {
    const seq = ++state.reads;
    let records;
    try {
      records = await api("GET", listPath());
    } catch (error) {
      if (seq > state.applied) fail(error);
      return;
    }
    if (seq < state.applied) return; // a newer read has already landed: this answer is older
    state.applied = seq;
    if (!Array.isArray(records)) {
      fail(new PageError("api", "The helper sent something that is not a list of memories."));
      return;
    }
    const before = new Map(state.records.map((r) => [r.id, fingerprint(r)]));
    const same = state.loaded && !state.error && records.length === before.size
      && records.every((r, i) => state.records[i].id === r.id && before.get(r.id) === fingerprint(r));
    if (same) {
      listen();
      return; // nothing to redraw: the page stays exactly as the person left it
    }
    if (flash && state.loaded) {
      for (const r of records) if (before.get(r.id) !== fingerprint(r)) state.flash.add(r.id);
      if (state.flash.size) setTimeout(() => clearFlash(), FLASH_MS);
    }
    state.records = records;
    state.search = new Map(records.map((r) => [r.id, searchText(r)]));
    state.loaded = true;
    state.signedOut = false;
    state.error = null;
    render();
    listen();
  }

  function clearFlash() {
    state.flash.clear();
    for (const card of document.querySelectorAll(".card.-flash")) card.classList.remove("-flash");
  }

  function fail(error) {
    if (error.kind === "signed-out") {
      state.signedOut = true;
      state.records = [];
      state.search = new Map();
      if (state.events) state.events.close();
      state.events = null;
      setLive(false, "○ signed out");
    }
    state.error = error.message || String(error);
    render();
  }

  /** Coalesce a burst of store-changed events into one read. */
  function scheduleRefresh() {
    if (state.pending) return;
    state.pending = setTimeout(() => {
      state.pending = null;
      refresh();
    }, 50);
  }

  function listen() {
    if (state.events || state.signedOut || typeof EventSource === "undefined") return;
    const events = new EventSource("/api/events", { withCredentials: true });
    state.events = events;
    events.addEventListener("store-changed", scheduleRefresh);
    events.addEventListener("open", async () => {
      // What changed before the stream (re)connected is read once more; "live" means listening and up to date.
      await refresh();
      if (state.events === events && !state.signedOut) setLive(true);
    });
    events.addEventListener("error", () => {
      setLive(false);
      if (events.readyState === EventSource.CLOSED) state.events = null; // the browser gave up: read says why
      refresh({ flash: false }); // signed out, the helper gone (the browser retries the stream meanwhile), or back
    });
  }

  function setLive(on, why = "○ reconnecting") {
    const live = $("live");
    live.textContent = on ? "● live" : why;
    live.classList.toggle("-off", !on);
  }

  // -- the filter (the TUI's grammar: words, class:X, pinned, stale, held, file:path) ------------

  function parseFilter(text, chosenClass) {
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

  const isPinned = (r) => Boolean(r.metadata && r.metadata.pinned);
  const isStale = (r) => Boolean(r.metadata.attributes?.stale || r.metadata.stalenessScore > STALE_THRESHOLD);
  const isHeld = (r) => Boolean(r.metadata.attributes?.quarantined);

  function filesOf(record) {
    const md = record.metadata;
    const files = [...(md.provenance?.sourceFiles || [])];
    for (const e of md.edges || []) if ((e.target || "").startsWith("file:")) files.push(e.target.slice(5));
    return files.map((f) => f.toLowerCase());
  }

  function matches(record, f) {
    if (f.classes.size && !f.classes.has(record.metadata.class)) return false;
    if (f.pinned && !isPinned(record)) return false;
    if (f.stale && !isStale(record)) return false;
    if (f.held && !isHeld(record)) return false;
    if (f.files.length) {
      const files = filesOf(record);
      if (!f.files.every((want) => files.some((have) => have.includes(want)))) return false;
    }
    const text = state.search.get(record.id) || "";
    return f.words.every((w) => text.includes(w));
  }

  // -- drawing ------------------------------------------------------------------------------------

  function age(iso) {
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

  function render() {
    const focus = rememberFocus();
    const groups = $("groups");
    const status = $("status");
    const f = parseFilter($("filter").value, $("class-filter").value);
    let sentence = state.error;
    groups.replaceChildren();
    document.body.classList.toggle("-signed-out", state.signedOut);
    document.body.dataset.state = state.signedOut ? "signed-out" : state.error ? "error" : state.loaded ? "ready" : "loading";
    for (const control of document.querySelectorAll("#controls input, #controls select")) control.disabled = state.signedOut;
    if (state.signedOut || (!state.loaded && state.error)) {
      $("summary").textContent = "";
    } else if (state.loaded) {
      $("summary").textContent = summary(state.records);
      const byClass = new Map(CLASSES.map(([cls]) => [cls, []]));
      const totals = new Map(CLASSES.map(([cls]) => [cls, 0]));
      for (const r of state.records) {
        if (!byClass.has(r.metadata.class)) continue;
        totals.set(r.metadata.class, totals.get(r.metadata.class) + 1);
        if (!f.active || matches(r, f)) byClass.get(r.metadata.class).push(r);
      }
      const visible = [...byClass.values()].reduce((n, list) => n + list.length, 0);
      const drawn = new Map();
      for (const [cls, label, mark, noun] of CLASSES) {
        if (f.classes.size && !f.classes.has(cls)) continue;
        groups.append(group(cls, label, mark, noun, byClass.get(cls), totals.get(cls), f.active, drawn));
      }
      state.cards = drawn;
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

  // -- actions ------------------------------------------------------------------------------------

  const recordById = (id) => state.records.find((r) => r.id === id);

  async function act(label, method, path) {
    state.notice = null;
    try {
      await api(method, path);
    } catch (error) {
      if (error.kind === "signed-out") return fail(error);
      state.error = `${label} failed: ${error.message}`;
      render();
      return;
    }
    state.error = null;
    await refresh(); // flashes what changed, as a change from elsewhere does (the TUI does the same)
    render(); // also when the list read the same: the last error sentence goes
  }

  function askDelete(id) {
    const record = recordById(id);
    if (!record) return;
    const dialog = $("confirm");
    $("confirm-detail").textContent = record.body || "";
    dialog.dataset.id = id;
    dialog.returnValue = "cancel";
    dialog.showModal();
    $("confirm-cancel").focus(); // the safe answer is the default, as in the TUI
  }

  async function onDialogClose() {
    const dialog = $("confirm");
    const id = dialog.dataset.id;
    delete dialog.dataset.id;
    if (dialog.returnValue !== "delete" || !id) return; // Cancel, Escape, or closed otherwise: nothing changes
    await act("Delete", "DELETE", `/api/memories/${encodeURIComponent(id)}`);
    state.notice = `Deleted ${id}.`;
    render();
  }

  function onClick(event) {
    const button = event.target.closest("button[data-action]");
    if (!button) return;
    const action = button.dataset.action;
    if (action === "show-more") {
      const cls = button.dataset.class;
      state.shown.set(cls, (state.shown.get(cls) || PAGE_SIZE) + PAGE_SIZE);
      render();
      return;
    }
    const article = button.closest(".card");
    const id = article && article.dataset.id;
    if (!id) return;
    const path = `/api/memories/${encodeURIComponent(id)}`;
    if (action === "expand") {
      if (state.expanded.has(id)) state.expanded.delete(id);
      else state.expanded.add(id);
      render();
    } else if (action === "pin") act("Pin", "POST", `${path}/pin`);
    else if (action === "unpin") act("Unpin", "DELETE", `${path}/pin`);
    else if (action === "delete") askDelete(id);
  }

  function onKey(event) {
    const typing = event.target.closest && event.target.closest("input, select, textarea, dialog");
    if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      $("filter").focus();
    } else if (event.key === "Escape" && event.target === $("filter") && $("filter").value) {
      event.preventDefault();
      $("filter").value = "";
      render();
    }
  }

  // -- start --------------------------------------------------------------------------------------

  function readLocation() {
    const hash = new URLSearchParams(location.hash.slice(1));
    const query = new URLSearchParams(location.search);
    $("workspace").value = hash.get("cwd") || query.get("cwd") || "";
    $("filter").value = hash.get("q") || "";
  }

  function writeLocation() {
    const params = new URLSearchParams();
    if (workspace()) params.set("cwd", workspace());
    if ($("filter").value) params.set("q", $("filter").value);
    const hash = params.toString();
    history.replaceState(null, "", `${location.pathname}${hash ? `#${hash}` : ""}`);
  }

  function start() {
    const select = $("class-filter");
    for (const [cls, label] of CLASSES) select.append(el("option", { value: cls, text: label }));
    readLocation();
    let typing = null;
    $("filter").addEventListener("input", () => {
      clearTimeout(typing);
      typing = setTimeout(() => {
        writeLocation();
        render();
      }, 60);
    });
    select.addEventListener("change", render);
    $("workspace").addEventListener("change", () => {
      writeLocation();
      state.loaded = false;
      state.records = [];
      render();
      refresh({ flash: false });
    });
    $("controls").addEventListener("submit", (event) => event.preventDefault());
    $("groups").addEventListener("click", onClick);
    $("confirm").addEventListener("close", onDialogClose);
    document.addEventListener("keydown", onKey);
    render();
    refresh({ flash: false });
    setInterval(() => {
      for (const time of document.querySelectorAll("time.age")) time.textContent = age(time.getAttribute("datetime"));
    }, 60000);
  }

  start();
})();
