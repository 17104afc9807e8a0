// Play: a game between people and computer players. The server keeps the game and judges every turn; the page
// shows the board, the hand of the person to move, the tiles put down so far this turn, and the scores.
"use strict";

const setupForm = document.getElementById("setup");
const SEATS = setupForm.querySelectorAll(".player-row").length;  // the seats the page offers (the server seats up to 6)
const message = document.getElementById("message");
const verdictText = document.getElementById("verdict");
const pill = document.getElementById("turn-pill");
const rack = document.getElementById("rack");
const pop = document.getElementById("pop");
const popValue = document.getElementById("pop-value");
const cover = document.getElementById("cover");
const playButton = document.getElementById("play");
let state = null;          // the server's last answer
let placed = [];           // this turn's tiles: {address, value, slot} in the order put down
let chosen = null;         // the rack slot chosen for the next click
let revealed = null;       // the seat whose hand is shown (pass and play)
let legalNow = false;
let version = 0;
let hintNow = null;        // the hint shown for this turn: {turn, level, cells, tiles, words}
const trying = new Latest();

const view = new BoardView(document.getElementById("board"), {
  describe: (address) => {
    const here = placed.find((p) => p.address === address);
    if (here) return `${address}: your ${here.value}, not played yet`;
    if (state && state.tiles[address] !== undefined) return `${address} = ${state.tiles[address]}`;
    return state && state.blocked.includes(address) ? `${address} (blocked)` : address;
  },
  activate: (address, how) => {
    if (!address || how === "drag") return;
    if (placed.some((p) => p.address === address)) { takeBack(address); return; }
    if (chosen === null) {
      if (how === "key") openEditor(address);
      else say(rack.children.length ? "Choose a tile of your hand first, then the cell." : "");
      return;
    }
    put(address, chosen);
  },
  key: (event, address) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) { commit(); return true; }
    if (!address) return false;
    if (/^[0-9#]$/.test(event.key)) { openEditor(address, event.key); return true; }
    if (event.key === "Delete" || event.key === "Backspace") { takeBack(address); return true; }
    if (event.key === "Escape") { closeEditor(); return true; }
    return false;
  },
});

// Zoom (zoom.js): a finger's tap where cells are small zooms in first; the drawing scales with the board.
const zoomer = new BoardZoom(view, document.getElementById("canvas"));

function say(text, error = false) {
  message.textContent = text;
  message.className = error ? "error" : "hint";
  if (text) announce(text);
}

function playing() { return state && !state.over && state.hand !== null; }
function persons() { return state ? state.players.filter((p) => p.kind === "person").length : 0; }

// --- the game ---------------------------------------------------------------------------------------------

function players() {
  const values = formValues(setupForm);
  const list = [];
  for (let i = 0; i < SEATS; i++) if (values[`kind${i}`]) list.push({ name: values[`name${i}`].trim(), kind: values[`kind${i}`] });
  return list;
}

async function newGame() {
  const values = formValues(setupForm);
  const body = { ...values, players: players(), shuffle: values.shuffle === "" ? null : values.shuffle };
  for (let i = 0; i < SEATS; i++) { delete body[`name${i}`]; delete body[`kind${i}`]; }
  try {
    say("");
    revealed = null;
    await show(await api("/api/play/new", { ...body, screen_width: screenWidth() }));
    document.getElementById("panel").classList.remove("open");
    document.getElementById("panel-toggle").setAttribute("aria-expanded", "false");
    computers();
  } catch (error) { say(error.message, true); }
}

// Play with friends: a room with a seat for each player, each person on their own device (room.js); this
// device becomes the host's, with the links and codes to send.
async function friendsGame() {
  const values = formValues(setupForm);
  const body = { ...values, seats: players() };
  for (let i = 0; i < SEATS; i++) { delete body[`name${i}`]; delete body[`kind${i}`]; }
  delete body.shuffle;
  delete body.lang;
  try {
    say("");
    const room = await api("/api/rooms", body);
    location.assign(room.host.link.replace(/^[a-z]+:\/\/[^/]+/, ""));
  } catch (error) { say(error.message, true); }
}

function screenWidth() { return Math.round(view.svg.clientWidth * (window.devicePixelRatio || 1)) || undefined; }

