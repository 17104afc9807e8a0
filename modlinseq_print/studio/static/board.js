// Board designer: the form and the cell edits go to the server, which draws the board and splits the pages.
// A click shows at once (an overlay on the cell); the server's new drawing follows.
"use strict";

const form = document.getElementById("design");
const message = document.getElementById("message");
const countPill = document.getElementById("count");
const previewRequest = new Latest();
const pagesRequest = new Latest();
const defaults = formValues(form);
let removed = [];
let added = [];
let shown = { cells: new Set(), ghosts: new Set(), spec: "" };  // what the drawing on screen shows
let stroke = null;  // "remove" or "add": the first cell of a click or drag decides
let heat = null;  // address -> share of playtest games that filled the cell, while shown

const view = new BoardView(document.getElementById("preview"), {
  describe: (address) => `${address}${isOn(address) ? "" : " (not on the board: Enter adds it)"}`,
  activate: (address, how) => {
    if (!address) return;
    if (how !== "drag") stroke = isOn(address) ? "remove" : "add";
    toggle(address);
    if (how === "key") { refreshSoon.now(); announce(`${address} ${isOn(address) ? "added" : "removed"}; ${countCells()} cells`); }
  },
  key: (event) => {
    if (event.key === "Escape") { view.hideHover(); return true; }
    return false;
  },
});

// A cell of the base board (the spec's), known from the drawing on screen and the edits it was drawn with.
function inBase(address) {
  return (shown.cells.has(address) && !shownEdits.added.has(address)) || shownEdits.removed.has(address);
}
function isOn(address) {
  return (inBase(address) && !removed.includes(address)) || added.includes(address);
}
let shownEdits = { removed: new Set(), added: new Set() };

function countCells() {
  let count = shown.cells.size;
  for (const address of [...shown.cells, ...shown.ghosts]) {
    const now = isOn(address), before = shown.cells.has(address);
    if (now !== before) count += now ? 1 : -1;
  }
  return count;
}

function settings() {
  return { ...formValues(form), remove: removed, add: added };
}

// The URL carries every setting that differs from the page's defaults, and the cell edits.
function writeUrl() {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(formValues(form))) {
    if (value !== defaults[key]) params.set(key, value === true ? "1" : value === false ? "0" : value);
  }
  if (removed.length) params.set("remove", removed.join(","));
  if (added.length) params.set("add", added.join(","));
  const query = params.toString();
  history.replaceState(null, "", query ? `?${query}` : location.pathname);
}

function readUrl() {
  const params = new URLSearchParams(location.search);
  const values = {};
  for (const [key, value] of params) values[key] = value;
  setFormValues(form, values);
  removed = (params.get("remove") || "").split(",").filter(Boolean);
  added = (params.get("add") || "").split(",").filter(Boolean);
}

function showEdits() {
  const parts = [];
  if (removed.length) parts.push(`${removed.length} removed: ${removed.slice(0, 12).join(" ")}${removed.length > 12 ? " …" : ""}`);
  if (added.length) parts.push(`${added.length} added: ${added.slice(0, 12).join(" ")}${added.length > 12 ? " …" : ""}`);
  document.getElementById("edits").textContent = parts.join("; ");
}

// The edits not yet in the drawing on screen, as overlays: a cell taken away, a cell put on.
function drawMarks() {
  const group = document.getElementById("marks");
  if (!group) return;
  group.replaceChildren();
  for (const address of [...shown.cells, ...shown.ghosts]) {
    const now = isOn(address);
    if (now !== shown.cells.has(address)) view.mark("marks", address, now ? "mark-on" : "mark-off");
  }
  countPill.textContent = `${countCells()} cells`;
}

function toggle(address) {
  const on = isOn(address);
  if (stroke === "remove" && on) {
    if (added.includes(address)) added = added.filter((a) => a !== address);
    else if (!removed.includes(address)) removed.push(address);
  } else if (stroke === "add" && !on) {
    if (removed.includes(address)) removed = removed.filter((a) => a !== address);
    else if (!added.includes(address)) added.push(address);
  } else {
    return;
  }
  drawMarks();
  showEdits();
  if (heat) { heat = null; drawHeat(); document.getElementById("heat-key").hidden = true; }  // shading of another design
}

