// The console's one script, served from /panel/consola.js (CSP: script-src 'self', nothing inline, no eval).
// Every page works without it: it only adds to what the server-rendered forms already do.
document.documentElement.classList.add('js');
