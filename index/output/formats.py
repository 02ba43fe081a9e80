"""The formats papers writes, defined once: the command line's choices, the app's chooser
and dialogs, and the writers all read this table. Cheap to import (no writer loads)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class OutputFormat:
    name: str  # what --format takes and the config names
    label: str  # how the app names one citation in this format ("the APA reference of …")
    choice: str  # the line in the app's "copy as" chooser
    suffix: str  # a file's extension, for export
    citation: bool  # `c`, `C` and `papers cite` can produce it
    export: bool  # `papers export` and the palette can write a file of it


OUTPUT_FORMATS: dict[str, OutputFormat] = {f.name: f for f in (
    OutputFormat("bibtex", "BibTeX", "BibTeX entry", "bib", citation=True, export=True),
    OutputFormat("apa", "APA reference", "APA-style reference", "txt", citation=True,
                 export=False),
    OutputFormat("markdown", "Markdown link", "Markdown link", "md", citation=True,
                 export=True),
    OutputFormat("plain", "citation", "Plain: title — venue year", "txt", citation=True,
                 export=False),
    OutputFormat("csv", "CSV row", "CSV", "csv", citation=False, export=True),
    OutputFormat("json", "JSON record", "JSON", "json", citation=False, export=True),
    OutputFormat("ris", "RIS record", "RIS", "ris", citation=False, export=True),
    OutputFormat("csl-json", "CSL-JSON item", "CSL-JSON", "json", citation=False,
                 export=True),
    OutputFormat("jsonl", "JSON Lines record", "JSON Lines", "jsonl", citation=False,
                 export=True),
)}

CITATION_FORMATS = tuple(name for name, f in OUTPUT_FORMATS.items() if f.citation)
EXPORT_FORMATS = tuple(name for name, f in OUTPUT_FORMATS.items() if f.export)
