// Kit builder: a form generated from the preset schema the server sends; the server checks, builds and keeps the PDF.
"use strict";

const form = document.getElementById("kit");
const fieldsBox = document.getElementById("fields");
const picker = document.getElementById("preset-name");
const state = document.getElementById("state");
const message = document.getElementById("message");
const checkRequest = new Latest();
let schema = null;

function input(field) {
  if (field.type === "bool") return Object.assign(document.createElement("input"), { type: "checkbox" });
  if (field.choices.length) {
    const select = document.createElement("select");
    const options = field.type.startsWith("optional") ? [["", "default"]] : [];
    for (const choice of field.choices) options.push([choice, choice]);
    for (const [value, text] of options) select.add(new Option(text, value));
    return select;
  }
  const el = document.createElement("input");
  el.type = field.type.endsWith("int") ? "number" : "text";
  el.spellcheck = false;
  if (field.type.startsWith("optional")) el.placeholder = "default";
  if (field.suggestions.length) {
    const list = document.createElement("datalist");
    list.id = `list-${field.key}`;
    for (const s of field.suggestions) list.appendChild(new Option(s));
    fieldsBox.appendChild(list);
    el.setAttribute("list", list.id);
  }
  return el;
}

function buildForm() {
  fieldsBox.replaceChildren();
  for (const section of schema.sections) {
    const set = document.createElement("fieldset");
    set.appendChild(Object.assign(document.createElement("legend"), { textContent: section.title }));
    for (const field of section.fields) {
      const el = input(field);
      el.name = field.key;
      const label = document.createElement("label");
      label.className = "row";
      label.title = field.key;
      label.append(Object.assign(document.createElement("span"), { textContent: field.label }), el,
        Object.assign(document.createElement("div"), { className: "field-error", id: `error-${field.key}` }));
      set.appendChild(label);
    }
    fieldsBox.appendChild(set);
  }
}

function values() {
  return formValues(form);
}

function showCheck(result) {
  for (const el of form.querySelectorAll(".invalid")) el.classList.remove("invalid");
  for (const el of form.querySelectorAll(".field-error")) el.textContent = "";
  message.textContent = "";
  if (result.ok) { state.textContent = "valid"; state.className = "pill"; return true; }
  state.textContent = "fix the form"; state.className = "pill bad";
  const el = result.key && form.elements.namedItem(result.key);
  if (el) {
    el.classList.add("invalid");
    document.getElementById(`error-${result.key}`).textContent = result.error;
  } else {
    message.textContent = result.error;
  }
  return false;
}

const check = debounce(async () => {
  try {
    const result = await checkRequest.run((signal) => api("/api/kit/validate", { values: values() }, signal));
    showCheck(result);
  } catch (error) {
    if (!isAbort(error)) message.textContent = error.message;
  }
}, 300);

async function loadPreset(name) {
  const data = await api(`/api/kit/preset?name=${encodeURIComponent(name)}`);
  setFormValues(form, data.values);
  history.replaceState(null, "", `?preset=${encodeURIComponent(name)}`);
  check.now();
}

async function build() {
  const button = document.getElementById("build");
  button.disabled = true;
  state.textContent = "building…"; state.className = "pill busy";
  try {
    const result = await checkRequest.run((signal) => api("/api/kit/build", { name: picker.value, values: values() }, signal));
    if (!showCheck(result)) return;
    state.textContent = "built";
    document.getElementById("summary").textContent = result.summary;
    const link = document.getElementById("download");
    link.href = `/api/kit/download?id=${result.id}`;
    link.hidden = false;
    link.classList.add("primary");
    const thumbs = document.getElementById("thumbs");
    thumbs.replaceChildren();
    result.thumbnails.forEach((src, i) => {
      const figure = document.createElement("figure");
      figure.append(Object.assign(document.createElement("img"), { src, alt: `page ${i + 1}`, loading: "lazy" }),
        Object.assign(document.createElement("figcaption"), { textContent: `${i + 1}. ${result.labels[i]}`.trim() }));
      thumbs.appendChild(figure);
    });
  } catch (error) {
    if (!isAbort(error)) { message.textContent = error.message; state.textContent = "failed"; state.className = "pill bad"; }
  } finally {
    button.disabled = false;
  }
}

async function start() {
  schema = await api("/api/kit/schema");
  for (const name of schema.presets) picker.add(new Option(name, name));
  buildForm();
  const wanted = new URLSearchParams(location.search).get("preset");
  picker.value = schema.presets.includes(wanted) ? wanted : "standard";
  await loadPreset(picker.value);
}

picker.addEventListener("change", () => loadPreset(picker.value).catch((e) => { message.textContent = e.message; }));
fieldsBox.addEventListener("input", () => { document.getElementById("download").hidden = true; check(); });
fieldsBox.addEventListener("change", () => check());
document.getElementById("build").addEventListener("click", build);
document.getElementById("save-preset").addEventListener("click", async () => {
  try { await download("/api/kit/preset-file", { name: picker.value, values: values() }); } catch (e) { message.textContent = e.message; }
});
start().catch((error) => { message.textContent = error.message; });
