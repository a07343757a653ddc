// transcripts: the search page (search.html). Reads the query and filters from the form (and the address),
// asks search-core.js for matches and shows them with the matched words highlighted.
(function () {
  "use strict";
  var engine = window.TranscriptsSearch;
  var form = document.querySelector(".search-form");
  if (!engine || !form) return;
  var input = form.elements.q;
  var status = document.getElementById("search-status");
  var list = document.getElementById("search-results");
  var more = document.querySelector(".search-more");
  var PAGE = 10;
  var current = null;
  var generation = 0;
  var timer = null;
  var root = new URL("./", document.baseURI);
  var manifest = null;
  var timeFormat = null;

  // The page's words (strings.js, loaded before this script); the English words given here only when the page
  // has no strings table. {name} is a placeholder.
  var t = window.transcriptsStrings.t;

  function setStatus(text) { status.textContent = text; }

  function option(select, value, label) {
    var element = document.createElement("option");
    element.value = String(value);
    element.textContent = label;
    select.appendChild(element);
  }

  function fillFilters() {
    manifest.conversations.forEach(function (conversation, number) { option(form.elements.c, number, conversation.title); });
    manifest.people.forEach(function (name, number) { option(form.elements.p, number, name); });
    var labels = { photo: "a photo", video: "a video", audio: "audio", file: "a file", link: "a link", sticker: "a sticker",
      location: "a location", poll: "a poll", contact: "a contact", event: "an event" };
    manifest.kinds.forEach(function (kind) {
      var key = "has" + kind.charAt(0).toUpperCase() + kind.slice(1);
      option(form.elements.k, kind, labels[kind] ? t(key, labels[kind]) : kind);
    });
  }

  function readAddress() {
    var parameters;
    try { parameters = new URLSearchParams(window.location.search); } catch (error) { return; }
    ["q", "c", "p", "k", "since", "until", "sort"].forEach(function (name) {
      var value = parameters.get(name);
      if (value !== null && form.elements[name]) form.elements[name].value = value;
    });
  }

  function writeAddress() {
    var parameters = new URLSearchParams();
    ["q", "c", "p", "k", "since", "until", "sort"].forEach(function (name) {
      var value = form.elements[name].value;
      if (value && !(name === "sort" && value === "newest")) parameters.set(name, value);
    });
    var text = parameters.toString();
    try { history.replaceState(null, "", text ? "?" + text : window.location.pathname); } catch (error) { /* file:// */ }
  }

  function options() {
    return {
      conversation: form.elements.c.value, person: form.elements.p.value, kind: form.elements.k.value,
      since: form.elements.since.value, until: form.elements.until.value, sort: form.elements.sort.value
    };
  }

  function snippetText(text, query) {
    // A window of the text around the first matched word.
    if (text.length <= 240) return text;
    var folded = text.toLowerCase();
    var at = -1;
    query.words.forEach(function (word) {
      var found = folded.indexOf(word.term);
      if (found >= 0 && (at < 0 || found < at)) at = found;
    });
    if (at < 0) return text.slice(0, 239) + "…";
    var start = Math.max(0, at - 80);
    return (start > 0 ? "…" : "") + text.slice(start, start + 240) + (start + 240 < text.length ? "…" : "");
  }

  function showResult(document_, query) {
    var item = document.createElement("li");
    item.className = "search-result";
    var link = document.createElement("a");
    link.className = "search-result-link";
    // The permalink, with the query for the page's find bar, which marks the words and counts the matches.
    var parts = document_.url.split("#");
    var words = input.value.trim();
    link.href = new URL(parts[0] + (words ? "?find=" + encodeURIComponent(words) + "&match=" + document_.id : "") + "#" + parts[1], root).href;
    var heading = document.createElement("span");
    heading.className = "search-result-meta";
    var who = document.createElement("span");
    who.className = "search-result-sender";
    who.textContent = document_.sender || t("kindEvent", "Event");
    var where = document.createElement("span");
    where.className = "search-result-conversation";
    where.textContent = document_.conversationTitle;
    var when = document.createElement("time");
    when.dateTime = new Date(document_.seconds * 1000).toISOString();
    when.textContent = timeFormat.format(new Date(document_.seconds * 1000));
    heading.appendChild(who);
    heading.appendChild(document.createTextNode(" · "));
    heading.appendChild(where);
    heading.appendChild(document.createTextNode(" · "));
    heading.appendChild(when);
    var snippet = document.createElement("span");
    snippet.className = "search-result-snippet";
    snippet.dir = "auto";
    snippet.textContent = snippetText(document_.text, query) + (document_.isCut && document_.text.length <= 240 ? "…" : "");
    engine.highlight(snippet, query, "search-hit");
    link.appendChild(heading);
    link.appendChild(snippet);
    item.appendChild(link);
    list.appendChild(item);
  }

  function showMore(search, mine, started) {
    started = started || performance.now();
    more.hidden = true;
    return search.next(PAGE).then(function (documents) {
      if (mine !== generation) return;
      documents.forEach(function (document_) { showResult(document_, search.query); });
      var shown = list.children.length;
      more.hidden = !search.hasMore();
      var query = input.value.trim();
      if (!shown) {
        setStatus(query ? t("noResultsFor", "No messages match “{query}”.", { query: query }) : t("noResults", "No messages match these filters."));
      } else {
        // Exact when the index tells (one word, or everything loaded) and no phrase is left to check.
        var total = search.query.phrases.length ? null
          : search.total !== null && !search.options.since && !search.options.until ? search.total
          : search.done ? search.candidates.length : null;
        var count = total !== null ? total : shown;
        var results = total === null && search.hasMore() ? t("resultCountMore", "{count}+ results", { count: count })
          : t("resultCount", count === 1 ? "{count} result" : "{count} results", { count: count });
        setStatus(query ? t("resultsFor", "{results} for “{query}”.", { results: results, query: query })
          : t("resultsDone", "{results}.", { results: results }));
      }
      list.setAttribute("data-search-milliseconds", String(Math.round(performance.now() - started)));
    });
  }

  function run() {
    var started = performance.now();
    var mine = ++generation;
    writeAddress();
    var query = input.value;
    var chosen = options();
    list.textContent = "";
    more.hidden = true;
    var hasFilter = chosen.conversation || chosen.person || chosen.kind || chosen.since || chosen.until;
    if (!query.trim() && !hasFilter) { setStatus(""); current = null; return Promise.resolve(); }
    setStatus(t("searching", "Searching…"));
    list.setAttribute("aria-busy", "true");
    return engine.search(query, chosen).then(function (search) {
      if (mine !== generation) return;
      current = search;
      return showMore(search, mine, started);
    }).catch(function (error) {
      if (mine === generation) setStatus(t("searchFailed", "Search failed: {error}", { error: error.message }));
    }).then(function () {
      if (mine === generation) list.removeAttribute("aria-busy");
    });
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(run, 180);
  }

  form.addEventListener("submit", function (event) { event.preventDefault(); clearTimeout(timer); run(); });
  input.addEventListener("input", later);
  Array.prototype.forEach.call(form.querySelectorAll("select, input[type=date]"), function (element) {
    element.addEventListener("change", function () { clearTimeout(timer); run(); });
  });
  more.addEventListener("click", function () {
    if (!current) return;
    var before = list.children.length;
    showMore(current, generation).then(function () {
      var first = list.children[before];
      if (first) first.querySelector("a").focus();
    });
  });

  // Arrow keys move between the query and the results.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    var links = Array.prototype.slice.call(list.querySelectorAll("a.search-result-link"));
    if (!links.length) return;
    var at = links.indexOf(document.activeElement);
    if (document.activeElement === input && event.key === "ArrowDown") { links[0].focus(); event.preventDefault(); return; }
    if (at < 0) return;
    event.preventDefault();
    if (event.key === "ArrowDown" && at + 1 < links.length) links[at + 1].focus();
    if (event.key === "ArrowUp") (at > 0 ? links[at - 1] : input).focus();
  });

  engine.load("index").then(function (loaded) {
    manifest = loaded;
    timeFormat = new Intl.DateTimeFormat(manifest.locale, {
      timeZone: manifest.timeZone, year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit"
    });
    fillFilters();
    readAddress();
    form.setAttribute("data-ready", "true");
    if (input.value || form.elements.c.value || form.elements.p.value || form.elements.k.value) run();
  }).catch(function (error) {
    setStatus(t("searchIndexFailed", "The search index could not be loaded: {error}", { error: error.message }));
  });
})();
