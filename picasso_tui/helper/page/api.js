// The helper's API on this origin: JSON requests with the cookie, and the store-changed event stream.

const SIGN_IN = "Sign in first: open the link that `picasso helper status` prints (it carries this helper's token).";
const OFFLINE = "The Picasso helper is not answering: start it with `picasso helper start`, then reload this page.";

/** A request that failed; kind is "offline", "signed-out" or "api", and the message is one sentence. */
export class PageError extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

export async function api(method, path, body) {
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

/** The list of one workspace's memories (and the account-wide ones), or of every workspace when cwd is empty. */
export function listPath(cwd) {
  return cwd ? `/api/memories?cwd=${encodeURIComponent(cwd)}` : "/api/memories?all=1";
}

/** The helper's event stream, or null where the browser has none; the handlers get the EventSource's events. */
export function openEvents({ onChange, onOpen, onError }) {
  if (typeof EventSource === "undefined") return null;
  const events = new EventSource("/api/events", { withCredentials: true });
  events.addEventListener("store-changed", onChange);
  events.addEventListener("open", () => onOpen(events));
  events.addEventListener("error", () => onError(events));
  return events;
}

/** Whether the browser gave up on a stream (rather than retrying it). */
export const streamClosed = (events) => events.readyState === EventSource.CLOSED;