async function show(data) {
  state = data;
  if (!hintNow || data.over || hintNow.turn !== data.turns.length + 1) hintNow = null;
  placed = [];
  chosen = null;
  legalNow = false;
  sessionStorage.setItem("modlinseq-game", data.game);
  view.show(data, [data.cells]);
  zoomer.drawn();
  if (!view.svg.querySelector("#tentative")) svgEl("g", { id: "tentative" }, view.svg);
  drawMarks();
  scores();
  for (const event of data.events) say(event);
  const count = Object.keys(data.tiles).length;
  view.svg.setAttribute("aria-label", `Game board ${data.board}, ${count} tiles. Arrow keys move; Enter puts the chosen tile down; type a value and Enter to put that tile down.`);
  if (data.over) {
    const best = data.players.filter((p) => p.winner).map((p) => p.name);
    pill.textContent = `Game over. ${best.length > 1 ? "Winners" : "Winner"}: ${best.join(" and ")}`;
    pill.className = "pill";
    document.body.dataset.state = "over";
    say(data.players.map((p) => `${p.name} ${p.score}`).join(", "));
  } else {
    const who = data.players[data.current];
    pill.textContent = who.kind === "person" ? `${who.name} to play` : `${who.name} (computer) to play`;
    pill.className = who.kind === "person" ? "pill" : "pill thinking";
    document.body.dataset.state = who.kind === "person" ? "person" : "computer";
  }
  hideOrShowHand();
  verdictText.textContent = "";
  showHint();
  if (hintNow) drawMarks();
  const review = document.getElementById("review");
  document.getElementById("review-box").hidden = !data.over;
  document.getElementById("review-words").hidden = !data.over;
  review.href = data.over ? `/api/play/review?game=${encodeURIComponent(data.game)}` : "#";
  buttons();
  document.body.dataset.version = String(++version);
}

// Pass and play: with two people or more, the hand of the person to move stays hidden until they say so.
function hideOrShowHand() {
  const seat = state && !state.over ? state.current : null;
  const hidden = playing() && persons() > 1 && revealed !== seat;
  cover.hidden = !hidden;
  if (hidden) {
    zoomer.set(1);  // the cover hides the whole board, which a zoomed frame would scroll out from under it
    const name = state.players[seat].name;
    document.getElementById("cover-text").textContent = `Hand the device to ${name}.`;
    document.getElementById("reveal").textContent = `I am ${name}: show my tiles`;
  }
  drawRack(!hidden);
}

function drawRack(visible) {
  rack.replaceChildren();
  if (!visible || !playing()) return;
  state.hand.forEach((value, slot) => {
    const used = placed.some((p) => p.slot === slot);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tile" + (value === "#" ? " wild" : "");
    button.textContent = value;
    button.disabled = used;
    button.setAttribute("aria-pressed", String(chosen === slot));
    button.setAttribute("aria-label", value === "#" ? "wild tile" : `tile ${value}`);
    button.addEventListener("click", () => { chosen = chosen === slot ? null : slot; drawRack(true); if (chosen !== null) view.svg.focus({ preventScroll: true }); });
    rack.appendChild(button);
  });
}

function drawMarks() {
  const marks = document.getElementById("marks");
  marks.replaceChildren();
  for (const address of state.blocked) view.mark("marks", address, "blocked");
  document.getElementById("selection").replaceChildren();
  for (const address of state.last) view.mark("selection", address, "last");
  const group = view.svg.querySelector("#tentative");
  group.replaceChildren();
  if (hintNow && cover.hidden) {
    const shown = new Map((hintNow.tiles || []).map(([address, label]) => [address, label]));
    for (const address of hintNow.cells) {
      if (shown.has(address) && !placed.some((p) => p.address === address)) tileMark(group, address, shown.get(address), "hinted");
      else view.mark("marks", address, "hinted");
    }
  }
  for (const p of placed) tileMark(group, p.address, p.value, "tentative");
}

// A brief highlight of the cells a computer player just filled (the last turn's outline stays).
function flash(addresses) {
  for (const address of addresses) view.mark("selection", address, "fresh");
  setTimeout(() => { for (const el of document.querySelectorAll("#selection .fresh")) el.remove(); }, 1600);
}

function tileMark(group, address, value, cls) {
  view.mark("selection", address, cls);
  const [x, y] = view.cells.get(address);
  const text = svgEl("text", { x: x.toFixed(2), y: (y + view.step * 0.16).toFixed(2), class: `tile-text ${cls}`,
    "font-size": (view.step * 0.42).toFixed(2), "text-anchor": "middle" }, group);
  text.textContent = value;
}

