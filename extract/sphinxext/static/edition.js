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
        bar.querySelectorAll("input").forEach(function (b) { if (!b.checked) { now.push(b.dataset.col); } });
        apply(now); setUrl(now);
      });
      label.appendChild(box); label.appendChild(document.createTextNode(" " + c[1]));
      bar.appendChild(label);
    });
    text.parentNode.insertBefore(bar, text);
    var heads = document.createElement("div");
    heads.className = "edition-colheads";
    heads.setAttribute("aria-hidden", "true");
    heads.appendChild(document.createElement("span"));
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
