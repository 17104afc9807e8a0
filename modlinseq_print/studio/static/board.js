// Board designer: the form and the cell edits go to the server, which draws the board and splits the pages.
"use strict";

const form = document.getElementById("design");
const view = document.getElementById("preview");
const message = document.getElementById("message");
const hover = hoverLabel();
const previewRequest = new Latest();
const pagesRequest = new Latest();
const defaults = formValues(form);
let removed = [];
let added = [];

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

async function refresh() {
  writeUrl();
  showEdits();
  const body = settings();
  try {
    const data = await previewRequest.run((signal) => api("/api/board/preview", body, signal));
    message.textContent = "";
    draw(data);
    document.getElementById("count").textContent = `${data.count} cells`;
    refreshPages(body);
  } catch (error) {
    if (!isAbort(error)) message.textContent = error.message;
  }
}

async function refreshPages(body) {
  const summary = document.getElementById("pages-summary");
  summary.textContent = "splitting into pages…";
  try {
    const data = await pagesRequest.run((signal) => api("/api/board/pages", body, signal));
    summary.textContent = data.summary;
    summary.dataset.count = data.count;
    drawPages(data.pages);
  } catch (error) {
    if (!isAbort(error)) { summary.textContent = ""; message.textContent = error.message; }
  }
}

function draw(data) {
  view.replaceChildren();
  const pad = Math.max(...data.shape.map(([x, y]) => Math.hypot(x, y))) + 2;
  view.setAttribute("viewBox", viewBox(data.width, data.height, [data.cells, data.ghosts], pad));
  view.appendChild(sceneElement(data.svg, data.width, data.height));
  const ghosts = svgEl("g", { id: "ghosts" }, view);
  for (const [address, x, y] of data.ghosts) cellPolygon(ghosts, data.shape, x, y, "ghost", address);
  const cells = svgEl("g", { id: "cells" }, view);
  for (const [address, x, y] of data.cells) cellPolygon(cells, data.shape, x, y, "hit", address);
  svgEl("g", { id: "pages" }, view);
}

function drawPages(pages) {
  const group = view.querySelector("#pages");
  if (!group) return;
  group.replaceChildren();
  group.style.display = document.getElementById("show-pages").checked ? "" : "none";
  const [vx, vy, vw] = view.getAttribute("viewBox").split(" ").map(Number);
  const size = Math.max(3, vw / 80);  // the page numbers keep one size on screen, whatever the board
  for (const page of pages) {
    svgEl("rect", { x: page.x, y: page.y, width: page.w, height: page.h, class: "page" }, group);
    const label = svgEl("text", { x: Math.max(page.x, vx) + size / 2, y: Math.max(page.y, vy) + size * 1.4,
      class: "page-number", "font-size": size }, group);
    label.textContent = `page ${page.number}`;
  }
}

// Clicking or dragging: the first cell decides whether this stroke removes cells or adds them.
let stroke = null;

function toggle(polygon) {
  const address = polygon.dataset.address;
  if (stroke === "remove" && polygon.classList.contains("hit")) {
    if (added.includes(address)) added = added.filter((a) => a !== address);
    else if (!removed.includes(address)) removed.push(address);
    polygon.classList.add("pending-off");
  } else if (stroke === "add" && polygon.classList.contains("ghost")) {
    if (removed.includes(address)) removed = removed.filter((a) => a !== address);
    else if (!added.includes(address)) added.push(address);
    polygon.classList.add("pending-on");
  }
}

view.addEventListener("pointerdown", (event) => {
  const polygon = event.target.closest("polygon[data-address]");
  if (!polygon) return;
  event.preventDefault();
  stroke = polygon.classList.contains("ghost") ? "add" : "remove";
  toggle(polygon);
});
view.addEventListener("pointerover", (event) => {
  const polygon = event.target.closest("polygon[data-address]");
  if (polygon && stroke) toggle(polygon);
});
view.addEventListener("pointermove", (event) => {
  const polygon = event.target.closest("polygon[data-address]");
  if (polygon) hover.show(polygon.dataset.address + (polygon.classList.contains("ghost") ? " (add)" : ""), event);
  else hover.hide();
});
view.addEventListener("pointerleave", () => hover.hide());
window.addEventListener("pointerup", () => {
  if (!stroke) return;
  stroke = null;
  refreshSoon.now();
});

const refreshSoon = debounce(refresh, 250);
form.addEventListener("input", () => refreshSoon());
form.addEventListener("change", () => refreshSoon());
document.getElementById("show-pages").addEventListener("change", (event) => {
  const group = view.querySelector("#pages");
  if (group) group.style.display = event.target.checked ? "" : "none";
});
document.getElementById("reset-cells").addEventListener("click", () => { removed = []; added = []; refreshSoon.now(); });

async function save(action) {
  try { message.textContent = ""; await action(); } catch (error) { message.textContent = error.message; }
}

for (const button of form.querySelectorAll("button[data-format]")) {
  button.addEventListener("click", () => save(() => download(`/api/board/download?format=${button.dataset.format}`, settings())));
}
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

readUrl();
refresh();
