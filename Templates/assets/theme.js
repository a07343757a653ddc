// transcripts: the light/dark toggle. The pages follow the system's colour scheme without it; with it, the
// reader's choice is kept (localStorage) and set as data-theme on <html> before the page is drawn.
(function () {
  "use strict";
  var root = document.documentElement;
  var key = "transcripts-theme";

  // The page's words: its strings table (<script type="application/json" id="transcripts-strings">, written by
  // the templates); the English words given here only when a page has no table. {name} is a placeholder.
  var table = null;
  function t(key, fallback, values) {
    if (!table) {
      var element = document.getElementById("transcripts-strings");
      try { table = element ? JSON.parse(element.textContent) : {}; } catch (error) { table = {}; }
    }
    var text = table[key];
    if (text && typeof text === "object") {
      var count = values && typeof values.count === "number" ? values.count : 0;
      var category = "other";
      try { category = new Intl.PluralRules(table.lang || document.documentElement.lang || "en").select(count); } catch (error) { /* other */ }
      text = text[category] || text.other;
    }
    if (typeof text !== "string") text = fallback;
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return values && values[name] !== undefined ? String(values[name]) : whole;
    });
  }
  try {
    var saved = window.localStorage.getItem(key);
    if (saved === "light" || saved === "dark") root.setAttribute("data-theme", saved);
  } catch (error) { /* storage can be off; the system's scheme applies */ }

  function current() {
    var chosen = root.getAttribute("data-theme");
    if (chosen) return chosen;
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }

  function whenReady(action) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", action); else action();
  }

  // Run again on an unlocked page of a protected site (whose header is new): one toggle per header.
  whenReady(function () {
    var header = document.querySelector(".site-header");
    if (!header || header.querySelector(".theme-toggle")) return;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "theme-toggle";
    function label() {
      var dark = current() === "dark";
      button.textContent = dark ? t("lightMode", "Light mode") : t("darkMode", "Dark mode");
      button.setAttribute("aria-label", dark ? t("switchToLightMode", "Switch to light mode") : t("switchToDarkMode", "Switch to dark mode"));
    }
    button.addEventListener("click", function () {
      var next = current() === "dark" ? "light" : "dark";
      root.setAttribute("data-theme", next);
      try { window.localStorage.setItem(key, next); } catch (error) { /* kept for this page only */ }
      label();
    });
    label();
    header.appendChild(button);
  });
})();
