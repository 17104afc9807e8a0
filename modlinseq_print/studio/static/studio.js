// modlinseq-print studio: helpers shared by the three pages (requests, downloads, the board view, forms).
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";

// An error answer of the studio: its one-line message, and the request key at fault when there is one.
class StudioError extends Error {
  constructor(message, key) { super(message); this.key = key || null; }
}

async function answerOf(response) {
  const data = await response.json().catch(() => ({ error: `the studio answered ${response.status}` }));
  if (!response.ok) {
    const error = new StudioError(data.error || `the studio answered ${response.status}`, data.key);
    error.retryAfter = Number(response.headers.get("Retry-After")) || null;  // a busy studio: try again then
    throw error;
  }
  return data;
}

// A JSON request to the studio's API (GET without a body, POST with one).
async function api(path, body, signal) {
  const options = body === undefined ? { signal } : {
    method: "POST", signal, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  return answerOf(await fetch(path, options));
}

// A long request answered line by line: onProgress(label, fraction) for each step, then the result.
async function apiWithProgress(path, body, signal, onProgress) {
  const response = await fetch(path, {
    method: "POST", signal, body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Accept: "application/x-ndjson" },
  });
  if (!response.ok) return answerOf(response);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value || new Uint8Array(), { stream: !done });
    let end;
    while ((end = buffer.indexOf("\n")) >= 0) {
      const line = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      if (line.progress !== undefined) onProgress(line.progress, line.done / line.total);
      else if (line.error !== undefined) throw Object.assign(new StudioError(line.error, line.key), { retryAfter: line.retry_after || null });
      else return line.result;
    }
    if (done) throw new StudioError("the studio closed the answer early");
  }
}

// Runs one request at a time: starting a new one aborts the one before (and the server stops its work).
class Latest {
  constructor() { this.controller = null; }
  async run(work) {
    this.cancel();
    const controller = new AbortController();
    this.controller = controller;
    try {
      return await work(controller.signal);
    } finally {
      if (this.controller === controller) this.controller = null;
    }
  }
  cancel() { if (this.controller) this.controller.abort(); this.controller = null; }
  get busy() { return this.controller !== null; }
}

function isAbort(error) { return error && error.name === "AbortError"; }

// The rules' verdict on the tiles a player has put down (the play page's and a game room's), asked with
// `request(signal)` through `trying` (the last question wins) and shown in `element`; the page is marked busy
// meanwhile. `answered(legal)` runs with the verdict, `say(message, true)` on an error, `after()` either way.
async function askVerdict(trying, request, element, { answered, say, after }) {
  document.body.dataset.busy = "1";
  try {
    const answer = await trying.run(request);
    element.textContent = answer.legal ? `legal: ${answer.points} point${answer.points === 1 ? "" : "s"}` : `not legal: ${answer.reason}`;
    element.className = answer.legal ? "hint good" : "error";
    answered(answer.legal);
  } catch (error) {
    if (!isAbort(error)) say(error.message, true);
  } finally {
    if (!trying.busy) document.body.dataset.busy = "0";
    after();
  }
}

function debounce(fn, ms) {
  let timer = null;
  const wrapped = (...args) => { clearTimeout(timer); timer = setTimeout(() => { timer = null; fn(...args); }, ms); };
  wrapped.now = (...args) => { clearTimeout(timer); timer = null; fn(...args); };
  wrapped.cancel = () => { clearTimeout(timer); timer = null; };
  wrapped.pending = () => timer !== null;
  return wrapped;
}

// Save a file the studio makes: POST (or GET without a body), then hand the bytes to the browser.
async function download(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  if (!response.ok) await answerOf(response);
  const match = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") || "");
  const blob = await response.blob();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = match ? match[1] : "download";
  document.body.appendChild(link);
  link.click();
  setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
}

function svgEl(tag, attrs, parent) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
}

// Say something to screen readers (the page's polite live region).
function announce(text) {
  const region = document.getElementById("announce");
  if (region) { region.textContent = ""; setTimeout(() => { region.textContent = text; }, 30); }
}

// The board view: the server's drawing shown as one image, with cells found by position (no element per cell),
// a hover label, a keyboard cursor (arrow keys), and overlays the page draws (edits, pages, selection).
class BoardView {
  constructor(svg, { describe, activate, key }) {
    this.svg = svg;
    this.describe = describe;      // (address) -> text for the hover label and announcements
    this.activate = activate;      // (address, how) with how "click" | "drag" | "key"
    this.onKey = key || (() => false);
    this.cells = new Map();        // address -> [x, y]
    this.cursor = null;
    this.url = null;
    this.label = document.getElementById("hover") || Object.assign(document.body.appendChild(document.createElement("div")), { id: "hover" });
    this.label.setAttribute("aria-hidden", "true");
    this.image = svg.parentElement.querySelector("img.drawing");
    new ResizeObserver(() => this.place()).observe(svg);
    svg.setAttribute("tabindex", "0");
    svg.addEventListener("pointermove", (event) => this.pointerMove(event));
    svg.addEventListener("pointerleave", () => this.hideHover());
    svg.addEventListener("pointerdown", (event) => this.pointerDown(event));
    window.addEventListener("pointerup", () => { this.dragging = false; });
    svg.addEventListener("keydown", (event) => this.keyDown(event));
    svg.addEventListener("focus", () => { if (!this.cursor) this.moveCursor(this.centreCell()); else this.drawCursor(); });
    svg.addEventListener("blur", () => this.cursorShape && this.cursorShape.setAttribute("visibility", "hidden"));
  }

