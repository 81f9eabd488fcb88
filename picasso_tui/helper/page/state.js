// What the page holds between redraws; page.js changes it, render.js draws from it.

export const PAGE_SIZE = 100; // cards drawn per class before "Show more": 100k memories stay cheap

export const state = {
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
