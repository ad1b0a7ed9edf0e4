"""The CLI on its own: segment, normalise, games, check, and its errors."""
from __future__ import annotations

import json

import pytest


def test_segment_text_and_json(cli, tmp_path):
    f = tmp_path / "t.txt"
    text = "Кладут карты, т. е. двойки и т. д. до королей. Потом и т. д.\n\nНовый абзац. Фиг. 30 тут."
    f.write_text(text, encoding="utf-8")
    r = cli("segment", f)
    assert r.exit_code == 0
    assert r.output.splitlines() == ["Кладут карты, т. е. двойки и т. д. до королей.",
                                     "Потом и т. д.", "Новый абзац.", "Фиг. 30 тут."]
    r = cli("segment", f, "--format", "json")
    data = json.loads(r.output)
    assert [text[d["start"]:d["end"]] for d in data] == [d["text"] for d in data]
    assert data[1]["text"] == "Потом и т. д."


def test_segment_text_joins_words_divided_at_a_line_end(cli):
    """As text, a sentence is one line as a reader reads it: 'кар-' + line end + 'ты' is
    'карты', a compound keeps its own hyphen, the old spelling stays; JSON keeps the exact
    witness text (issue 21)."""
    text = "Кладутъ кар-\nты на столъ. Какой-\nнибудь тузъ раз-\nложатъ."
    r = cli("segment", "-", input=text)
    assert r.output.splitlines() == ["Кладутъ карты на столъ.", "Какой-нибудь тузъ разложатъ."]
    data = json.loads(cli("segment", "-", "--format", "json", input=text).output)
    assert [d["text"] for d in data] == ["Кладутъ кар-\nты на столъ.",
                                         "Какой-\nнибудь тузъ раз-\nложатъ."]


def test_segment_stdin(cli):
    r = cli("segment", "-", input="Раз. Два и проч. Три.")
    assert r.output.splitlines() == ["Раз.", "Два и проч.", "Три."]


def test_segment_missing_file(cli, tmp_path):
    r = cli("segment", tmp_path / "nope.txt")
    assert r.exit_code == 1 and "nope.txt: file not found" in r.output


def test_normalise_json_is_lossless(cli):
    text = "Карта - дама.  Да."
    r = cli("normalise", "-", "--format", "json", input=text)
    data = json.loads(r.output)
    rebuilt, pos = [], 0
    for c in data["changes"]:
        rebuilt.append(text[pos:c["start"]])
        assert text[c["start"]:c["end"]] == c["orig"]
        rebuilt.append(c["orig"])
        pos = c["end"]
    rebuilt.append(text[pos:])
    assert "".join(rebuilt) == text
    assert data["text"] == "Карта — дама. Да."


def test_games_json(cli):
    r = cli("games", "--format", "json")
    rows = json.loads(r.output)
    assert len(rows) == 11
    mill = next(x for x in rows if x["slug"] == "mill")
    assert mill["title_ru"] == "Мельница" and mill["witnesses"] == ["XL"] and mill["sentences"] == 7
    assert set(mill) >= {"slug", "title_ru", "title_en", "witnesses", "sentences", "executable", "ambiguities"}


def test_games_text_gives_each_question_whole(cli):
    """The listing cuts no question short: every question's first sentence is there in
    full (it had been cut at 90 characters with '…')."""
    r = cli("games")
    assert r.exit_code == 0, r.output
    rows = json.loads(cli("games", "--format", "json").output)
    long = [a for g in rows for a in g["ambiguities"] if a["label"].endswith("…")]
    assert long, "no question long enough to have been cut"
    assert "…" not in r.output
    for a in long:
        assert f"{a['cite']}: {a['label'][:-1]}" in r.output


def test_check_passes_on_repository(cli):
    r = cli("check")
    assert r.exit_code == 0, r.output
    assert "check passed" in r.output


def test_bad_corpus_option(cli, tmp_path):
    r = cli("--corpus", tmp_path, "games")
    assert r.exit_code == 1 and "manifest.toml" in r.output and "fix:" in r.output


def test_play_json_and_replay(cli):
    r = cli("play", "mill", "--deal", "1", "--policy", "solver", "--format", "json")
    assert r.exit_code == 0
    data = json.loads(r.output)
    assert set(data) >= {"game", "deal", "readings", "policy", "outcome", "moves", "final"}
    assert data["outcome"] in ("won", "lost", "undecided")
    from engine import games
    final = games.replay("mill", 1, data["readings"], data["moves"])
    assert final.is_won() == (data["outcome"] == "won")


