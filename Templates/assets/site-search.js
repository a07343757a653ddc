// transcripts: the search box in every page's header opens the search page with the query. A plain form
// would do that by itself, but the pages' Content-Security-Policy allows no form submission
// (form-action 'none'), so this script does it.
(function () {
  "use strict";
  var form = document.querySelector("form.site-search");
  if (!form) return;
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var query = form.elements.q.value.trim();
    window.location.href = form.getAttribute("action") + (query ? "?q=" + encodeURIComponent(query) : "");
  });
})();
