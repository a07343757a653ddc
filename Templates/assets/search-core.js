// transcripts: the search engine shared by the search page and the find bar.
// Loads the index under search/ as script files (so it works from file:// as well as over HTTP), splits
// text into terms exactly as the build did (SearchTokenizer.swift) and evaluates queries newest first,
// loading only the term files and posting blocks the query needs. On a protected site the index files are
// sealed: assets/unlock.js (window.transcriptsProtection) loads and opens them.
(function () {
  "use strict";
  var script = document.currentScript;
  var base = new URL("../search/", script ? script.src : document.baseURI);
  var loaded = new Map();
  var pending = new Map();
  var requested = [];

  window.transcriptsIndex = function (name, data) {
    var value = unpacked(name, data);
    loaded.set(name, value);
    var waiting = pending.get(name);
    if (waiting) { pending.delete(name); waiting.resolve(value); }
  };

  /**
   * A document file (d/N) holds its JSON deflated and in Z85 (SearchIndexFormat.packedDocuments): a promise
   * of its documents as rows (documentRows). Other files hold their data as it is.
   */
  function unpacked(name, data) {
    if (name.slice(0, 2) !== "d/" || typeof data !== "string") return data;
    var stream = new Blob([fromZ85(data)]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    return new Response(stream).text().then(function (text) { return documentRows(JSON.parse(text)); });
  }

  // Z85's alphabet is the ten digits, then these 75 characters (the digits are not written out as a run: a run
  // of digits in a served file could read as a leaked number).
  var Z85_AFTER_DIGITS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#";
  var Z85_DIGITS = new Uint8Array(128);
  for (var digit = 0; digit < 10; digit++) Z85_DIGITS[48 + digit] = digit;
  for (var letter = 0; letter < 75; letter++) Z85_DIGITS[Z85_AFTER_DIGITS.charCodeAt(letter)] = 10 + letter;

  /**
   * The bytes of Z85 text (SearchIndexFormat's Z85): five characters for four bytes, and a last group of n + 1
   * characters for n bytes, its missing characters taken as the largest digit.
   */
  function fromZ85(text) {
    var bytes = new Uint8Array(Math.floor(text.length * 4 / 5)), at = 0;
    for (var i = 0; i < text.length; i += 5) {
      var value = 0;
      for (var j = i; j < i + 5; j++) value = value * 85 + (j < text.length ? Z85_DIGITS[text.charCodeAt(j)] : 84);
      for (var shift = 24; shift >= 0 && at < bytes.length; shift -= 8) bytes[at++] = value >>> shift;
    }
    return bytes;
  }

  /**
   * A document file's columns (SearchDocumentColumns.swift: conversations, senders, time steps, pages, anchors,
   * kinds, cut flags, texts) as rows [conversation, person, seconds, page, anchor, kinds, text, cut]. An anchor
   * written as a number n is "m-" and the conversation's last anchor's number plus n.
   */
  function documentRows(columns) {
    var rows = [], seconds = 0, anchorNumbers = new Map();
    for (var i = 0; i < columns[0].length; i++) {
      var part = columns[0][i], anchor = columns[4][i];
      seconds = i === 0 ? columns[2][i] : seconds + columns[2][i];
      if (typeof anchor === "number") anchor = "m-" + (anchorNumbers.get(part) + anchor);
      var number = /^m-(0|[1-9][0-9]{0,14})$/.exec(anchor);
      anchorNumbers.set(part, number ? Number(number[1]) : undefined);
      rows.push([part, columns[1][i], seconds, columns[3][i], anchor, columns[5][i], columns[7][i], columns[6][i]]);
    }
    return rows;
  }

  /** Loads search/NAME.js once and resolves with what it registered. */
  function load(name) {
    if (loaded.has(name)) return Promise.resolve(loaded.get(name));
    var waiting = pending.get(name);
    if (waiting) return waiting.promise;
    if (window.transcriptsProtection) return loadSealed(name);
    var entry = {};
    entry.promise = new Promise(function (resolve, reject) { entry.resolve = resolve; entry.reject = reject; });
    pending.set(name, entry);
    requested.push(name);
    var element = document.createElement("script");
    element.src = new URL(name + ".js", base).href;
    element.async = true;
    element.onload = function () {
      element.remove();
      if (pending.get(name) === entry) { pending.delete(name); entry.reject(new Error("search/" + name + ".js registered nothing")); }
    };
    element.onerror = function () {
      element.remove();
      pending.delete(name);
      entry.reject(new Error("search/" + name + ".js could not be loaded"));
    };
    document.head.appendChild(element);
    return entry.promise;
  }

  /** Loads and opens the sealed search/NAME.js of a protected site: its data is the file's JSON. */
  function loadSealed(name) {
    var entry = {};
    requested.push(name);
    entry.promise = window.transcriptsProtection.open("search/" + name + ".js").then(function (bytes) {
      return unpacked(name, JSON.parse(new TextDecoder().decode(bytes)));
    }).then(function (data) {
      loaded.set(name, data);
      pending.delete(name);
      return data;
    }, function (error) {
      pending.delete(name);
      throw new Error("search/" + name + ".js could not be opened (" + error.message + ")");
    });
    pending.set(name, entry);
    return entry.promise;
  }

  // ---- Terms: the same rules as SearchTokenizer.swift ----

  var MAXIMUM_LENGTH = 40;
  var LIGATURES = { "ß": "ss", "ẞ": "ss", "ς": "σ", "ſ": "s", "ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st", "ŉ": "ʼn" };
  var LIGATURE_PATTERN = /[ßẞςſﬀ-ﬆŉ]/g;
  var STRIPPED_MARKS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
  var WORD = /[\p{Alphabetic}\p{N}\p{Mn}\p{Mc}]/u;
  var ALPHABETIC = /\p{Alphabetic}/u;
  var NONSPACING = /\p{Mn}/u;
  var EMOJI = /\p{Emoji}/u, EMOJI_MODIFIER = /\p{Emoji_Modifier}/u, EMOJI_PRESENTATION = /\p{Emoji_Presentation}/u;
  var UNSPACED_CHARACTER = /[\p{Alphabetic}\p{Mn}\p{Mc}]/u;

  /** Case, diacritics and width folded away, as Foundation's folding(options:) does for the build. */
  function fold(text) {
    var widened = text.replace(/[\uff01-\uff5e]/g, function (c) { return String.fromCharCode(c.charCodeAt(0) - 0xfee0); })
      .replace(/[\uff61-\uff9d\uffa0-\uffdc]/g, function (c) { return c.normalize("NFKC"); })
      .replace(/[\uff9e\uff9f]/g, function (c) { return c === "\uff9e" ? "\u3099" : "\u309a"; });
    return widened.toLowerCase().replace(LIGATURE_PATTERN, function (c) { return LIGATURES[c]; })
      .normalize("NFD").replace(STRIPPED_MARKS, "").normalize("NFC");
  }

  function isUnspaced(code, character) {
    var inRange = (code >= 0x3040 && code <= 0x30ff) || (code >= 0x31f0 && code <= 0x31ff) ||
      (code >= 0x3400 && code <= 0x4dbf) || (code >= 0x4e00 && code <= 0x9fff) || (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0x20000 && code <= 0x3134f) || (code >= 0x0e00 && code <= 0x0eff) || (code >= 0x1780 && code <= 0x17ff) ||
      (code >= 0x1000 && code <= 0x109f);
    return inRange && UNSPACED_CHARACTER.test(character);
  }

  function isEmoji(code, character) {
    return code >= 0x2100 && EMOJI.test(character) && !EMOJI_MODIFIER.test(character) &&
      (EMOJI_PRESENTATION.test(character) || code >= 0x2600);
  }

  function isASCIIWordCharacter(c) { return /[a-z0-9]/.test(c); }

  /** The terms of text, in order, with repeats. */
  function terms(text) {
    var result = [];
    if (/^[\x00-\x7f]*$/.test(text)) {
      var word = "";
      for (var i = 0; i < text.length; i++) {
        var c = text[i];
        if (/[A-Za-z0-9]/.test(c)) { word += c.toLowerCase(); continue; }
        if (c === "'" && word.length > 0 && i + 1 < text.length && /[A-Za-z0-9]/.test(text[i + 1])) continue;
        if (word) { result.push(word.slice(0, MAXIMUM_LENGTH)); word = ""; }
      }
      if (word) result.push(word.slice(0, MAXIMUM_LENGTH));
      return result;
    }
    var scalars = Array.from(fold(text));
    var current = [];
    var unspaced = [];
    function flushWord() { if (current.length) { result.push(current.join("")); current = []; } }
    function flushUnspaced() {
      if (unspaced.length === 1) result.push(unspaced[0]);
      for (var k = 0; k + 1 < unspaced.length; k++) result.push(unspaced[k] + unspaced[k + 1]);
      unspaced = [];
    }
    for (var j = 0; j < scalars.length; j++) {
      var character = scalars[j];
      var code = character.codePointAt(0);
      if (isUnspaced(code, character)) { flushWord(); unspaced.push(character); continue; }
      if (isEmoji(code, character)) { flushWord(); flushUnspaced(); result.push(character); continue; }
      if (WORD.test(character)) {
        flushUnspaced();
        if (NONSPACING.test(character) && current.length === 0) continue;
        if (current.length < MAXIMUM_LENGTH) current.push(character);
        continue;
      }
      if ((character === "'" || character === "\u2019") && current.length > 0 && j + 1 < scalars.length &&
          ALPHABETIC.test(scalars[j + 1])) continue;
      flushWord();
      flushUnspaced();
    }
    flushWord();
    flushUnspaced();
    return result;
  }

  // ---- Queries ----

  /**
   * Reads a query: words, and phrases in double quotes. The last word is also looked up as the start of
   * longer words (search as you type) unless the query ends with a space or a quote.
   */
  function parseQuery(text) {
    var phrases = [];
    var words = [];
    var loose = text.replace(/[\u201c\u201d\u201e]/g, "\"").replace(/"([^"]*)("|$)/g, function (_, inside) {
      var phraseTerms = terms(inside);
      if (phraseTerms.length > 1) phrases.push(phraseTerms);
      phraseTerms.forEach(function (term) { words.push({ term: term, prefix: false }); });
      return " ";
    });
    var looseTerms = terms(loose);
    looseTerms.forEach(function (term) { words.push({ term: term, prefix: false }); });
    var trimmed = text.replace(/\s+$/, "");
    if (looseTerms.length && trimmed === text && !/"$/.test(text)) {
      var last = words[words.length - 1];
      var length = Array.from(last.term).length;
      var code = last.term.codePointAt(0);
      if (length >= 2 || (length === 1 && isUnspaced(code, last.term))) last.prefix = true;
    }
    var seen = new Set();
    words = words.filter(function (word) {
      var key = word.term + (word.prefix ? "*" : "");
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    // A word that is also there as a prefix needs no exact lookup of its own.
    words = words.filter(function (word) {
      return word.prefix || !words.some(function (other) { return other.prefix && other.term === word.term; });
    });
    return { words: words, phrases: phrases };
  }

  function compareTerms(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  /** The number of the term file that would hold term. */
  function termFileOf(manifest, term) {
    var files = manifest.termFiles;
    var low = 0, high = files.length - 1, found = 0;
    while (low <= high) {
      var middle = (low + high) >> 1;
      if (compareTerms(files[middle], term) <= 0) { found = middle; low = middle + 1; } else { high = middle - 1; }
    }
    return found;
  }

  var PREFIX_EXPANSIONS = 24;
  var PREFIX_FILES = 3;

  /** The index entries of a word: [term, count, postings] for an exact word, several for a prefix. */
  function entriesOf(manifest, word) {
    var first = termFileOf(manifest, word.term);
    if (!word.prefix) {
      return load("t/" + first).then(function (entries) {
        return entries.filter(function (entry) { return entry[0] === word.term; }).map(function (entry) {
          return { term: entry[0], count: entry[1], postings: entry[2], tail: entry[3], exact: true };
        });
      });
    }
    var names = [];
    for (var n = first; n < manifest.termFiles.length && names.length < PREFIX_FILES; n++) {
      if (n > first && manifest.termFiles[n].slice(0, word.term.length) > word.term) break;
      names.push("t/" + n);
    }
    return Promise.all(names.map(load)).then(function (files) {
      var matching = [];
      files.forEach(function (entries) {
        entries.forEach(function (entry) {
          if (entry[0].slice(0, word.term.length) === word.term && entry[0][0] !== "~") {
            matching.push({ term: entry[0], count: entry[1], postings: entry[2], tail: entry[3], exact: entry[0] === word.term });
          }
        });
      });
      matching.sort(function (a, b) { return (b.exact - a.exact) || (b.count - a.count) || compareTerms(a.term, b.term); });
      return matching.slice(0, PREFIX_EXPANSIONS);
    });
  }

  function filterEntry(manifest, term) {
    return entriesOf(manifest, { term: term, prefix: false });
  }

  // The digits of PostingCoder.swift: "$" to "~" without the backslash.
  var DIGIT = {};
  for (var code = 0x24, digit = 0; code <= 0x7e; code++) {
    if (code !== 0x5c) DIGIT[String.fromCharCode(code)] = digit++;
  }

  /** Reads postings written by PostingCoder.swift: ascending numbers as gaps in base 45. */
  function decodePostings(text) {
    var values = [];
    var current = 0, multiplier = 1, previous = 0;
    for (var i = 0; i < text.length; i++) {
      var digit = DIGIT[text[i]];
      if (digit >= 45) { current += (digit - 45) * multiplier; multiplier *= 45; continue; }
      current += digit * multiplier;
      previous += current;
      values.push(previous);
      current = 0;
      multiplier = 1;
    }
    return values;
  }

  /**
   * The sources of postings of a group: an inline list, or the blocks of a frequent term and its newest
   * postings, which its entry holds. `weighted` sources hold document << 2 | weight; filters plain document
   * numbers.
   */
  function sourcesOf(entries, weighted) {
    var blocks = [];
    entries.forEach(function (entry) {
      var factor = entry.exact ? 1 : 0.8;
      function inline(text) {
        blocks.push({ name: null, text: text, first: -1, last: Infinity, weighted: weighted, factor: factor, term: entry.term });
      }
      if (typeof entry.postings === "string") {
        inline(entry.postings);
      } else {
        entry.postings.forEach(function (block) {
          blocks.push({ name: "p/" + block[0], first: block[1], last: block[2], count: block[3], weighted: weighted, factor: factor, term: entry.term });
        });
        if (entry.tail) inline(entry.tail);
      }
    });
    return blocks;
  }

  /** Loads a block and fills its map of document -> weight. */
  function loadBlock(block) {
    if (block.documents) return Promise.resolve(block);
    var text = block.name ? load(block.name) : Promise.resolve(block.text);
    return text.then(function (encoded) {
      var values = decodePostings(encoded);
      var documents = new Map();
      values.forEach(function (value) {
        var document = block.weighted ? Math.floor(value / 4) : value;
        var weight = block.weighted ? value % 4 : 3;
        var score = (1 + weight) / 4 * block.factor;
        var known = documents.get(document);
        if (known === undefined || score > known) documents.set(document, score);
      });
      if (!block.name) {
        var ids = Array.from(documents.keys());
        block.first = ids.length ? ids[0] : 0;
        block.last = ids.length ? ids[ids.length - 1] : -1;
      }
      block.documents = documents;
      return block;
    });
  }

  function groupCount(group) {
    return group.entries.reduce(function (sum, entry) { return sum + entry.count; }, 0);
  }

  /**
   * A query over the index. options: { conversation, person, kind, since, until (YYYY-MM-DD), sort
   * ("newest", "relevance" or "oldest"), range ([first, end) document numbers, for the find bar) }.
   * Resolves with a Search whose next(n) resolves with the next n matching documents.
   */
  function search(text, options) {
    options = options || {};
    return load("index").then(function (manifest) {
      var query = parseQuery(text || "");
      var groups = [];
      var lookups = query.words.map(function (word) {
        return entriesOf(manifest, word).then(function (entries) {
          groups.push({ entries: entries, weighted: true, idf: 0, word: word });
        });
      });
      function addFilter(term) {
        lookups.push(filterEntry(manifest, term).then(function (entries) {
          groups.push({ entries: entries, weighted: false, idf: 0, filter: true });
        }));
      }
      if (options.conversation !== undefined && options.conversation !== "") addFilter("~c" + options.conversation);
      if (options.person !== undefined && options.person !== "") addFilter("~p" + options.person);
      if (options.kind) addFilter("~k" + options.kind);
      return Promise.all(lookups).then(function () {
        return new Search(manifest, query, groups, options);
      });
    });
  }

  function monthStart(manifest, month, after) {
    // The first document of the first month >= month (or > month with after).
    var months = manifest.months;
    for (var i = 0; i < months.length; i++) {
      if (after ? months[i][0] > month : months[i][0] >= month) return months[i][1];
    }
    return manifest.documents;
  }

  function Search(manifest, query, groups, options) {
    this.manifest = manifest;
    this.query = query;
    this.options = options;
    this.sort = options.sort || "newest";
    this.low = options.since ? monthStart(manifest, options.since.slice(0, 7), false) : 0;
    this.high = options.until ? monthStart(manifest, options.until.slice(0, 7), true) : manifest.documents;
    if (options.range) {
      this.low = Math.max(this.low, options.range[0]);
      this.high = Math.min(this.high, options.range[1]);
    }
    this.sinceSeconds = options.since ? Date.parse(options.since + "T00:00:00Z") / 1000 - 14 * 3600 : -Infinity;
    this.untilSeconds = options.until ? Date.parse(options.until + "T00:00:00Z") / 1000 + 38 * 3600 : Infinity;
    this.empty = groups.length === 0 && !options.since && !options.until;
    groups.forEach(function (group) {
      var count = groupCount(group);
      group.count = count;
      group.idf = Math.log(1 + manifest.documents / Math.max(1, count));
      group.sources = sourcesOf(group.entries, group.weighted);
    });
    this.groups = groups;
    this.impossible = groups.some(function (group) { return group.entries.length === 0; });
    // The group with the fewest postings drives: its blocks are loaded newest first.
    var driver = groups.slice().sort(function (a, b) { return a.count - b.count; })[0] || null;
    this.driver = driver;
    this.others = groups.filter(function (group) { return group !== driver; });
    // Only the driver's blocks that reach into the range of documents asked for.
    var low = this.low, high = this.high;
    this.unloaded = driver ? driver.sources.filter(function (block) { return block.last >= low && block.first < high; })
      .sort(function (a, b) { return a.last - b.last; }) : [];
    this.candidates = [];     // finished matches, in the order they will be shown
    this.pool = new Map();     // document -> score of driver matches not yet finished
    this.finishedBelow = Infinity;
    this.done = this.impossible;
    this.cursor = this.sort === "oldest" ? this.low : this.high - 1;  // for a date range alone
    this.shown = 0;
    this.total = driver && groups.length === 1 && !options.since && !options.until ? driver.count : null;
    this.checked = new Map();
  }

  /** Loads the next driver block and moves the documents it makes certain into candidates. */
  Search.prototype.step = function () {
    var self = this;
    if (!this.driver) {
      // Only a date range: the documents in it, a thousand at a time, newest (or oldest) first.
      for (var taken = 0; taken < 1000 && this.cursor >= this.low && this.cursor < this.high; taken++) {
        this.candidates.push({ id: this.cursor, score: 0 });
        this.cursor += this.sort === "oldest" ? 1 : -1;
      }
      this.done = this.cursor < this.low || this.cursor >= this.high;
      return Promise.resolve();
    }
    var block = this.unloaded.pop();
    if (!block) { this.done = true; return Promise.resolve(); }
    return loadBlock(block).then(function () {
      var bound = self.unloaded.length ? Math.max.apply(null, self.unloaded.map(function (b) { return b.last; })) : -1;
      block.documents.forEach(function (score, document) {
        if (document < self.low || document >= self.high) return;
        var known = self.pool.get(document);
        self.pool.set(document, Math.max(known || 0, score));
      });
      var ready = [];
      self.pool.forEach(function (score, document) { if (document > bound) ready.push(document); });
      ready.sort(function (a, b) { return b - a; });
      return self.keepMatching(ready).then(function (kept) {
        ready.forEach(function (document) { self.pool.delete(document); });
        kept.forEach(function (match) { self.candidates.push(match); });
        if (!self.unloaded.length) self.done = true;
      });
    });
  };

  /** The documents (newest first) that every other group holds, with their scores. */
  Search.prototype.keepMatching = function (documents) {
    var self = this;
    if (!documents.length) return Promise.resolve([]);
    var lowest = documents[documents.length - 1], highest = documents[0];
    var needed = [];
    this.others.forEach(function (group) {
      group.sources.forEach(function (block) {
        if (!block.documents && block.first <= highest && block.last >= lowest) needed.push(loadBlock(block));
      });
    });
    return Promise.all(needed).then(function () {
      var kept = [];
      documents.forEach(function (document) {
        var score = self.pool.get(document) * self.driver.idf;
        for (var g = 0; g < self.others.length; g++) {
          var group = self.others[g];
          var best = -1;
          for (var s = 0; s < group.sources.length; s++) {
            var source = group.sources[s];
            if (source.documents && source.first <= document && source.last >= document) {
              var value = source.documents.get(document);
              if (value !== undefined && value > best) best = value;
            }
          }
          if (best < 0) return;
          if (!group.filter) score += best * group.idf;
        }
        kept.push({ id: document, score: score });
      });
      return kept;
    });
  };

  /** Loads everything (relevance and the find bar need all matches). */
  Search.prototype.loadAll = function () {
    var self = this;
    if (this.done) return Promise.resolve();
    return this.step().then(function () { return self.loadAll(); });
  };

  /** The document with number id, from its file's rows (documentRows). */
  function documentOf(manifest, id) {
    return load("d/" + Math.floor(id / manifest.documentChunk)).then(function (rows) {
      var row = rows[id % manifest.documentChunk];
      var conversation = manifest.conversations[row[0]];
      return {
        id: id, conversation: row[0], conversationTitle: conversation.title,
        sender: row[1] >= 0 ? manifest.people[row[1]] : null, seconds: row[2],
        url: conversation.url + row[3] + ".html#" + row[4], page: row[3], anchor: row[4], kinds: row[5], text: row[6],
        isCut: row[7] === 1
      };
    });
  }

  /** Whether the text holds the phrase's terms one after another. */
  function holdsPhrase(textTerms, phrase) {
    outer: for (var i = 0; i + phrase.length <= textTerms.length; i++) {
      for (var j = 0; j < phrase.length; j++) if (textTerms[i + j] !== phrase[j]) continue outer;
      return true;
    }
    return false;
  }

  /** Checks what the index cannot: phrases, and the exact dates of the range. */
  Search.prototype.accepts = function (document) {
    if (document.seconds < this.sinceSeconds || document.seconds > this.untilSeconds) return false;
    if (this.options.since || this.options.until) {
      var day = localDay(this.manifest, document.seconds);
      if (this.options.since && day < this.options.since) return false;
      if (this.options.until && day > this.options.until) return false;
    }
    if (!this.query.phrases.length) return true;
    var textTerms = terms(document.text);
    // A phrase beyond a cut text cannot be checked: its words are all in the message, so it counts.
    return this.query.phrases.every(function (phrase) { return holdsPhrase(textTerms, phrase) || document.isCut; });
  };

  /** Resolves with the next count matching documents, in the chosen order; [] when there are no more. */
  Search.prototype.next = function (count) {
    var self = this;
    if (this.impossible || this.empty) return Promise.resolve([]);
    var results = [];
    function fill() {
      var wanted = count - results.length;
      var pendingChecks = [];
      while (wanted > 0 && self.shown < self.candidates.length) {
        pendingChecks.push(self.candidates[self.shown++]);
        wanted--;
      }
      if (pendingChecks.length) {
        return Promise.all(pendingChecks.map(function (match) {
          return documentOf(self.manifest, match.id).then(function (document) {
            document.score = match.score;
            return self.accepts(document) ? document : null;
          });
        })).then(function (documents) {
          documents.forEach(function (document) { if (document) results.push(document); });
          return fill();
        });
      }
      if (results.length >= count || self.done) return Promise.resolve(results);
      return self.step().then(fill);
    }
    if (this.sort !== "newest" && !this.done) {
      return this.loadAll().then(function () {
        self.candidates.sort(self.sort === "oldest"
          ? function (a, b) { return a.id - b.id; }
          : function (a, b) { return (b.score - a.score) || (b.id - a.id); });
        return fill();
      });
    }
    return fill();
  };

  /** Whether more results may come. */
  Search.prototype.hasMore = function () {
    return !this.impossible && !this.empty && (this.shown < this.candidates.length || !this.done);
  };

  var dayFormats = new Map();
  /** The day (YYYY-MM-DD) of a time in the site's time zone. */
  function localDay(manifest, seconds) {
    var format = dayFormats.get(manifest.timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat("en-CA", { timeZone: manifest.timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
      dayFormats.set(manifest.timeZone, format);
    }
    return format.format(new Date(seconds * 1000));
  }

  /**
   * Wraps the words of element's text that match the query's terms in <mark class=className>, leaving out
   * text inside elements that match skip (a selector).
   */
  function highlight(element, query, className, skip) {
    var wanted = query.words;
    if (!wanted.length) return 0;
    function matches(word) {
      var found = false;
      terms(word).forEach(function (term) {
        wanted.forEach(function (w) {
          if (term === w.term || (w.prefix && term.slice(0, w.term.length) === w.term)) found = true;
          // Unspaced scripts: a query bigram inside a longer run.
          if (!found && Array.from(w.term).length >= 1 && term.indexOf(w.term) >= 0 && isUnspaced(w.term.codePointAt(0), w.term)) found = true;
        });
      });
      return found;
    }
    var count = 0;
    var walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    var nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    var splitter = /[\p{Alphabetic}\p{N}\p{Mn}\p{Mc}'\u2019]+|\p{Extended_Pictographic}/gu;
    nodes.forEach(function (node) {
      if (node.parentElement && node.parentElement.closest("mark, script, style" + (skip ? ", " + skip : ""))) return;
      var text = node.nodeValue;
      var pieces = [];
      var last = 0;
      text.replace(splitter, function (word, offset) {
        if (matches(word)) {
          pieces.push(text.slice(last, offset));
          pieces.push({ mark: word });
          last = offset + word.length;
        }
        return word;
      });
      if (!pieces.length) return;
      pieces.push(text.slice(last));
      var fragment = document.createDocumentFragment();
      pieces.forEach(function (piece) {
        if (typeof piece === "string") { if (piece) fragment.appendChild(document.createTextNode(piece)); return; }
        var mark = document.createElement("mark");
        mark.className = className;
        mark.textContent = piece.mark;
        fragment.appendChild(mark);
        count++;
      });
      node.parentNode.replaceChild(fragment, node);
    });
    return count;
  }

  window.TranscriptsSearch = {
    load: load,
    terms: terms,
    fold: fold,
    parseQuery: parseQuery,
    search: search,
    documentOf: documentOf,
    decodePostings: decodePostings,
    loadBlock: loadBlock,
    sourcesOf: sourcesOf,
    filterEntry: filterEntry,
    localDay: localDay,
    highlight: highlight,
    /** The index files loaded so far (for the benchmark and the tests). */
    requested: requested
  };
})();
