// Position editor: the page keeps the transcript; the server places tiles, judges the position and draws it.
"use strict";

const form = document.getElementById("rules");
const box = document.getElementById("transcript");
const message = document.getElementById("message");
const pop = document.getElementById("pop");
const popValue = document.getElementById("pop-value");
let transcript = "";
let undoStack = [];
let selected = null;
let version = 0;

function writeUrl() {
  const params = new URLSearchParams();
  const values = formValues(form);
  for (const key of ["board", "modulus", "wrap", "wild_policy"]) if (values[key]) params.set(key, values[key]);
  if (values.marker) params.set("marker", "1");
  if (transcript) params.set("t", transcript);
  history.replaceState(null, "", `?${params}`);
}

function readUrl() {
  const params = new URLSearchParams(location.search);
  const values = {};
  for (const [key, value] of params) if (key !== "t") values[key] = value;
  setFormValues(form, values);
  transcript = params.get("t") || "";
}

// One round trip: the edit (a tile set on a cell, or a new transcript) goes to the server with the settings.
// Edits queue up, each starting from the transcript the one before returned, so a fast typist loses none.
let queue = Promise.resolve();
let pending = 0;

function send(edit = {}) {
  pending += 1;
  document.body.dataset.busy = "1";
  queue = queue.then(() => roundTrip(edit)).finally(() => {
    pending -= 1;
    if (pending === 0) document.body.dataset.busy = "0";
    document.body.dataset.version = String(++version);
  });
  return queue;
}

async function roundTrip(edit) {
  const before = transcript;
  const width = Math.round(view.svg.clientWidth * (window.devicePixelRatio || 1));
  drawnWidth = width;
  const body = { ...formValues(form), transcript, ...edit, screen_width: width || undefined };
  try {
    const data = await api("/api/position/check", body);
    message.textContent = "";
    if (data.transcript !== before) {
      undoStack.push(before);
      document.getElementById("undo").disabled = false;
    }
    transcript = data.transcript;
    box.value = transcript;
    render(data);
    writeUrl();
  } catch (error) {
    message.textContent = error.message;
    const verdict = document.getElementById("verdict");  // the verdict is of the last position judged, not this
    verdict.textContent = "not judged: see the message";
    verdict.className = "pill bad";
  }
}

let tiles = {};
let blockedCells = new Set();

