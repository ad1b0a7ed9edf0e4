"""What the CLI says to a person: why a deal was lost, plural nouns, the default policy, and
a quiet exit when the reader of the output goes away (`edition games | head -1`)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import REPO


def test_play_says_why_a_greedy_deal_was_lost(cli):
    r = cli("play", "goes-doesnt-go", "--deal", "1")
    assert r.exit_code == 0
    first = r.output.splitlines()[0]
    assert "policy greedy: lost after 7 moves: " in first
    assert first.rstrip().endswith("no legal move was left")


def test_play_json_carries_the_reason(cli):
    data = json.loads(cli("play", "mill", "--deal", "1", "--format", "json").output)
    assert data["outcome"] == "lost"
    assert data["reason"] == data["final"]["reason"]
    assert "mill:7" in data["reason"]          # the rule sentence that ends the game
    won = json.loads(cli("play", "mill", "--deal", "7", "--format", "json").output)
    assert (won["outcome"], won["reason"]) == ("won", "the patience came out")


def test_a_solver_loss_is_not_reported_as_zero_moves(cli):
    r = cli("play", "goes-doesnt-go", "--deal", "1", "--policy", "solver")
    # a search says first, on stderr, how far it may go
    assert r.stderr.splitlines()[0].startswith("searching up to 100,000 states")
    first = r.stdout.splitlines()[0]
    assert "after 0 moves" not in first
    from engine.solver import solve_deal
    states = solve_deal("goes-doesnt-go", 1, budget=100_000).states   # the CLI's default budget
    assert (f"lost: the solver searched every position reachable from the deal ({states} "
            f"states)") in first
    assert "no way of playing wins this deal" in first
    data = json.loads(cli("play", "goes-doesnt-go", "--deal", "1", "--policy", "solver",
                          "--format", "json").output)
    assert data["moves"] == [] and "searched every position" in data["reason"]


def test_a_deal_stuck_as_dealt_says_so():
    # no seed deal is stuck as dealt, so the engine's result for one is written out here
    from extract.cli import play_reason
    for policy in ("solver", "greedy"):
        result = {"policy": policy, "outcome": "lost", "moves": [],
                  "final": {"over": True, "reason": "no legal moves"},
                  "search": {"states": 1}}
        why = play_reason(result, 100)
        assert why == "no legal move in the starting layout (no legal moves): the deal is stuck as dealt"


def test_undecided_names_the_budget_in_the_right_number(cli):
    one = cli("play", "mill", "--deal", "1", "--budget", "1").output.splitlines()[0]
    assert "undecided after 1 move: the budget of 1 move ran out" in one
    two = cli("play", "mill", "--deal", "1", "--budget", "2").output.splitlines()[0]
    assert "undecided after 2 moves: the budget of 2 moves ran out" in two


def test_play_and_odds_share_the_default_policy_and_document_it(cli):
    play_help = cli("play", "--help").output
    odds_help = cli("odds", "--help").output
    for text in (play_help, odds_help):
        assert "default: greedy" in " ".join(text.split())
    assert json.loads(cli("play", "mill", "--deal", "3", "--format", "json").output)["policy"] == "greedy"
    res = json.loads(cli("odds", "mill", "--deals", "2", "--jobs", "1", "--format", "json").output)
    assert res["policy"] == "greedy"
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "policy is `greedy`" in readme


def test_counts_are_pluralised(cli):
    from extract.text.words import count
    assert [count(n, "deal") for n in (0, 1, 2)] == ["0 deals", "1 deal", "2 deals"]
    assert count(1, "entry", "entries") == "1 entry" and count(3, "entry", "entries") == "3 entries"
    out = cli("games").output
    assert " 1 sentences" not in out and "sentences," in out


@pytest.mark.parametrize("args", [["games"], ["games", "--format", "json"],
                                  ["play", "mill", "--deal", "1"]])
def test_a_closed_pipe_exits_quietly(args):
    read, write = os.pipe()
    os.close(read)                 # the reader has gone before we write (like `| head -1`)
    env = dict(os.environ, PYTHONPATH=str(REPO))
    p = subprocess.run([sys.executable, "-m", "extract.cli", *args], stdout=write,
                       stderr=subprocess.PIPE, env=env, cwd=REPO, timeout=300)
    os.close(write)
    assert p.stderr.decode() == ""
    assert p.returncode == 0


def test_head_of_games_in_a_shell_is_quiet():
    cmd = f"{sys.executable} -m extract.cli games | head -1"
    p = subprocess.run(["bash", "-c", cmd], capture_output=True, cwd=REPO, timeout=300,
                       env=dict(os.environ, PYTHONPATH=str(REPO)))
    assert p.stderr.decode() == "" and len(p.stdout.decode().splitlines()) == 1


def test_play_shows_every_move_with_its_caption_and_sentences(cli):
    """Text: the outcome line, then one numbered line per move (its words and the sentence
    ids that allow it), as the site's step-through captions them; JSON: the same in "steps"
    beside the bare moves."""
    from engine import api
    text = cli("play", "mill", "--deal", "1").output.splitlines()
    data = json.loads(cli("play", "mill", "--deal", "1", "--format", "json").output)
    site = api.steps("mill", 1, data["readings"], data["moves"])[1:]
    assert len(data["steps"]) == len(data["moves"]) == len(site) > 0
    assert [s["move"] for s in data["steps"]] == data["moves"]
    assert [(s["caption"], s["rules"]) for s in data["steps"]] == \
        [(s["caption"], s["rules"]) for s in site]
    assert text[1] == "moves:"
    for i, s in enumerate(data["steps"], 1):
        assert text[1 + i] == f"{i:>4}. {s['caption']} ({', '.join(s['rules'])})"
    assert all(s["rules"] and s["rules"][0].startswith("mill:") for s in data["steps"])


def test_odds_prints_bounds_when_deals_are_undecided(cli):
    """A solver row with undecided deals is stated as bounds, never as a rate."""
    out = cli("odds", "egyptian-pyramid", "--policy", "solver", "--deals", "3",
              "--budget", "50", "--jobs", "1").output
    assert "undecided 3" in out and "rate" not in out
    assert "≥ 0.0% won, 100.0% undecided" in out
    decided = cli("odds", "mill", "--deals", "3", "--jobs", "1").output
    assert "undecided 0" in decided and "≥" not in decided and "% (95%: " in decided


def test_odds_stored_shows_the_published_rows_at_once(cli, corpus_copy, monkeypatch):
    """`odds GAME --stored` prints the stored table's rows of GAME (the site's figures), each
    with its counts, deals and budget, bounds where deals are undecided; --reading and
    --policy pick rows; JSON gives the rows as stored. Nothing is measured: an option that
    would measure is refused, and so is a reading with no row (the rows it has are named)."""
    from engine.results import load
    from extract.export.odds_words import row_label
    rows = [r for r in load(REPO / "corpus" / "results" / "odds.json")["rows"]
            if r["game"] == "octagon"]
    r = cli("odds", "octagon", "--stored")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    for row in rows:
        counts = f"{row['won']} won, {row['lost']} lost, {row['undecided']} undecided"
        line = next(x for x in lines if x.startswith(f"  {row_label(row)}: "))
        assert counts in line and f"budget {row['budget']:,} " in line, line
        assert ("≥" in line) == (row["undecided"] > 0), line
    assert len([x for x in lines if " won, " in x]) == len(rows)
    # where every card lies face up the careful player searches the deal once: its budget
    # said as the site says it, not the stored states of a decision it never uses (an
    # auditor's find: "budget 2,000" here, "one search of 20,000 states" on the page)
    up = cli("odds", "favourite", "--stored", "--policy", "careful").output.splitlines()[1:]
    assert up and all("budget one search of 20,000 states a deal" in x for x in up
                      if " won, " in x), up
    assert "Read these figures with care" in r.output     # the site's caveat, said here too
    one = cli("odds", "octagon", "--stored", "--reading", "side-deal=round", "--policy",
              "solver", "--format", "json")
    assert json.loads(one.output) == [x for x in rows if x["change"] == "side-deal=round"
                                      and x["policy"] == "solver"]
    bad = cli("odds", "octagon", "--stored", "--deals", "5")
    assert bad.exit_code == 2 and "--deals would not be used" in bad.output
    none = cli("odds", "octagon", "--stored", "--reading", "side-deal=nope")
    assert none.exit_code == 2 and "its rows: default, negation=literal" in none.output
    # a corpus with no stored table (the copy leaves results/ out): the path and the fix
    empty = cli("--corpus", corpus_copy, "odds", "octagon", "--stored")
    assert empty.exit_code == 2 and str(corpus_copy / "results" / "odds.json") in empty.output
    assert "`edition results` measures one" in empty.output
    # an unknown game is said to be one, with the games, not offered a measurement (a
    # breaker's: "no stored row of nosuch; `edition results --game nosuch` measures them")
    for flags in (("--stored",), ("--deals", "1")):
        unknown = cli("odds", "nosuch", *flags)
        assert unknown.exit_code == 2, unknown.output
        assert "unknown game 'nosuch'; allowed: dense-column," in unknown.output, unknown.output
        assert "edition results" not in unknown.output, unknown.output


def test_odds_stored_takes_a_default_reading_for_the_default_row(cli):
    """Naming a default reading (or a decision's one reading) names the default row, as
    `play` and `odds` take it: it answered "no stored row of mill under redeals=until-out"
    (a breaker's entry 9); a change named beside a default reading is that change's row."""
    r = cli("odds", "mill", "--stored", "--policy", "greedy", "--reading", "deal-order=packet",
            "--format", "json")
    assert r.exit_code == 0, r.output
    default = json.loads(r.output)
    assert [(r["change"], r["policy"]) for r in default] == [(None, "greedy")]
    for given in (("redeals=until-out",), ("free-cards=top-only",),
                  ("mill:redeals=until-out", "free-cards=top-only")):
        r = cli("odds", "mill", "--stored", "--policy", "greedy",
                *[x for g in given for x in ("--reading", g)], "--format", "json")
        assert r.exit_code == 0 and json.loads(r.output) == default, (given, r.output)
    r = cli("odds", "mill", "--stored", "--reading", "redeals=until-out")
    assert r.exit_code == 0 and "default readings" in r.output, r.output
    assert "redeals=two" not in r.output, r.output
    two = json.loads(cli("odds", "mill", "--stored", "--reading", "redeals=two", "--reading",
                         "gather=last-packet-first", "--format", "json").output)
    assert two and {r["change"] for r in two} == {"redeals=two"}
    both = cli("odds", "mill", "--stored", "--reading", "redeals=two", "--reading",
               "gather=top-card-first")
    assert both.exit_code == 2 and "give at most one --reading" in both.output


def test_careful_policy_from_the_cli(cli):
    data = json.loads(cli("play", "favourite", "--deal", "1", "--policy", "careful",
                          "--format", "json").output)
    assert data["policy"] == "careful" and data["outcome"] == "won"
    res = json.loads(cli("odds", "mill", "--deals", "2", "--policy", "careful", "--jobs", "1",
                         "--format", "json").output)
    assert res["policy"] == "careful" and res["won"] + res["lost"] + res["undecided"] == 2


def test_budget_help_names_the_careful_players_default(cli):
    from engine.careful import CAREFUL_BUDGET
    for command in ("play", "odds"):
        text = " ".join(cli(command, "--help").output.split())
        assert f"careful player (default: the game's, {CAREFUL_BUDGET} in most games)" in text


def test_the_readme_cli_summary_names_every_option():
    """Each long option of each command (``edition results --game``) stands in the README's
    summary of the CLI, so a newcomer reading it meets every option (-q|-v stand for
    --quiet|--verbose)."""
    from extract.cli import main
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    summary = readme[readme.index("## The CLI"):readme.index("`edition build` keeps")]
    summary += " --quiet --verbose" if "[-q|-v]" in summary else ""
    missing = []
    for name, cmd in main.commands.items():
        for sub in (cmd.commands.values() if hasattr(cmd, "commands") else [cmd]):
            missing += [(name, o) for p in sub.params for o in p.opts
                        if o.startswith("--") and o != "--help" and o not in summary]
    assert not missing, missing



def test_the_readme_names_the_games_whose_solver_rows_stand_on_fewer_deals():
    """The README says which games' solver rows the stored table has on fewer deals than a
    full run measures (and how many): the list is the table's, not typed from memory."""
    import json
    import re
    import tomllib
    from pathlib import Path

    from engine import results
    repo = Path(__file__).resolve().parent.parent
    rows = json.loads((repo / "corpus" / "results" / "odds.json").read_text(encoding="utf-8"))["rows"]
    titles = {g["slug"]: g["title_en"] for g in
              tomllib.loads((repo / "corpus" / "games.toml").read_text(encoding="utf-8"))["game"]}
    short = {}
    for r in rows:
        if r["policy"] == "solver" and r["change"] is None and r["deals"] < results.DEALS["solver"]:
            short[r["game"]] = (r["first"], r["deals"])
    assert short, "no game has fewer deals: the README's sentence should go"
    assert len(set(short.values())) == 1
    first, deals = next(iter(short.values()))
    readme = " ".join((repo / "README.md").read_text(encoding="utf-8").split())
    said = re.search(r"the solver's rows of (.+?) stand on deals (\d+)-(\d+)", readme)
    assert said, "the README no longer says which solver rows stand on fewer deals"
    names = re.split(r", | and ", said.group(1))
    want = sorted(titles[g].replace("The ", "the ", 1) for g in short)
    assert sorted(names) == want and (int(said.group(2)), int(said.group(3))) == (first, deals)
    assert f"--policy solver --deals {deals}" in readme
    assert all(f"--game {g}" in readme for g in short)


def test_the_readme_s_python_example_runs_as_it_says(capsys):
    """The README's "The engine from Python" block runs as written and prints what its
    comments promise: an outcome and a move count, and the solver's verdict replayed."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## The engine from Python", 1)[1].split("\n## ", 1)[0]
    block = "\n".join(line[4:] for line in section.splitlines() if line.startswith("    "))
    assert "api.play(" in block and "games.replay(" in block
    exec(compile(block, "README.md", "exec"), {})
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "mill deal 2"
    assert out[-2].split()[0] in ("won", "lost", "undecided") and out[-2].split()[1].isdigit()
    assert out[-1] in ("won True", "lost False", "undecided False")


@pytest.mark.parametrize("args, hint", [
    (["check", "--corpus", "corpus"], "put --corpus before the command: edition --corpus DIR check"),
    (["export", "--format", "tei"], "the format is a command of its own: edition export tei"),
])
def test_an_option_in_the_wrong_place_says_where_it_goes(args, hint):
    """A newcomer's finds: `edition check --corpus DIR` and `edition export --format tei` (as
    `normalise --format tei` has it) said only "No such option"."""
    r = subprocess.run([sys.executable, "-c", "from extract.cli import main; main()", *args],
                       cwd=REPO, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "No such option" in r.stderr and hint in r.stderr, r.stderr
