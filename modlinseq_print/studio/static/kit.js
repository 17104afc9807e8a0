// Kit builder: a form generated from the preset definition the server sends; the server checks, builds and keeps
// the PDF. Checking a field never cancels a build, and Build always builds the form as it is shown.
"use strict";

const form = document.getElementById("kit");
const fieldsBox = document.getElementById("fields");
const picker = document.getElementById("preset-name");
const state = document.getElementById("state");
const message = document.getElementById("message");
const progressBar = document.getElementById("progress");
const buildButton = document.getElementById("build");
const cancelButton = document.getElementById("cancel");
const checkRequest = new Latest();
const buildRequest = new Latest();
let schema = null;

function control(field, id) {
  let el;
  if (field.type === "bool") {
    el = Object.assign(document.createElement("input"), { type: "checkbox" });
  } else if (field.choices.length) {
    el = document.createElement("select");
    if (field.type.startsWith("optional")) el.add(new Option("default", ""));
    field.choices.forEach((choice, i) => el.add(new Option(field.choice_words[i] || choice, choice)));
  } else {
    el = document.createElement("input");
    el.type = field.type.endsWith("int") ? "number" : "text";
    el.spellcheck = false;
    if (field.type.startsWith("optional")) el.placeholder = "default";
    if (field.suggestions.length) {
      const list = document.createElement("datalist");
      list.id = `list-${id}`;
      for (const s of field.suggestions) list.appendChild(new Option(s));
      fieldsBox.appendChild(list);
      el.setAttribute("list", list.id);
    }
  }
  el.id = id;
  el.name = field.key;
  return el;
}

// One field: its label with the key beside it, the control, the unit, and the place for its problem.
function fieldRow(field) {
  const id = `f-${field.key.replace(".", "-")}`;
  const row = document.createElement("div");
  row.className = field.type === "bool" ? "field check-field" : "field";
  const label = document.createElement("label");
  label.htmlFor = id;
  label.append(field.label, Object.assign(document.createElement("code"), { className: "key", textContent: field.key }));
  const el = control(field, id);
  const unit = Object.assign(document.createElement("span"), { className: "unit", id: `${id}-unit`, textContent: field.unit });
  const error = Object.assign(document.createElement("div"), { className: "field-error", id: `error-${field.key}` });
  el.setAttribute("aria-describedby", `${unit.id} ${error.id}`);
  if (field.type === "bool") row.append(el, label, unit, error); else row.append(label, el, unit, error);
  return row;
}

function buildForm() {
  fieldsBox.replaceChildren();
  for (const section of schema.sections) {
    const set = document.createElement("fieldset");
    set.appendChild(Object.assign(document.createElement("legend"), { textContent: section.title }));
    for (const field of section.fields) set.appendChild(fieldRow(field));
    fieldsBox.appendChild(set);
  }
}

function values() {
  return formValues(form);
}