async function refresh() {
  writeUrl();
  showEdits();
  const body = settings();
  const sent = { removed: new Set(removed), added: new Set(added) };
  const width = Math.round(view.svg.clientWidth * (window.devicePixelRatio || 1));
  drawnWidth = width;
  document.body.dataset.busy = "1";
  try {
    const data = await previewRequest.run((signal) => api("/api/board/preview", { ...body, screen_width: width || undefined }, signal));
    message.textContent = "";
    shown = { cells: new Set(data.cells.map((c) => c[0])), ghosts: new Set(data.ghosts.map((c) => c[0])), spec: data.spec };
    shownEdits = sent;
    view.show(data, [data.cells, data.ghosts]);
    if (!zoomedOnce) { zoomedOnce = true; if (touchScreen()) zoomer.set(zoomer.tapLevel()); }
    drawGhosts(data.ghosts);
    drawMarks();
    drawHeat();
    document.getElementById("preview").setAttribute("aria-label",
      `Board ${data.spec}, ${data.count} cells. Arrow keys move between cells; Enter removes a cell or adds a dashed one.`);
    refreshPages(body);
  } catch (error) {
    if (!isAbort(error)) { if (!tryAgainLater(error)) message.textContent = error.message; document.body.dataset.busy = "0"; }
  }
}

function drawGhosts(ghosts) {
  let group = document.getElementById("ghosts");
  if (!group) {
    group = svgEl("path", { id: "ghosts", class: "ghost" });
    document.getElementById("marks").before(group);
  }
  group.setAttribute("d", ghosts.map(([address]) => `M${view.points(address).replaceAll(" ", "L")}Z`).join(""));
}

async function refreshPages(body) {
  const summary = document.getElementById("pages-summary");
  summary.classList.add("stale");  // the old count stays, faded, until the new one comes: nothing moves
  try {
    const data = await pagesRequest.run((signal) => api("/api/board/pages", body, signal));
    summary.classList.remove("stale");
    summary.textContent = data.summary;
    summary.title = data.summary;
    summary.dataset.count = data.count;
    drawPages(data.pages);
    document.body.dataset.busy = "0";
  } catch (error) {
    if (!isAbort(error)) {
      summary.classList.remove("stale");
      summary.textContent = "";
      if (!tryAgainLater(error)) message.textContent = error.message;
      document.body.dataset.busy = "0";
    }
  }
}

// A busy studio says when to try again: say so, and ask again then.
function tryAgainLater(error) {
  if (!error.retryAfter) return false;
  message.textContent = `${error.message} (trying again in ${error.retryAfter} s)`;
  setTimeout(() => refreshSoon(), error.retryAfter * 1000);
  return true;
}

// The printed pages as dashed frames, each numbered at the middle of the part of it that shows (in the frame,
// when the board is zoomed and scrolled), all numbers of one size ("page 7", or "7" where pages are small on
// the screen); one that would touch another or run out of the frame is shortened, or left out. On the screen a
// number is never larger than the page's own text, at any zoom.
const PAGE_LABEL_PX = 14;
let lastPages = [];
function drawPages(pages) {
  lastPages = pages;
  const group = document.getElementById("pages");
  if (!group) return;
  group.replaceChildren();
  group.style.display = document.getElementById("show-pages").checked ? "" : "none";
  const [vx, vy, vw, vh] = shownPart();
  for (const page of pages) {
    svgEl("rect", { x: page.x, y: page.y, width: page.w, height: page.h, class: "page" }, group);
  }
  const pixels = view.svg.getScreenCTM() ? view.svg.getScreenCTM().a : 1;  // screen pixels a board unit
  const fit = (chars) => Math.min(PAGE_LABEL_PX / pixels,
    ...pages.map((p) => Math.min(0.85 * p.w / (chars * 0.6), 0.5 * p.h)));
  const long = fit(`page ${pages.length}`.length) * pixels >= 11;  // else bare numbers, larger
  const size = long ? fit(`page ${pages.length}`.length) : fit(String(pages.length).length);
  const placed = [];
  for (const page of pages) {
    const x0 = Math.max(page.x, vx), x1 = Math.min(page.x + page.w, vx + vw);
    const y0 = Math.max(page.y, vy), y1 = Math.min(page.y + page.h, vy + vh);
    const label = svgEl("text", { x: (x0 + x1) / 2, y: (y0 + y1) / 2, class: "page-number", "font-size": size.toFixed(2),
      "text-anchor": "middle", "dominant-baseline": "central" }, group);
    for (const text of [long ? `page ${page.number}` : `${page.number}`, `${page.number}`, null]) {
      if (text === null) { label.remove(); break; }
      label.textContent = text;
      const b = label.getBBox();
      const box = [b.x, b.y, b.x + b.width, b.y + b.height];
      const shown = box[0] >= vx && box[1] >= vy && box[2] <= vx + vw && box[3] <= vy + vh;  // not cut by the frame
      if (shown && !placed.some((other) => overlaps(other, box))) { placed.push(box); break; }
    }
  }
}

