/* The Play panel of a game page (extract/sphinxext/play.py): any numbered deal, one reading
   per ambiguity, the reader's own moves, undo/redo, the greedy policy's hint, the solver, and
   two readings side by side. The rules are the edition's own engine, run in Pyodide in a
   worker (play-worker.mjs); this script only draws and sends moves. The worker starts when
   the page has been idle a moment (or when the reader points at, focuses or opens the
   panel), so that the panel is ready when opened; the reader sees what it is doing while it
   starts. A deal number is kept as decimal text end to end (JavaScript numbers are not exact
   above 2**53). The position is kept in the URL:
   ?deal=7&reading=deal-order=round&moves=found.8,build.0.6 (the second board of a
   comparison: compare=1&reading2=...&moves2=...). */
(function () {
  "use strict";
  var SCRIPT = document.currentScript && document.currentScript.src;
  var STATIC = SCRIPT ? new URL(".", SCRIPT).href : "_static/";
  var W = 44, H = 62, GX = 10, GY = 14, FAN = {down: [0, 15], right: [18, 0], none: [0, 0]};
  var MIN_SCALE = 0.6;   /* the table shrinks to fit its box down to this, then scrolls */
  var MAX_DEAL_DIGITS = 4000;   /* as engine.deal.MAX_DEAL_DIGITS */
  var SUIT = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};
  var OWN = ["deal", "reading", "moves", "compare", "reading2", "moves2"];

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "class") { e.className = attrs[k]; } else { e.setAttribute(k, attrs[k]); }
    });
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function cardText(code) {
    var prime = code.slice(-1) === "'", c = prime ? code.slice(0, -1) : code;
    return {text: c.slice(0, -1) + (SUIT[c.slice(-1)] || c.slice(-1)) + (prime ? "\u2032" : ""),
            red: c.slice(-1) === "H" || c.slice(-1) === "D"};
  }
  function anchor(rule) { return rule.replace(/[:=]/g, "."); }
  /* "1 legal move", "2 legal moves" */
  function count(n, one, many) { return n + " " + (String(n) === "1" ? one : (many || one + "s")); }
  /* A deal number as decimal text (exact), or null: digits only, at least 1. */
  function dealText(text) {
    var t = String(text).trim();
    if (!/^[0-9]+$/.test(t) || t.length > MAX_DEAL_DIGITS) { return null; }
    t = t.replace(/^0+/, "");
    return t ? t : null;
  }
  function notADeal(text) {
    var t = String(text);
    return "'" + (t.length > 40 ? t.slice(0, 40) + "\u2026" : t) + "' is not a deal number: a deal number is a whole number from 1 (1, 2, 3 \u2026), written in at most " + MAX_DEAL_DIGITS.toLocaleString("en") + " digits";
  }

  /* -- the worker ------------------------------------------------------------------------ */
  var worker = null, pending = {}, nextId = 1, started = null, stage = "", stageAt = 0, listeners = [];
  function engine(cmd, args) {
    return new Promise(function (resolve, reject) {
      var id = nextId++;
      pending[id] = {resolve: resolve, reject: reject};
      worker.postMessage({id: id, cmd: cmd, args: args});
    });
  }
  function start(engineFile) {
    if (!started) {
      worker = new Worker(STATIC + "play-worker.mjs", {type: "module"});
      worker.onmessage = function (ev) {
        if (ev.data.progress) { stage = ev.data.progress; listeners.forEach(function (f) { f(stage); }); return; }
        if (ev.data.snapshot) { document.documentElement.dataset.playSnapshot = ev.data.snapshot; return; }
        var p = pending[ev.data.id]; delete pending[ev.data.id];
        if (ev.data.error !== undefined) { p.reject(new Error(ev.data.error)); } else { p.resolve(ev.data.result); }
      };
      worker.onerror = function (ev) {
        Object.keys(pending).forEach(function (k) { pending[k].reject(new Error(ev.message || "the engine's worker failed")); });
        pending = {};
      };
      stageAt = performance.now();
      started = engine("init", {engine: STATIC + "play/" + engineFile});
      started.then(function () { stage = ""; document.documentElement.dataset.playEngine = "ready"; },
                   function () { stage = ""; });
    }
    return started;
  }
  /* Start the worker before the reader opens the panel: when the page has been idle a
     moment after loading, or at once when the reader points at or focuses the summary. Not
     from file:// (it cannot start there) nor when the reader asked the browser to save data. */
  function preload(box) {
    if (window.location.protocol === "file:") { return; }
    var go = function () { start(box.dataset.engine); };
    var summary = box.querySelector("summary");
    ["pointerenter", "focus", "touchstart"].forEach(function (k) { summary.addEventListener(k, go, {once: true, passive: true}); });
    if (navigator.connection && navigator.connection.saveData) { return; }
    var idle = window.requestIdleCallback || function (f) { return setTimeout(f, 1); };
    var later = function () { idle(go, {timeout: 1000}); };
    if (document.readyState === "complete") { later(); } else { window.addEventListener("load", later, {once: true}); }
  }

  /* -- URL state ------------------------------------------------------------------------- */
  function readUrl() {
    var q = new URLSearchParams(window.location.search);
    var errors = [];
    /* an ambiguity given two readings is refused, as by `edition play` (the defaults are shown) */
    function readings(key) {
      var out = {}, twice = {};
      q.getAll(key).forEach(function (r) {
        var i = r.indexOf("="), a = r.slice(0, i), v = r.slice(i + 1);
        if (i <= 0) { return; }
        if (Object.prototype.hasOwnProperty.call(out, a) && !twice[a]) {
          twice[a] = true;
          errors.push(key + " is given twice for the ambiguity " + a + " (" + a + "=" + out[a] + " and " + a + "=" + v + "): choose one reading per ambiguity");
        }
        out[a] = v;
      });
      Object.keys(twice).forEach(function (a) { delete out[a]; });
      return out;
    }
    var given = q.has("deal") ? q.get("deal") : "1", deal = dealText(given);
    if (!deal) { errors.unshift(notADeal(given) + "; showing deal 1"); }
    var out = {deal: deal || "1", readings: readings("reading"), moves: q.get("moves") || "",
               compare: q.get("compare") === "1", readings2: readings("reading2"), moves2: q.get("moves2") || "",
               any: OWN.some(function (k) { return q.has(k); })};
    out.urlError = errors.join("; ");
    return out;
  }
  function writeUrl(panel) {
    var q = new URLSearchParams(window.location.search);
    OWN.forEach(function (k) { q.delete(k); });
    var parts = q.toString() ? [q.toString()] : [];
    parts.push("deal=" + panel.deal);
    panel.boards.forEach(function (b, i) {
      var sfx = i ? "2" : "";
      if (i) { parts.push("compare=1"); }
      Object.keys(b.readings).forEach(function (a) {
        var def = panel.defaults[a];
        if (b.readings[a] !== def) { parts.push("reading" + sfx + "=" + a + "=" + b.readings[a]); }
      });
      if (b.pos && b.pos.url_moves) { parts.push("moves" + sfx + "=" + b.pos.url_moves); }
    });
    var u = window.location.pathname + "?" + parts.join("&") + window.location.hash;
    try { window.history.replaceState(null, "", u); } catch (e) { /* some file:// browsers */ }
  }
  function parseMoves(text) {   /* items stay text: the worker reads the numbers exactly */
    if (!text) { return []; }
    return text.split(",").map(function (m) { return m.split("."); });
  }

  /* -- one board ------------------------------------------------------------------------- */
  function Board(panel, index, readings) {
    this.panel = panel; this.index = index;
    this.readings = readings; this.moves = []; this.redo = []; this.pos = null;
    this.selected = null; this.hintMove = null; this.focusPile = 0;
    var id = panel.game + "-board-" + index, self = this;
    var box = this.box = el("section", {"class": "play-board", "aria-labelledby": id + "-h"});
    box.appendChild(el("h3", {id: id + "-h"}, index ? "Second reading" : "Your game"));
    var sets = el("fieldset", {"class": "play-readings"});
    sets.appendChild(el("legend", {}, "Readings"));
    if (!panel.ambiguities.length) { sets.appendChild(el("p", {"class": "play-note"}, "This game's text has no ambiguity: one reading.")); }
    panel.ambiguities.forEach(function (a) {
      var lab = el("label", {}), sel = el("select", {"data-ambiguity": a.id, "aria-describedby": id + "-q-" + a.id});
      a.readings.forEach(function (r) {
        var o = el("option", {value: r.id, title: r.label}, r.id + (r.id === a["default"] ? " (default)" : "") + (r.editorial ? " [editorial]" : ""));
        if (r.id === (self.readings[a.id] || a["default"])) { o.selected = true; }
        sel.appendChild(o);
      });
      sel.addEventListener("change", function () { self.switchReading(a.id, sel.value); });
      lab.appendChild(el("span", {}, a.id + " ")); lab.appendChild(sel);
      sets.appendChild(lab);
      sets.appendChild(el("span", {"class": "play-question", id: id + "-q-" + a.id}, a.question));
      self.readings[a.id] = self.readings[a.id] || a["default"];
    });
    box.appendChild(sets);
    var bar = el("div", {"class": "play-buttons", role: "toolbar", "aria-label": "Game controls"});
    function button(text, title, fn) {
      var b = el("button", {type: "button", title: title}, text);
      b.addEventListener("click", fn); bar.appendChild(b); return b;
    }
    this.undoB = button("Undo", "Take back the last move (U)", function () { self.undo(); });
    this.redoB = button("Redo", "Play again the move taken back (R)", function () { self.redoMove(); });
    this.hintB = button("Hint", "Show the greedy policy's move (H)", function () { self.hint(); });
    this.budget = el("input", {type: "number", min: "1", step: "1000", value: "20000", "aria-label": "Solver budget (states)", "class": "play-budget"});
    this.solveB = button("Solve from here", "Search for a win from this position within the budget of states", function () { self.solve(); });
    var budgetLabel = el("label", {"class": "play-budget-label"}, "within ");
    budgetLabel.appendChild(this.budget);
    budgetLabel.appendChild(document.createTextNode(" states"));
    bar.appendChild(budgetLabel);
    box.appendChild(bar);
    this.status = el("p", {"class": "play-status", role: "status", "aria-live": "polite"});
    box.appendChild(this.status);
    this.table = el("div", {"class": "play-table", role: "group", tabindex: "0",
      "aria-label": "The table: arrow keys go from pile to pile, Enter selects a pile, Enter on another plays the move between them"});
    this.scrollNote = el("p", {"class": "play-scroll-note"}, "The table is wider than the screen: scroll it sideways (\u2194) to see every pile.");
    this.scrollNote.hidden = true;
    box.appendChild(this.scrollNote);
    this.scaler = el("div", {"class": "play-scaler"}); this.scaler.appendChild(this.table);
    var wrap = this.wrap = el("div", {"class": "play-wrap"}); wrap.appendChild(this.scaler); box.appendChild(wrap);
    window.addEventListener("resize", function () { self.fit(); });
    box.appendChild(el("h4", {}, "Legal moves"));
    this.legal = el("ul", {"class": "play-legal", "aria-label": "Legal moves"}); box.appendChild(this.legal);
    box.appendChild(el("h4", {}, "Moves played"));
    this.history = el("ol", {"class": "play-history", "aria-label": "Moves played"}); box.appendChild(this.history);
    this.table.addEventListener("keydown", function (ev) { self.tableKey(ev); });
    box.addEventListener("keydown", function (ev) {
      if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT" || ev.ctrlKey || ev.metaKey || ev.altKey) { return; }
      var k = ev.key.toLowerCase();
      if (k === "u") { self.undo(); ev.preventDefault(); } else if (k === "r") { self.redoMove(); ev.preventDefault(); } else if (k === "h") { self.hint(); ev.preventDefault(); }
    });
  }
  Board.prototype.call = function (cmd, extra) {
    var args = {game: this.panel.game, deal: this.panel.deal, readings: this.readings, moves: this.moves};
    Object.keys(extra || {}).forEach(function (k) { args[k] = extra[k]; });
    return engine(cmd, args);
  };
  Board.prototype.say = function (text, kind) { this.status.textContent = text; this.status.dataset.kind = kind || ""; };
  Board.prototype.load = function () {
    var self = this;
    this.busy(true);
    return this.call("position").then(function (pos) { self.show(pos); }, function (e) {
      self.busy(false);
      if (self.moves.length) {  /* a bad move list in the URL: say so and start from the deal */
        self.say("The moves given could not be played (" + e.message + "); showing the deal.", "error");
        self.moves = []; return self.call("position").then(function (pos) { self.show(pos, true); });
      }
      self.say(e.message, "error");
    });
  };
  /* Another reading mid-game: the moves played are replayed under it as far as they stay
     legal; the status says where it stopped and which move the new reading does not allow. */
  Board.prototype.switchReading = function (ambiguity, reading) {
    var self = this, before = this.pos ? this.pos.history : [], old = this.readings[ambiguity];
    var line = {readings: JSON.stringify(this.readings), moves: this.moves.slice(), history: before};
    this.readings[ambiguity] = reading;
    if (this.line && this.line.readings === JSON.stringify(this.readings) &&   /* switched back */
        JSON.stringify(this.line.moves.slice(0, this.moves.length)) === JSON.stringify(this.moves)) {
      this.moves = this.line.moves.slice(); before = this.line.history;
    }
    this.line = line;
    this.redo = [];
    this.busy(true);
    return this.call("replay").then(function (pos) {
      self.show(pos, true);
      var name = self.panel.game + ":" + ambiguity + "=" + reading, text;
      if (!pos.asked) { text = "Now under the reading " + name + "."; }
      else if (pos.kept === pos.asked) { text = "Now under the reading " + name + ": all " + count(pos.asked, "move") + " played replay under it."; }
      else {
        var bad = before[pos.kept];
        text = "Now under the reading " + name + ": the moves played replay as far as move " + pos.kept +
          "; move " + (pos.kept + 1) + (bad ? " (" + bad.caption + ")" : "") + " is not legal under it, so the game stops there (" +
          count(pos.asked - pos.kept, "later move") + " dropped). Switching back to " + old + " before playing on brings them back.";
      }
      self.say(text, pos.kept === pos.asked ? "" : "error");
      self.panel.compared();
    }, function (e) { self.busy(false); self.say(e.message, "error"); });
  };
  Board.prototype.busy = function (on) {
    this.box.setAttribute("aria-busy", on ? "true" : "false");
    [this.undoB, this.redoB, this.hintB, this.solveB].forEach(function (b) { b.disabled = on; });
  };
  Board.prototype.play = function (move) {
    var self = this, redo = this.redo;
    if (redo.length && JSON.stringify(redo[redo.length - 1]) === JSON.stringify(move)) { redo.pop(); } else { this.redo = []; }
    this.moves = this.moves.concat([move]);
    this.busy(true);
    return this.call("position").then(function (pos) { self.show(pos); self.announce(); },
      function (e) { self.moves = self.moves.slice(0, -1); self.busy(false); self.say(e.message, "error"); });
  };
  Board.prototype.undo = function () {
    if (!this.moves.length) { return; }
    this.redo.push(this.moves[this.moves.length - 1]);
    this.moves = this.moves.slice(0, -1);
    var self = this;
    this.busy(true);
    return this.call("position").then(function (pos) { self.show(pos); self.say("Took back move " + (self.moves.length + 1) + ".", ""); });
  };
  Board.prototype.redoMove = function () {
    if (this.redo.length) { return this.play(this.redo[this.redo.length - 1]); }
  };
  Board.prototype.hint = function () {
    var self = this;
    this.busy(true);
    return this.call("hint").then(function (h) {
      self.busy(false);
      if (!h.move) {
        self.hintMove = null;
        self.say("No hint: " + h.reason + ". " + self.outcomeText(h), "over");
        self.box.dataset.outcome = self.pos.won ? "won" : "lost";
        return;
      }
      self.hintMove = h.move.move;
      self.drawLegal();
      self.say("Hint (the greedy policy): " + h.move.caption + (h.move.rules.length ? " \u2014 " + h.move.rules.join(", ") : "") + ". Press Enter or tap the highlighted move to play it.", "hint");
      var b = self.legal.querySelector(".is-hint button");
      if (b) { b.focus(); }
      self.highlight(h.move.rules);
    }, function (e) { self.busy(false); self.say(e.message, "error"); });
  };
  Board.prototype.outcomeText = function (h) {
    if (this.pos.won) { return "The patience came out."; }
    if (this.pos.over) { return "The patience failed: " + this.pos.reason + "."; }
    return "The greedy policy stops here (lost for the policy).";
  };
  Board.prototype.solve = function () {
    var self = this, budget = parseInt(this.budget.value, 10);
    if (!(budget >= 1)) { this.say("The budget must be a whole number of states, at least 1.", "error"); return; }
    this.busy(true); this.say("Searching (at most " + count(budget, "state") + ") \u2026", "");
    return this.call("solve", {budget: budget}).then(function (r) {
      self.busy(false);
      if (r.outcome === "won") {
        self.redo = r.moves.slice().reverse();
        self.redoB.disabled = !self.redo.length;
        self.say("The solver found a win in " + count(r.moves.length, "move") + " (" + count(r.states, "state") + " searched). Press Redo to play it move by move.", "solved");
      } else if (r.outcome === "lost") {
        self.say("No win from here: the solver searched every position (" + count(r.states, "state") + ").", "solved");
      } else {
        self.say("Undecided: no win found within " + count(r.states, "state") + ". Raise the budget to search further.", "solved");
      }
    }, function (e) { self.busy(false); self.say(e.message, "error"); });
  };
  Board.prototype.announce = function () {
    var h = this.pos.history, last = h[h.length - 1];
    var text = "Move " + h.length + ": " + last.caption + (last.rules.length ? " (" + last.rules.join(", ") + ")" : "") + ".";
    if (this.pos.over) { text += " " + this.outcomeText(); }
    this.say(text, this.pos.over ? "over" : "");
  };
  Board.prototype.highlight = function (rules) {
    document.querySelectorAll(".play-rule").forEach(function (e) { e.classList.remove("play-rule"); });
    (rules || []).forEach(function (r) { var s = document.getElementById(anchor(r)); if (s) { s.classList.add("play-rule"); } });
  };
  Board.prototype.show = function (pos, keepStatus) {
    this.pos = pos; this.moves = pos.moves; this.hintMove = null; this.selected = null;
    this.busy(false);
    this.undoB.disabled = !pos.moves.length; this.redoB.disabled = !this.redo.length;
    this.hintB.disabled = pos.over;
    this.box.dataset.moves = pos.url_moves;
    this.box.dataset.outcome = pos.won ? "won" : (pos.over ? "lost" : "");
    this.drawTable(); this.drawLegal(); this.drawHistory();
    var last = pos.history[pos.history.length - 1];
    this.highlight(last ? last.rules : []);
    if (!keepStatus && !pos.history.length) { this.say("Deal " + pos.deal + ": " + count(pos.legal.length, "legal move") + ".", ""); }
    writeUrl(this.panel);
  };
  Board.prototype.drawTable = function () {
    var self = this, piles = this.pos.piles, width = 0, height = 0;
    this.table.textContent = "";
    var sources = {}, targets = {};
    this.pos.legal.forEach(function (m) {
      m.from.forEach(function (i) { sources[i] = true; });
      if (self.selected !== null && m.from.indexOf(self.selected) >= 0) { m.to.forEach(function (j) { targets[j] = true; }); }
    });
    piles.forEach(function (p, i) {
      var f = FAN[p.fan] || [0, 0], shown = p.fan === "none" ? p.cards.slice(-1) : p.cards;
      var x = 8 + p.x * (W + GX), y = 8 + p.y * (H + GY);
      var b = el("div", {"class": "play-pile", role: "button", tabindex: "-1", "data-pile": String(i)});
      if (sources[i]) { b.classList.add("can-move"); }
      if (targets[i]) { b.classList.add("is-target"); }
      if (self.selected === i) { b.classList.add("is-selected"); b.setAttribute("aria-pressed", "true"); }
      var n = p.cards.length, hidden = p.cards.filter(function (c) { return c === null; }).length;
      var top = n && p.cards[n - 1] !== null ? cardText(p.cards[n - 1]).text : null;
      b.setAttribute("aria-label", p.name + ": " + (n ? (top ? top + " on top, " : "") + n + (n === 1 ? " card" : " cards") + (hidden ? " (" + hidden + " face down or covered)" : "") : "empty") +
        (sources[i] ? "; can move" : "") + (targets[i] ? "; can take the selected card" : ""));
      /* the cards and the name are drawn beside the pile's (empty) control, hidden from
         assistive technology: the control's label says it all */
      var w = W, h = H, layer = el("div", {"class": "play-cards", "aria-hidden": "true"});
      layer.style.left = x + "px"; layer.style.top = y + "px";
      layer.appendChild(el("span", {"class": "play-slot"}));
      shown.forEach(function (code, j) {
        var c = el("span", {"class": "play-card"});
        if (code === null) { c.classList.add("back"); } else {
          var t = cardText(code);
          if (p.fan === "right") {   /* covered cards show an 18 px strip: rank over suit */
            var at = t.text.slice(-1) === "\u2032" ? -2 : -1;   /* a second pack's card: 7♥′ */
            c.classList.add("index"); c.appendChild(el("span", {}, t.text.slice(0, at))); c.appendChild(el("span", {}, t.text.slice(at)));
          } else { c.textContent = t.text; }
          if (t.red) { c.classList.add("red"); }
        }
        c.style.left = (j * f[0]) + "px"; c.style.top = (j * f[1]) + "px";
        layer.appendChild(c);
        w = Math.max(w, j * f[0] + W); h = Math.max(h, j * f[1] + H);
      });
      if (p.fan === "none" && n > 1) { b.appendChild(el("span", {"class": "play-count", "aria-hidden": "true"}, String(n))); }
      layer.appendChild(el("span", {"class": "play-name", "title": p.name}, p.label || p.name));
      layer.style.width = w + "px"; layer.style.height = h + "px";
      self.table.appendChild(layer);
      b.style.left = x + "px"; b.style.top = y + "px";
      b.style.width = w + "px"; b.style.height = h + "px";
      width = Math.max(width, x + w + 8); height = Math.max(height, y + h + 22);
      b.addEventListener("click", function () { self.choosePile(i); });
      self.table.appendChild(b);
    });
    this.table.style.width = width + "px"; this.table.style.height = height + "px";
    this.size = [width, height];
    this.fit();
  };
  /* The table shrinks to the width of its box (not below MIN_SCALE); when it is still wider,
     the box scrolls sideways and says so above the table. */
  Board.prototype.fit = function () {
    if (!this.size) { return; }
    var width = this.size[0], height = this.size[1], avail = this.wrap.clientWidth || width;
    var s = Math.max(MIN_SCALE, Math.min(1, avail / width));
    this.table.style.transform = s < 1 ? "scale(" + s + ")" : "";
    this.scaler.style.width = (width * s) + "px"; this.scaler.style.height = (height * s) + "px";
    var scrolls = width * s > avail + 1;
    this.wrap.classList.toggle("scrolls", scrolls);
    this.scrollNote.hidden = !scrolls;
  };
  Board.prototype.tableKey = function (ev) {
    var piles = this.table.querySelectorAll(".play-pile");
    if (!piles.length) { return; }
    var k = ev.key;
    if (k === "ArrowRight" || k === "ArrowDown") { this.focusPile = (this.focusPile + 1) % piles.length; }
    else if (k === "ArrowLeft" || k === "ArrowUp") { this.focusPile = (this.focusPile - 1 + piles.length) % piles.length; }
    else if (k === "Enter" || k === " ") { this.choosePile(this.focusPile); ev.preventDefault(); return; }
    else if (k === "Escape") { this.selected = null; this.drawTable(); this.drawLegal(); return; }
    else { return; }
    ev.preventDefault();
    this.table.setAttribute("aria-activedescendant", "");
    this.markFocus();
  };
  Board.prototype.markFocus = function () {
    var piles = this.table.querySelectorAll(".play-pile");
    piles.forEach(function (p) { p.classList.remove("has-focus"); });
    var p = piles[this.focusPile];
    if (p) {
      p.classList.add("has-focus");
      p.id = p.id || this.panel.game + "-b" + this.index + "-pile-" + this.focusPile;
      this.table.setAttribute("aria-activedescendant", p.id);
      this.say(p.getAttribute("aria-label"), "");
    }
  };
  Board.prototype.choosePile = function (i) {
    this.focusPile = i;
    var sel = this.selected, legal = this.pos.legal;
    if (sel !== null && sel !== i) {
      var m = legal.filter(function (e) { return e.from.indexOf(sel) >= 0 && e.to.indexOf(i) >= 0; })[0];
      if (m) { return this.play(m.move); }
    }
    var from = legal.filter(function (e) { return e.from.indexOf(i) >= 0; });
    if (sel === i && from.length) { return this.play(from[0].move); }  /* a second Enter: its first move */
    this.selected = from.length ? i : null;
    this.drawTable(); this.drawLegal(); this.markFocus();
    this.say(from.length ? this.pos.piles[i].name + " selected: " + from.map(function (e) { return e.caption; }).join("; or ") +
             ". Choose where it goes (Enter again plays the first)." : this.pos.piles[i].name + ": no legal move takes a card from it.", "");
  };
  Board.prototype.drawLegal = function () {
    var self = this, hint = JSON.stringify(this.hintMove);
    this.legal.textContent = "";
    this.pos.legal.forEach(function (m) {
      if (self.selected !== null && m.from.indexOf(self.selected) < 0) { return; }
      var li = el("li", {}), b = el("button", {type: "button", "class": "play-move", "data-move": m.move.join(".")}, m.caption);
      if (JSON.stringify(m.move) === hint) { li.classList.add("is-hint"); }
      b.addEventListener("click", function () { self.play(m.move); });
      b.addEventListener("focus", function () { self.highlight(m.rules); });
      b.addEventListener("mouseenter", function () { self.highlight(m.rules); });
      li.appendChild(b);
      li.appendChild(self.ruleLinks(m.rules));
      self.legal.appendChild(li);
    });
    if (!this.pos.legal.length) { this.legal.appendChild(el("li", {"class": "play-note"}, this.pos.won ? "None: the patience came out." : "None: " + this.pos.reason + ".")); }
  };
  Board.prototype.ruleLinks = function (rules) {
    var span = el("span", {"class": "play-rules"});
    rules.forEach(function (r, k) {
      if (k) { span.appendChild(document.createTextNode(", ")); }
      span.appendChild(el("a", {href: "#" + anchor(r), title: "the sentence this move executes"}, r));
    });
    return span;
  };
  Board.prototype.drawHistory = function () {
    var self = this;
    this.history.textContent = "";
    this.pos.history.forEach(function (h) {
      var li = el("li", {}); li.appendChild(el("span", {}, h.caption + " ")); li.appendChild(self.ruleLinks(h.rules));
      self.history.appendChild(li);
    });
  };

  /* -- the panel --------------------------------------------------------------------------- */
  function Panel(box) {
    this.box = box;
    var data = JSON.parse(box.querySelector(".play-data").textContent);
    this.game = data.game; this.ambiguities = data.ambiguities; this.defaults = {};
    var self = this;
    this.ambiguities.forEach(function (a) { self.defaults[a.id] = a["default"]; });
    this.root = box.querySelector(".play-root");
    this.boards = [];
  }
  Panel.prototype.open = function () {
    var self = this, t0 = performance.now();
    this.root.textContent = "";
    if (window.location.protocol === "file:") {
      var p = el("p", {"class": "play-unavailable", role: "alert"});
      p.textContent = "The Play panel cannot start from a file opened on disk (file://): the browser does not let " +
        "a page loaded from disk start the Python engine (a web worker and WebAssembly). Serve the site over HTTP " +
        "instead: run `edition serve` (or `python3 -m http.server` in the site's folder) and open " +
        "http://127.0.0.1:8000/. The example deal above can still be stepped through.";
      this.root.appendChild(p);
      return;
    }
    var u = readUrl();
    this.deal = u.deal;
    var top = el("div", {"class": "play-top"});
    var lab = el("label", {}, "Deal number "), input = el("input", {type: "text", inputmode: "numeric", autocomplete: "off", value: u.deal, "class": "play-deal"});
    lab.appendChild(input); top.appendChild(lab);
    var go = el("button", {type: "button"}, "Deal"); top.appendChild(go);
    var cmp = el("button", {type: "button", "aria-pressed": u.compare ? "true" : "false"}, "Compare readings");
    /* the ambiguity a second board starts on another reading of: the first with two or more */
    var open = this.ambiguities.filter(function (a) { return a.readings.length > 1; })[0];
    if (open) { top.appendChild(cmp); }
    else if (this.ambiguities.length) { top.appendChild(el("span", {"class": "play-note"}, "Each ambiguity of this game has one reading: nothing to compare.")); }
    this.root.appendChild(top);
    this.loading = el("p", {"class": "play-loading", role: "status", "aria-live": "polite"}, "Starting Python (Pyodide) and the engine \u2026");
    this.root.appendChild(this.loading);
    this.boardsBox = el("div", {"class": "play-boards"});
    this.root.appendChild(this.boardsBox);
    function deal() {
      var n = dealText(input.value);
      if (!n) { self.boards.forEach(function (b) { b.say(notADeal(input.value) + "; still deal " + self.deal + ".", "error"); }); return; }
      self.deal = n; input.value = n;
      self.boards.forEach(function (b) { b.moves = []; b.redo = []; b.line = null; b.load(); });
    }
    go.addEventListener("click", deal);
    input.addEventListener("keydown", function (ev) { if (ev.key === "Enter") { deal(); } });
    cmp.addEventListener("click", function () {
      if (self.boards.length > 1) { self.boards.pop().box.remove(); cmp.setAttribute("aria-pressed", "false"); self.boardsBox.classList.remove("two"); writeUrl(self); return; }
      var r = {}, first = self.boards[0].readings;
      Object.keys(first).forEach(function (k) { r[k] = first[k]; });
      r[open.id] = open.readings.filter(function (x) { return x.id !== first[open.id]; })[0].id;
      self.addBoard(r, []).then(function () {
        self.boards[1].say("Second board: deal " + self.deal + " under " + self.game + ":" + open.id + "=" + r[open.id] +
          " (the first board has " + first[open.id] + "); change any reading to compare another.", "");
      });
      cmp.setAttribute("aria-pressed", "true");
    });
    var shown = function (words) {   /* honest progress: what the worker is doing, and for how long */
      if (words) { self.loading.textContent = "Starting: " + words + " \u2026 " + Math.round((performance.now() - stageAt) / 1000) + " s so far."; }
    };
    var ticking = setInterval(function () { shown(stage); }, 1000);
    listeners.push(shown);
    shown(stage);
    start(this.box.dataset.engine).then(function (info) {
      clearInterval(ticking);
      self.loading.textContent = "Engine ready (Python " + info.python + " in Pyodide " + info.pyodide +
        (info.started === "kept copy" ? ", started from the copy this browser kept" : "") + "): the same code as the command \u201cedition play\u201d.";
      self.addBoard(u.readings, parseMoves(u.moves)).then(function () {
        self.box.dataset.readyMs = String(Math.round(performance.now() - t0));
        if (u.urlError) { self.boards[0].say(u.urlError + ".", "error"); }
      });
      if (u.compare && open) { self.addBoard(u.readings2, parseMoves(u.moves2)); cmp.setAttribute("aria-pressed", "true"); }
    }, function (e) {
      clearInterval(ticking);
      self.loading.textContent = "The engine could not start: " + e.message;
      self.loading.classList.add("play-unavailable");
    });
  };
  Panel.prototype.addBoard = function (readings, moves) {
    var clean = {}, dropped = [], self = this;
    Object.keys(readings).forEach(function (k) {  /* a URL may name readings that do not exist */
      var a = self.ambiguities.filter(function (x) { return x.id === k; })[0];
      if (a && a.readings.some(function (r) { return r.id === readings[k]; })) { clean[k] = readings[k]; } else { dropped.push(k + "=" + readings[k]); }
    });
    var b = new Board(this, this.boards.length, clean);
    b.moves = moves;
    this.boards.push(b);
    this.boardsBox.appendChild(b.box);
    this.boardsBox.classList.toggle("two", this.boards.length > 1);
    return b.load().then(function () {
      if (dropped.length) { b.say("Not a reading of this game, ignored: " + dropped.join(", ") + ". " + b.status.textContent, "error"); }
      self.compared();
    });
  };
  /* Two boards under the same readings show the same game: say that one must be changed. */
  Panel.prototype.compared = function () {
    if (this.boards.length < 2) { return; }
    var a = this.boards[0], b = this.boards[1];
    if (this.ambiguities.every(function (x) { return a.readings[x.id] === b.readings[x.id]; })) {
      b.say("Both boards are under the same readings: change a reading on one of them to compare.", "error");
    }
  };

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("details.edition-play").forEach(function (box) {
      var panel = new Panel(box), opened = false;
      box.addEventListener("toggle", function () { if (box.open && !opened) { opened = true; panel.open(); } });
      preload(box);
      if (readUrl().any && window.location.protocol !== "file:") { box.open = true; }
    });
  });
})();
