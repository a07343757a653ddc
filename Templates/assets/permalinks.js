// transcripts: a "copy link" button by the time of every message and event. The time is already a link to the
// message (its permalink, which never changes); the button copies that address, with the page's own URL, to
// the clipboard and says so to screen readers. Without script the time link is still there to copy by hand.
(function () {
  "use strict";

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

  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).catch(function () { return copyBySelection(text); });
    }
    return copyBySelection(text);
  }

  // Older browsers and pages served over plain http have no clipboard API: copy from a hidden text field.
  function copyBySelection(text) {
    return new Promise(function (resolve, reject) {
      var field = document.createElement("textarea");
      field.value = text;
      field.setAttribute("readonly", "");
      field.className = "copy-buffer";
      document.body.appendChild(field);
      field.select();
      var copied = false;
      try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
      document.body.removeChild(field);
      if (copied) resolve(); else reject(new Error("the browser refused to copy"));
    });
  }

  // On a protected site this script runs when the unlocked page is shown, after DOMContentLoaded.
  function whenReady(action) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", action); else action();
  }

  whenReady(function () {
    var items = document.querySelectorAll("li.message[id], li.event[id]");
    if (!items.length) return;
    var status = document.createElement("p");
    status.className = "visually-hidden copy-status";
    status.setAttribute("role", "status");
    document.body.appendChild(status);

    for (var i = 0; i < items.length; i++) {
      var time = items[i].querySelector("a.time");
      if (!time) continue;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "copy-link";
      button.setAttribute("data-target", items[i].id);
      button.setAttribute("aria-label", t("copyLinkToMessage", "Copy link to this message"));
      button.title = t("copyLink", "Copy link");
      button.textContent = "🔗";
      time.parentNode.insertBefore(button, time.nextSibling);
    }

    document.addEventListener("click", function (event) {
      var button = event.target.closest ? event.target.closest("button.copy-link") : null;
      if (!button) return;
      var address = window.location.href.split("#")[0] + "#" + button.getAttribute("data-target");
      copy(address).then(function () {
        button.textContent = "✓";
        status.textContent = t("linkCopied", "Link copied");
      }, function () {
        // Copying was refused: go to the message instead, so its address is in the address bar.
        window.location.hash = button.getAttribute("data-target");
        status.textContent = t("linkNotCopied", "The link could not be copied; it is in the address bar");
      });
      window.setTimeout(function () { button.textContent = "🔗"; }, 2000);
    });
  });
})();
