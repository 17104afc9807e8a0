// modlinseq-print studio: helpers shared by the three pages (requests, downloads, SVG, forms).
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";

// A JSON request to the studio's API; an error answer becomes an Error carrying its one-line message.
async function api(path, body, signal) {
  const options = body === undefined ? { signal } : {
    method: "POST", signal, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({ error: `the studio answered ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `the studio answered ${response.status}`);
  return data;
}

// Runs one request at a time: starting a new one aborts the one before (AbortController).
class Latest {
  constructor() { this.controller = null; }
  async run(work) {
    if (this.controller) this.controller.abort();
    const controller = new AbortController();
    this.controller = controller;
    try {
      return await work(controller.signal);
    } finally {
      if (this.controller === controller) this.controller = null;
    }
  }
}

function isAbort(error) { return error && error.name === "AbortError"; }

function debounce(fn, ms) {
  let timer = null;
  const wrapped = (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
  wrapped.now = (...args) => { clearTimeout(timer); fn(...args); };
  return wrapped;
}

// Save a file the studio makes: POST (or GET without a body), then hand the bytes to the browser.
async function download(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    throw new Error(data.error || `the studio answered ${response.status}`);
  }
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

// The drawing the server made, as an element sized in scene millimetres (user units of the view).
function sceneElement(svgText, width, height) {
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const root = document.importNode(doc.documentElement, true);
  root.setAttribute("x", 0); root.setAttribute("y", 0);
  root.setAttribute("width", width); root.setAttribute("height", height);
  return root;
}

// A hexagon (or square) outline for a cell at (x, y): the server sends the corner offsets once.
function cellPolygon(parent, shape, x, y, cls, address) {
  const points = shape.map(([dx, dy]) => `${(x + dx).toFixed(2)},${(y + dy).toFixed(2)}`).join(" ");
  return svgEl("polygon", { points, class: cls, "data-address": address }, parent);
}

// The bounds of a drawing and the cells around it, for the view box.
function viewBox(width, height, cellLists, pad) {
  let [x0, y0, x1, y1] = [0, 0, width, height];
  for (const list of cellLists) for (const [, x, y] of list) {
    x0 = Math.min(x0, x - pad); y0 = Math.min(y0, y - pad); x1 = Math.max(x1, x + pad); y1 = Math.max(y1, y + pad);
  }
  return `${x0.toFixed(2)} ${y0.toFixed(2)} ${(x1 - x0).toFixed(2)} ${(y1 - y0).toFixed(2)}`;
}

// The floating label that names the cell under the pointer.
function hoverLabel() {
  let label = document.getElementById("hover");
  if (!label) { label = document.createElement("div"); label.id = "hover"; document.body.appendChild(label); }
  return {
    show(text, event) {
      label.textContent = text; label.style.display = "block";
      label.style.left = `${event.clientX + 14}px`; label.style.top = `${event.clientY + 12}px`;
    },
    hide() { label.style.display = "none"; },
  };
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