  // Show a new drawing: data has svg, width, height, shape, and cell lists [[address, x, y], ...]. The drawing
  // is an image in its own layer under the view, so what the view redraws (hover, cursor, edits) never makes
  // the browser paint the board again.
  show(data, lists) {
    const old = this.url;
    this.url = URL.createObjectURL(new Blob([data.svg], { type: "image/svg+xml" }));
    this.shape = data.shape;
    this.size = [data.width, data.height];
    this.cells = new Map();
    for (const list of lists) for (const [address, x, y] of list) this.cells.set(address, [x, y]);
    this.index();
    const pad = Math.max(...data.shape.map(([x, y]) => Math.hypot(x, y))) + 2;
    this.svg.setAttribute("viewBox", viewBox(data.width, data.height, lists, pad));
    if (!this.svg.querySelector("#marks")) {
      for (const id of ["marks", "pages", "selection"]) svgEl("g", { id }, this.svg);
      this.hoverShape = svgEl("polygon", { class: "hover-cell", visibility: "hidden" }, this.svg);
      this.cursorShape = svgEl("polygon", { class: "cursor-cell", visibility: "hidden" }, this.svg);
    }
    const image = this.image;
    image.onload = () => {
      document.body.dataset.drawnAt = String(performance.now());
      if (old) URL.revokeObjectURL(old);
    };
    image.src = this.url;
    this.place();
    if (this.cursor && !this.cells.has(this.cursor)) this.cursor = null;
    if (document.activeElement === this.svg) this.drawCursor();
  }

  // The image over the drawing's place in the view (the view keeps the drawing's proportions, centred).
  place() {
    if (!this.size) return;
    const matrix = this.svg.getScreenCTM();
    const box = this.svg.parentElement.getBoundingClientRect();
    if (!matrix) return;
    const a = new DOMPoint(0, 0).matrixTransform(matrix);
    const b = new DOMPoint(...this.size).matrixTransform(matrix);
    Object.assign(this.image.style, { left: `${a.x - box.left}px`, top: `${a.y - box.top}px`,
      width: `${b.x - a.x}px`, height: `${b.y - a.y}px` });
  }

  // Cells filed in buckets of the cell size, and in rows (for the arrow keys).
  index() {
    this.step = Math.max(...this.shape.map(([x]) => Math.abs(x))) * 2 || 10;
    this.buckets = new Map();
    const rows = new Map();
    for (const [address, [x, y]] of this.cells) {
      const key = `${Math.floor(x / this.step)},${Math.floor(y / this.step)}`;
      if (!this.buckets.has(key)) this.buckets.set(key, []);
      this.buckets.get(key).push(address);
      const row = Math.round(y * 4 / this.step);
      if (!rows.has(row)) rows.set(row, []);
      rows.get(row).push(address);
    }
    this.rows = [...rows.keys()].sort((a, b) => a - b).map((r) => rows.get(r).sort((a, b) => this.cells.get(a)[0] - this.cells.get(b)[0]));
    this.rowOf = new Map();
    this.rows.forEach((row, i) => row.forEach((address) => this.rowOf.set(address, i)));
  }

  // The address of the cell under a point of the view (the nearest centre within a cell's reach), or null.
  cellAt(x, y) {
    const bx = Math.floor(x / this.step), by = Math.floor(y / this.step);
    let best = null, bestDistance = (this.step * 0.58) ** 2;
    for (let i = bx - 1; i <= bx + 1; i++) for (let j = by - 1; j <= by + 1; j++) {
      for (const address of this.buckets.get(`${i},${j}`) || []) {
        const [cx, cy] = this.cells.get(address);
        const d = (cx - x) ** 2 + (cy - y) ** 2;
        if (d < bestDistance) { best = address; bestDistance = d; }
      }
    }
    return best;
  }

