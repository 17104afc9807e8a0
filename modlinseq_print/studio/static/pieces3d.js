// Kit builder, 3D printing and racks: pictures the server draws of the kit's pieces as solids (a tile, a marker,
// the first plate, both racks holding a hand) and downloads of the files (zips), all from the kit form as shown.
"use strict";

const solidForm = document.getElementById("solid");
const solidState = document.getElementById("solid-state");
const solidMessage = document.getElementById("solid-message");
const solidPictures = new Latest();
const VIEWS = [
  ["tile", "A number tile"], ["marker", "The kit's modulus marker"], ["plate", "The first plate on a 256 mm bed"],
  ["rack", "The 3D-printed rack holding a hand"], ["laser-rack", "The laser-cut rack, assembled, holding a hand"],
];

// The request: the kit form (as the kit builder sends it) and this part's choices.
function solidBody(extra) {
  return { name: picker.value, values: values(), solid: formValues(solidForm), ...extra };
}

// One picture as an object URL; an error answer throws its one line.
async function solidPicture(view, signal) {
  const response = await fetch("/api/pieces3d/picture", {
    method: "POST", signal, headers: { "Content-Type": "application/json" }, body: JSON.stringify(solidBody({ view })),
  });
  if (!response.ok) await answerOf(response);
  return URL.createObjectURL(await response.blob());
}

// A picture's place: a placeholder saying it is being drawn (no image without a picture: no broken-image
// icon), replaced by the picture when it comes.
function pictureFigure(caption) {
  const figure = document.createElement("figure");
  const waiting = Object.assign(document.createElement("div"), { className: "drawing-now", textContent: "drawing…" });
  waiting.setAttribute("role", "img");
  waiting.setAttribute("aria-label", `${caption}: being drawn`);
  const text = Object.assign(document.createElement("figcaption"), { textContent: caption });
  figure.append(waiting, text);
  return { figure, waiting, text };
}

// Draw every view in turn (the server draws one at a time); a view it refuses says why under its place.
async function showSolids() {
  solidMessage.textContent = "";
  const box = document.getElementById("solid-thumbs");
  for (const img of box.querySelectorAll("img")) if (img.src.startsWith("blob:")) URL.revokeObjectURL(img.src);
  box.replaceChildren();
  document.getElementById("solid-pictures").hidden = false;
  solidState.textContent = "drawing…";
  try {
    await solidPictures.run(async (signal) => {
      for (const [view, caption] of VIEWS) {
        const { figure, waiting, text } = pictureFigure(caption);
        box.appendChild(figure);
        try {
          const src = await solidPicture(view, signal);
          const img = Object.assign(document.createElement("img"), { alt: caption, width: 640, height: 480 });
          await new Promise((resolve) => { img.onload = img.onerror = resolve; img.src = src; });
          waiting.replaceWith(img);
        } catch (error) {
          if (isAbort(error)) throw error;
          figure.classList.add("failed");
          waiting.remove();
          text.textContent = `${caption}: ${error.message}`;
        }
      }
    });
    solidState.textContent = "drawn";
    announce("The kit in 3D is drawn");
  } catch (error) {
    solidState.textContent = isAbort(error) ? "stopped" : "";
    if (!isAbort(error)) solidMessage.textContent = error.message;
  }
}

async function downloadSolids(kind, button) {
  solidMessage.textContent = "";
  button.disabled = true;
  solidState.textContent = `making ${button.textContent}…`;
  try {
    await download("/api/pieces3d/download", solidBody({ kind }));
    solidState.textContent = `${button.textContent}: downloaded`;
    announce(`${button.textContent} downloaded`);
  } catch (error) {
    solidState.textContent = "";
    solidMessage.textContent = error.message;
  } finally {
    button.disabled = false;
  }
}

document.getElementById("solid-show").addEventListener("click", showSolids);
for (const button of document.querySelectorAll("#solid-downloads button")) {
  button.addEventListener("click", () => downloadSolids(button.dataset.kind, button));
}
solidForm.addEventListener("submit", (event) => event.preventDefault());
