// transcripts: opens a passphrase-protected site (docs/protect.md). Each page of such a site is a locked page
// that holds the real page sealed (AES-256-GCM); the search index, feeds and media are sealed in scripts of
// their own (NAME.js calls transcriptsSealed(NAME, data)), which load from file:// as well as over HTTP.
//
// The key is derived from the passphrase as the build derived it (PBKDF2-HMAC-SHA256 with the site's salt and
// rounds, then HKDF-SHA256 with the info "transcripts 1 encryption") and kept for this tab only
// (sessionStorage), so that the next page opens without asking. The unlocked page takes the locked page's
// place; its scripts run as they would on an open site. window.transcriptsProtection opens sealed files for
// the other scripts (search-core.js).
(function () {
  "use strict";
  var script = document.currentScript;
  var root = new URL("../", script.src);
  var salt = script.getAttribute("data-salt");
  var iterations = Number(script.getAttribute("data-iterations"));
  var mediaSealed = script.getAttribute("data-media") === "sealed";
  var storageKey = "transcripts-key " + salt;
  var encoder = new TextEncoder();
  var subtle = window.crypto && window.crypto.subtle;
  var key = null;

  function fromBase64(text) {
    var binary = atob(text);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }

  function toBase64(buffer) {
    var bytes = new Uint8Array(buffer);
    var binary = "";
    for (var i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }

  function storedKey() {
    try { return window.sessionStorage.getItem(storageKey); } catch (error) { return null; }
  }

  // A key was kept by an earlier page of this tab: hide the form until it has opened this one.
  if (storedKey()) document.documentElement.classList.add("unlocking");

  function deriveKey(passphrase) {
    return subtle.importKey("raw", encoder.encode(passphrase.normalize("NFC")), "PBKDF2", false, ["deriveBits"])
      .then(function (material) {
        return subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: fromBase64(salt), iterations: iterations }, material, 256);
      })
      .then(function (bits) { return subtle.importKey("raw", bits, "HKDF", false, ["deriveKey"]); })
      .then(function (master) {
        return subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode("transcripts 1 encryption") },
          master, { name: "AES-GCM", length: 256 }, true, ["decrypt"]);
      });
  }

  /** The bytes sealed in `sealed` (nonce, ciphertext and tag), opened with `withKey`. */
  function open(sealed, withKey) {
    return subtle.decrypt({ name: "AES-GCM", iv: sealed.subarray(0, 12) }, withKey || key, sealed.subarray(12));
  }

  // ---- Sealed files loaded as scripts ----

  var arrived = new Map();
  var waiting = new Map();

  window.transcriptsSealed = function (path, data) {
    var entry = waiting.get(path);
    if (entry) { waiting.delete(path); entry.resolve(data); } else { arrived.set(path, data); }
  };

  /** The data of the sealed file made at `path` (relative to the site's top folder), as base64. */
  function loadScript(path) {
    if (arrived.has(path)) {
      var data = arrived.get(path);
      arrived.delete(path);
      return Promise.resolve(data);
    }
    return new Promise(function (resolve, reject) {
      waiting.set(path, { resolve: resolve });
      var element = document.createElement("script");
      element.src = new URL(/\.js$/.test(path) ? path : path + ".js", root).href;
      element.async = true;
      element.onload = function () {
        element.remove();
        if (waiting.has(path)) { waiting.delete(path); reject(new Error(path + " holds no sealed data")); }
      };
      element.onerror = function () {
        element.remove();
        waiting.delete(path);
        reject(new Error(path + " could not be loaded"));
      };
      document.head.appendChild(element);
    });
  }

  var opened = new Map();

  /** The bytes of the file made at `path`, loaded and opened once. */
  function openFile(path) {
    if (!opened.has(path)) {
      opened.set(path, unlocked.then(function () { return loadScript(path); }).then(function (data) {
        return open(fromBase64(data));
      }));
    }
    return opened.get(path);
  }

  var markUnlocked;
  var unlocked = new Promise(function (resolve) { markUnlocked = resolve; });

  window.transcriptsProtection = { open: openFile };

  // ---- Media and feeds: shown once opened ----

  var TYPES = {
    png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp", avif: "image/avif", heic: "image/heic",
    mp4: "video/mp4", m4v: "video/mp4", mov: "video/quicktime", webm: "video/webm", mkv: "video/x-matroska",
    "3gp": "video/3gpp", mp3: "audio/mpeg", m4a: "audio/mp4", aac: "audio/aac", ogg: "audio/ogg", oga: "audio/ogg",
    opus: "audio/ogg", wav: "audio/wav", flac: "audio/flac", amr: "audio/amr", pdf: "application/pdf",
    txt: "text/plain", csv: "text/csv", json: "application/json", md: "text/markdown", xml: "application/atom+xml"
  };

  /** The site path (relative to its top folder) of a sealed file that `address` names, else null. */
  function sealedPath(address) {
    var url;
    try { url = new URL(address, document.baseURI); } catch (error) { return null; }
    if (url.href.indexOf(root.href) !== 0) return null;
    var path = decodeURIComponent(url.pathname.slice(root.pathname.length));
    if (/^media\//.test(path)) return mediaSealed ? path : null;
    return /\.xml$/.test(path) ? path : null;
  }

  var urls = new Map();

  /** A blob: URL of the opened file made at `path`. */
  function blobURL(path) {
    if (!urls.has(path)) {
      var extension = (path.split(".").pop() || "").toLowerCase();
      urls.set(path, openFile(path).then(function (bytes) {
        return URL.createObjectURL(new Blob([bytes], { type: TYPES[extension] || "application/octet-stream" }));
      }));
    }
    return urls.get(path);
  }

  var SOURCES = [["img", "src"], ["video", "src"], ["video", "poster"], ["audio", "src"], ["source", "src"]];

  /** Moves the addresses of sealed files in `body` aside (data-sealed-ATTRIBUTE), before it is shown. */
  function setAsideSealed(body) {
    SOURCES.forEach(function (pair) {
      body.querySelectorAll(pair[0] + "[" + pair[1] + "]").forEach(function (element) {
        var path = sealedPath(element.getAttribute(pair[1]));
        if (!path) return;
        element.setAttribute("data-sealed-" + pair[1], path);
        element.removeAttribute(pair[1]);
      });
    });
    body.querySelectorAll("a[href]").forEach(function (link) {
      var path = sealedPath(link.getAttribute("href"));
      if (path) link.setAttribute("data-sealed-href", path);
    });
  }

  function showSealed(element) {
    SOURCES.forEach(function (pair) {
      var attribute = "data-sealed-" + pair[1];
      if (element.localName !== pair[0] || !element.hasAttribute(attribute)) return;
      var path = element.getAttribute(attribute);
      element.removeAttribute(attribute);
      blobURL(path).then(function (address) {
        element.setAttribute(pair[1], address);
        if (element.localName === "source" && element.parentNode && element.parentNode.load) element.parentNode.load();
      }, function () {
        element.setAttribute("data-sealed-error", path);
      });
    });
  }

  function watchSealed() {
    var elements = document.querySelectorAll("[data-sealed-src], [data-sealed-poster]");
    if (!elements.length) return;
    if (!("IntersectionObserver" in window)) { elements.forEach(showSealed); return; }
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        observer.unobserve(entry.target);
        showSealed(entry.target);
      });
    }, { rootMargin: "100% 0px" });
    elements.forEach(function (element) { observer.observe(element.localName === "source" ? element.parentNode : element); });
  }

  // A link to a sealed file (a photo, a document, a feed) opens it once it is opened.
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[data-sealed-href]") : null;
    if (!link) return;
    event.preventDefault();
    var path = link.getAttribute("data-sealed-href");
    blobURL(path).then(function (address) {
      link.removeAttribute("data-sealed-href");
      link.href = address;
      link.click();
    });
  });

  // ---- The page ----

  /** Puts the opened page in the locked page's place and runs its scripts. */
  function reveal(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    setAsideSealed(page.body);
    document.title = page.title;
    ["lang", "dir"].forEach(function (name) {
      var value = page.documentElement.getAttribute(name);
      if (value) document.documentElement.setAttribute(name, value);
    });
    page.head.querySelectorAll('link[rel="stylesheet"]').forEach(function (link) {
      var href = link.getAttribute("href");
      var present = Array.prototype.some.call(document.querySelectorAll('link[rel="stylesheet"]'), function (own) {
        return own.getAttribute("href") === href;
      });
      if (!present) document.head.appendChild(document.importNode(link, true));
    });
    document.body.replaceWith(document.adoptNode(page.body));
    document.documentElement.classList.remove("unlocking");
    // Scripts of a parsed page never run by themselves: each is added anew, in order.
    page.head.querySelectorAll("script[src]").forEach(function (original) {
      var element = document.createElement("script");
      element.src = original.getAttribute("src");
      element.async = false;
      document.head.appendChild(element);
    });
    watchSealed();
    var id = decodeURIComponent(window.location.hash.slice(1));
    if (id && document.getElementById(id)) {
      // Navigating to the fragment again makes the message the page's target (scrolled to, highlighted).
      window.location.replace(window.location.href);
    }
  }

  // The page's words (strings.js, loaded before this script); the English words given here only when the page
  // has no strings table. {name} is a placeholder.
  var t = window.transcriptsStrings.t;

  function sealedPage() {
    var element = document.getElementById("sealed-page");
    return element ? fromBase64(element.textContent.trim()) : null;
  }

  function start() {
    var form = document.querySelector("form.unlock-form");
    var status = document.getElementById("unlock-status");
    var field = document.getElementById("unlock-passphrase");
    var page = sealedPage();
    if (!form || !page) return;
    if (!subtle) {
      document.documentElement.classList.remove("unlocking");
      status.textContent = t("unlockUnsupported", "This browser cannot open the archive here: it needs the site over https, from localhost or from disk.");
      form.querySelector("button").disabled = true;
      return;
    }

    function unlockWith(candidate) {
      return open(page, candidate).then(function (bytes) {
        key = candidate;
        markUnlocked();
        reveal(new TextDecoder().decode(bytes));
      });
    }

    var kept = storedKey();
    if (kept) {
      subtle.importKey("raw", fromBase64(kept), "AES-GCM", true, ["decrypt"]).then(unlockWith).catch(function () {
        try { window.sessionStorage.removeItem(storageKey); } catch (error) { /* nothing kept */ }
        document.documentElement.classList.remove("unlocking");
        field.focus();
      });
    } else {
      field.focus();
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var passphrase = field.value;
      if (!passphrase) return;
      var button = form.querySelector("button");
      button.disabled = true;
      status.textContent = t("unlocking", "Unlocking…");
      deriveKey(passphrase).then(function (candidate) {
        return open(page, candidate).then(function () { return candidate; }, function () { return null; });
      }).then(function (candidate) {
        if (!candidate) {
          button.disabled = false;
          status.textContent = t("wrongPassphrase", "That passphrase does not open this archive. Check it and try again.");
          field.select();
          return;
        }
        return subtle.exportKey("raw", candidate).then(function (raw) {
          try { window.sessionStorage.setItem(storageKey, toBase64(raw)); } catch (error) { /* asked again on the next page */ }
          return unlockWith(candidate);
        });
      }).catch(function (error) {
        button.disabled = false;
        status.textContent = t("unlockFailed", "The archive could not be opened: {error}", { error: error.message });
      });
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