  eventCell(event) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return this.cellAt(point.x, point.y);
  }

  points(address) {
    const [x, y] = this.cells.get(address);
    return this.shape.map(([dx, dy]) => `${(x + dx).toFixed(2)},${(y + dy).toFixed(2)}`).join(" ");
  }

  // A polygon over a cell in one of the overlay groups.
  mark(groupId, address, cls) {
    return svgEl("polygon", { points: this.points(address), class: cls, "data-address": address }, this.svg.querySelector(`#${groupId}`));
  }

  pointerMove(event) {
    const address = this.eventCell(event);
    if (!address) { this.hideHover(); return; }
    this.hoverShape.setAttribute("points", this.points(address));
    this.hoverShape.setAttribute("visibility", "visible");
    this.label.textContent = this.describe(address);
    this.label.style.display = "block";
    this.label.style.left = `${event.clientX + 14}px`;
    this.label.style.top = `${event.clientY + 12}px`;
    if (this.dragging && address !== this.lastDragged) { this.lastDragged = address; this.activate(address, "drag"); }
  }

  hideHover() {
    if (this.hoverShape) this.hoverShape.setAttribute("visibility", "hidden");
    this.label.style.display = "none";
  }

  pointerDown(event) {
    const address = this.eventCell(event);
    if (!address) { this.activate(null, "click"); return; }
    event.preventDefault();
    this.svg.focus({ preventScroll: true });
    this.cursor = address;
    this.drawCursor();
    this.dragging = event.pointerType === "mouse";
    this.lastDragged = address;
    this.activate(address, "click");
  }

  centreCell() {
    const box = this.svg.viewBox.baseVal;
    let best = null, bestDistance = Infinity;
    for (const [address, [x, y]] of this.cells) {
      const d = (x - box.x - box.width / 2) ** 2 + (y - box.y - box.height / 2) ** 2;
      if (d < bestDistance) { best = address; bestDistance = d; }
    }
    return best;
  }

  moveCursor(address) {
    if (!address) return;
    this.cursor = address;
    this.drawCursor();
    announce(this.describe(address));
  }

  drawCursor() {
    if (!this.cursorShape || !this.cursor || !this.cells.has(this.cursor)) return;
    this.cursorShape.setAttribute("points", this.points(this.cursor));
    this.cursorShape.setAttribute("visibility", "visible");
    this.svg.setAttribute("aria-description", `cursor on ${this.describe(this.cursor)}`);
  }

  // Arrow keys move between cells: left and right along a row, up and down to the nearest cell of the next row.
  neighbour(key) {
    const row = this.rowOf.get(this.cursor);
    if (row === undefined) return this.centreCell();
    const cells = this.rows[row];
    const i = cells.indexOf(this.cursor);
    if (key === "ArrowLeft") return cells[Math.max(i - 1, 0)];
    if (key === "ArrowRight") return cells[Math.min(i + 1, cells.length - 1)];
    const next = this.rows[row + (key === "ArrowUp" ? -1 : 1)];
    if (!next) return this.cursor;
    const x = this.cells.get(this.cursor)[0];
    return next.reduce((a, b) => (Math.abs(this.cells.get(b)[0] - x) < Math.abs(this.cells.get(a)[0] - x) ? b : a));
  }

  keyDown(event) {
    if (event.key.startsWith("Arrow")) {
      event.preventDefault();
      this.moveCursor(this.neighbour(event.key));
    } else if ((event.key === "Enter" || event.key === " ") && this.cursor && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      this.activate(this.cursor, "key");
    } else if (this.onKey(event, this.cursor)) {
      event.preventDefault();
    }
  }
}

// The bounds of a drawing and the cells around it, for the view box.
function viewBox(width, height, cellLists, pad) {
  let [x0, y0, x1, y1] = [0, 0, width, height];
  for (const list of cellLists) for (const [, x, y] of list) {
    x0 = Math.min(x0, x - pad); y0 = Math.min(y0, y - pad); x1 = Math.max(x1, x + pad); y1 = Math.max(y1, y + pad);
  }
  return `${x0.toFixed(2)} ${y0.toFixed(2)} ${(x1 - x0).toFixed(2)} ${(y1 - y0).toFixed(2)}`;
}

// Form values by name: checkboxes as true/false, everything else as text.
function formValues(form) {
  const values = {};
  for (const el of form.elements) {
    if (!el.name) continue;
    values[el.name] = el.type === "checkbox" ? el.checked : el.value;
  }
  return values;
}

function setFormValues(form, values) {
  for (const [name, value] of Object.entries(values)) {
    const el = form.elements.namedItem(name);
    if (!el || el instanceof RadioNodeList) continue;
    if (el.type === "checkbox") el.checked = value === true || value === "true" || value === "1";
    else el.value = value === null || value === undefined ? "" : String(value);
  }
}

function readFileText(input) {
  return new Promise((resolve, reject) => {
    const file = input.files && input.files[0];
    if (!file) { reject(new Error("no file chosen")); return; }
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(new Error(`cannot read ${file.name}`));
    reader.readAsText(file);
  });
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

// On a narrow screen the settings panel folds above the board; its button opens and closes it.
document.addEventListener("DOMContentLoaded", () => {
  for (const form of document.forms) form.addEventListener("submit", (event) => event.preventDefault());
  const toggle = document.getElementById("panel-toggle");
  const panel = document.getElementById("panel");
  if (!toggle || !panel) return;
  toggle.addEventListener("click", () => {
    const open = panel.classList.toggle("open");
    toggle.setAttribute("aria-expanded", String(open));
  });
});
