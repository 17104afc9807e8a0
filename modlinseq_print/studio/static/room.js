// A game room: the game as this device's link sees it (a seat: its own tiles; a spectator or the host: none).
// The server keeps the game and judges every turn. Changes arrive over a WebSocket; while it is down the page
// asks the server (a long poll) and tries the WebSocket again, so a reload, a lost network or a phone that
// slept comes back to the seat as it stands.
"use strict";

const roomId = decodeURIComponent(location.pathname.split("/").pop());
const secret = location.hash.slice(1);
const message = document.getElementById("message");
const verdictText = document.getElementById("verdict");
const pill = document.getElementById("turn-pill");
const rack = document.getElementById("rack");
const playButton = document.getElementById("play");
let state = null;     // the server's last view of the room
let drawn = -1;       // the version whose board is drawn
let placed = [];      // this turn's tiles: {address, value, slot}
let chosen = null;    // the rack slot chosen for the next cell
let legalNow = false;
let socket = null;
let retry = 1000;     // ms before the next WebSocket attempt
let polling = false;
const trying = new Latest();

const view = new BoardView(document.getElementById("board"), {
  describe: (address) => {
    const here = placed.find((p) => p.address === address);
    if (here) return `${address}: your ${here.value}, not played yet`;
    if (state && state.tiles[address] !== undefined) return `${address} = ${state.tiles[address]}`;
    return state && (state.blocked || []).includes(address) ? `${address} (blocked)` : address;
  },
  activate: (address, how) => {
    if (!address || how === "drag") return;
    if (placed.some((p) => p.address === address)) { takeBack(address); return; }
    if (chosen === null) { say(myTurn() ? "Choose a tile of your hand first, then the cell." : ""); return; }
    put(address, chosen);
  },
  key: (event, address) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) { commit(); return true; }
    if (address && (event.key === "Delete" || event.key === "Backspace")) { takeBack(address); return true; }
    return false;
  },
});
const zoomer = new BoardZoom(view, document.getElementById("canvas"));

function say(text, error = false) {
  message.textContent = text;
  message.className = error ? "error" : "hint";
  if (text) announce(text);
}

function myTurn() {
  return state && state.status === "playing" && state.role === "seat" && state.current === state.seat && state.hand;
}

// --- requests with this link's secret -----------------------------------------------------------------------