// The part of the board the frame shows, in board units: the whole view box, or less when zoomed.
function shownPart() {
  const box = document.getElementById("preview").getAttribute("viewBox").split(" ").map(Number);
  const matrix = view.svg.getScreenCTM();
  if (!matrix) return box;
  const frame = canvas.getBoundingClientRect(), inverse = matrix.inverse();
  const a = new DOMPoint(frame.left, frame.top).matrixTransform(inverse);
  const b = new DOMPoint(frame.right, frame.bottom).matrixTransform(inverse);
  const x0 = Math.max(box[0], a.x), y0 = Math.max(box[1], a.y);
  const x1 = Math.min(box[0] + box[2], b.x), y1 = Math.min(box[1] + box[3], b.y);
  return x1 > x0 && y1 > y0 ? [x0, y0, x1 - x0, y1 - y0] : box;
}

function overlaps(a, b) { return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]; }

const refreshSoon = debounce(refresh, 250);
window.addEventListener("pointerup", () => {
  if (!stroke) return;
  stroke = null;
  refreshSoon.now();
});
form.addEventListener("input", () => refreshSoon());
form.addEventListener("change", () => refreshSoon());
document.getElementById("show-pages").addEventListener("change", (event) => {
  const group = document.getElementById("pages");
  if (group) group.style.display = event.target.checked ? "" : "none";
});
document.getElementById("reset-cells").addEventListener("click", () => { removed = []; added = []; refreshSoon.now(); });

async function save(action) {
  try { message.textContent = ""; await action(); } catch (error) { message.textContent = error.message; }
}

// A download is made on the server with its progress shown (a page count, or the seconds so far), its buttons
// waiting meanwhile; Stop ends the work on the server too. Then the file is fetched and saved.
const downloadRequest = new Latest();
const formatButtons = [...form.querySelectorAll("button[data-format]")];

async function makeDownload(format) {
  const box = document.getElementById("download-progress");
  const bar = box.querySelector("progress");
  const step = document.getElementById("download-step");
  const time = document.getElementById("download-time");
  const started = performance.now();
  const tick = () => { time.textContent = `${Math.round((performance.now() - started) / 1000)} s`; };
  for (const button of formatButtons) button.disabled = true;
  bar.removeAttribute("value");  // moving until the first page is drawn
  step.textContent = `making the ${format.toUpperCase()}…`;
  time.textContent = "";
  box.hidden = false;
  message.textContent = "";
  const timer = setInterval(tick, 1000);
  document.body.dataset.downloading = "1";
  try {
    const made = await downloadRequest.run((signal) => apiWithProgress(`/api/board/make?format=${format}`, settings(), signal,
      (label, fraction) => { if (fraction > 0) bar.value = fraction; step.textContent = label; }));
    step.textContent = "saving…";
    await download(`/api/board/file?id=${made.id}`);
    announce(`${made.name} saved`);
  } catch (error) {
    if (isAbort(error)) announce("Download stopped"); else message.textContent = error.message;
  } finally {
    clearInterval(timer);
    for (const button of formatButtons) button.disabled = false;
    box.hidden = true;
    document.body.dataset.downloading = "0";
  }
}

for (const button of formatButtons) button.addEventListener("click", () => makeDownload(button.dataset.format));
document.getElementById("download-stop").addEventListener("click", () => downloadRequest.cancel());
document.getElementById("save-board").addEventListener("click", () => save(() => download("/api/board/board-file", settings())));
document.getElementById("save-preset").addEventListener("click", () => save(() => download("/api/board/preset", settings())));