def test_play_reading_changes_readings(cli):
    r = cli("play", "mill", "--deal", "3", "--reading", "deal-order=round", "--format", "json")
    assert json.loads(r.output)["readings"]["deal-order"] == "round"


def test_play_errors_are_one_line_listing_what_is_allowed(cli):
    for args, allowed in [(("play", "mil", "--deal", "1"), "mill"),
                          (("play", "mill", "--deal", "1", "--reading", "foo=bar"), "deal-order"),
                          (("play", "mill", "--deal", "1", "--reading", "deal-order=x"), "packet"),
                          (("play", "mill", "--deal", "1", "--reading", "nonsense"), "AMBIGUITY=READING")]:
        r = cli(*args)
        assert r.exit_code == 2
        assert len(r.output.strip().splitlines()) == 1 and allowed in r.output


def test_failed_build_leaves_previous_site(cli, corpus_copy, tmp_path, monkeypatch):
    import os
    monkeypatch.setenv("EDITION_CORPUS", os.environ.get("EDITION_CORPUS", ""))
    out = tmp_path / "html"
    assert cli("--corpus", corpus_copy, "build", "-q", "--out", out).exit_code == 0
    before = {p: p.read_bytes() for p in out.rglob("*.html")}
    w = corpus_copy / "witnesses" / "003_7baec4a93eb690a9.txt"
    w.write_bytes(w.read_bytes() + b"x")
    r = cli("--corpus", corpus_copy, "build", "-q", "--out", out)
    assert r.exit_code == 1 and "checksum mismatch" in r.output
    assert {p: p.read_bytes() for p in out.rglob("*.html")} == before


def test_normalise_tei_output(cli):
    from lxml import etree
    r = cli("normalise", "-", "--format", "tei", input="Берутся двѣ колоды - и только.")
    root = etree.fromstring(r.output.encode())
    ns = {"t": "http://www.tei-c.org/ns/1.0"}
    pairs = [(c.findtext("t:orig", namespaces=ns), c.findtext("t:reg", namespaces=ns))
             for c in root.iterfind(".//t:choice", ns)]
    assert ("двѣ", "две") in pairs and ("-", "—") in pairs  # one record per changed word
    assert "".join(root.itertext()).startswith("Берутся двѣ")


def test_normalise_tei_keeps_spaces_when_blank_text_is_dropped(cli):
    """Between two changed words the space is blank text, which TEI tools drop
    (``remove_blank_text``) unless ``xml:space="preserve"`` says it is text."""
    from lxml import etree
    text = "Онѣ двѣ взяли."
    r = cli("normalise", "-", "--format", "tei", input=text)
    root = etree.fromstring(r.output.encode(), etree.XMLParser(remove_blank_text=True))
    assert root.get("{http://www.w3.org/XML/1998/namespace}space") == "preserve"
    ns = "{http://www.tei-c.org/ns/1.0}"
    for reg in root.iter(f"{ns}reg"):   # the original text: every layer but the readings
        reg.getparent().remove(reg)
    assert "".join(root.itertext()) == text


