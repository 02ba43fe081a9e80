"""Corpora for the benchmark: the bundled ICML 2026 lists, the real ICML 2023 list, and
deterministic synthetic lists in the plain list format.

The synthetic abstracts come from a word-bigram chain trained on the real abstracts (so
"reinforcement learning" and "language models" occur about as often as in a real
conference), with a Zipf-distributed tail of invented words so the lexicon keeps growing
with the corpus as a real archive's does, real inline math taken from the ICML 2023
abstracts, `**Name**` method names, `\\emph{..}` and code URLs.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import sys
import time
from bisect import bisect
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from tests import locations  # pathlib only, as the app loads anyway

REPO = locations.REPO
ICML2023 = Path(os.environ.get("PAPERS_BENCH_ICML2023") or locations.ICML2023)
SEED = 20260501
GENERATOR_VERSION = 2
FILES = 10  # a synthetic corpus is written as this many list files
BUNDLED = ("icml2026_papers.txt", "icml2026_papers_zh.txt")

_TOKEN = re.compile(r"\$[^$\n]{1,80}\$|[A-Za-z][A-Za-z0-9'\-]*|\d+(?:\.\d+)?%?|[.,;:]")
_MATH = re.compile(r"\$([^$\n]{1,60})\$")
_SYLLABLES = ("ba", "ce", "di", "fo", "gu", "ka", "le", "mi", "no", "pu", "ra", "se", "ti",
              "vo", "xu", "ze", "lo", "qua", "tri", "phe", "dra", "ost", "un", "zor")
_SUFFIXES = ("", "ic", "al", "ive", "ation", "ity", "ing", "er", "ous", "ism")
_NAME_TAILS = ("Net", "Former", "GPT", "-RL", "Flow", "Diff", "Mix", "", "", "Opt")
_VENUES = ("ICML", "NeurIPS", "ICLR")
TAIL_WORDS = 400_000  # size of the invented-word tail
TAIL_RATE = 0.02  # share of words drawn from that tail


def log(message: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


@dataclass
class Corpus:
    """List files to import, in order; the last one is added incrementally after the
    others are built into a fresh index."""

    key: str
    label: str
    files: list[Path]
    expected: int | None = None  # records in the files (papers may be fewer: duplicates)
    notes: list[str] = field(default_factory=list)


# -- the real corpora -------------------------------------------------------------------------
def bundled_corpus(directory: Path) -> Corpus:
    directory.mkdir(parents=True, exist_ok=True)
    data = resources.files("index.ingest.data")
    files = []
    for name in BUNDLED:
        target = directory / name
        with resources.as_file(data / name) as source:
            shutil.copyfile(source, target)
        files.append(target)
    return Corpus("icml2026", "ICML 2026 (bundled)", files,
                  notes=["the two bundled lists; the second is added incrementally"])


def icml2023_corpus(directory: Path) -> Corpus:
    """The real list, split 90/10 into two files so one can be added incrementally."""
    directory.mkdir(parents=True, exist_ok=True)
    records = json.loads(ICML2023.read_text(encoding="utf-8"))
    cut = len(records) * 9 // 10
    files = []
    for suffix, part in (("a", records[:cut]), ("b", records[cut:])):
        target = directory / f"icml2023-{suffix}.json"
        target.write_text(json.dumps(part, ensure_ascii=False), encoding="utf-8")
        files.append(target)
    return Corpus("icml2023", "ICML 2023 (real)", files, expected=len(records),
                  notes=[f"{len(records):,} records (some exact repeats), split "
                         f"{cut:,} + {len(records) - cut:,}"])


# -- the synthetic generator ------------------------------------------------------------------
class _Chain:
    """A word-bigram model of the real abstracts."""

    def __init__(self, abstracts: list[str]) -> None:
        transitions: dict[str, Counter] = {}
        maths: list[str] = []
        for abstract in abstracts:
            maths += [m for m in _MATH.findall(abstract) if m.strip()]
            previous = "."
            for token in _TOKEN.findall(abstract):
                if token.startswith("$"):
                    token = "<M>"
                elif token[0].isalpha() and not (token.isupper() and len(token) > 1):
                    token = token.lower()
                transitions.setdefault(previous, Counter())[token] += 1
                previous = token
        self.table: dict[str, tuple[list[str], list[int], int]] = {}
        for word, counter in transitions.items():
            # Counter keeps insertion order, so this is deterministic (no set iteration).
            choices = list(counter)
            cumulative, total = [], 0
            for choice in choices:
                total += counter[choice]
                cumulative.append(total)
            self.table[word] = (choices, cumulative, total)
        self.maths = maths or ["n"]

    def next(self, word: str, rng: random.Random) -> str:
        entry = self.table.get(word) or self.table["."]
        choices, cumulative, total = entry
        return choices[bisect(cumulative, rng.random() * total)]


def _tail_word(rank: int) -> str:
    """The invented word of this rank: deterministic, pronounceable, mostly unique."""
    parts = []
    value = rank + len(_SYLLABLES) ** 2
    while value:
        value, digit = divmod(value, len(_SYLLABLES))
        parts.append(_SYLLABLES[digit])
    return "".join(parts) + _SUFFIXES[rank % len(_SUFFIXES)]


def _method_name(rng: random.Random) -> str:
    head = _tail_word(rng.randrange(5000)).capitalize()[:7]
    return head + rng.choice(_NAME_TAILS)


def _sentence(chain: _Chain, rng: random.Random, max_words: int = 45) -> list[str]:
    words: list[str] = []
    token = "."
    while True:
        token = chain.next(token, rng)
        if token == "." or len(words) >= max_words:
            break
        if token == "<M>":
            words.append(f"${rng.choice(chain.maths)}$")
        elif token[0].isalpha() and rng.random() < TAIL_RATE:
            words.append(_tail_word(int(TAIL_WORDS ** rng.random())))
        else:
            words.append(token)
    while words and words[-1] in ",;:":
        words.pop()
    return words


def _join(words: list[str]) -> str:
    text = ""
    for word in words:
        text += word if (word in ",;:" or not text) else " " + word
    return text[:1].upper() + text[1:] + "." if text else ""


def _abstract(chain: _Chain, rng: random.Random) -> str:
    target = rng.randint(150, 250)
    sentences: list[str] = []
    count = 0
    name = _method_name(rng) if rng.random() < 0.3 else None
    while count < target:
        words = _sentence(chain, rng, max_words=min(45, target - count + 8))
        if len(words) < 4:
            continue
        if rng.random() < 0.01:  # some LaTeX emphasis (about one abstract in ten)
            start = rng.randrange(len(words))
            stop = min(len(words), start + rng.randint(1, 3))
            if all(w not in ",;:" and not w.startswith("$") for w in words[start:stop]):
                macro = rng.choice(("\\emph", "\\textit", "\\textbf"))
                words[start:stop] = [f"{macro}{{{' '.join(words[start:stop])}}}"]
        sentences.append(_join(words))
        count += len(words)
        if name and len(sentences) == 1:
            phrase = _sentence(chain, rng, max_words=10)
            tail = _join(phrase[:8])[:-1] or "A new method"
            sentences.append(f"We propose **{name}**, {tail[:1].lower() + tail[1:]}.")
            count += 3 + len(phrase[:8])
    if rng.random() < 0.12:
        owner = _tail_word(rng.randrange(20000))
        sentences.append(f"Code is available at https://github.com/{owner}/{name or 'code'}.")
    return " ".join(sentences)


def _training_text() -> list[str]:
    abstracts = [r["abstract"] for r in json.loads(ICML2023.read_text(encoding="utf-8"))
                 if r.get("abstract")]
    data = resources.files("index.ingest.data")
    for name in BUNDLED:
        text = (data / name).read_text(encoding="utf-8")
        abstracts += [p.strip() for p in text.split("\n\n")[1:] if len(p.strip()) > 200]
    return abstracts


def synthetic_corpus(size: int, directory: Path, files: int = FILES) -> Corpus:
    """`size` abstracts in `files` plain lists (deterministic for a given size and seed)."""
    directory.mkdir(parents=True, exist_ok=True)
    marker = directory / "complete.json"
    stamp = {"version": GENERATOR_VERSION, "seed": SEED, "size": size, "files": files}
    paths = [directory / f"synthetic-{size}-{i + 1:02d}.txt" for i in range(files)]
    if marker.exists() and json.loads(marker.read_text()) == stamp:
        log(f"synthetic {size:,}: reusing {directory}")
    else:
        started = time.perf_counter()
        chain = _Chain(_training_text())
        per_file = [size // files + (1 if i < size % files else 0) for i in range(files)]
        done = 0
        for number, (path, count) in enumerate(zip(paths, per_file, strict=True)):
            rng = random.Random(f"{SEED}-{size}-{number}")
            year = 2026 - (files - 1 - number)
            venue = _VENUES[number % len(_VENUES)] if number < files - 1 else "ICML"
            with path.open("w", encoding="utf-8") as out:
                out.write(f"{venue} {year} Papers\n\n")
                for _ in range(count):
                    out.write(_abstract(chain, rng) + "\n\n")
            done += count
            log(f"synthetic {size:,}: wrote {done:,} abstracts "
                f"({time.perf_counter() - started:.0f} s)")
        marker.write_text(json.dumps(stamp))
    label = f"synthetic {size // 1000}k" if size % 1000 == 0 else f"synthetic {size}"
    return Corpus(f"{size // 1000}k" if size % 1000 == 0 else str(size), label, paths,
                  expected=size, notes=[f"{files} plain lists, seed {SEED}"])


def small_list(directory: Path, count: int = 20) -> Path:
    """A workshop-sized list for the add-and-remove round trip (same for every corpus)."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"workshop-{count}.txt"
    rng = random.Random(f"{SEED}-small-{count}")
    chain = _Chain(_training_text())
    with path.open("w", encoding="utf-8") as out:
        out.write("WORKSHOP 2026 Papers\n\n")
        for _ in range(count):
            out.write(_abstract(chain, rng) + "\n\n")
    return path


def parse_size(text: str) -> int | None:
    match = re.fullmatch(r"(\d+)(k?)", text.strip().lower())
    if not match:
        return None
    return int(match.group(1)) * (1000 if match.group(2) else 1)


def prepare(key: str, work: Path, cache: Path | None = None) -> Corpus:
    if key == "icml2026":
        return bundled_corpus(work / "corpora" / key)
    if key == "icml2023":
        return icml2023_corpus(work / "corpora" / key)
    size = parse_size(key)
    if size is None:
        raise SystemExit(f"unknown corpus {key!r}: icml2026, icml2023 or a size like 10k")
    return synthetic_corpus(size, (cache or work / "corpora") / f"synthetic-{size}")


if __name__ == "__main__":  # python -m benchmarks.corpus 1000 DIR: look at the output
    corpus = synthetic_corpus(parse_size(sys.argv[1]) or 1000, Path(sys.argv[2]))
    print("\n".join(str(p) for p in corpus.files))
