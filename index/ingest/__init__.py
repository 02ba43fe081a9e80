"""Files to records to papers ready to store: the list readers, LaTeX and markdown
rendering, derived names and titles, and the bundled lists."""
