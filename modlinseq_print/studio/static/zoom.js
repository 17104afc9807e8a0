// Zoom of a board view, shared by the pages with a board (designer, position editor, Play): the board drawn
// wider than its frame, which then scrolls (a finger drags it). The page's + and − buttons (zoom-in, zoom-out)
// and "Whole board" (zoom-fit) change it. With a finger, a cell acts when the finger lifts without having
// moved; a finger that moves drags the board and changes nothing; a tap where cells are smaller than a finger
// zooms in around it first, so that every cell is at least TAP_SIZE pixels wide. The point under the finger
// (or the middle of the frame, for the buttons) stays where it was, and the page itself never scrolls.
"use strict";

const TAP_SIZE = 46;

function touchScreen() { return matchMedia("(hover: none) and (pointer: coarse)").matches; }

class BoardZoom {
  // view: a BoardView inside canvas (its .board-box); changed(level): called after every zoom.
  constructor(view, canvas, { changed = () => {} } = {}) {
    this.view = view;
    this.canvas = canvas;
    this.box = canvas.querySelector(".board-box");
    this.changed = changed;
    this.level = 1;
    this.buttons = { in: document.getElementById("zoom-in"), out: document.getElementById("zoom-out"),
      fit: document.getElementById("zoom-fit") };
    this.buttons.in.addEventListener("click", () => this.set(this.level * 1.5));
    this.buttons.out.addEventListener("click", () => this.set(this.level / 1.5));
    this.buttons.fit.addEventListener("click", () => this.set(1));
    this.listenToFingers();
  }

  // The width in screen pixels of one cell, as drawn now (0 before the first drawing).
  cellPixels() {
    const box = this.view.svg.viewBox.baseVal;
    return box && box.width ? this.view.step * this.view.svg.clientWidth / box.width : 0;
  }

  // The zoom at which a cell is TAP_SIZE pixels wide (never less than the whole board).
  tapLevel() { const size = this.cellPixels(); return size ? Math.max(1, this.level * TAP_SIZE / size) : 1; }

  // The most zoom: a cell half again as wide as a finger needs, and four times the whole board at least.
  most() { return Math.max(4, this.tapLevel() * 1.5); }

  // A board is drawn (call after each drawing): zooming in is possible from now on.
  drawn() { this.buttons.in.disabled = this.level >= this.most() - 0.001; }

  // Zoom to `level`, keeping the board point under (x, y) of the frame (its middle by default) where it was.
  set(level, x, y) {
    const most = this.most();
    const { canvas, box } = this;
    level = Math.min(Math.max(level, 1), most);
    const fx = x === undefined ? canvas.clientWidth / 2 : x, fy = y === undefined ? canvas.clientHeight / 2 : y;
    const px = (canvas.scrollLeft + fx) / box.offsetWidth, py = (canvas.scrollTop + fy) / box.offsetHeight;
    this.level = level;
    canvas.classList.toggle("zoomed", level > 1.001);
    box.style.width = level > 1.001 ? `${(level * 100).toFixed(1)}%` : "";
    canvas.scrollLeft = px * box.offsetWidth - fx;
    canvas.scrollTop = py * box.offsetHeight - fy;
    this.view.place();
    this.buttons.out.disabled = level <= 1.001;
    this.buttons.in.disabled = level >= most - 0.001;
    this.buttons.fit.disabled = level <= 1.001;
    this.changed(level);
  }

  // Fingers on the board: the view acts on a tap when it lifts, never on the touch itself.
  listenToFingers() {
    const box = this.box;
    let touch = null;  // the finger on the board: where it went down, and whether it moved
    box.addEventListener("pointerdown", (event) => {
      if (event.pointerType !== "touch") return;
      event.stopPropagation();
      event.preventDefault();  // no mouse events after the tap, whose mousedown would take the focus from an editor
      touch = { id: event.pointerId, x: event.clientX, y: event.clientY, moved: false };
    }, true);
    box.addEventListener("pointermove", (event) => {
      if (event.pointerType !== "touch") return;
      event.stopPropagation();
      if (touch && Math.hypot(event.clientX - touch.x, event.clientY - touch.y) > 10) touch.moved = true;
    }, true);
    box.addEventListener("pointercancel", () => { touch = null; }, true);
    box.addEventListener("pointerup", (event) => {
      if (event.pointerType !== "touch") return;
      const tap = touch && touch.id === event.pointerId && !touch.moved;
      touch = null;
      if (!tap) return;
      if (this.cellPixels() < TAP_SIZE - 1) {  // too small to hit: zoom in around the tap
        const frame = this.canvas.getBoundingClientRect();
        this.set(this.tapLevel(), event.clientX - frame.left, event.clientY - frame.top);
        event.stopPropagation();
        return;
      }
      this.view.pointerDown(event);
    }, true);
  }
}

// Where to put a box (the value editor) beside a cell, in the coordinates of the scrolling frame that holds
// both: right of the cell and level with its top, kept inside the part of the frame shown.
function besideCell(frame, cell, width = 160) {
  const area = frame.getBoundingClientRect();
  const left = Math.max(Math.min(cell.right - area.left + 6, area.width - width), 0);
  return { left: left + frame.scrollLeft, top: Math.max(cell.top - area.top - 4, 0) + frame.scrollTop };
}
