"use strict";
// The hall page: the laptop's time, the round clock, this round's seating and the standings,
// read every few seconds from /api/hall; the clock counts down between readings.
(function () {
  let remaining = null, phase = null, words = "";

  function text(tag, value, cls) {
    const cell = document.createElement(tag);
    cell.textContent = value === null || value === undefined ? "" : String(value);
    if (cls) cell.className = cls;
    return cell;
  }

  function rows(body, list, cells) {
    body.replaceChildren(...list.map((item) => {
      const row = document.createElement("tr");
      row.append(...cells(item));
      return row;
    }));
  }

  function clockText() {
    const clock = document.getElementById("clock");
    clock.className = phase || "";
    document.getElementById("phase").textContent = words;
    let shown = "";
    if (remaining !== null && (phase === "running" || phase === "warning" || phase === "paused")) {
      const s = Math.max(0, remaining);
      shown = Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
    }
    document.getElementById("time").textContent = shown;
  }

  function show(hall) {
    document.getElementById("event").textContent = hall.event;
    document.title = hall.event + ": hall";
    const clock = hall.clock;
    phase = clock ? clock.phase : null;
    remaining = clock ? clock.remaining_s : null;
    words = clock ? (clock.round ? "Round " + clock.round + " · " : "") + clock.words : hall.round;
    if (clock && clock.next && !remaining) {  // never "at" a time gone by
      words += " · round " + clock.next.round + (clock.next.due ? " starting shortly" : " at " + clock.next.at);
    }
    document.getElementById("now").textContent = hall.now;
    clockText();
    document.getElementById("round").textContent = hall.round ? hall.round + ": seating" : "Seating";
    rows(document.querySelector("#seating tbody"), hall.tables, (t) => [
      text("td", t.table, "num"), text("td", t.a, "side a"), text("td", t.b, "side b"),
      text("td", t.state, "state")]);
    document.getElementById("byes").textContent = hall.byes ? "Bye: " + hall.byes : "";
    document.getElementById("after").textContent =
      hall.after_round ? "Standings after round " + hall.after_round : "Standings";
    rows(document.querySelector("#standings tbody"), hall.standings, (r) => [
      text("td", r.place, "num"), text("td", r.number, "num"), text("td", r.name),
      text("td", r.total, "num")]);
  }

  async function read() {
    try {
      const answer = await fetch("/api/hall", { cache: "no-store" });
      if (answer.ok) show(await answer.json());
    } catch (e) { /* the laptop out of reach for a moment: the next reading tries again */ }
  }

  read();
  setInterval(read, 5000);
  setInterval(() => {
    if (remaining !== null && (phase === "running" || phase === "warning")) {
      remaining -= 1;
      clockText();
    }
  }, 1000);
})();
