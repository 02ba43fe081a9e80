"""The faster forms of preparing find exactly what the plain ones find.

Each fast form (a pattern tried only where a match can start, a branch opening with the
character it needs, a search of a text's end only) is checked against the straightforward
pattern written out here, on every ICML 2023 abstract, raw and rendered, and on odd text;
style macros converted without pylatexenc against pylatexenc itself.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from index.ingest import names, phrases, render, titles
from index.ingest.scan import WordStarts, matches_at

from .. import locations

ODD = [
    "", " ", "we", "We propose X.", "WE PROPOSE FOO, a method for x.", "owe we", "x-we propose",
    "_we propose", "3we", "the the the", "This paper presents", "thé proposed method, Foo.",
    "İt, a method", "Foo,  an  approach", "a.b+Foo, a new framework to", "Foo-, a model",
    "x--Bar, a dataset", "(Baz), a network", "Qux, a  novel  graph  neural  network  model",
    "called called X", "dubbed\nFoo", "we\u00a0propose x", "ſuch", "K-means, a method",
]


@pytest.fixture(scope="module")
def texts(icml2023_path) -> list[str]:
    abstracts = list(dict.fromkeys(r["abstract"] for r in
                                   json.loads(icml2023_path.read_text(encoding="utf-8"))))
    rendered = [render.render(a).text for a in abstracts]
    rng = random.Random(17)
    shuffled = ["".join(rng.sample(a, len(a))) for a in abstracts[:200]]  # no sentences
    return abstracts + rendered + shuffled + ODD


def _spans(matches) -> list[tuple[tuple[int, int], tuple]]:
    return [(m.span(), m.groups()) for m in matches]


def test_cues_and_appositives_are_the_matches_of_the_whole_scan(texts) -> None:
    for text in texts:
        assert _spans(matches_at(titles._CUE, text, titles._CUE_STARTS(text))) \
            == _spans(titles._CUE.finditer(text))
        assert _spans(matches_at(titles._APPOSITIVE, text, titles._appositive_starts(text))) \
            == _spans(titles._APPOSITIVE.finditer(text))
        assert _spans(matches_at(names._INTRO_VERB, text,
                                 names._INTRO_STARTS(text))) \
            == _spans(names._INTRO_VERB.finditer(text))


def test_shaped_tokens_are_the_matches_of_the_whole_scan(texts) -> None:
    rng = random.Random(13)
    pieces = ["Foo", "fooBar", "x", "X", "2", "-", "+", "_", "'22", "’22", "*", " ", "α",
              "Ω", "é", "(", ".", "a-b", "K", "ſ", "\n", "'", "22", "π-", "B2", "-x", "É"]
    odd = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
           for _ in range(5_000)]
    for text in texts + odd:
        assert _spans(names.shaped_tokens(text)) == _spans(names._SHAPED.finditer(text)), text


def test_names_opening_with_a_number_are_the_matches_of_the_whole_scan(texts) -> None:
    rng = random.Random(17)
    pieces = ["3", "D", "Net", "2PC", "x", "X", "-", "+", "_", ".", " ", "α", "oF", "Hz", "ab",
              "7", "A", "B", "é", "(", "*-", "'22", "\n"]
    odd = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
           for _ in range(5_000)]
    for text in texts + odd:
        assert names.digit_first_names(text) == names._DIGIT_FIRST_NAME.findall(text), text


def test_a_contribution_tier_matches_where_the_whole_scan_does(texts) -> None:
    single = ["I prove near-optimal regret bounds. Along the way I derive finite-time bounds, "
              "and I show that the index is exact. Type-I errors, I.I.D. data: I study them."]
    for text in texts + single:
        for pattern in (phrases._MAIN_RESULT, phrases._CONTRIBUTION, phrases._AUTHORS_VERB,
                        phrases._CLAIM):
            assert _spans(matches_at(pattern, text, phrases.author_starts(text))) \
                == _spans(pattern.finditer(text))


def test_word_starts_ignore_case_as_the_patterns_do() -> None:
    starts = WordStarts(("we", "this"))
    assert starts("We, WE, wE, THIS; owe, xthis, _we, é-we") == [0, 4, 8, 12, 37]
    # Letters re.IGNORECASE takes for "i" and "s" beside their own cases.
    for odd in ("th\u0131s", "thi\u017f", "TH\u0130S"):
        assert starts(f"so {odd} x") == [3]
        assert re.match("(?i)this", odd)


def test_word_starts_are_where_the_pattern_of_the_words_matches(texts) -> None:
    starts = WordStarts(("we", "this", "the", "our"))
    whole = re.compile(r"\b(?:we|this|the|our)", re.I)
    for text in texts + [t.replace("i", "\u0131") for t in texts[:50]]:
        assert set(starts(text)) >= {m.start() for m in whole.finditer(text)}
        assert starts(text) == sorted(set(starts(text)))


def test_each_word_starts_takes_from_the_shared_scan_what_its_own_pattern_finds(texts) -> None:
    instances = [titles._CUE_STARTS, names._INTRO_STARTS, titles._NEW_KIND_STARTS,
                 phrases._AUTHOR_STARTS, WordStarts(("we", "this"))]
    rng = random.Random(19)
    pieces = ["we", "We", "WE", "wE", "the", "The", "tHe", "this", "thıs", "thiſ", "THİS",
              "our", "OUR", "novel", "new", "nEw", "by", "named", "namely", "were", "x", " ",
              "-", "_", "é", "K", "\n", "(", "called", "henceforth", "3", "ı", "ſ", "İ"]
    odd = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 10)))
           for _ in range(5_000)]
    for text in texts + odd:
        for starts in instances:
            assert starts(text) == [m.start() for m in starts.pattern.finditer(text)], text


def test_a_word_that_begins_another_of_the_scan_comes_with_it() -> None:
    with pytest.raises(ValueError):
        WordStarts(("were",))  # "we" is scanned for: its starts would be tagged "we"
    with pytest.raises(ValueError):
        WordStarts(("e.g",))
    assert WordStarts(("we", "were"))("We were") == [0, 3]


# The plain forms the fast ones replaced.
PLAIN_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z“\"(\[])|\n\n")
PLAIN_WHITESPACE_RUN = re.compile(r"[ \t\n\f\v\xa0]{2,}|[\t\n\f\v\xa0]|^ | $")
PLAIN_DOLLAR = re.compile(r"(?<!\\)(?:\\\\)*(\$\$?)")
PLAIN_PROSE_ESCAPE = re.compile(r"\\[~'\"^`=.]|\\\\|\\[%&#_$*{}\[\]]|[%&#]|~|``|''|---|--"
                                r"|\^(?:\d{1,3}|\{\d{1,3}\})(?![\d}])")


def test_branches_opening_with_their_character_match_as_the_plain_patterns(texts) -> None:
    rng = random.Random(3)
    odd = ["".join(rng.choice(" \t\n\f\v\xa0\r.!?A“(x\\~'\"^`=%&#_$*{}[]-") for _ in
                   range(rng.randint(0, 30))) for _ in range(5_000)]
    for text in texts + odd:
        assert _spans(titles._SENTENCE_END.finditer(text)) == \
            _spans(PLAIN_SENTENCE_END.finditer(text))
        assert _spans(render._WHITESPACE_RUN.finditer(text)) == \
            _spans(PLAIN_WHITESPACE_RUN.finditer(text))
        assert _spans(render._PROSE_ESCAPE.finditer(text)) == \
            _spans(PLAIN_PROSE_ESCAPE.finditer(text))
        assert [(m.start(), m.start(m.lastindex), m.group(m.lastindex))
                for m in render._DOLLAR.finditer(text)] == \
            [(m.start(), m.start(1), m.group(1)) for m in PLAIN_DOLLAR.finditer(text)]


def test_tidy_takes_what_the_whole_text_pattern_takes(texts) -> None:
    plain = re.compile(r"(?:[\s,;:.!?—–(。，、；：！？．-]+|\s+(?:" + "|".join(phrases._JUNK)
                       + r"))+$", re.I)
    rng = random.Random(5)
    words = ["the", "a", "of", "including", "x", "method", ",", " ", ".", "—", "(", "-",
             "\n", "whether", "an", "İs", "ſuch", "in", "presence", "with", "respect",
             "through", "lens", "because", "as", "well", "THE", "Of", "ıncluding", "ſo",
             "thİs", "order", "terms", "the\u00a0", "x。", "，", "ed", "the-x", "xthe"]
    odd = ["word " * rng.randint(0, 20) + " ".join(rng.choice(words)
                                                  for _ in range(rng.randint(0, 7)))
           for _ in range(5_000)]
    for text in odd + [t[:n] for t in texts for n in (60, 90, 200)]:
        assert phrases.tidy(text) == plain.sub("", text.strip()), repr(text)


def test_a_dangling_participle_is_cut_where_the_whole_phrase_search_cuts_it(texts) -> None:
    # The search skipped for a phrase that does not end in "ed" (or "ed" and a newline).
    def plain(phrase: str) -> str:
        participle = phrases._DANGLING_PARTICIPLE.search(phrase)
        if participle and participle.group("before").lower() not in phrases._BEFORE_A_VERB:
            return phrases.tidy(phrase[:participle.start(
                "adverb" if participle.group("adverb") else "word")])
        return phrase

    rng = random.Random(7)
    words = ["models", "trained", "are", "designed", "originally", "seed", "need", "x-ed",
             "tai-", "lored", "Trained", "ed", "ed\n", "trained\n", "\n", ",", " ", "feed",
             "used."]
    odd = [" ".join(rng.choice(words) for _ in range(rng.randint(0, 6))) for _ in range(3_000)]
    for phrase in odd + [t[:n] for t in texts for n in (40, 90)]:
        assert phrases.without_dangling_participle(phrase) == plain(phrase), repr(phrase)


def test_a_long_run_of_separators_is_tidied_at_once() -> None:
    # Repeated runs ("(?:[,]+)+") made this take 2^60 steps to fail on the word after.
    assert phrases.tidy("A method" + "," * 60 + " for graphs") == "A method" + "," * 60 + \
        " for graphs"
    assert phrases.shorten("Foo" + ", " * 60 + "bar", 20) == "Foo"


# -- prose converted piece by piece ------------------------------------------------------
def _prose(abstract: str) -> str:
    """An abstract as render() hands it to pylatexenc: links, math and escapes set aside."""
    literals = render._Literals()
    text = render._set_aside_math(render._set_aside_links(render.sanitize(abstract),
                                                          literals), literals)
    return render._markdown_emphasis(render._escape_prose(text, literals))


def test_prose_in_pieces_is_what_pylatexenc_makes_of_the_whole() -> None:
    lists = sorted(locations.CORPORA.glob("*.json"))
    if not lists:
        pytest.skip(f"no corpora at {locations.CORPORA}")
    converted = 0
    for path in lists:
        for record in json.loads(path.read_text(encoding="utf-8")):
            prose = _prose(record["abstract"] or "")
            pieces = render._prose_in_pieces(prose)
            if pieces is not None:
                converted += 1
                assert pieces == render._latex_to_text(prose), prose
    assert converted > 500  # \emph{...}, \cite{...}, {\em ...}: a tenth of most lists


PIECES = ["\\emph{", "\\textbf{", "\\texttt{", "\\textit{", "\\textsl{", "\\cite{",
          "\\citep[", "\\href{", "\\frac{", "\\ie", "\\'", '\\"', "\\~", "{\\em ",
          "{\\bf ", "\\alpha", "}", "{", " ", "  ", "\n", "\n\n", "\t", "\u00a0", "a", "Foo",
          ".", ",", "'", "''", "`", "!", "?", "-", "--", "~", "&", "$", "(", ")", "[", "]", "*",
          "\\", "\ue000", "\ue001", "\U000f0000", "\u3000", "^", "_", "%", "#"]


@settings(max_examples=4000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=14).map("".join))
@example("\\emph{%} ")  # a comment inside a piece's group eats its closing brace
@example("\\emph{$} ")  # and math opened inside it reads on past the brace
@example("\\emph{\\} ")  # an escaped brace is a character, not the group's end
@example("\\emph{\\citep[}](")  # an optional argument opened inside reads past it
def test_odd_prose_in_pieces_is_what_pylatexenc_makes_of_the_whole(text) -> None:
    pieces = render._prose_in_pieces(text)
    if pieces is not None:
        assert pieces == render._latex_to_text(text)


def test_other_latex_is_left_to_pylatexenc_whole() -> None:
    for text in ("\\emph{a {b}}", "\\emph {a}", "\\emph{a}~b", "\\emph{a}--b",
                 "a ?`b \\emph{c}", "plain", "\\emph{a}$", "\\ie, \\emph{a}", "\\href{a} b",
                 "\\textbf{a}{b}", "\\\"o {x}"):
        assert render._prose_in_pieces(text) is None, text
    assert render._prose_in_pieces("a \\emph{b c} d \\textbf{e}.") == \
        "a \ue000b c\ue001 d \ue002e\ue003."
    assert render._prose_in_pieces("R{\\'e}nyi \\cite{x}, {\\em y}") == \
        "Rényi [x], \ue000y\ue001"  # (a citation shows as its keys)


# -- names looked for without a pattern made for each ------------------------------------
PLAIN_AUTHORS_VERB_OF = (r"\bwe(?:\s+(?:\w+ly|also|then|further|first|here|now|instead|thus"
                         r"|therefore|next|finally|and))*\s+{}(?![\w-])")


def _plain_opens_with_authors_verb(phrase: str, text: str) -> bool:
    first = re.match(r"[^\W\d_][\w'’-]*", phrase)
    return first is not None and first.group().lower() not in ("a", "an", "the") and \
        re.search(PLAIN_AUTHORS_VERB_OF.format(re.escape(first.group())), text, re.I) is not None


def test_the_authors_verbs_are_what_the_pattern_made_for_each_word_finds(texts) -> None:
    odd = ["we show that", "We also then Show-case x", "we  thus\nfind it", "owe show",
           "we empirically and theoretically show that", "we showed", "we show’s", "we_show",
           "we and and prove", "we supply x", "x we, show", "WE ALSO SHOW", "we İs"]
    rng = random.Random(11)
    for text in texts[:400] + odd + texts[-len(ODD):]:
        words = re.findall(r"[^\W\d_][\w'’-]*", text)
        after_we = re.findall(r"\bwe\s+(?:\w+\s+)?([^\W\d_][\w'’-]*)", text, re.I)
        for word in after_we + rng.sample(words, min(5, len(words))) + ["show", "a", ""]:
            for phrase in (word, f"{word} that", word.upper(), f"{word}-x", f"{word}s"):
                assert phrases.opens_with_authors_verb(phrase, text) == \
                    _plain_opens_with_authors_verb(phrase, text), (phrase, text[:80])


NAME_PIECES = ["Foo", "Foo-", "Foox", "x", " ", "  ", ",", ", ", " ,", "and ", "or ", "a ",
               "the ", "an ", "Bar ", "é", "_", "-", "\n", "(", ".", "Foo,", ", and", "\u00a0"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(NAME_PIECES), max_size=12).map("".join),
       st.sampled_from(["Foo", "Fo", "F+o", "o"]))
def test_a_name_in_a_phrase_is_found_where_the_patterns_made_for_it_find_it(phrase, name):
    escaped = re.escape(name)
    opening = re.match(rf"{escaped}(?![\w-])(?:\s*,\s*(?=(?:an?|the|[A-Z]\S*)\s+\S))?", phrase)
    comma = titles._NAME_THEN_COMMA.match(phrase, len(name)) \
        if phrase.startswith(name) and not titles._word_char(phrase[len(name):len(name) + 1]) \
        else None
    assert (opening is not None) == (phrase.startswith(name) and not titles._word_char(
        phrase[len(name):len(name) + 1]))
    if opening is not None:
        assert opening.end() == (comma.end() if comma else len(name))
    appositive = re.search(rf",\s*{escaped}\s*,(?!\s*(?:and|or)\s)", phrase)
    assert titles._set_off(phrase, name) == (appositive.span() if appositive else None)
