// minified by scripts/minify-scripts.py from assets/site-search.js (FNV-1a 64: 0cc74e4c204dd77b)
!function(){"use strict";var e=document.querySelector("form.site-search");e&&e.addEventListener("submit",(function(t){t.preventDefault();var n=e.elements.q.value.trim();window.location.href=e.getAttribute("action")+(n?"?q="+encodeURIComponent(n):"")}))}();
