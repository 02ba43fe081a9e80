"""The papers app (Textual) and command line; all data access goes through index.Library."""