async function call(path, body, signal) {
  const options = { signal, headers: { Authorization: `Bearer ${secret}` } };
  if (body !== undefined) {
    options.method = "POST";
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  return answerOf(await fetch(`/api/rooms/${encodeURIComponent(roomId)}/${path}`, options));
}

function link(text) {
  document.getElementById("connection").textContent = text;
}

// The WebSocket: the secret first, then every change of the room as {type: "state"}.
function connect() {
  if (socket || !secret) return;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/api/rooms/${encodeURIComponent(roomId)}/events`);
  socket = ws;
  ws.onopen = () => ws.send(JSON.stringify({ secret, drawing: true }));
  ws.onmessage = (event) => {
    const data = JSON.parse(event.data);
    if (data.type === "state") {
      retry = 1000;
      document.body.dataset.link = "live";
      link("Live: moves appear here as they are played.");
      show(data.state);
    } else if (data.type === "error") {
      say(data.error, true);
      if (data.status === 401) { secretRefused(data.error); }
    }
  };
  ws.onclose = () => {
    socket = null;
    if (document.body.dataset.link === "refused") return;
    document.body.dataset.link = navigator.onLine ? "polling" : "offline";
    link(navigator.onLine ? "Reconnecting… (following the game meanwhile)" : "Offline: the game comes back when the network does.");
    poll();
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 15000);
  };
}

// Without the WebSocket: ask for the room, waiting at the server for the next change, until it is back.
async function poll() {
  if (polling) return;
  polling = true;
  while (!socket || socket.readyState !== WebSocket.OPEN) {
    if (document.body.dataset.link === "refused") break;
    try {
      const since = state ? `&since=${state.version}` : "";
      show(await call(`state?drawing=1${since}`));
    } catch (error) {
      if (error.retryAfter === null && /secret/.test(error.message)) { secretRefused(error.message); break; }
      await pause(2000);
    }
  }
  polling = false;
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function secretRefused(words) {
  document.body.dataset.link = "refused";
  document.body.dataset.state = "refused";
  link(words);
  pill.textContent = "This link does not open this room";
}

// --- showing the room ---------------------------------------------------------------------------------------

function show(data) {
  if (state && data.version < state.version) return;  // an older answer than the one shown
  const fresh = !state || data.version !== state.version;
  state = data;
  if (data.svg && drawn !== data.version) {
    view.show(data, [data.cells]);
    zoomer.drawn();
    drawn = data.version;
    if (!view.svg.querySelector("#tentative")) svgEl("g", { id: "tentative" }, view.svg);
  }
  if (fresh) { placed = []; chosen = null; legalNow = false; verdictText.textContent = ""; }
  drawMarks();
  scores();
  status();
  seatPanel();
  drawRack();
  buttons();
  document.body.dataset.version = String(data.version);
}

function status() {
  const names = state.players.map((p) => p.name);
  const who = state.current === null ? null : state.players[state.current];
  let words;
  let mood = "pill";
  if (state.status === "waiting") words = "Waiting for the host to start the game";
  else if (state.status === "paused") { words = "The game is paused"; mood = "pill busy"; }
  else if (state.status === "ended") words = "The host ended the game";
  else if (state.over) {
    const best = state.players.filter((p) => p.winner).map((p) => p.name);
    words = `Game over. ${best.length > 1 ? "Winners" : "Winner"}: ${best.join(" and ")}`;
  } else if (myTurn()) words = "Your turn";
  else { words = `${who.name}${who.kind === "person" ? "" : " (computer)"} to play`; mood = "pill thinking"; }
  pill.textContent = words;
  pill.className = mood;
  const done = state.over || state.status === "ended";
  document.body.dataset.state = done ? "over" : state.status === "playing" ? (myTurn() ? "person" : "other") : state.status;
  const role = state.role === "seat" ? `You play ${names[state.seat]}.` : state.role === "host" ? "You host this game and see no one's tiles." : "You are watching: no one's tiles show here.";
  document.getElementById("seat-words").textContent = role;
  document.getElementById("after-box").hidden = !done;
  const review = document.getElementById("review");
  review.hidden = !state.review;
  if (state.review) review.href = state.review;
}

function drawMarks() {
  if (drawn < 0) return;
  document.getElementById("marks").replaceChildren();
  for (const address of state.blocked || []) view.mark("marks", address, "blocked");
  document.getElementById("selection").replaceChildren();
  for (const address of state.last) view.mark("selection", address, "last");
  const group = view.svg.querySelector("#tentative");
  group.replaceChildren();
  for (const p of placed) {
    view.mark("selection", p.address, "tentative");
    const [x, y] = view.cells.get(p.address);
    const text = svgEl("text", { x: x.toFixed(2), y: (y + view.step * 0.16).toFixed(2), class: "tile-text tentative",
      "font-size": (view.step * 0.42).toFixed(2), "text-anchor": "middle" }, group);
    text.textContent = p.value;
  }
}

function scores() {
  document.getElementById("scores").innerHTML = state.players.map((p, i) => {
    const now = !state.over && state.status === "playing" && i === state.current;
    const tag = p.kind === "person" ? "" : ` <span class="hint">computer</span>`;
    const you = state.role === "seat" && i === state.seat ? ` <span class="hint">you</span>` : "";
    const out = p.frozen && !state.over ? ` <span class="hint">sits out: no tile fits</span>` : p.winner ? " <b>winner</b>" : "";
    return `<tr class="${now ? "now" : ""}"><td>${now ? "&#9654; " : ""}${escapeHtml(p.name)}${tag}${you}${out}</td>` +
      `<td class="num">${p.score}</td><td class="num">${p.tiles}</td></tr>`;
  }).join("");
  document.getElementById("game-facts").textContent = `A ${state.board_words}, modulus ${state.modulus}; ${state.stock} tiles left to draw`;
  const turns = document.getElementById("turns");
  turns.innerHTML = state.turns.map((t) => `<li data-tiles="${escapeHtml(t.tiles)}"><b>${escapeHtml(t.player)}</b> ${escapeHtml(t.words)}</li>`).join("");
  turns.scrollTop = turns.scrollHeight;
  document.getElementById("no-turns").hidden = state.turns.length > 0;
}

function drawRack() {
  document.getElementById("rack-area").hidden = !(state.role === "seat" && state.hand);
  rack.replaceChildren();
  if (!state.hand) return;
  state.hand.forEach((value, slot) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tile" + (value === "#" ? " wild" : "");
    button.textContent = value;
    button.disabled = !myTurn() || placed.some((p) => p.slot === slot);
    button.setAttribute("aria-pressed", String(chosen === slot));
    button.setAttribute("aria-label", value === "#" ? "wild tile" : `tile ${value}`);
    button.addEventListener("click", () => { chosen = chosen === slot ? null : slot; drawRack(); if (chosen !== null) view.svg.focus({ preventScroll: true }); });
    rack.appendChild(button);
  });
}

function buttons() {
  playButton.disabled = !(myTurn() && placed.length && legalNow);
  document.getElementById("back").disabled = !placed.length;
  document.getElementById("clear").disabled = !placed.length;
}

// The host's panel (links, codes and buttons) and a seat's name before the game starts.
let invitesShown = false;
async function seatPanel() {
  const host = state.role === "host";
  document.getElementById("host-box").hidden = !host;
  const live = ["waiting", "playing", "paused"].includes(state.status);
  document.getElementById("start").hidden = !(host && state.status === "waiting");
  document.getElementById("pause").hidden = !(host && state.status === "playing");
  document.getElementById("resume").hidden = !(host && state.status === "paused");
  document.getElementById("end").hidden = !(host && live);
  const naming = state.role === "seat" && state.status === "waiting";
  document.getElementById("name-box").hidden = !naming;
  const field = document.getElementById("name");
  if (naming && document.activeElement !== field) field.value = state.players[state.seat].name;
  if (host && !invitesShown) {
    invitesShown = true;
    try { invitations(await call("invitations")); } catch (error) { invitesShown = false; say(error.message, true); }
  }
}

function invitations(found) {
  const list = document.getElementById("invites");
  list.replaceChildren();
  const entries = found.seats.map((s, i) => [`${state.players[i].name}${s.kind === "person" ? "" : " (computer)"}`, s, s.kind === "person"]);
  entries.push(["Spectators", found.spectator, true]);
  for (const [label, entry, shown] of entries) {
    if (!shown) continue;
    const item = document.createElement("li");
    item.className = "invite";
    item.innerHTML = `<b></b><div class="invite-row"><input type="text" readonly aria-label=""><button type="button">Copy</button></div>` +
      `<img alt="" width="132" height="132"><a target="_blank" rel="noopener">Open here</a>`;
    item.querySelector("b").textContent = label;
    const input = item.querySelector("input");
    input.value = entry.link;
    input.setAttribute("aria-label", `Link for ${label}`);
    const image = item.querySelector("img");
    if (entry.qr) { image.src = entry.qr; image.alt = `Code of the link for ${label}`; } else image.remove();
    item.querySelector("a").href = entry.link;
    item.querySelector("a").setAttribute("aria-label", `Open here the link for ${label} (a new tab)`);
    item.querySelector("button").addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(entry.link); say(`Link for ${label} copied`); }
      catch { input.select(); say("Select the link and copy it"); }
    });
    list.appendChild(item);
  }
}

// --- this turn's tiles --------------------------------------------------------------------------------------

function put(address, slot) {
  if (!myTurn()) return;
  const tile = state.hand[slot];
  if (state.tiles[address] !== undefined) { say(`${address} already holds a tile`, true); return; }
  placed.push({ address, value: tile, slot });
  chosen = null;
  changed(`${tile} on ${address}`);
}

function takeBack(address) {
  const index = address ? placed.findIndex((p) => p.address === address) : placed.length - 1;
  if (index < 0) return;
  const [gone] = placed.splice(index, 1);
  changed(`${gone.value} taken back from ${gone.address}`);
}

function changed(words) {
  drawMarks();
  drawRack();
  legalNow = false;
  buttons();
  announce(words);
  judge();
}

function notation() { return placed.map((p) => `${p.value}${p.address}`).join(", "); }

async function judge() {
  if (!placed.length) { verdictText.textContent = ""; return; }
  await askVerdict(trying, (signal) => call("try", { turn: notation() }, signal), verdictText,
    { answered: (legal) => { legalNow = legal; say(""); }, say, after: buttons });
}

async function commit() {
  if (playButton.disabled) return;
  playButton.disabled = true;
  try { show(await call("turn", { turn: notation() })); } catch (error) { say(error.message, true); buttons(); }
}

async function control(action) {
  try { show(await call("control", { action })); } catch (error) { say(error.message, true); }
}

// --- wiring -------------------------------------------------------------------------------------------------

playButton.addEventListener("click", commit);
document.getElementById("back").addEventListener("click", () => takeBack(null));
document.getElementById("clear").addEventListener("click", () => { placed = []; changed("all tiles taken back"); });
for (const action of ["start", "pause", "resume", "end"]) {
  document.getElementById(action).addEventListener("click", () => control(action));
}
document.getElementById("name-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  try { show(await call("name", { name: document.getElementById("name").value })); say("Name saved"); }
  catch (error) { say(error.message, true); }
});
document.getElementById("get-transcript").addEventListener("click", async () => {
  try {
    const response = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/transcript`, { headers: { Authorization: `Bearer ${secret}` } });
    if (!response.ok) await answerOf(response);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(await response.blob());
    link.download = "game.txt";
    document.body.appendChild(link);
    link.click();
    setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
  } catch (error) { say(error.message, true); }
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && !playButton.disabled) { event.preventDefault(); commit(); }
});
window.addEventListener("online", () => { retry = 1000; connect(); });
window.addEventListener("offline", () => { if (socket) socket.close(); });
document.addEventListener("visibilitychange", () => { if (!document.hidden) connect(); });  // a phone that slept

if (!secret) {
  secretRefused("This link has no key: ask the host for your own link to this game.");
} else {
  connect();
}