def test_spacy_components_registered_by_entry_point():
    import subprocess
    import sys
    code = ("import spacy\n"
            "nlp = spacy.blank('ru')\n"
            "for n in ('edition_normaliser', 'edition_sentences', 'edition_lemmas'): nlp.add_pipe(n)\n"
            "doc = nlp('Онѣ взяли двѣ колоды и т. д. Потомъ сдали.')\n"
            "print(doc.text == 'Онѣ взяли двѣ колоды и т. д. Потомъ сдали.')\n"
            "print([t._.reg for t in doc][:3], [t._.lemma for t in doc][1])\n"
            "print(len(list(doc.sents)), len(doc._.changes) >= 3)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd="/").stdout.splitlines()
    assert out[0] == "True"
    assert out[1] == "['Они', 'взяли', 'две'] взять"
    assert out[2] == "2 True"


def test_play_random_reports_the_seed_it_used(cli):
    """A random playout is reproducible only with its seed: the output names it (the deal
    number unless --seed gives another), and --seed changes the moves it reports."""
    r = cli("play", "mill", "--deal", "3", "--policy", "random")
    assert r.exit_code == 0 and "policy random (seed 3; --seed changes it)" in r.output
    a = json.loads(cli("play", "mill", "--deal", "3", "--policy", "random", "--format",
                       "json").output)
    b = json.loads(cli("play", "mill", "--deal", "3", "--policy", "random", "--seed", "3",
                       "--format", "json").output)
    c = json.loads(cli("play", "mill", "--deal", "3", "--policy", "random", "--seed", "11",
                       "--format", "json").output)
    assert a["seed"] == b["seed"] == 3 and c["seed"] == 11
    assert a["moves"] == b["moves"] != c["moves"]
    greedy = json.loads(cli("play", "mill", "--deal", "3", "--format", "json").output)
    assert "seed" not in greedy      # the greedy player draws nothing


@pytest.mark.parametrize("policy", ["random", "careful"])
def test_the_seed_reported_for_a_deal_past_64_bits_replays_the_game(cli, policy):
    """Without --seed the players are seeded by the deal number, which SplitMix64 takes
    modulo 2**64: the deal 2**64 + 3 was reported as its own seed, which --seed refuses.
    The seed reported is one --seed takes and that plays the same moves, as text and JSON."""
    deal = str(2**64 + 3)
    args = ("play", "mill", "--deal", deal, "--policy", policy, "--budget", "50")
    first = json.loads(cli(*args, "--format", "json").output)
    assert first["seed"] == 3
    text = cli(*args)
    assert text.exit_code == 0 and f"policy {policy} (seed 3; --seed changes it)" in text.output
    again = cli(*args, "--seed", str(first["seed"]), "--format", "json")
    assert again.exit_code == 0, again.output
    assert json.loads(again.output)["moves"] == first["moves"]


def test_a_long_run_says_how_far_it_has_got(cli, corpus_copy, monkeypatch):
    """Where standard error is not a terminal (a log, a pipe), `odds` and `results` print a
    line now and then (every PROGRESS_EVERY seconds: here at once) with the deals done, so
    a run of hours is not silent; `results` says it under the row it measures."""
    import re

    from extract import cli as cli_mod
    monkeypatch.setattr(cli_mod, "PROGRESS_EVERY", 0.0)
    r = cli("odds", "mill", "--deals", "16", "--policy", "greedy", "--jobs", "1")
    assert r.exit_code == 0, r.output
    done = [int(n) for n in re.findall(r"^mill greedy: (\d+) of 16 deals \(\d+ s\)$", r.output, re.M)]
    assert done and done == sorted(done) and max(done) < 16
    r = cli("--corpus", corpus_copy, "results", "--game", "mill", "--policy", "greedy",
            "--deals", "16", "--jobs", "1")
    assert r.exit_code == 0, r.output
    assert re.search(r"^measuring mill default greedy\n  mill default greedy: \d+ of 16 deals",
                     r.output, re.M), r.output[:2000]
    monkeypatch.setattr(cli_mod, "PROGRESS_EVERY", 3600.0)    # a short run says nothing
    r = cli("odds", "mill", "--deals", "16", "--policy", "greedy", "--jobs", "1")
    assert "of 16 deals" not in r.output


def test_another_corpus_never_defaults_to_the_repository_s_site(cli, corpus_copy, tmp_path,
                                                                 monkeypatch):
    """`edition --corpus DIR build` with no --out wrote the repository's docs/_build/html,
    replacing its site with another edition's, and `serve` then served that. For a corpus
    other than the repository's the default is _build/html in the current folder, for both;
    the repository's own corpus keeps docs/_build/html."""
    from pathlib import Path

    from extract.build import DEFAULT_SITE, default_site
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    assert default_site(corpus_copy) == Path("_build") / "html"
    assert default_site(None) == DEFAULT_SITE
    r = cli("--corpus", corpus_copy, "serve", "--port", "0")
    assert r.exit_code == 1 and "no built site here" in r.output, r.output
    assert str(Path("_build") / "html") in r.output and "docs" not in r.output
    monkeypatch.chdir(corpus_copy)     # build's default too: here inside the corpus, refused
    r = cli("--corpus", corpus_copy, "build", "-q")
    assert r.exit_code == 1 and "--out lies inside the corpus" in r.output, r.output
    assert str(corpus_copy.resolve() / "_build" / "html") in r.output, r.output
    assert "for another --corpus, _build/html in the current folder" in " ".join(
        cli("build", "--help").output.split())


def test_results_never_discards_measured_deals_unasked(cli, corpus_copy):
    """`edition results --deals 20` over a table whose current rows hold 1,000 deals cut them
    to 20 without a word (a breaker's find: the site then published 20-deal figures). It is
    refused with the row named and the way to keep them or to measure anew (--fresh), and
    the table is left as it was."""
    import shutil

    from tests.conftest import CORPUS
    (corpus_copy / "results").mkdir()
    for name in ("odds.json", "claims.toml"):
        shutil.copy(CORPUS / "results" / name, corpus_copy / "results" / name)
    table = corpus_copy / "results" / "odds.json"
    before = table.read_bytes()
    r = cli("--corpus", corpus_copy, "results", "--game", "mill", "--policy", "greedy",
            "--deals", "20", "--jobs", "1")
    assert r.exit_code == 2, r.output
    assert "would be replaced by shorter ones" in r.output and "mill default greedy: 1000 " \
        "deals, asked 20" in r.output and "--fresh" in r.output, r.output
    assert table.read_bytes() == before
    r = cli("--corpus", corpus_copy, "results", "--game", "mill", "--policy", "greedy",
            "--deals", "20", "--jobs", "1", "--fresh")
    assert r.exit_code == 0, r.output
    rows = json.loads(table.read_text(encoding="utf-8"))["rows"]
    assert {r["deals"] for r in rows if r["game"] == "mill" and r["policy"] == "greedy"} == {20}


@pytest.mark.parametrize("placeholder, said", [
    ("{default/solver:bogus}", "unknown field 'bogus'"),
    ("{nosuch/solver}", "nosuch/solver"),
])
def test_build_refuses_a_claim_that_check_refuses(cli, corpus_copy, tmp_path, placeholder, said):
    """A claim's placeholder with no such field stopped the build with "Sphinx stopped with an
    internal error" naming a temporary file; one naming no row published "not measured yet"
    (a breaker's find). The build refuses both before Sphinx starts, with check's file and
    line, and the previous site is untouched."""
    import shutil

    from tests.conftest import CORPUS
    shutil.copytree(CORPUS / "results", corpus_copy / "results")
    claims = corpus_copy / "results" / "claims.toml"
    text = claims.read_text(encoding="utf-8")
    claims.write_text(text.replace('answer = "Not refuted', f'answer = "{placeholder} Not refuted', 1),
                      encoding="utf-8")
    line = text[:text.index('answer = "Not refuted')].count("\n") + 1
    out = tmp_path / "site"
    r = cli("--corpus", corpus_copy, "build", "-q", "--out", out)
    assert r.exit_code == 1, r.output
    assert f"{claims}:{line}:" in r.output and said in r.output, r.output
    assert "internal error" not in r.output and not out.exists()


def test_ctrl_c_stops_a_parallel_results_run(corpus_copy):
    """SIGINT to the command (as `timeout -s INT` sends it; Ctrl-C at a terminal reaches the
    workers too) during `edition results --jobs 2` printed that it stopped and then waited for
    the running deals, or hung for ever (a breaker's find, half the tries: its worker
    processes were waited for at exit). It ends at once now, its workers with it: tried at
    three moments."""
    import os
    import shutil
    import signal
    import subprocess
    import sys
    import time

    from tests.conftest import CORPUS, REPO, answers_ctrl_c
    shutil.copytree(CORPUS / "results", corpus_copy / "results")
    for delay in (2.0, 3.0, 4.0):
        p = subprocess.Popen([sys.executable, "-m", "extract.cli", "--corpus", str(corpus_copy),
                              "results", "--game", "mill", "--policy", "careful",
                              "--careful-deals", "10", "--fresh", "--jobs", "2"],
                             cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             start_new_session=True, env=dict(os.environ, PYTHONPATH=str(REPO)),
                         preexec_fn=answers_ctrl_c)
        time.sleep(delay)          # the workers are playing the careful player's deals
        p.send_signal(signal.SIGINT)       # as `timeout -s INT` sends it: to the command alone
        sent = time.monotonic()
        try:
            out, _ = p.communicate(timeout=20)
        finally:
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
        took = time.monotonic() - sent
        assert "stopped; the rows measured so far are kept" in out.decode(), out.decode()[-2000:]
        # (about 0.03 s now; it waited 0.4-1.4 s for the deals running, when it did not hang)
        assert took < 0.35, (delay, took)
        time.sleep(0.3)
        with pytest.raises(ProcessLookupError):       # no worker is left in its group
            os.killpg(p.pid, 0)


def test_ctrl_c_at_a_terminal_stops_a_cluster_run_with_one_message(corpus_copy):
    """Ctrl-C at a terminal (SIGINT to the whole process group) during `edition results
    --workers 2`: each Dask worker process printed its own KeyboardInterrupt traceback, and
    Dask warned of every cancelled task (a breaker's find). Now the command's one message
    ends the output, and no worker is left."""
    import os
    import shutil
    import signal
    import subprocess
    import sys
    import time

    from tests.conftest import CORPUS, REPO, answers_ctrl_c
    shutil.copytree(CORPUS / "results", corpus_copy / "results")
    p = subprocess.Popen([sys.executable, "-m", "extract.cli", "--corpus", str(corpus_copy),
                          "results", "--game", "mill", "--deals", "300", "--careful-deals", "20",
                          "--fresh", "--workers", "2"],
                         cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True, env=dict(os.environ, PYTHONPATH=str(REPO)),
                         preexec_fn=answers_ctrl_c)
    try:
        deadline = time.monotonic() + 120
        seen = b""
        while b"careful" not in seen and time.monotonic() < deadline:   # rows under way
            seen += p.stderr.readline()
        time.sleep(2)                       # the workers are playing its deals
        os.killpg(p.pid, signal.SIGINT)     # as a terminal sends Ctrl-C: to the whole group
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
    err = (seen + err).decode()
    assert p.returncode == 130, err[-2000:]
    assert "Traceback" not in err and "WARNING" not in err, err[-3000:]
    assert err.rstrip().splitlines()[-1].startswith("edition: stopped; the rows measured so far"), err
    gone = time.monotonic() + 15
    while time.monotonic() < gone:      # no worker is left in its group (the cluster's
        try:                            # processes end as it closes)
            os.killpg(p.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    with pytest.raises(ProcessLookupError):
        os.killpg(p.pid, 0)


@pytest.mark.parametrize("seed", ["-1", "18446744073709551616", "36893488147419103233"])
def test_a_seed_outside_64_bits_is_refused_saying_the_range(cli, seed):
    """Seeds were taken modulo 2**64 (--seed -1 and 18446744073709551615 played the same
    moves, reporting different seeds) and negative ones were taken (breaker round 7 entry 8)."""
    r = cli("play", "mill", "--deal", "2", "--policy", "random", "--seed", seed)
    assert r.exit_code == 2 and r.output == (
        f"edition: seed must be a whole number from 0 to 2**64-1 (18446744073709551615), "
        f"not {seed}\n"), r.output
    top = cli("play", "mill", "--deal", "2", "--policy", "random", "--seed",
              "18446744073709551615", "--format", "json")
    assert top.exit_code == 0 and json.loads(top.output)["seed"] == 2**64 - 1


def test_deal_numbers_have_one_limit_of_digits_checked_on_a_ranges_last_deal_too(cli):
    """--first of 4,300 nines passed the CLI's check and deal first+1 ended in Python's own
    "Exceeds the limit (4300 digits)" message (breaker round 7 entry 6): one limit, the Play
    panel's 4,000 digits, said with the number allowed."""
    r = cli("odds", "mill", "--first", "9" * 4300, "--deals", "2", "--jobs", "1")
    assert r.exit_code == 2 and "has 4,300 characters; a number here has at most 4,000 digits" \
        in r.output and "Exceeds" not in r.output, r.output
    r = cli("odds", "mill", "--first", "9" * 4000, "--deals", "2", "--jobs", "1")
    assert r.exit_code == 2 and r.output == (
        "edition: the last deal (first + deals - 1) has more than 4000 digits; a deal number "
        "has at most 4000 digits\n"), r.output
    r = cli("play", "mill", "--deal", "9" * 4001)
    assert r.exit_code == 2 and "at most 4,000 digits" in r.output, r.output


@pytest.mark.parametrize("deal", ["٣", "３", "1_0"])
def test_a_deal_is_written_in_ascii_digits(cli, deal):
    """`--deal ٣` (an Arabic-Indic digit) played deal 3, where the Play panel refuses '३'
    (breaker round 7 entry 10c)."""
    r = cli("play", "mill", "--deal", deal)
    assert r.exit_code == 2 and f"{deal!r} is not a whole number written in the digits 0-9" \
        in r.output, r.output


@pytest.mark.parametrize("command", [["play", "nosuch", "--deal", "1"],
                                     ["odds", "nosuch", "--deals", "1"],
                                     ["results", "--game", "nosuch"]])
def test_an_unknown_game_is_told_the_games_one_can_play(cli, command):
    """The fragment of page 13 is a game of the edition the engine cannot play: it was listed
    among the games allowed (breaker round 7 entry 10b)."""
    from engine import games
    r = cli(*command)
    assert r.exit_code == 2 and (f"unknown game 'nosuch'; allowed: "
                                 f"{', '.join(games.available())}") in r.output, r.output
    assert "fragment-p13" not in r.output
