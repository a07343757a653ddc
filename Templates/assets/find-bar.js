// transcripts: the find bar of a conversation page (MessageKit's input bar). Finds the words in the whole
// conversation through the search index, marks the matches on this page, and moves between matches with
// previous and next, across pages.
(function () {
  "use strict";
  var engine = window.TranscriptsSearch;
  var form = document.querySelector("form.find-bar");
  if (!engine || !form) return;
  var conversation = form.getAttribute("data-conversation");
  var input = form.elements.find;
  var sender = form.elements.sender || null;
  var counter = form.querySelector(".find-count");
  var previousButton = form.querySelector(".find-previous");
  var nextButton = form.querySelector(".find-next");
  var pageFile = decodeURIComponent(window.location.pathname.split("/").pop() || "").replace(/\.html$/, "");
  var SKIP = ".message-meta, .sender, .reply, .sr-only, .visually-hidden, .reactions, .thread-replies, .avatar, .time";
  var state = { matches: [], current: -1, query: null, start: 0, end: 0, pageIDs: [], pages: [] };
  var generation = 0;
  var timer = null;
  var manifest = null;

  // The page's words (strings.js, loaded before this script); the English words given here only when the page
  // has no strings table. {name} is a placeholder.
  var t = window.transcriptsStrings.t;

  form.hidden = false;
  document.body.classList.add("has-find-bar");

  function rows() {
    return Array.prototype.slice.call(document.querySelectorAll("ol.transcript > li.message, ol.transcript > li.event"));
  }

  function say(text) { if (counter) counter.textContent = text; }

  /** This page's documents: the conversation's filter postings between its first and the next page's first. */
  function loadPage() {
    return engine.load("index").then(function (loaded) {
      manifest = loaded;
      return engine.load("c/" + conversation);
    }).then(function (pages) {
      state.pages = pages;
      var number = -1;
      for (var i = 0; i < pages.length; i++) if (pages[i][0] === pageFile) number = i;
      if (number < 0) throw new Error("this page is not in the search index");
      state.start = pages[number][1];
      state.end = number + 1 < pages.length ? pages[number + 1][1] : manifest.documents;
      return engine.filterEntry(manifest, "~c" + conversation);
    }).then(function (entries) {
      var blocks = engine.sourcesOf(entries, false).filter(function (block) {
        return block.first <= state.end - 1 && block.last >= state.start;
      });
      return Promise.all(blocks.map(engine.loadBlock));
    }).then(function (blocks) {
      var ids = [];
      blocks.forEach(function (block) {
        block.documents.forEach(function (_, id) { if (id >= state.start && id < state.end) ids.push(id); });
      });
      state.pageIDs = ids.sort(function (a, b) { return a - b; });
    });
  }

  function rowOf(id) {
    var low = 0, high = state.pageIDs.length - 1;
    while (low <= high) {
      var middle = (low + high) >> 1;
      if (state.pageIDs[middle] === id) return rows()[middle] || null;
      if (state.pageIDs[middle] < id) low = middle + 1; else high = middle - 1;
    }
    return null;
  }

  function pageOf(id) {
    var found = state.pages[0];
    state.pages.forEach(function (page) { if (page[1] <= id) found = page; });
    return found[0];
  }

  function clearMarks() {
    Array.prototype.forEach.call(document.querySelectorAll("mark.find-word"), function (mark) {
      var parent = mark.parentNode;
      parent.replaceChild(document.createTextNode(mark.textContent), mark);
      parent.normalize();
    });
    Array.prototype.forEach.call(document.querySelectorAll(".find-match, .find-current"), function (row) {
      row.classList.remove("find-match", "find-current");
    });
  }

  function show(index, focus) {
    var id = state.matches[index];
    if (id === undefined) return;
    if (id < state.start || id >= state.end) {
      var target = pageOf(id) + ".html?find=" + encodeURIComponent(input.value) +
        (sender && sender.value ? "&from=" + encodeURIComponent(sender.value) : "") + "&match=" + id;
      window.location.href = target;
      return;
    }
    state.current = index;
    Array.prototype.forEach.call(document.querySelectorAll(".find-current"), function (row) { row.classList.remove("find-current"); });
    var row = rowOf(id);
    if (row) {
      row.classList.add("find-current");
      row.scrollIntoView({ block: "center" });
    }
    say(t("matchPosition", "{index} of {count}", { index: index + 1, count: state.matches.length }));
    if (focus && row) input.focus();
  }

  function key() { return input.value + "\u0000" + (sender ? sender.value : ""); }

  // The index is loaded when the bar is first used (focused, typed in, or opened with ?find=), not with every
  // page: most readers never use it.
  var loading = null;
  function ready() {
    if (!loading) loading = loadPage();
    return loading;
  }

  function run(selected) {
    return ready().then(function () { return runLoaded(selected); }, function (error) {
      say(t("findUnavailable", "Find is not available: {error}", { error: error.message }));
    });
  }

  function runLoaded(selected) {
    var mine = ++generation;
    var query = input.value;
    state.ranFor = key();
    clearMarks();
    state.matches = [];
    state.current = -1;
    var person = "";
    if (sender && sender.value && manifest) {
      var number = manifest.people.indexOf(sender.value);
      person = number >= 0 ? String(number) : "-1";
    }
    if (!query.trim()) { say(""); return Promise.resolve(); }
    say(t("finding", "Finding…"));
    var options = { conversation: conversation, person: person, sort: "oldest" };
    function all(search) { return search.loadAll().then(function () { return search; }); }
    function ids(search) { return search.candidates.map(function (match) { return match.id; }).sort(function (a, b) { return a - b; }); }
    // First the matches on this page (quick, even in a huge conversation), then all of them for the count.
    return engine.search(query, Object.assign({ range: [state.start, state.end] }, options)).then(all).then(function (search) {
      if (mine !== generation) return;
      ids(search).forEach(function (id) {
        var row = rowOf(id);
        if (!row) return;
        row.classList.add("find-match");
        engine.highlight(row, search.query, "find-word", SKIP);
      });
      return engine.search(query, options).then(all);
    }).then(function (search) {
      if (!search || mine !== generation) return;
      state.query = search.query;
      state.matches = ids(search);
      if (!state.matches.length) { say(t("noMatches", "No matches")); return; }
      var index = selected !== undefined ? state.matches.indexOf(selected) : -1;
      if (index < 0) {
        index = 0;
        while (index < state.matches.length - 1 && state.matches[index] < state.start) index++;
      }
      show(index, false);
    }).catch(function (error) {
      if (mine === generation) say(t("findFailed", "Find failed: {error}", { error: error.message }));
    });
  }

  function step(by) {
    if (!state.matches.length) return;
    var index = (state.current + by + state.matches.length) % state.matches.length;
    show(index, true);
  }

  form.addEventListener("submit", function (event) { event.preventDefault(); });
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () { run(); }, 250);
  });
  input.addEventListener("keydown", function (event) {
    if (event.key === "Enter") {
      event.preventDefault();
      clearTimeout(timer);
      if (state.ranFor === key()) step(event.shiftKey ? -1 : 1);
      else run();
    } else if (event.key === "Escape") {
      input.value = "";
      run();
    }
  });
  if (sender) sender.addEventListener("change", function () { run(); });
  if (previousButton) previousButton.addEventListener("click", function () { step(-1); });
  if (nextButton) nextButton.addEventListener("click", function () { step(1); });

  input.addEventListener("focus", function () { ready().catch(function () {}); });
  form.setAttribute("data-ready", "true");
  var parameters = new URLSearchParams(window.location.search);
  var query = parameters.get("find");
  if (query) {
    input.value = query;
    if (sender && parameters.get("from")) sender.value = parameters.get("from");
    var match = parameters.get("match");
    run(match !== null ? Number(match) : undefined);
  }
})();
