// The page's elements: looked up by id, and built from text (never from markup, so a memory stays text).

export const $ = (id) => document.getElementById(id);

/** An element with attributes and children; strings become text nodes, never markup. */
export function el(tag, attrs = {}, ...children) {
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

/** The workspace folder typed in the controls; empty means every workspace. */
export function workspace() {
  return $("workspace").value.trim();
}
