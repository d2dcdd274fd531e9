// Steps through a game without reloading the page: the buttons and the
// move list change the picture in place, and so do the arrow keys (left,
// right), Home and End. Without this script every link still works: it
// loads the page at that ply.
(function () {
  "use strict";
  var board = document.getElementById("board");
  if (!board) { return; }
  var plies = Array.prototype.slice.call(document.querySelectorAll("#moves a.ply"));
  var last = plies.length - 1;
  var picture = document.getElementById("picture");
  var note = document.getElementById("note");
  var shown = document.getElementById("ply");
  var current = 0;
  plies.forEach(function (a, i) { if (a.classList.contains("current")) { current = i; } });

  function link(id, ply) { document.getElementById(id).setAttribute("href", "?ply=" + ply); }

  function show(ply) {
    ply = Math.max(0, Math.min(last, ply));
    var a = plies[ply];
    plies[current].classList.remove("current");
    a.classList.add("current");
    current = ply;
    picture.src = a.dataset.picture;
    picture.alt = ply === 0 ? "The board at the start" : "The board after ply " + ply + ", " + a.textContent;
    note.textContent = a.dataset.note;
    shown.textContent = String(ply);
    link("prev", Math.max(0, ply - 1));
    link("next", Math.min(last, ply + 1));
    history.replaceState(null, "", "?ply=" + ply);
    // The next picture is fetched now, so the next step shows at once.
    if (ply < last) { new Image().src = plies[ply + 1].dataset.picture; }
  }

  function go(event, ply) { event.preventDefault(); show(ply); }
  plies.forEach(function (a, i) { a.addEventListener("click", function (e) { go(e, i); }); });
  document.getElementById("first").addEventListener("click", function (e) { go(e, 0); });
  document.getElementById("prev").addEventListener("click", function (e) { go(e, current - 1); });
  document.getElementById("next").addEventListener("click", function (e) { go(e, current + 1); });
  document.getElementById("last").addEventListener("click", function (e) { go(e, last); });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    if (e.key === "ArrowRight") { go(e, current + 1); }
    else if (e.key === "ArrowLeft") { go(e, current - 1); }
    else if (e.key === "Home") { go(e, 0); }
    else if (e.key === "End") { go(e, last); }
  });
  if (current < last) { new Image().src = plies[current + 1].dataset.picture; }
}());
