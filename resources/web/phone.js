"use strict";
// A table's score sheet on a phone (docs/cli.md, "The tables' pages"). Everything the sheet
// knows comes from the laptop: the columns of the format, what each hand asks for and why a
// hand is refused (POST check), the running totals and the end of the game (GET state). A hand
// entered is kept on the laptop at once (POST hand) and waits for the opponents to confirm it
// (POST confirm); both players sign on the glass (a real stroke each, not a dot), the whole
// sheet is shown for a last look, and Submit there makes it final (POST submit). A hand
// typed and not yet sent, and the signatures drawn, are kept in the phone's own storage until
// the laptop has them, so a reload (or the laptop out of reach) loses nothing. While the page is in view it follows the
// laptop's sheet by itself (GET state every FOLLOW_MS), so two phones on one link show the
// same sheet, and says when another phone is typing at the table (each page sends its own
// id, X-Phone, and the laptop tells a page whether another one posted lately).
(function () {
  const token = location.pathname.split("/")[2] || "";
  const base = "/t/" + encodeURIComponent(token);
  const KEPT = "clubdesk.typed." + token;  // the hand being typed, in localStorage
  const SIGNED = "clubdesk.signed." + token;  // the signatures drawn and the signers picked
  const csrf = document.querySelector('meta[name="csrf"]').content;
  const main = document.getElementById("main");
  const STROKES_MAX = 100, STROKE_POINTS_MAX = 1000, ASPECT = 3.5;
  const FOLLOW_MS = 1500;    // how often a page in view asks for the laptop's sheet
  const PHONE = phoneId();

  let sheet = null;          // the sheet as the laptop gives it
  let typed = {};            // the hand being typed: field key ("meld.A") -> value
  let byHand = new Set();    // the keys typed by hand (a pair's other half fills in as the rest)
  let fields = {};           // field key -> {wrap, control, problem, column}
  let fixing = false;        // the hand waiting for its confirmation is typed over
  let timeCalled = false, winner = null, checking = null, formProblem = null;
  let notice = null;         // a refusal to say once above the sheet as it now is
  let pads = {};             // role -> {strokes, canvas}
  let signers = {};          // role -> select
  let ink = { scorekeeper: [], countersign: [] };  // role -> the strokes drawn on its pad
  let chosen = {};           // role -> the signer's name picked
  keptSigned();              // both kept in the phone's own storage until the laptop has the sheet
  let padProblem = {};       // role -> the laptop's refusal of that signature, shown by its pad
  let looking = false;       // the last look at the whole sheet, where Submit makes it final
  let shownText = "";        // the sheet shown, as text: a sheet followed that reads the same is not shown again
  let shows = 0, writes = 0, pending = 0;  // sheets shown, and posts that change it (made, under way)

  // this page's own id, for the laptop to tell one phone from another (kept over a reload)
  function phoneId() {
    try {
      const kept = sessionStorage.getItem("clubdesk.phone");
      if (kept && /^[0-9a-f]{16}$/.test(kept)) return kept;
    } catch (e) { /* no storage */ }
    const id = [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("");
    try { sessionStorage.setItem("clubdesk.phone", id); } catch (e) { /* a new id on a reload */ }
    return id;
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value);
    }
    for (const child of children) {
      if (child !== null && child !== undefined) node.append(child);
    }
    return node;
  }

  // ``unsaid``: a post that is not this phone typing (the hand form as shown, nothing typed
  // in it yet), sent without the page's id
  async function api(path, body, unsaid) {
    const options = { cache: "no-store", headers: { "X-Phone": PHONE } };
    if (body !== undefined) {
      options.method = "POST";
      options.headers = { "Content-Type": "application/json", "X-CSRF-Token": csrf };
      if (!unsaid) options.headers["X-Phone"] = PHONE;
      options.body = JSON.stringify(body);
    }
    const changes = body !== undefined && path !== "/check";
    if (changes) { writes += 1; pending += 1; }
    try {
      const answer = await fetch(base + path, options);
      let data = null;
      try { data = await answer.json(); } catch (e) { data = null; }
      return { ok: answer.ok, status: answer.status, data: data || {} };
    } catch (e) {
      return { ok: false, status: 0, data: { error: "The laptop cannot be reached: check the Wi-Fi and try again." } };
    } finally {
      if (changes) pending -= 1;
    }
  }

  function says(answer) {
    const text = (answer.data && answer.data.error) || "Something went wrong: try again.";
    const head = text.indexOf(": ");
    const field = answer.data && answer.data.field;
    const words = field && head > 0 && text.slice(0, head) === field ? text.slice(head + 2) : text;
    return words.charAt(0).toUpperCase() + words.slice(1);
  }

  async function load() {
    const answer = await api("/state");
    if (!answer.ok) {
      main.replaceChildren(el("section", {}, el("p", { class: "problem" }, says(answer))));
      setActions([]);
      return;
    }
    show(answer.data, keptHand());
  }

  // the laptop's sheet shown; ``kept``: a hand typed here and not sent (kept over a reload,
  // or being typed as another phone changed the sheet), typed again if it is still the hand
  // the sheet waits for; ``followed``: the sheet changed by another phone
  function show(data, kept, followed) {
    sheet = data;
    shownText = sheetText(data);
    shows += 1;
    typingSaid(data.others_typing);
    typed = {}; byHand = new Set(); fixing = false; formProblem = null;
    const waiting = sheet.hands.length > sheet.confirmed;
    if (kept && sheet.state === "waiting" && kept.number === number() && kept.fixing === waiting) {
      typed = kept.typed; byHand = new Set(kept.byHand); fixing = kept.fixing;
    } else {
      if (followed && kept && kept.byHand.length) {
        notice = "Another phone changed the sheet while " + sheet.hand_word + " " + kept.number + " was typed here: look at it again.";
      }
      forget();
    }
    render();
  }

  function sheetText(data) { return JSON.stringify({ ...data, others_typing: null }); }

  // whether another phone is typing at this table, said above the sheet
  function typingSaid(others) {
    const said = document.getElementById("typing");
    if (said) said.hidden = !others;
  }

  // the laptop's sheet followed while the page is in view: shown again only when it changed
  // (what is being typed here is kept, if it is still the hand the sheet waits for)
  async function follow() {
    if (!sheet || pending || document.visibilityState !== "visible") return;
    const before = [shows, writes];
    const answer = await api("/state");
    if (!answer.ok || !answer.data.hands || shows !== before[0] || writes !== before[1] || pending) return;
    typingSaid(answer.data.others_typing);
    if (sheetText(answer.data) === shownText) return;
    const focused = document.activeElement ? document.activeElement.id : "";
    show(answer.data, { number: number(), fixing, typed, byHand: [...byHand] }, true);
    const again = focused && document.getElementById(focused);
    if (again) again.focus();
  }

  function keep() {
    const kept = { number: number(), fixing, typed, byHand: [...byHand] };
    try { localStorage.setItem(KEPT, JSON.stringify(kept)); } catch (e) { /* no storage: kept on the page only */ }
  }

  function forget() {
    try { localStorage.removeItem(KEPT); } catch (e) { /* no storage */ }
  }

  function keepSigned() {
    try { localStorage.setItem(SIGNED, JSON.stringify({ ink, chosen })); } catch (e) { /* no storage */ }
  }

  function keptSigned() {
    try {
      const kept = JSON.parse(localStorage.getItem(SIGNED) || "null");
      const point = (p) => Array.isArray(p) && p.length === 2 && p.every(Number.isFinite);
      const strokes = (role) => (Array.isArray(kept.ink[role]) ? kept.ink[role] : [])
        .filter(Array.isArray).map((stroke) => stroke.filter(point)).filter((stroke) => stroke.length);
      if (!kept || typeof kept.ink !== "object" || !kept.ink) return;
      ink = { scorekeeper: strokes("scorekeeper"), countersign: strokes("countersign") };
      if (kept.chosen && typeof kept.chosen === "object") chosen = kept.chosen;
    } catch (e) { /* nothing kept, or not readable: nothing drawn yet */ }
  }

  function forgetSigned() {
    ink = { scorekeeper: [], countersign: [] };
    chosen = {};
    try { localStorage.removeItem(SIGNED); } catch (e) { /* no storage */ }
  }

  function keptHand() {
    try {
      const kept = JSON.parse(localStorage.getItem(KEPT) || "null");
      const fine = kept && typeof kept.typed === "object" && kept.typed && Array.isArray(kept.byHand);
      return fine ? kept : null;
    } catch (e) {
      return null;
    }
  }

  // the sheet ----------------------------------------------------------------------------------
  function render() {
    document.getElementById("title").textContent = sheet.title;
    document.getElementById("event").textContent = sheet.event;
    document.getElementById("sides").textContent = "A: " + sheet.sides.A + "  ·  B: " + sheet.sides.B;
    document.title = sheet.title;
    main.replaceChildren();
    if (notice) {
      const said = el("p", { class: "problem", id: "notice", role: "alert" }, notice);
      main.append(el("section", {}, said));
      requestAnimationFrame(() => said.scrollIntoView({ block: "nearest" }));
      notice = null;
    }
    if (sheet.state !== "waiting") {
      forgetSigned();  // the laptop has the sheet
      const score = sheet.score ? "It counts A " + sheet.score.a + " to B " + sheet.score.b + ". " : "";
      main.append(el("section", {}, el("h2", { class: "done" }, "Sheet submitted"),
        el("p", {}, score + "It is locked: only the director can change it now.")));
      setActions([]);
      return;
    }
    const waiting = sheet.hands.length > sheet.confirmed;
    const view = waiting && !fixing ? "confirm" : sheet.more && !timeCalled ? "hand" : "sign";
    if (view !== "sign") looking = false;
    if (looking) {
      main.append(el("section", {}, el("h2", {}, "Last look before it goes in"),
        el("p", { class: "note" }, "The whole sheet as it will go in: once submitted it is locked, and only the director can change it.")));
    }
    main.append(handsTable(looking));
    if (sheet.hollywood) main.append(hollywoodTable(sheet.hollywood));
    if (view === "confirm") return confirming();
    if (sheet.error) main.append(el("section", {}, el("p", { class: "problem" }, sheet.error.text)));
    if (view === "hand") return handForm();
    if (looking) return lastLook();
    finishing();
  }

  // the hands, their points and the running totals; ``whole``: each hand's fields too
  function handsTable(whole) {
    const rows = sheet.hands.flatMap((hand, n) => {
      const row = sheet.rows[n];
      const waits = n >= sheet.confirmed;
      const line = el("tr", { class: waits ? "waits" : "" },
        el("td", {}, String(n + 1) + (waits ? " (to confirm)" : "")),
        el("td", {}, row ? signed(row.A) : ""), el("td", {}, row ? signed(row.B) : ""),
        el("td", {}, row ? String(row.total.A) : ""), el("td", {}, row ? String(row.total.B) : ""));
      if (!whole) return [line];
      return [line, el("tr", { class: "words" }, el("td", { colspan: "5" }, handWords(hand).join(" · ")))];
    });
    const lines = (sheet.lines || []).map((line) => el("tr", { class: "line" },
      el("td", { colspan: "3" }, line.text), el("td", {}, String(line.totals.A)), el("td", {}, String(line.totals.B))));
    const body = sheet.lines_first ? [...lines, ...rows] : [...rows, ...lines];
    const word = handWord();
    return el("section", {},
      el("table", {},
        el("thead", {}, el("tr", {}, el("th", {}, word), el("th", {}, "A"), el("th", {}, "B"),
          el("th", {}, "Total A"), el("th", {}, "Total B"))),
        el("tbody", {}, ...body),
        el("tfoot", {}, el("tr", {}, el("td", { colspan: "3" }, "Score"),
          el("td", {}, String(sheet.score.a)), el("td", {}, String(sheet.score.b))))),
      sheet.hands.length ? null : el("p", { class: "note" }, "No " + sheet.hand_word + "s yet."));
  }

  // gin's Hollywood columns and the boxes, as the window and the paper sheet have them
  function hollywoodTable(shown) {
    const head = shown.games.map((_, n) => el("th", {}, "Game " + (n + 1)));
    const rows = ["A", "B"].map((side) => el("tr", {}, el("td", {}, "Side " + side),
      ...shown.games.map((game) => el("td", {}, String(game[side]))), el("td", {}, String(shown.boxes[side]))));
    return el("section", { id: "hollywood" }, el("h2", {}, "Hollywood"), el("table", {},
      el("thead", {}, el("tr", {}, el("th", {}, ""), ...head, el("th", {}, "Boxes"))),
      el("tbody", {}, ...rows)));
  }

  // the club's own word for a hand, from its rules file ("Deal" at Sun City West)
  function handWord() { return sheet.hand_word.charAt(0).toUpperCase() + sheet.hand_word.slice(1); }

  function signed(n) { return n > 0 ? "+" + n : String(n); }

  // a hand being typed -------------------------------------------------------------------------
  function number() { return sheet.confirmed + 1; }

  function handForm() {
    fields = {};
    const form = el("section", {}, el("h2", {}, handWord() + " " + number()));
    for (const column of sheet.columns) form.append(field(column));
    form.append(el("p", { class: "preview", id: "preview" }));
    if (formProblem) form.append(el("p", { class: "problem", id: "form-problem" }, formProblem));
    if (sheet.time_called_asked && sheet.hands.length) {
      form.append(el("label", { class: "field" }, el("span", { class: "label" }, "Time was called"),
        el("input", { type: "checkbox", onchange: (e) => { timeCalled = e.target.checked; render(); } })));
    }
    form.addEventListener("keydown", onEnter);
    main.append(form);
    setActions([["Enter " + sheet.hand_word + " " + number(), enterHand, true]]);
    check();
  }

  // Enter in a number or a list moves to the next one the hand asks for; in the last, it
  // enters the hand (the buttons and boxes are tapped: Enter on one presses it, as ever)
  function onEnter(e) {
    if (e.key !== "Enter" || e.isComposing) return;
    const typedIn = Object.values(fields).map((f) => f.control)
      .filter((c) => (c.tagName === "INPUT" && c.type === "number" || c.tagName === "SELECT") && !c.disabled);
    const at = typedIn.indexOf(e.target);
    if (at < 0) return;
    e.preventDefault();
    if (at + 1 < typedIn.length) typedIn[at + 1].focus();
    else enterHand();
  }

  function field(column) {
    const id = "f-" + column.key.replace(".", "-");
    const problem = el("p", { class: "problem", hidden: true });
    let control;
    const current = typed[column.key];
    if (column.kind === "int") {
      control = el("input", { id, type: "number", inputmode: "numeric", step: "1", enterkeyhint: "next",
        value: current === null || current === undefined ? null : String(current) });
      control.addEventListener("input", () => {
        const text = control.value.trim();
        changed(column.key, text === "" || isNaN(Number(text)) ? null : Math.trunc(Number(text)));
      });
    } else if (column.kind === "flag") {
      control = el("input", { id, type: "checkbox" });
      control.checked = current === undefined ? column.default : !!current;
      control.addEventListener("change", () => changed(column.key, control.checked));
    } else if (column.kind === "side" || column.kind === "side?") {
      const values = column.kind === "side?" ? [null, "A", "B"] : ["A", "B"];
      control = el("div", { class: "choices", id, role: "group", "aria-label": column.heading });
      for (const value of values) {
        const button = el("button", { type: "button", "data-value": value === null ? "" : value,
          "aria-pressed": String((current === undefined ? null : current) === value) }, value === null ? "–" : value);
        button.addEventListener("click", () => {
          for (const other of control.children) other.setAttribute("aria-pressed", String(other === button));
          changed(column.key, value);
        });
        control.append(button);
      }
    } else {
      control = el("select", { id });
      fillSelect(control, column);
      control.addEventListener("change", () => {
        const options = choicesOf(column);
        changed(column.key, options[control.selectedIndex] ? options[control.selectedIndex][1] : null);
      });
    }
    const label = el("label", { for: id }, column.heading);
    const wrap = el("div", { class: "field", "data-key": column.key }, label, control, problem);
    fields[column.key] = { wrap, control, problem, column };
    return wrap;
  }

  function choicesOf(column) {
    if (column.kind === "took") return sheet.took;
    if (column.kind === "player") {
      const side = typed[column.side_from];
      return [["–", null], ...((sheet.players[side] || []).map(([n, name]) => [n + " " + name, n]))];
    }
    return [["–", null], ...column.choices.map((c) => [c, c])];
  }

  function fillSelect(select, column) {
    const options = choicesOf(column);
    const current = JSON.stringify(typed[column.key] === undefined ? null : typed[column.key]);
    select.replaceChildren(...options.map(([text, value]) => {
      const option = el("option", {}, text);
      option.selected = JSON.stringify(value) === current;
      return option;
    }));
  }

  function changed(key, value) {
    typed[key] = value;
    byHand.add(key);
    const pair = sheet.pair;
    const [outer, side] = key.split(".");
    if (pair && outer === pair.key && side) {
      const other = outer + "." + (side === "A" ? "B" : "A");
      if (!byHand.has(other) && fields[other]) {
        const rest = value === null || value < 0 || value > pair.total ? null : pair.total - value;
        typed[other] = rest;
        fields[other].control.value = rest === null ? "" : String(rest);
      }
    }
    keep();
    for (const f of Object.values(fields)) {
      if (f.column.kind === "player" && f.column.side_from === key) fillSelect(f.control, f.column);
    }
    formProblem = null;
    const shown = document.getElementById("form-problem");
    if (shown) shown.remove();
    clearTimeout(checking);
    checking = setTimeout(check, 150);
  }

  function rawHand() {
    const hand = {};
    for (const column of sheet.columns) {
      const [outer, inner] = column.key.split(".");
      let value = typed[column.key];
      if (value === undefined) value = column.kind === "flag" ? column.default : null;
      if (inner) (hand[outer] = hand[outer] || {})[inner] = value;
      else hand[outer] = value;
    }
    return hand;
  }

  async function check() {
    const asked = number();
    const answer = await api("/check", { number: asked, hand: rawHand() }, byHand.size === 0);
    if (!sheet || number() !== asked || !answer.ok) return;
    const found = answer.data;
    for (const [key, f] of Object.entries(fields)) {
      const skipped = found.skipped.includes(key);
      f.wrap.classList.toggle("skipped", skipped);
      for (const input of [f.control, ...f.control.querySelectorAll("button")]) input.disabled = skipped;
      if (skipped && typed[key] !== undefined && f.column.kind !== "flag") {
        delete typed[key];
        if (f.control.tagName === "INPUT") f.control.value = "";
      }
      mark(key, null);
    }
    const preview = document.getElementById("preview");
    const touched = byHand.size > 0;
    if (found.error && touched) {
      if (preview) preview.textContent = "";
      if (found.error.field && fields[found.error.field]) mark(found.error.field, found.error.text);
      else if (preview) preview.textContent = found.error.text;
    } else if (preview) {
      preview.textContent = found.gain ? "This " + sheet.hand_word + ": A " + signed(found.gain.A) + ", B " + signed(found.gain.B) +
        "  ·  totals A " + found.total.A + ", B " + found.total.B : "";
    }
  }

  function mark(key, text) {
    const f = fields[key];
    if (!f) return;
    f.wrap.classList.toggle("invalid", !!text);
    f.problem.hidden = !text;
    f.problem.textContent = text || "";
  }

  async function enterHand() {
    clearTimeout(checking);
    const answer = await api("/hand", { number: number(), hand: rawHand() });
    if (answer.ok) return show(answer.data);
    const key = (answer.data.field || "").replace(/^hand\./, "");
    if (answer.data.field === "number") return load();
    const preview = document.getElementById("preview");
    if (preview) preview.textContent = "";
    if (fields[key]) {
      mark(key, says(answer));
      fields[key].control.scrollIntoView({ block: "center" });
    } else {
      formProblem = says(answer);
      if (preview) preview.after(el("p", { class: "problem", id: "form-problem" }, formProblem));
    }
  }

  // a hand's fields in words, "Bid: 25" each
  function handWords(hand) {
    const words = [];
    for (const column of sheet.columns) {
      const [outer, inner] = column.key.split(".");
      let value = hand[outer];
      if (inner) value = value && typeof value === "object" ? value[inner] : undefined;
      if (value === undefined || value === null) continue;
      if (column.kind === "flag") value = value ? "yes" : "no";
      else if (column.kind === "took") value = (sheet.took.find(([, v]) => JSON.stringify(v) === JSON.stringify(value)) || [""])[0];
      words.push(column.heading + ": " + value);
    }
    return words;
  }

  // the opponents confirm ----------------------------------------------------------------------
  function confirming() {
    const n = sheet.hands.length;
    const hand = sheet.hands[n - 1];
    const row = sheet.rows[n - 1];
    const words = handWords(hand).map((text) => el("li", {}, text));
    const points = row ? "Points: A " + signed(row.A) + ", B " + signed(row.B) + "  ·  totals A " +
      row.total.A + ", B " + row.total.B : "";
    main.append(el("section", {}, el("h2", {}, handWord() + " " + n + ": for the opponents to check"),
      el("ul", { class: "hand-words" }, ...words), el("p", {}, points),
      el("p", { class: "note" }, "Hand the phone to the opponents' scorekeeper: they confirm the " + sheet.hand_word + ", or send it back to be fixed.")));
    setActions([["Not right: fix it", fixHand], ["Opponents confirm", confirmHand, true]]);
  }

  function fixHand() {
    const hand = sheet.hands[sheet.hands.length - 1];
    typed = {}; byHand = new Set();
    for (const column of sheet.columns) {
      const [outer, inner] = column.key.split(".");
      let value = hand[outer];
      if (inner) value = value && typeof value === "object" ? value[inner] : undefined;
      if (value !== undefined) { typed[column.key] = value; byHand.add(column.key); }
    }
    fixing = true;
    keep();
    render();
  }

  async function confirmHand() {
    // the hand as this phone shows it: another phone may have typed it over since
    const n = sheet.hands.length;
    const answer = await api("/confirm", { number: n, version: sheet.versions[n - 1] });
    if (answer.ok) return show(answer.data);
    if (answer.data.field === "number") return load();
    if (answer.data.field === "version") {  // the hand as it is now, for the opponents to check
      notice = says(answer);
      return load();
    }
    main.append(el("section", {}, el("p", { class: "problem" }, says(answer))));
  }

  // the end of the game: signing ---------------------------------------------------------------
  function finishing() {
    const end = el("section", {}, el("h2", {}, "Sign the sheet"));
    if (sheet.game_text) end.append(el("p", { class: "done", style: null }, sheet.game_text.replace(/\n/g, " · ")));
    if (sheet.held && !timeCalled && !(sheet.level && winner)) end.append(el("p", { class: "problem" }, sheet.held));
    if (sheet.time_called_asked && timeCalled) {
      end.append(el("p", { class: "note" }, "Time was called: the game ends with the hands so far."),
        el("button", { type: "button", onclick: () => { timeCalled = false; render(); } }, "Back to the hands"));
    }
    if (sheet.level) {
      const choices = el("div", { class: "choices", role: "group", "aria-label": "Who won the tie" });
      for (const side of ["a", "b"]) {
        choices.append(el("button", { type: "button", "aria-pressed": String(winner === side),
          onclick: () => { winner = side; render(); } }, "Side " + side.toUpperCase()));
      }
      end.append(el("div", { class: "field" }, el("span", { class: "label" }, "Won the tie"), choices));
    }
    pads = {}; signers = {};
    const keeper = el("select", { id: "signer-scorekeeper", "aria-label": "Scorekeeper" });
    for (const side of ["a", "b"]) {
      for (const name of sheet.signers[side]) {
        keeper.append(el("option", { value: name, "data-side": side }, name + " (" + side.toUpperCase() + ")"));
      }
    }
    const [keeperSide, place] = sheet.keeper;
    const first = keeperSide === "b" ? sheet.signers.a.length + place : place;
    keeper.selectedIndex = first < keeper.options.length ? first : 0;
    pick(keeper, chosen.scorekeeper);
    const counter = el("select", { id: "signer-countersign", "aria-label": "Countersigned by" });
    const opponents = () => {
      const side = keeper.selectedOptions[0] ? keeper.selectedOptions[0].dataset.side : "a";
      const other = side === "a" ? "b" : "a";
      counter.replaceChildren(...sheet.signers[other].map((name) => el("option", { value: name }, name + " (" + other.toUpperCase() + ")")));
      pick(counter, chosen.countersign);
      ready();
    };
    keeper.addEventListener("change", () => { chosen.scorekeeper = keeper.value; keepSigned(); opponents(); });
    counter.addEventListener("change", () => { chosen.countersign = counter.value; keepSigned(); });
    signers = { scorekeeper: keeper, countersign: counter };
    end.append(pad("scorekeeper", "Scorekeeper", keeper), pad("countersign", "Countersigned by", counter));
    main.append(end);
    // the bar below the pads, in the page's flow: nothing covers a pad, a tap on one draws
    setActions([["Look over the sheet", lookOver, true, "look-over"]], true);
    opponents();
  }

  function pick(select, name) {
    const at = [...select.options].findIndex((option) => option.value === name);
    if (at >= 0) select.selectedIndex = at;
  }

  function lookOver() {
    chosen = { scorekeeper: signers.scorekeeper.value, countersign: signers.countersign.value };
    keepSigned();
    looking = true;
    render();
    scrollTo(0, 0);
  }

  // the last look: the hands above, then the result and both signatures as drawn
  function lastLook() {
    const look = el("section", {}, el("h2", {}, "Result"));
    if (sheet.game_text) look.append(el("p", { class: "done" }, sheet.game_text.replace(/\n/g, " · ")));
    look.append(el("p", { id: "look-score" }, "Score: A " + sheet.score.a + ", B " + sheet.score.b));
    if (sheet.level && winner) look.append(el("p", {}, "Side " + winner.toUpperCase() + " won the tie."));
    if (timeCalled) look.append(el("p", {}, "Time was called: the game ends with the hands so far."));
    look.append(el("h2", {}, "Signed"));
    for (const [role, title] of [["scorekeeper", "Scorekeeper"], ["countersign", "Countersigned by"]]) {
      const canvas = el("canvas", { class: "signed", "data-role": role, "aria-label": title + "'s signature" });
      look.append(el("div", { class: "pad" }, el("p", { class: "signer" }, title + ": " + chosen[role]), canvas));
      requestAnimationFrame(() => draw({ canvas, strokes: ink[role] }));
    }
    look.append(el("p", { class: "problem", id: "submit-problem", hidden: true }));
    main.append(look);
    setActions([["Change something", () => { looking = false; render(); }], ["Submit sheet", submit, true]]);
  }

  function pad(role, title, picker) {
    const canvas = el("canvas", { "aria-label": title + " signs here", "data-role": role });
    const state = { strokes: ink[role], canvas, current: null };
    pads[role] = state;
    const problem = el("p", { class: "problem", id: "pad-problem-" + role, hidden: true });
    const point = (e) => {
      const r = canvas.getBoundingClientRect();
      const x = Math.min(1, Math.max(0, (e.clientX - r.left) / r.width));
      const y = Math.min(1, Math.max(0, (e.clientY - r.top) / r.height));
      return [Math.round(x * 10000) / 10000, Math.round(y * 10000) / 10000];
    };
    canvas.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      if (state.strokes.length >= STROKES_MAX) return;
      try { canvas.setPointerCapture(e.pointerId); } catch (err) { /* a pointer already gone */ }
      state.current = [point(e)];
      state.strokes.push(state.current);
      draw(state);
    });
    canvas.addEventListener("pointermove", (e) => {
      if (!state.current || state.current.length >= STROKE_POINTS_MAX) return;
      e.preventDefault();
      const p = point(e), last = state.current[state.current.length - 1];
      if (Math.abs(p[0] - last[0]) + Math.abs(p[1] - last[1]) * ASPECT < 0.003) return;
      state.current.push(p);
      draw(state);
    });
    const up = () => { if (state.current) { state.current = null; delete padProblem[role]; keepSigned(); ready(); } };
    canvas.addEventListener("pointerup", up);
    canvas.addEventListener("pointercancel", up);
    const clear = el("button", { type: "button", onclick: () => {
      state.strokes = ink[role] = []; delete padProblem[role]; keepSigned(); draw(state); ready(); } }, "Clear");
    requestAnimationFrame(() => draw(state));
    return el("div", { class: "pad" }, el("div", { class: "pad-head" }, el("label", {}, title), picker, clear), canvas, problem);
  }

  // how far the pen ran, in widths of the pad, as the laptop measures it
  function inkOf(strokes) {
    let length = 0;
    for (const stroke of strokes) {
      for (let i = 1; i < stroke.length; i++) {
        length += Math.hypot(stroke[i][0] - stroke[i - 1][0], (stroke[i][1] - stroke[i - 1][1]) / ASPECT);
      }
    }
    return length;
  }

  // what is wrong with a pad's signature: a dot, or the laptop's refusal of it; null if none
  function padSays(role) {
    if (padProblem[role]) return padProblem[role];
    const strokes = ink[role];
    return strokes.length && inkOf(strokes) < sheet.ink_min ? "A dot is not a signature; sign your name across the pad" : null;
  }

  function draw(state) {
    const canvas = state.canvas, ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
    const height = Math.max(1, Math.round(width / ASPECT));
    if (canvas.width !== width || canvas.height !== height) { canvas.width = width; canvas.height = height; }
    const g = canvas.getContext("2d");
    g.clearRect(0, 0, width, height);
    g.lineWidth = 2.2 * ratio; g.lineCap = "round"; g.lineJoin = "round"; g.strokeStyle = "#10204a";
    for (const stroke of state.strokes) {
      g.beginPath();
      stroke.forEach(([x, y], i) => (i ? g.lineTo(x * width, y * height) : g.moveTo(x * width, y * height)));
      if (stroke.length === 1) g.lineTo(stroke[0][0] * width + 0.5, stroke[0][1] * height);
      g.stroke();
    }
  }

  function ready() {
    let signedBoth = true;
    for (const role of ["scorekeeper", "countersign"]) {
      const said = padSays(role);
      const shown = document.getElementById("pad-problem-" + role);
      if (shown) { shown.textContent = said || ""; shown.hidden = !said; }
      signedBoth = signedBoth && ink[role].length > 0 && !said;
    }
    const held = sheet.held && !timeCalled && !(sheet.level && winner);
    const button = document.getElementById("look-over");
    if (button) button.disabled = !(signedBoth && signers.countersign.value && !held);
  }

  async function submit() {
    const body = {
      hands: sheet.hands.slice(0, sheet.confirmed),
      signatures: ["scorekeeper", "countersign"].map((role) => ({
        role, name: chosen[role], strokes: ink[role] })),
    };
    if (sheet.level && winner) body.winner = winner;
    if (timeCalled) body.time_called = true;
    const answer = await api("/submit", body);
    if (answer.ok) {
      timeCalled = false; winner = null; looking = false;
      forgetSigned();
      return load();
    }
    const signature = /^signatures\.(scorekeeper|countersign)/.exec(answer.data.field || "");
    if (signature) {  // back to the pads, the refusal beside the one it is about
      padProblem[signature[1]] = says(answer);
      looking = false;
      render();
      const at = document.getElementById("pad-problem-" + signature[1]);
      if (at) at.scrollIntoView({ block: "center" });
      return;
    }
    const shown = document.getElementById("submit-problem");
    if (shown) { shown.textContent = says(answer); shown.hidden = false; shown.scrollIntoView({ block: "center" }); }
  }

  // the bar of buttons at the bottom -----------------------------------------------------------
  // ``inFlow``: the bar sits under the page's end instead of over the bottom of the screen
  function setActions(list, inFlow) {
    let bar = document.querySelector(".actions");
    if (!bar) { bar = el("div", { class: "actions" }); document.body.append(bar); }
    bar.replaceChildren(...list.map(([text, act, isMain, id]) =>
      el("button", { type: "button", class: isMain ? "main" : "", onclick: act, id }, text)));
    bar.hidden = list.length === 0;
    document.body.classList.toggle("bar-in-flow", !!inFlow);
    if (document.getElementById("look-over")) ready();
  }

  load();
  setInterval(follow, FOLLOW_MS);
  document.addEventListener("visibilitychange", follow);
})();
