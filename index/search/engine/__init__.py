"""How postings are laid out, written and ranked: papers' own parts of Whoosh."""
