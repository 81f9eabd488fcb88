// The Memory page: the records of memory.json grouped by class, as the TUI's inspector and the Mac Memory
// screen show them. This module wires it: reading the list, listening for changes, the buttons and keys, the
// address. Everything it shows comes from the helper's API on this origin (api.js); render.js draws it.

import { PageError, api, listPath, openEvents, streamClosed } from "./api.js";
import { $, el, workspace } from "./dom.js";
import { CLASSES, fingerprint, searchText } from "./records.js";
import { age, render, setLive } from "./render.js";
import { PAGE_SIZE, state } from "./state.js";

const FLASH_MS = 1500; // as long as the TUI's highlight of a changed row

// -- reading and diffing --------------------------------------------------------------------------

async function refresh({ flash = true } = {}) {
  const seq = ++state.reads;
  let records;
  try {
    records = await api("GET", listPath(workspace()));
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
  if (state.events || state.signedOut) return;
  state.events = openEvents({
    onChange: scheduleRefresh,
    onOpen: async (events) => {
      // What changed before the stream (re)connected is read once more; "live" means listening and up to date.
      await refresh();
      if (state.events === events && !state.signedOut) setLive(true);
    },
    onError: (events) => {
      setLive(false);
      if (streamClosed(events)) state.events = null; // the browser gave up: read says why
      refresh({ flash: false }); // signed out, the helper gone (the browser retries the stream meanwhile), or back
    },
  });
}

// -- actions --------------------------------------------------------------------------------------

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

// -- start ----------------------------------------------------------------------------------------

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