const view = new BoardView(document.getElementById("diagram"), {
  describe: (address) => `${address}${tiles[address] !== undefined ? ` = ${tiles[address]}` : blockedCells.has(address) ? " (blocked)" : ""}`,
  activate: (address, how) => {
    if (!address) { closeEditor(); return; }
    if (how !== "drag") openEditor(address, how === "key");
  },
  key: (event, address) => {
    if (!address) return false;
    if (/^[0-9#]$/.test(event.key)) { openEditor(address, true, event.key); return true; }
    if (event.key === "Delete" || event.key === "Backspace") { if (tiles[address] !== undefined) send({ cell: address, value: "" }); return true; }
    if (event.key === "Escape") { closeEditor(); return true; }
    return false;
  },
});

// Zoom (zoom.js); zoomed well past the drawing's width, the position is drawn again at its new size.
let drawnWidth = 0;
const zoomer = new BoardZoom(view, document.getElementById("canvas"), { changed: () => {
  if (view.svg.clientWidth * (window.devicePixelRatio || 1) > drawnWidth * 1.2) resend();
} });

function render(data) {
  tiles = data.tiles;
  blockedCells = new Set(data.report.blocked);
  view.show(data, [data.cells]);
  zoomer.drawn();
  const marks = document.getElementById("marks");
  marks.replaceChildren();
  for (const address of blockedCells) view.mark("marks", address, "blocked");
  if (selected) view.mark("selection", selected, "selected");
  drawCrop(data.crop, data.cells.length);
  const count = Object.keys(data.tiles).length;
  document.getElementById("diagram").setAttribute("aria-label",
    `Position on ${data.report.board || "the board"}: ${count} tiles. Arrow keys move between cells; type a value or # and Enter to place a tile; Delete takes it away.`);
  report(data.report, count);
}

// The part of the board an export shows, when it is cropped: a dashed frame on the whole board (which the
// editor always shows, so that any cell can take a tile).
function drawCrop(frame, total) {
  const group = document.getElementById("pages");
  group.replaceChildren();
  document.getElementById("crop-note").textContent = frame ? `export: ${frame.cells} of ${total} cells, in the dashed frame` : "";
  if (frame) svgEl("rect", { x: frame.x, y: frame.y, width: frame.w, height: frame.h, class: "crop-frame" }, group);
}

// What lines do at the board's edges, in words (the wrap setting's values).
const EDGES = { none: "lines stop at the edges", lines: "lines wrap round the edges", bounce: "lines bounce back at the edges",
  tess: "lines go on into the next copy of the board" };

function report(result, tiles) {
  const verdict = document.getElementById("verdict");
  verdict.textContent = tiles === 0 ? "empty board" : result.legal ? "legal" : "illegal";
  verdict.className = "pill" + (result.legal ? "" : " bad");
  document.getElementById("tile-count").textContent = `${tiles} tile${tiles === 1 ? "" : "s"}, modulus ${result.modulus}, ${EDGES[result.wrap] || ""}`;
  const rows = result.sequences.map((s) => `<tr class="${s.legal ? "" : "illegal"}"><td>${escapeHtml(s.line)}</td>` +
    `<td class="step">${escapeHtml(s.step)}</td><td class="num">${s.tiles}</td><td class="num">${s.points}</td></tr>`);
  document.getElementById("sequences").innerHTML = rows.join("");
  document.getElementById("no-sequences").hidden = rows.length > 0;
  document.getElementById("blocked").innerHTML = result.blocked.map((c) => `<span>${escapeHtml(c)}</span>`).join("");
  document.getElementById("no-blocked").hidden = result.blocked.length > 0;
  document.getElementById("problems").innerHTML = result.problems.map((p) => `<li>${escapeHtml(p.message)}</li>`).join("");
  document.getElementById("no-problems").hidden = result.problems.length > 0;
  document.getElementById("wilds").innerHTML = result.wild.length ? "<h2>Wild tiles</h2>" + result.wild.map(
    (w) => `<div>${escapeHtml(w.cell)}${w.values.length ? ` can be ${orList(w.values)}` : ": no value fits"}</div>`).join("") : "";
}

// Values as a person lists them: "4", "4 or 9", "1, 4 or 9"; a long list (always a progression) by its first
// three and its last, "0, 2, 4, ... or 18".
function orList(values) {
  const shown = values.length > 6 ? [...values.slice(0, 3), "..."] : values.slice(0, -1);
  return values.length < 2 ? `${values[0]}` : `${shown.join(", ")} or ${values[values.length - 1]}`;
}

function openEditor(address, fromKeyboard, typed) {
  selected = address;
  const selection = document.getElementById("selection");
  selection.replaceChildren();
  view.mark("selection", address, "selected");
  const place = besideCell(pop.parentElement, selection.firstChild.getBoundingClientRect());
  pop.style.left = `${place.left}px`;
  pop.style.top = `${place.top}px`;
  pop.style.display = "block";
  document.getElementById("pop-cell").textContent = `Value for cell ${address}`;
  popValue.value = typed !== undefined ? typed : (tiles[address] !== undefined ? tiles[address] : "");
  popValue.focus();
  if (typed === undefined) popValue.select();
  pop.dataset.keyboard = fromKeyboard ? "1" : "0";
}

function closeEditor(refocus = true) {
  const wasOpen = pop.style.display === "block";
  pop.style.display = "none";
  selected = null;
  const selection = document.getElementById("selection");
  if (selection) selection.replaceChildren();
  if (wasOpen && refocus) view.svg.focus({ preventScroll: true });
}

popValue.addEventListener("keydown", (event) => {
  if (event.key === "Enter") {
    event.preventDefault();
    const cell = selected;
    const value = popValue.value.trim();
    closeEditor();
    send({ cell, value });
    announce(value ? `${value} placed on ${cell}` : `tile taken from ${cell}`);
  } else if (event.key === "Escape") {
    event.preventDefault();
    closeEditor();
  }
});
popValue.addEventListener("blur", () => setTimeout(() => { if (!pop.contains(document.activeElement) && pop.style.display === "block") closeEditor(false); }, 150));

function undo() {
  if (!undoStack.length) return;
  transcript = undoStack.pop();
  document.getElementById("undo").disabled = undoStack.length === 0;
  const depth = undoStack.length;
  send().then(() => { undoStack.length = depth; document.getElementById("undo").disabled = depth === 0; });
}

document.getElementById("undo").addEventListener("click", undo);
document.addEventListener("keydown", (event) => {
  if ((event.ctrlKey || event.metaKey) && event.key === "z" && document.activeElement !== box) { event.preventDefault(); undo(); }
});
document.getElementById("load").addEventListener("click", () => send({ transcript: box.value }));
document.getElementById("clear").addEventListener("click", () => send({ transcript: "" }));
document.getElementById("copy").addEventListener("click", async () => {
  try { await navigator.clipboard.writeText(transcript); message.textContent = ""; }
  catch { box.select(); document.execCommand("copy"); }
});
for (const button of form.querySelectorAll("button[data-format]")) {
  button.addEventListener("click", async () => {
    try { await download(`/api/position/export?format=${button.dataset.format}`, { ...formValues(form), transcript }); }
    catch (error) { message.textContent = error.message; }
  });
}
const resend = debounce(() => send(), 250);
form.addEventListener("change", (event) => { if (event.target !== box) resend(); });

readUrl();
box.value = transcript;
send();
