"""Papers out: citations (BibTeX, CSL styles, Markdown, plain) and exported files."""