function scores() {
  const rows = state.players.map((p, i) => {
    const now = !state.over && i === state.current;
    const tag = p.kind === "person" ? "" : ` <span class="hint">computer</span>`;
    const status = p.frozen && !state.over ? ` <span class="hint">sits out: no tile fits</span>` : p.winner ? " <b>winner</b>" : "";
    return `<tr class="${now ? "now" : ""}"><td>${now ? "&#9654; " : ""}${escapeHtml(p.name)}${tag}${status}</td>` +
      `<td class="num">${p.score}</td><td class="num">${p.tiles}</td></tr>`;
  });
  document.getElementById("scores").innerHTML = rows.join("");
  document.getElementById("game-facts").textContent = `A ${state.board_words}, modulus ${state.modulus}; ${state.stock} tiles left to draw; shuffle ${state.shuffle}`;
  // The Turns list follows the game: every turn in words, the latest scrolled into view.
  const turns = document.getElementById("turns");
  turns.innerHTML = state.turns.map((t) => `<li><b>${escapeHtml(t.player)}</b> ${escapeHtml(t.words)}` +
    `${t.hint ? ' <span class="hint">(hint used)</span>' : ""}</li>`).join("");
  turns.scrollTop = turns.scrollHeight;
  document.getElementById("no-turns").hidden = state.turns.length > 0;
}

function buttons() {
  for (const button of document.querySelectorAll("#get-transcript, button[data-format]")) button.disabled = !state;
  document.getElementById("no-downloads").hidden = Boolean(state);
  playButton.disabled = !(playing() && placed.length && legalNow);
  document.getElementById("back").disabled = !placed.length;
  document.getElementById("clear").disabled = !placed.length;
  const hint = document.getElementById("hint");
  hint.disabled = !(playing() && cover.hidden) || document.body.dataset.hinting === "1";
  hint.textContent = hintNow || (state && state.hint) ? "Show the best turn" : "Hint";
}

// --- hints ------------------------------------------------------------------------------------------------

// Ask the server for a hint: the first of a turn shows where a good line is, the next the best turn itself.
async function askHint() {
  if (!playing() || !cover.hidden) return;
  document.body.dataset.hinting = "1";
  buttons();
  try {
    hintNow = await api("/api/play/hint", { game: state.game, seat: state.current });
    state.hint = hintNow.level;
    showHint();
    drawMarks();
    announce(hintNow.words);
  } catch (error) { say(error.message, true); }
  finally { document.body.dataset.hinting = "0"; buttons(); }
}

function showHint() {
  const words = document.getElementById("hint-words");
  const visible = Boolean(hintNow) && cover.hidden;
  words.hidden = !visible;
  words.textContent = visible ? hintNow.words : "";
  document.getElementById("key-hint").hidden = !visible;
}

// --- this turn's tiles ------------------------------------------------------------------------------------

function put(address, slot, value) {
  if (!playing() || !cover.hidden) return;
  const tile = value || state.hand[slot];
  if (state.tiles[address] !== undefined && !(state.hash_swap && state.tiles[address] === "#" && tile !== "#")) {
    say(`${address} already holds a tile`, true);
    return;
  }
  placed.push({ address, value: tile, slot });
  chosen = null;
  afterChange(`${tile} on ${address}`);
}

function takeBack(address) {
  const index = address ? placed.findIndex((p) => p.address === address) : placed.length - 1;
  if (index < 0) return;
  const [gone] = placed.splice(index, 1);
  afterChange(`${gone.value} taken back from ${gone.address}`);
}

function afterChange(words) {
  drawMarks();
  drawRack(true);
  legalNow = false;
  buttons();
  announce(words);
  judge();
}

// Ask the server whether the tiles put down so far make a legal turn (the last question wins).
async function judge() {
  if (!placed.length) { verdictText.textContent = ""; return; }
  const tiles = placed.map((p) => [p.address, p.value]);
  await askVerdict(trying, (signal) => api("/api/play/try", { game: state.game, tiles }, signal), verdictText,
    { answered: (legal) => { legalNow = legal; say(""); }, say, after: buttons });
}

async function commit() {
  if (playButton.disabled) return;
  playButton.disabled = true;
  try {
    const tiles = placed.map((p) => [p.address, p.value]);
    await show(await api("/api/play/commit", { game: state.game, tiles, screen_width: screenWidth() }));
    computers();
  } catch (error) { say(error.message, true); buttons(); }
}

function openEditor(address, typed) {
  if (!playing() || !cover.hidden) return;
  const selection = document.getElementById("selection");
  selection.replaceChildren();
  view.mark("selection", address, "selected");
  const place = besideCell(pop.parentElement, selection.lastChild.getBoundingClientRect());
  pop.style.left = `${place.left}px`;
  pop.style.top = `${place.top}px`;
  pop.style.display = "block";
  pop.dataset.address = address;
  document.getElementById("pop-cell").textContent = `Tile for ${address}`;
  popValue.value = typed || "";
  popValue.focus();
}