function clearProblems() {
  for (const el of form.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
  for (const el of form.querySelectorAll(".invalid")) el.classList.remove("invalid");
  for (const el of form.querySelectorAll(".field-error")) el.textContent = "";
  message.textContent = "";
}

// A check's answer: ok, or the key at fault and its message, shown under the field.
function showCheck(result) {
  clearProblems();
  if (result.ok) { setState("valid", ""); return true; }
  setState("fix the form", "bad");
  const el = result.key && form.elements.namedItem(result.key);
  if (el) {
    el.classList.add("invalid");
    el.setAttribute("aria-invalid", "true");
    document.getElementById(`error-${result.key}`).textContent = result.error;
  } else {
    message.textContent = result.error;
  }
  return false;
}

function setState(text, kind) {
  state.textContent = text;
  state.className = `pill${kind ? ` ${kind}` : ""}`;
}

const check = debounce(async () => {
  if (buildRequest.busy) return;  // the build checks the form itself
  try {
    const result = await checkRequest.run((signal) => api("/api/kit/validate", { values: values() }, signal));
    if (!buildRequest.busy) showCheck(result);
  } catch (error) {
    if (!isAbort(error) && !buildRequest.busy) showCheck({ ok: false, key: error.key, error: error.message });
  }
}, 300);

async function loadPreset(name) {
  const data = await api(`/api/kit/preset?name=${encodeURIComponent(name)}`);
  setFormValues(form, data.values);
  history.replaceState(null, "", `?preset=${encodeURIComponent(name)}`);
  check.now();
}

// Build the form as shown: a pending check is dropped (the build checks the same values), never the build.
async function build() {
  check.cancel();
  checkRequest.cancel();
  clearProblems();
  const body = { name: picker.value, values: values() };
  buildButton.disabled = true;
  cancelButton.hidden = false;
  progressBar.hidden = false;
  progressBar.value = 0;
  setState("building…", "busy");
  document.getElementById("download").hidden = true;
  try {
    const result = await buildRequest.run((signal) => apiWithProgress("/api/kit/build", body, signal, (label, fraction) => {
      progressBar.value = fraction;
      setState(`building: ${label}`, "busy");
    }));
    if (!showCheck(result)) { announce(`Not built: ${result.error}`); return; }
    setState("built", "");
    showKit(result);
  } catch (error) {
    if (isAbort(error)) { setState("cancelled", "bad"); announce("Build cancelled"); }
    else { showCheck({ ok: false, key: error.key, error: error.message }); setState("failed", "bad"); }
  } finally {
    buildButton.disabled = false;
    cancelButton.hidden = true;
    progressBar.hidden = true;
  }
}

// The built kit: its summary, its download, and a picture of each page (fetched when scrolled into view).
function showKit(result) {
  document.getElementById("summary").textContent = result.summary;
  announce(`Kit built: ${result.summary}`);
  const link = document.getElementById("download");
  link.href = `/api/kit/download?id=${result.id}`;
  link.hidden = false;
  link.classList.add("primary");
  const thumbs = document.getElementById("thumbs");
  thumbs.replaceChildren();
  thumbs.dataset.pages = result.pages;
  result.labels.forEach((caption, i) => {
    const figure = Object.assign(document.createElement("figure"), { className: "waiting" });
    const text = `${i + 1}. ${caption}`.trim();
    const picture = Object.assign(document.createElement("img"), {
      src: `/api/kit/page?id=${result.id}&page=${i + 1}`, alt: `Page ${text}`, loading: "lazy", decoding: "async",
      width: 180, height: 255,
    });
    // "drawing…" over the page's place until its picture comes (a blank page would look like an empty one)
    const waiting = Object.assign(document.createElement("span"), { className: "drawing-now", textContent: "drawing…" });
    waiting.setAttribute("aria-hidden", "true");
    picture.addEventListener("load", () => { figure.classList.remove("waiting"); waiting.remove(); }, { once: true });
    picture.addEventListener("error", () => { waiting.textContent = "could not draw this page"; }, { once: true });
    figure.append(picture, waiting, Object.assign(document.createElement("figcaption"), { textContent: text }));
    thumbs.appendChild(figure);
  });
}

async function start() {
  schema = await api("/api/kit/schema");
  for (const name of schema.presets) picker.add(new Option(name, name));
  buildForm();
  const wanted = new URLSearchParams(location.search).get("preset");
  picker.value = schema.presets.includes(wanted) ? wanted : "standard";
  await loadPreset(picker.value);
}

// The preset file's keys beside the labels, for those who edit preset files: only when asked (Advanced).
document.getElementById("show-keys").addEventListener("change", (event) => form.classList.toggle("show-keys", event.target.checked));
picker.addEventListener("change", () => loadPreset(picker.value).catch((e) => { message.textContent = e.message; }));
fieldsBox.addEventListener("input", () => { document.getElementById("download").hidden = true; setState("checking…", "busy"); check(); });
fieldsBox.addEventListener("change", () => check());
buildButton.addEventListener("click", build);
cancelButton.addEventListener("click", () => buildRequest.cancel());
document.getElementById("save-preset").addEventListener("click", async () => {
  try { await download("/api/kit/preset-file", { name: picker.value, values: values() }); } catch (e) { message.textContent = e.message; }
});
start().catch((error) => { message.textContent = error.message; });
