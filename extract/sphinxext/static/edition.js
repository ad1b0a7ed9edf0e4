/* Column switches (kept in the URL) and sentence highlighting. No external resources. */
(function () {
  "use strict";
  var COLS = [["orig", "Original"], ["reg", "Normalised"], ["en", "English"]];
  /* the switch that puts the witness's forms back into the Normalised column, named for what
     it does and where (it was "Original forms in the reading text") */
  var FORMS_LABEL = "Show changed words as printed (Normalised column)";
  function hidden() {
    var p = new URLSearchParams(window.location.search).get("hide");
    return p ? p.split(",") : [];
  }
  function apply(h) {
    COLS.forEach(function (c) { document.body.classList.toggle("hide-" + c[0], h.indexOf(c[0]) >= 0); });
  }
  function setUrl(h) {
    var u = new URL(window.location.href);
    if (h.length) { u.searchParams.set("hide", h.join(",")); } else { u.searchParams.delete("hide"); }
    try { window.history.replaceState(null, "", u.toString()); } catch (e) { /* file:// in some browsers */ }
  }
  document.addEventListener("DOMContentLoaded", function () {
    var text = document.querySelector(".edition-text");
    if (!text) { return; }
    var h = hidden();
    var bar = document.createElement("div");
    bar.className = "edition-controls";
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", "Columns");
    COLS.forEach(function (c) {
      var label = document.createElement("label");
      var box = document.createElement("input");
      box.type = "checkbox"; box.checked = h.indexOf(c[0]) < 0; box.dataset.col = c[0];
      box.addEventListener("change", function () {
        var now = [];
        bar.querySelectorAll("input[data-col]").forEach(function (b) { if (!b.checked) { now.push(b.dataset.col); } });
        apply(now); setUrl(now);
      });
      label.appendChild(box); label.appendChild(document.createTextNode(" " + c[1]));
      bar.appendChild(label);
    });
    var forms = document.createElement("label");
    forms.className = "forms-switch";
    var formsBox = document.createElement("input");
    formsBox.type = "checkbox"; formsBox.dataset.forms = "orig";
    formsBox.checked = new URLSearchParams(window.location.search).get("forms") === "orig";
    function showForms(orig) {
      document.body.classList.toggle("show-orig-forms", orig);
      document.querySelectorAll(".reg .chg").forEach(function (c) {
        if (!c.dataset.reg) { c.dataset.reg = c.textContent; }
        c.textContent = orig ? c.dataset.orig : c.dataset.reg;
      });
    }
    formsBox.addEventListener("change", function () {
      showForms(formsBox.checked);
      var u = new URL(window.location.href);
      if (formsBox.checked) { u.searchParams.set("forms", "orig"); } else { u.searchParams.delete("forms"); }
      try { window.history.replaceState(null, "", u.toString()); } catch (e) { /* file:// */ }
    });
    forms.appendChild(formsBox);
    forms.appendChild(document.createTextNode(" " + FORMS_LABEL));
    forms.title = "In the Normalised column, show each word the editors changed as the " +
      "witness prints it (the change stays marked; hover or focus it for the rule)";
    bar.appendChild(forms);
    /* the switches stick to the top only while the text is on screen: they and the text are
       wrapped together, so they do not cover the ambiguities, the Play panel or the odds */
    var wrap = document.createElement("div");
    wrap.className = "edition-reading";
    text.parentNode.insertBefore(wrap, text);
    wrap.appendChild(bar);
    showForms(formsBox.checked);
    var heads = document.createElement("div");
    heads.className = "edition-colheads";
    heads.setAttribute("aria-hidden", "true");
    COLS.forEach(function (c) {
      var h = document.createElement("span"); h.className = "h-" + c[0]; h.textContent = c[1];
      heads.appendChild(h);
    });
    wrap.appendChild(heads);
    wrap.appendChild(text);
    apply(h);
    document.querySelectorAll(".edition-sentence").forEach(function (s) {
      s.setAttribute("tabindex", "0");
      var on = function () { s.classList.add("is-active"); };
      var off = function () { s.classList.remove("is-active"); };
      s.addEventListener("mouseenter", on); s.addEventListener("mouseleave", off);
      s.addEventListener("focusin", on); s.addEventListener("focusout", off);
    });
  });
})();

