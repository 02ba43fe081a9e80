"""Lists whose text was decoded twice on its way (UTF-8 read as Windows-1252: "robotâ€™s")
are imported as their authors wrote them, through a real import into a real library;
text that reads correctly is left as it is."""

from __future__ import annotations

from index import Library
from index.ingest.mojibake import repaired

from ..factories import write_json_list

# UTF-8 of each text, read back as Windows-1252: what a list that decoded twice holds.
RIGHT = ("We let the robot’s gaze follow moving targets; the motor measures Ø30×32 mm "
         "and runs at 2 Hz — as fast as the camera.")
WRONG = RIGHT.encode("utf-8").decode("cp1252", errors="replace")


def test_a_list_decoded_twice_is_imported_as_written(tmp_path) -> None:
    assert "â€™" in WRONG and "Ã˜" in WRONG  # the list's text as the export left it
    path = write_json_list(tmp_path, "rss.json", [
        {"title": "Gaze Control for a Robot’s Head".encode().decode("cp1252"),
         "authors": ["Zoë Müller".encode().decode("cp1252")], "abstract": WRONG}])
    with Library(tmp_path / "home", seed=False) as library:
        library.add(path)
        (paper,) = library.store.papers()
    assert paper.abstract == RIGHT
    assert paper.title == "Gaze Control for a Robot’s Head"
    assert paper.authors == ["Zoë Müller"]


def test_text_that_reads_correctly_is_left_as_it_is() -> None:
    for text in ("Erdős–Rényi graphs, à la carte", "Ångström units near the Øresund",
                 "Ñandú, âge, Ðakovo", "São Paulo, Ølstykke, naïve Bayes, ∀x∈ℝ",
                 "plain ASCII text"):
        assert repaired(text) == text


def test_c1_controls_alone_are_not_read_as_windows_1252() -> None:
    """A quote whose lead byte was lost ("stakeholders\\x80\\x99") would read "€™" as
    Windows-1252; it is left for sanitizing to drop."""
    assert repaired("stakeholders\x80\x99, such as") == "stakeholders\x80\x99, such as"
