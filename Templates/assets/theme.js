// transcripts: the light/dark toggle. The pages follow the system's colour scheme without it; with it, the
// reader's choice is kept (localStorage) and set as data-theme on <html> before the page is drawn.
(function () {
  "use strict";
  var root = document.documentElement;
  var key = "transcripts-theme";

  // The page's words (strings.js, loaded before this script); the English words given here only when the page
  // has no strings table. {name} is a placeholder.
  var t = window.transcriptsStrings.t;
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