/* The popup of a change in the reading text: placed below (or above) the word and kept inside
   the viewport; on a touch screen or a narrow one, a sheet along the bottom edge. Opened by
   hover, focus or tap; closed by leaving, blur, Escape or a tap elsewhere. Text only. */
(function () {
  "use strict";
  var pop = null, owner = null;
  function sheet() {
    return window.innerWidth < 600 || (window.matchMedia && window.matchMedia("(pointer: coarse)").matches);
  }
  function show(chg) {
    if (!pop) {
      pop = document.createElement("div");
      pop.className = "chg-pop"; pop.id = "chg-pop"; pop.setAttribute("role", "tooltip");
      pop.hidden = true;
      document.body.appendChild(pop);
    }
    owner = chg;
    pop.textContent = "";
    var o = document.createElement("span"); o.className = "pop-orig";
    o.textContent = "original: \u00AB" + (chg.dataset.orig || "") + "\u00BB";
    pop.appendChild(o);
    pop.appendChild(document.createTextNode(" \u00B7 " + (chg.dataset.rule || "")));
    chg.setAttribute("aria-describedby", "chg-pop");
    pop.hidden = false;
    pop.classList.toggle("sheet", sheet());
    if (pop.classList.contains("sheet")) { pop.style.left = pop.style.top = ""; return; }
    var r = chg.getBoundingClientRect(), vw = document.documentElement.clientWidth,
        vh = window.innerHeight;
    pop.style.left = "0px"; pop.style.top = "0px";
    var w = pop.offsetWidth, h = pop.offsetHeight;
    var left = Math.max(8, Math.min(r.left, vw - w - 8));
    var top = r.bottom + 4;
    if (top + h > vh - 4 && r.top - h - 4 >= 0) { top = r.top - h - 4; }
    pop.style.left = (left + window.scrollX) + "px";
    pop.style.top = (top + window.scrollY) + "px";
  }
  function hide(chg) {
    if (pop && (!chg || chg === owner)) {
      pop.hidden = true;
      if (owner) { owner.removeAttribute("aria-describedby"); }
      owner = null;
    }
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll(".chg").forEach(function (c) {
      c.addEventListener("mouseenter", function () { show(c); });
      c.addEventListener("mouseleave", function () { if (document.activeElement !== c) { hide(c); } });
      c.addEventListener("focus", function () { show(c); });
      c.addEventListener("blur", function () { hide(c); });
      c.addEventListener("click", function () { show(c); });
    });
    document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") { hide(); } });
    window.addEventListener("resize", function () { if (owner) { show(owner); } });
  });
})();

/* A reconstructed layout on a narrow screen: scaled to the column, but not below 60% of its
   natural size (then it scrolls sideways); a tap opens the SVG itself, to zoom. */
(function () {
  "use strict";
  function size(img) {
    var nw = img.naturalWidth, box = img.closest(".edition-figure");
    if (!nw || !box) { return; }
    // the box's content width (its padding aside): a picture as wide as that scrolls nothing
    var pad = getComputedStyle(box), fig = img.closest("figure");
    var avail = box.clientWidth - parseFloat(pad.paddingLeft) - parseFloat(pad.paddingRight);
    if (fig) { avail = Math.min(avail, fig.clientWidth); }
    img.style.setProperty("width", Math.round(Math.min(nw, Math.max(avail, 0.6 * nw))) + "px", "important");
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll(".edition-reconstruction img").forEach(function (img) {
      if (img.complete) { size(img); } else { img.addEventListener("load", function () { size(img); }); }
      window.addEventListener("resize", function () { size(img); });
    });
  });
})();

