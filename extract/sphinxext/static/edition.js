/* Column switches (kept in the URL) and sentence highlighting. No external resources. */
(function () {
  "use strict";
  var COLS = [["orig", "Original"], ["reg", "Normalised"], ["en", "English"]];
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
    forms.appendChild(document.createTextNode(" Original forms in the reading text"));
    forms.title = "Show every change in the reading text in its original form";
    bar.appendChild(forms);
    text.parentNode.insertBefore(bar, text);
    showForms(formsBox.checked);
    var heads = document.createElement("div");
    heads.className = "edition-colheads";
    heads.setAttribute("aria-hidden", "true");
    COLS.forEach(function (c) {
      var h = document.createElement("span"); h.className = "h-" + c[0]; h.textContent = c[1];
      heads.appendChild(h);
    });
    text.parentNode.insertBefore(heads, text);
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

/* Step-through viewer of an example deal (data: extract/sphinxext/play.py compact_trace). */
(function () {
  "use strict";
  var W = 44, H = 62, GX = 10, GY = 12, FAN = {down: [0, 15], right: [13, 0], none: [0, 0]};
  var SUIT = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};
  function label(code) {
    var prime = code.slice(-1) === "'"; var c = prime ? code.slice(0, -1) : code;
    return {text: c.slice(0, -1) + (SUIT[c.slice(-1)] || c.slice(-1)) + (prime ? "'" : ""),
            red: c.slice(-1) === "H" || c.slice(-1) === "D"};
  }
  function build(box) {
    var data = JSON.parse(box.querySelector(".trace-data").textContent);
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
      var f = FAN[p[2]] || [0, 0];
      width = Math.max(width, 8 + p[0] * (W + GX) + W + Math.max(longest - 1, 0) * f[0] + 8);
      height = Math.max(height, 8 + p[1] * (H + GY) + H + Math.max(longest - 1, 0) * f[1] + 8);
    });
    var table = document.createElement("div");
    table.className = "trace-table";
    table.style.width = width + "px"; table.style.height = height + "px";
    var wrap = document.createElement("div"); wrap.className = "trace-wrap"; wrap.appendChild(table);
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
    var at = 0;
    function show(n) {
      at = Math.max(0, Math.min(states.length - 1, n));
      slider.value = at;
      table.textContent = "";
      data.start.forEach(function (p, i) {
        var f = FAN[p[2]] || [0, 0], x = 8 + p[0] * (W + GX), y = 8 + p[1] * (H + GY);
        var cards = states[at][i];
        if (!cards.length) {
          var e = document.createElement("div"); e.className = "trace-card empty";
          e.style.left = x + "px"; e.style.top = y + "px"; e.title = data.piles[i];
          table.appendChild(e);
        }
        cards.forEach(function (code, j) {
          var d = document.createElement("div");
          d.style.left = (x + j * (f[0] || 1.2)) + "px"; d.style.top = (y + j * (f[1] || 1.2)) + "px";
          if (code === null) {  /* face down or covered: its name is not in the page */
            d.className = "trace-card back"; d.title = data.piles[i] + ": face down or covered";
            table.appendChild(d); return;
          }
          var l = label(code);
          d.className = "trace-card" + (l.red ? " red" : "");
          d.textContent = l.text; d.title = data.piles[i] + ": " + code;
          table.appendChild(d);
        });
      });
      var move = at ? data.steps[at - 1].move : null;
      status.textContent = (at ? "Move " + at + " of " + (states.length - 1) + ": " + (data.steps[at - 1].caption || move.join(" "))
                                : "The deal (" + (states.length - 1) + " moves follow)") +
        (at === states.length - 1 ? " \u2014 " + data.outcome + (data.truncated ? " (truncated)" : "") : "");
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
    show(0);
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll(".edition-trace").forEach(build);
  });
})();
