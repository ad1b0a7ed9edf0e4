// The edition's search scorer (Sphinx's html_search_scorer; extract/sphinxext/search.py):
// Sphinx's own weights, and one rule more: a citable id typed whole ("mill:4",
// "goes-doesnt-go:deal-pattern") puts the object of that id first, above the pages whose
// text holds its words.
var Scorer = {
  score: (result) => {
    const [, title, , , score, , kind] = result;
    const query = (new URLSearchParams(window.location.search).get("q") || "").trim().toLowerCase();
    return kind === "object" && query !== "" && title.toLowerCase() === query ? score + 100 : score;
  },
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: {0: 15, 1: 5, 2: -5},
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};