/* Tables shown as cards on a phone (the odds and witnesses tables, the table of id forms):
   each cell carries its column heading (shown by the CSS). */
document.addEventListener("DOMContentLoaded", function () {
  "use strict";
  document.querySelectorAll("table.edition-cards").forEach(function (t) {
    var heads = Array.prototype.map.call(t.querySelectorAll("thead th"), function (th) {
      return th.textContent.trim();
    });
    t.querySelectorAll("tbody tr").forEach(function (tr) {
      Array.prototype.forEach.call(tr.children, function (td, i) {
        if (heads[i]) { td.setAttribute("data-label", heads[i]); }
      });
    });
  });
});

/* Step-through viewer of an example deal (data: extract/sphinxext/play.py compact_trace).
   Geometry as extract/export/figures.py: a label band above each row, unfanned piles show their top
   three cards as edges and a count. The table scales down to fit a narrow column (not below
   60%, then it scrolls sideways). */
(function () {
  "use strict";
  var W = 44, H = 62, GX = 10, GY = 12, LAB = 13, STACK = 2, SHOWN = 3, MIN_SCALE = 0.6;
  var FAN = {down: [0, 15], right: [13, 0], none: [0, 0]};
  var SUIT = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};
  function label(code) {
    var prime = code.slice(-1) === "'"; var c = prime ? code.slice(0, -1) : code;
    return {text: c.slice(0, -1) + (SUIT[c.slice(-1)] || c.slice(-1)) + (prime ? "\u2032" : ""),
            red: c.slice(-1) === "H" || c.slice(-1) === "D"};
  }
  function offset(fan, j, n) {
    var f = FAN[fan] || [0, 0];
    if (f[0] || f[1]) { return [j * f[0], j * f[1]]; }
    var k = Math.max(0, j - Math.max(n - SHOWN, 0)) * STACK;
    return [k, k];
  }
  function origin(p) { return [8 + p[0] * (W + GX), 8 + LAB + p[1] * (H + GY + LAB)]; }
  function build(box) {
    var data = JSON.parse(box.querySelector(".trace-data").textContent);
    var names = data.labels || data.piles;
    var piles = data.start.map(function (p) { return p[3].slice(); });
    var states = [piles.map(function (c) { return c.slice(); })];
    data.steps.forEach(function (st) {
      var next = states[states.length - 1].map(function (c) { return c.slice(); });
      Object.keys(st.set).forEach(function (k) { next[+k] = st.set[k]; });
      states.push(next);
    });
    var width = 0, height = 0;
    data.start.forEach(function (p, i) {
      var longest = Math.max.apply(null, states.map(function (s) { return s[i].length; }));
      var o = origin(p), d = offset(p[2], Math.max(longest - 1, 0), longest);
      width = Math.max(width, o[0] + W + d[0] + 8, o[0] + 7 * names[i].length + 8);
      height = Math.max(height, o[1] + H + d[1] + 8);
    });
    var table = document.createElement("div");
    table.className = "trace-table";
    table.style.width = width + "px"; table.style.height = height + "px";
    var scaler = document.createElement("div"); scaler.className = "trace-scaler";
    scaler.appendChild(table);
    var wrap = document.createElement("div"); wrap.className = "trace-wrap"; wrap.appendChild(scaler);
    var bar = document.createElement("div"); bar.className = "trace-controls";
    function button(text, title) {
      var b = document.createElement("button"); b.type = "button"; b.textContent = text;
      b.setAttribute("aria-label", title); b.title = title; bar.appendChild(b); return b;
    }
    var first = button("\u00AB", "First position"), prev = button("\u25C0", "Previous move");
    var next = button("\u25B6", "Next move"), last = button("\u00BB", "Last position");
    var slider = document.createElement("input");
    slider.type = "range"; slider.min = 0; slider.max = states.length - 1; slider.value = 0;
    slider.setAttribute("aria-label", "Move number");
    bar.appendChild(slider);
    var status = document.createElement("p"); status.className = "trace-status";
    status.setAttribute("aria-live", "polite");
    box.appendChild(bar); box.appendChild(status); box.appendChild(wrap);
    function fit() {
      var avail = wrap.clientWidth || width;
      var s = Math.max(MIN_SCALE, Math.min(1, avail / width));
      scaler.style.transform = s < 1 ? "scale(" + s + ")" : "";
      scaler.style.width = (width * s) + "px"; scaler.style.height = (height * s) + "px";
    }
    var at = 0;
    function show(n) {
      at = Math.max(0, Math.min(states.length - 1, n));
      slider.value = at;
      table.textContent = "";
      var touched = at ? data.steps[at - 1].set : {};
      data.start.forEach(function (p, i) {
        var o = origin(p), x = o[0], y = o[1], hit = Object.prototype.hasOwnProperty.call(touched, String(i));
        var cards = states[at][i];
        var lab = document.createElement("div");
        lab.className = "trace-label" + (hit ? " touched" : "");
        lab.style.left = x + "px"; lab.style.top = (y - LAB + 1) + "px";
        lab.textContent = names[i]; lab.title = data.piles[i];
        table.appendChild(lab);
        if (!cards.length) {
          var e = document.createElement("div"); e.className = "trace-card empty" + (hit ? " touched" : "");
          e.style.left = x + "px"; e.style.top = y + "px"; e.title = data.piles[i];
          table.appendChild(e);
        }
        cards.forEach(function (code, j) {
          var d = document.createElement("div"), off = offset(p[2], j, cards.length);
          d.style.left = (x + off[0]) + "px"; d.style.top = (y + off[1]) + "px";
          if (code === null) {  /* face down or covered: its name is not in the page */
            d.className = "trace-card back"; d.title = data.piles[i] + ": face down or covered";
            table.appendChild(d); return;
          }
          var l = label(code);
          d.className = "trace-card" + (l.red ? " red" : "") + (hit && j === cards.length - 1 ? " touched" : "");
          d.textContent = l.text; d.title = data.piles[i] + ": " + l.text;
          table.appendChild(d);
        });
        if (p[2] === "none" && cards.length > 1) {
          var c = document.createElement("div"), last = offset("none", cards.length - 1, cards.length);
          c.className = "trace-count"; c.textContent = cards.length;
          c.title = cards.length + " cards";   // a squared pile of two or more
          c.style.left = (x + last[0] + 4) + "px"; c.style.top = (y + last[1] + H - 16) + "px";
          table.appendChild(c);
        }
      });
      var step = at ? data.steps[at - 1] : null;
      // a long game is shown in its first moves only: "of" counts the whole game's moves, and
      // the last move shown says where the game ends, not that it ends there
      var total = data.truncated ? data.moves : states.length - 1;
      status.textContent = (at ? "Move " + at + " of " + total + ": " +
                                 (step.text || step.move.join(" "))
                               : "The deal (" + total +
                                 (total === 1 ? " move follows" : " moves follow") +
                                 (data.truncated ? ", the first " + (states.length - 1) + " shown)" : ")")) +
        (at === states.length - 1 ?
          (data.truncated ? " \u2014 the moves after this one are not shown; the game is " +
                            data.outcome + " after move " + data.moves
                          : " \u2014 " + data.outcome +
                            (data.outcome === "lost" && data.reason ? ": " + data.reason : "")) : "");
    }
    first.addEventListener("click", function () { show(0); });
    prev.addEventListener("click", function () { show(at - 1); });
    next.addEventListener("click", function () { show(at + 1); });
    last.addEventListener("click", function () { show(states.length - 1); });
    slider.addEventListener("input", function () { show(+slider.value); });
    box.addEventListener("keydown", function (ev) {
      if (ev.key === "ArrowRight") { show(at + 1); ev.preventDefault(); }
      if (ev.key === "ArrowLeft") { show(at - 1); ev.preventDefault(); }
    });
    window.addEventListener("resize", fit);
    show(0);
    fit();
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll(".edition-trace").forEach(build);
  });
})();
