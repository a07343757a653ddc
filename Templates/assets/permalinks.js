// transcripts: a "copy link" button by the time of every message and event. The time is already a link to the
// message (its permalink, which never changes); the button copies that address, with the page's own URL, to
// the clipboard and says so to screen readers. Without script the time link is still there to copy by hand.
// Also the full day and time of a message as the time's tooltip, made when the pointer rests on it.
(function () {
  "use strict";

  // The page's words (strings.js, loaded before this script); the English words given here only when the page
  // has no strings table. {name} is a placeholder.
  var t = window.transcriptsStrings.t;

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

  // The icons, drawn as assets/icons/link.svg and check.svg are (inline SVG in the text's colour, which shows
  // without an emoji font and from file://; a test keeps these paths equal to the files').
  var ICONS = {
    link: "M7 9a3 3 0 0 0 4.24 0l2.3-2.3a3 3 0 0 0-4.24-4.24L8.2 3.56M9 7a3 3 0 0 0-4.24 0l-2.3 2.3a3 3 0 0 0 4.24 4.24l1.1-1.1",
    check: "M3 8.5l3 3 7-7"
  };

  function showIcon(button, name) {
    var ns = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(ns, "svg");
    var attributes = { "class": "icon icon-" + name, width: "16", height: "16", viewBox: "0 0 16 16", fill: "none",
      stroke: "currentColor", "stroke-width": "1.5", "stroke-linecap": "round", "stroke-linejoin": "round",
      "aria-hidden": "true" };
    for (var key in attributes) svg.setAttribute(key, attributes[key]);
    var path = document.createElementNS(ns, "path");
    path.setAttribute("d", ICONS[name]);
    svg.appendChild(path);
    while (button.firstChild) button.removeChild(button.firstChild);
    button.appendChild(svg);
  }

  /**
   * A time's day and time ("May 3, 2024, 9:30 AM"): the day in the site's locale (the page's data-locale) from
   * the wall-clock digits of its datetime, so the site's time zone is kept, and the time as the page shows it.
   * Made when asked rather than written as a title into every message.
   */
  function dayAndTime(time) {
    var match = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)/.exec(time.getAttribute("datetime") || "");
    if (!match) return null;
    var wall = new Date(Date.UTC(+match[1], +match[2] - 1, +match[3], +match[4], +match[5]));
    var root = document.documentElement;
    try {
      var day = new Intl.DateTimeFormat(root.getAttribute("data-locale") || root.lang || undefined,
        { dateStyle: "medium", timeZone: "UTC" }).format(wall);
      return t("dayAndTime", "{day}, {time}", { day: day, time: time.textContent });
    } catch (error) {
      return null;
    }
  }

  function giveTitle(event) {
    var link = event.target.closest ? event.target.closest("a.time") : null;
    var time = link ? link.querySelector("time[datetime]") : null;
    if (!time || time.hasAttribute("title")) return;
    var title = dayAndTime(time);
    if (title) time.title = title;
  }
  document.addEventListener("pointerover", giveTitle);
  document.addEventListener("focusin", giveTitle);

  // On a protected site this script runs when the unlocked page is shown, after DOMContentLoaded.
  function whenReady(action) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", action); else action();
  }

  whenReady(function () {
    var items = document.querySelectorAll("li.message[id], li.event[id]");
    if (!items.length) return;
    var status = document.createElement("p");
    status.className = "sr-only copy-status";
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
      showIcon(button, "link");
      var line = time.parentNode;
      // A time alone under a message's text stands on a line of its own (the page leaves out the paragraph
      // to save bytes): the button goes on that line, so it gets the paragraph back.
      if (line.classList.contains("bubble")) {
        line = document.createElement("p");
        line.className = "message-meta";
        time.parentNode.insertBefore(line, time);
        line.appendChild(time);
      }
      line.insertBefore(button, time.nextSibling);
    }

    document.addEventListener("click", function (event) {
      var button = event.target.closest ? event.target.closest("button.copy-link") : null;
      if (!button) return;
      var address = window.location.href.split("#")[0] + "#" + button.getAttribute("data-target");
      copy(address).then(function () {
        showIcon(button, "check");
        status.textContent = t("linkCopied", "Link copied");
      }, function () {
        // Copying was refused: go to the message instead, so its address is in the address bar.
        window.location.hash = button.getAttribute("data-target");
        status.textContent = t("linkNotCopied", "The link could not be copied; it is in the address bar");
      });
      window.setTimeout(function () { showIcon(button, "link"); }, 2000);
    });
  });
})();