document.getElementById("load-board").addEventListener("change", (event) => save(async () => {
  const data = await api("/api/board/load-board-file", { contents: await readFileText(event.target) });
  event.target.value = "";
  form.elements.board.value = data.board;
  removed = data.remove; added = data.add;
  refreshSoon.now();
}));
document.getElementById("load-preset").addEventListener("change", (event) => save(async () => {
  const data = await api("/api/board/load-preset", { contents: await readFileText(event.target) });
  event.target.value = "";
  const { remove, add, ...values } = data.settings;
  setFormValues(form, values);
  if (remove) { removed = remove; added = add; }
  refreshSoon.now();
  if (data.board_file) message.textContent = `this preset's board is the file ${data.board_file}: load it with 'Load board file'`;
}));

// Playtest this board: a few games between computer players on the design, shaded cell by cell.
const playtestRequest = new Latest();

function shade(share) {
  const mix = (a, b) => Math.round(a + (b - a) * share);
  return `rgb(${mix(255, 23)},${mix(255, 84)},${mix(255, 36)})`;
}

function drawHeat() {
  let group = document.getElementById("heat");
  if (!group) { group = svgEl("g", { id: "heat" }); document.getElementById("marks").before(group); }
  group.replaceChildren();
  if (!heat) return;
  for (const address of shown.cells) {
    if (!view.cells.has(address)) continue;
    const cell = view.mark("marks", address, "heat");
    cell.style.fill = shade(heat[address] || 0);
    cell.style.fillOpacity = "0.85";
    group.appendChild(cell);
  }
}

async function playtest() {
  const values = formValues(form);
  const body = { ...settings(), modulus: values.play_modulus, copies: values.play_copies, hand: values.play_hand,
    games: values.play_games, ai: values.play_ai, wild: 4, players: 2 };
  const panel = document.getElementById("playtest-results");
  const progress = document.getElementById("playtest-progress");
  panel.hidden = false;
  progress.hidden = false;
  document.getElementById("playtest-figures").replaceChildren();
  document.getElementById("playtest-stop").hidden = false;
  document.getElementById("playtest").disabled = true;
  try {
    const data = await playtestRequest.run((signal) => apiWithProgress("/api/play/playtest", body, signal, (label, fraction) => {
      progress.querySelector("progress").value = fraction;
      progress.querySelector("span").textContent = label;
    }));
    heat = data.heat;
    drawHeat();
    const figures = [
      `${data.games} games, ${data.turns} turns a game on average`,
      `scores ${data.scores.join(" and ")} on average; the first player won ${Math.round(100 * data.wins[0])}% of games`,
      `${Math.round(100 * data.filled)}% of the cells filled, ${data.blocked} blocked at the end, ${data.stock} tiles left in the stock`,
      `longest sequence ${data.longest} tiles on average; ${data.seconds} s of computing per game`,
    ];
    document.getElementById("playtest-figures").innerHTML = figures.map((f) => `<li>${escapeHtml(f)}</li>`).join("");
    document.getElementById("heat-key").hidden = false;
    progress.hidden = true;
    panel.scrollIntoView({ block: "nearest" });
    announce(`Playtest done: ${figures[0]}`);
  } catch (error) {
    progress.hidden = true;
    if (!isAbort(error)) message.textContent = error.message;
  } finally {
    document.getElementById("playtest-stop").hidden = true;
    document.getElementById("playtest").disabled = false;
  }
}

document.getElementById("playtest").addEventListener("click", playtest);
document.getElementById("playtest-stop").addEventListener("click", () => playtestRequest.cancel());
document.getElementById("heat-hide").addEventListener("click", () => { heat = null; drawHeat(); document.getElementById("heat-key").hidden = true; });

// Zoom (zoom.js): on a touch screen the board opens with every cell big enough for a finger. A zoom past the
// drawing's width draws it again, with the addresses it was too small to show; the page numbers follow.
const canvas = document.getElementById("canvas");
let zoomedOnce = false;
let drawnWidth = 0;  // the width in pixels the drawing on screen was made for (text too small for it is left out)
const zoomer = new BoardZoom(view, canvas, { changed: () => {
  drawPages(lastPages);
  if (view.svg.clientWidth * (window.devicePixelRatio || 1) > drawnWidth * 1.2) refreshSoon();
} });

let labelsAgain = 0;  // the page numbers follow the part of the board shown as the frame scrolls
canvas.addEventListener("scroll", () => {
  if (!labelsAgain) labelsAgain = requestAnimationFrame(() => { labelsAgain = 0; drawPages(lastPages); });
}, { passive: true });

readUrl();
refresh();