function closeEditor() {
  pop.style.display = "none";
  drawMarks();
  view.svg.focus({ preventScroll: true });
}

popValue.addEventListener("keydown", (event) => {
  if (event.key === "Escape") { event.preventDefault(); closeEditor(); return; }
  if (event.key !== "Enter") return;
  event.preventDefault();
  const value = popValue.value.trim();
  const address = pop.dataset.address;
  const wanted = value.startsWith("#") ? "#" : value;
  const slot = state.hand.findIndex((v, i) => v === wanted && !placed.some((p) => p.slot === i));
  closeEditor();
  if (slot < 0) { say(`${value || "nothing"}: not a tile of your hand (${state.hand.join(", ")})`, true); return; }
  put(address, slot, value);
});

// --- computer players, shown tile by tile ---------------------------------------------------------------

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function computers() {
  while (state && !state.over && state.players[state.current].kind !== "person") {
    const who = state.players[state.current];
    pill.textContent = `${who.name} (computer) is thinking`;
    document.body.dataset.busy = "1";
    let answer;
    try {
      answer = await api("/api/play/computer", { game: state.game, screen_width: screenWidth() });
    } catch (error) { say(error.message, true); document.body.dataset.busy = "0"; return; }
    const group = view.svg.querySelector("#tentative");
    for (const [address, label] of answer.tiles) {
      tileMark(group, address, label, "computer");
      announce(`${answer.player} puts ${label} on ${address}`);
      await pause(350);
    }
    say(answer.words);
    await pause(500);
    const news = message.textContent;
    await show(answer.state);
    flash(answer.tiles.map(([address]) => address));
    if (!answer.state.events.length) say(news);
    document.body.dataset.busy = "0";
  }
}

// --- wiring -------------------------------------------------------------------------------------------------

// The shipped kits: choosing one fills the fields from it; changing a field makes the game your own.
const kitSelect = document.getElementById("kit");
let kitGames = {};
const KIT_FIELDS = ["board", "modulus", "copies", "wild", "no_zero", "wrap", "pattern", "marker"];

async function loadKits() {
  try {
    kitGames = (await api("/api/play/kits")).kits;
  } catch (error) { say(error.message, true); return; }
  for (const name of Object.keys(kitGames)) {
    const option = document.createElement("option");
    option.value = name;
    option.textContent = name;
    kitSelect.appendChild(option);
  }
}

kitSelect.addEventListener("change", () => {
  const game = kitGames[kitSelect.value];
  if (!game) return;
  for (const name of KIT_FIELDS) {
    const field = setupForm.elements[name];
    if (field.type === "checkbox") field.checked = Boolean(game[name]);
    else field.value = String(game[name]);
  }
  announce(`the ${kitSelect.value} kit: ${game.board}, modulus ${game.modulus}, ${game.copies} tiles of each value and ${game.wild} wild`);
});
for (const name of KIT_FIELDS) setupForm.elements[name].addEventListener("input", () => { kitSelect.value = ""; });

document.getElementById("start").addEventListener("click", newGame);
document.getElementById("friends").addEventListener("click", friendsGame);
playButton.addEventListener("click", commit);
document.getElementById("back").addEventListener("click", () => takeBack(null));
document.getElementById("hint").addEventListener("click", askHint);
document.getElementById("clear").addEventListener("click", () => { placed = []; afterChange("all tiles taken back"); });
document.getElementById("reveal").addEventListener("click", () => { revealed = state.current; hideOrShowHand(); showHint(); drawMarks(); buttons(); rack.querySelector("button")?.focus(); });
document.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && !playButton.disabled) { event.preventDefault(); commit(); }
});
document.getElementById("get-transcript").addEventListener("click", async () => {
  if (!state) return;
  try { await download("/api/play/transcript", { game: state.game }); } catch (error) { say(error.message, true); }
});
for (const button of document.querySelectorAll("button[data-format]")) {
  button.addEventListener("click", async () => {
    if (!state) return;
    try { await download(`/api/play/diagram?format=${button.dataset.format}`, { game: state.game }); }
    catch (error) { say(error.message, true); }
  });
}

(async () => {
  loadKits();
  const kept = sessionStorage.getItem("modlinseq-game");
  if (kept) {
    try { await show(await api("/api/play/state", { game: kept, screen_width: screenWidth() })); computers(); return; }
    catch { sessionStorage.removeItem("modlinseq-game"); }
  }
  document.getElementById("panel").classList.add("open");
  document.getElementById("panel-toggle").setAttribute("aria-expanded", "true");
})();
