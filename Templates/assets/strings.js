// transcripts: the page's words for the other scripts (theme.js, permalinks.js, find-bar.js, search-page.js,
// unlock.js), which the templates load after this one. The words are the page's strings table, the JSON block
// <script type="application/json" id="transcripts-strings"> the templates write (docs/strings.md); a page
// without the block, or with one that is not JSON, gets the English words each script gives as the fallback.
//
// window.transcriptsStrings.t(key, fallback, values) returns the text of key, with each {name} in it replaced
// by values[name] (a value's own braces are never read again). A counted phrase (an object of CLDR plural
// categories) takes the form Intl.PluralRules picks for values.count in the table's language, else "other".
(function () {
  "use strict";
  var source = null;
  var table = {};

  /** The table of the page's block, read again only when the block is another element (an unlocked page). */
  function currentTable() {
    var element = document.getElementById("transcripts-strings");
    if (element !== source) {
      source = element;
      try { table = element ? JSON.parse(element.textContent) : {}; } catch (error) { table = {}; }
      if (!table || typeof table !== "object") table = {};
    }
    return table;
  }

  function t(key, fallback, values) {
    var words = currentTable();
    var text = words[key];
    if (text && typeof text === "object") {
      var count = values && typeof values.count === "number" ? values.count : 0;
      var category = "other";
      try { category = new Intl.PluralRules(words.lang || document.documentElement.lang || "en").select(count); } catch (error) { /* other */ }
      text = text[category] || text.other;
    }
    if (typeof text !== "string") text = fallback;
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return values && values[name] !== undefined ? String(values[name]) : whole;
    });
  }

  window.transcriptsStrings = Object.freeze({ t: t });
})();
